import pytest
from tests.test_extract_rules import triples

from tem.extract.typos import cue_words, cues_respelled, respelled_cue


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("huband", "husband"),
        ("boyfirend", "boyfriend"),
        ("enagaged", "engaged"),
        ("univercity", "university"),
        ("colege", "college"),
        ("droped", "dropped"),  # a form English does not have, though "drop" + "ed"
        ("graduatd", "graduated"),
        ("hosptial", "hospital"),
        ("electrican", "electrician"),
        ("coffe", "coffee"),  # short, but only a letter short of a double
        ("rabit", "rabbit"),
    ],
)
def test_a_slip_of_a_rule_word_is_put_right(typed: str, meant: str) -> None:
    assert respelled_cue(typed) == meant


@pytest.mark.parametrize(
    "word",
    [
        "Mochi",  # capitalised: a name, not "mocha"
        "Lotte",  # not "latte"
        "padel",  # no rule word one slip away: no "panel"
        "matcha",
        "cockapoo",  # not "cockatoo": values stay as typed
        "clinica",  # another language's ending: not "clinic"
        "universite",
        "trans",  # short, and no double missed: not "trains"
        "programme",  # British spelling (WordNet) is English: not "programmer"
        "guadalajara",
        "dropped",
    ],
)
def test_other_words_stay_as_typed(word: str) -> None:
    assert respelled_cue(word) == word


def test_only_words_of_the_rules_are_targets() -> None:
    cues = cue_words()
    assert {"husband", "dropped", "studying", "university", "coffee"} <= cues
    assert not {"panel", "match", "pedal"} & cues


def test_text_keeps_everything_but_the_slips() -> None:
    typed = "broke up w my boyfirend jake, droped out of colege!! #free"
    assert cues_respelled(typed) == "broke up w my boyfriend jake, dropped out of college!! #free"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("my huband Tobi made dinner tonite", ("Maria", "partner", "Tobi", "assert")),
        ("got enagaged to Nisha last nite", ("Maria", "relationship status", "engaged", "assert")),
        ("im studing at tabriz univercity", ("Maria", "studies at", "tabriz university", "assert")),
        ("im a electrican self employed", ("Maria", "job title", "electrician", "assert")),
        ("i quit cofee 6 months ago", ("Maria", "favorite drink", "coffee", "end")),
    ],
)
def test_facts_said_with_a_slip_are_read(text: str, expected: tuple[str, str, str, str]) -> None:
    assert expected in triples(text)
