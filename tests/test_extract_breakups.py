"""A couple that ended: the named partner ends when the speaker is one of the two."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from tests.test_extract_rules import triples

from tem.core.session import Session, Turn
from tem.extract import OfflineExtractor
from tem.extract.breakups import breakup_candidates
from tem.extract.nlp import load_pipeline
from tem.extract.tidy import tidy


def _ended(text: str) -> set[str | None]:
    sentence = next(iter(load_pipeline()(text).sents))
    found = breakup_candidates(sentence, "Ana")
    return {tidy(c.relation, c.value) for c in found if c.kind == "end" and c.relation == "partner"}


@pytest.mark.parametrize(
    ("text", "partner"),
    [
        ("Me and Aziz called it quits after four years.", "Aziz"),
        ("Salim and I called it quits in the spring, so I'm flying solo.", "Salim"),
        ("I was dumped by Lara last weekend, so that's over.", "Lara"),
        ("This month I broke up with my boyfriend Omid.", "Omid"),
        ("Lara dumped me last week.", "Lara"),
        ("Bas and I went our separate ways in the summer.", "Bas"),
        ("Since breaking up with Hanna I've moved back to Aarhus.", "Hanna"),  # the doer is "I"
        ("Split from my fiancé Dan at Christmas, still gutted.", "Dan"),  # "from", not "with"
        ("I separated from Tomas last year.", "Tomas"),
        ("Sipho and I split last year.", "Sipho"),  # a time, not a thing shared
        # a couple said to be over by "be"
        ("Tom and I are done, stick a fork in it.", "Tom"),
        ("welp, me and Giulia are done. single life again i guess", "Giulia"),
        ("Called it quits with Thandi after five years.", "Thandi"),  # "with" on "quits"
        ("Dina and I called it quits after six years.", "Dina"),  # "Dina" read as a place
        ("I called it quits with Mateo in April and honestly I'm better off.", "Mateo"),
        ("My old flame Lin and I went separate ways in spring.", "Lin"),
        ("My girlfriend Chiara and me we broke up.", "Chiara"),  # "we" the subject
        ("my boyfrend jake broke up with me last week", "Jake"),  # the one who ended it
        ("my gf zofia broke up w me so i moved", "Zofia"),  # "zofia" read as a noun
        # a couple's end said by ending "things" or calling it a day
        ("I'm single again; Camille and I ended things right after New Year.", "Camille"),
        ("Kevin and I called it a day after nine years.", "Kevin"),
        ("lol i'm single again, Rohan & i ended things last week.", "Rohan"),  # not "Rohan &"
    ],
)
def test_an_ended_couple_ends_the_named_partner(text: str, partner: str) -> None:
    assert _ended(text) == {partner}


@pytest.mark.parametrize(
    "text",
    [
        "My sister and Tom split up.",  # another couple
        "I might break up with Sam.",  # not done
        "Nokia and I parted ways in April after twelve years.",  # a job
        "Did you and Sam break up?",
        "Salsa and I have parted ways after ten years.",  # a pastime
        "My husband Sipho and I split the week: he's at the mine, I'm at the bank.",
        "Tomas and I split the bill.",
        "Lena and I are done with the Berlin night trains.",  # done with a thing
        "My sister and Tom are done.",
        "Oslo and I are done.",  # a home
        "My old Vespa and I parted ways last summer.",  # a thing of ones own
    ],
)
def test_no_couple_of_the_speaker_ended(text: str) -> None:
    assert _ended(text) == set()


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("I was dumped by Lara last weekend.", "single"),
        ("Me and Aziz called it quits after four years.", "single"),
        ("Tom and I divorced in 2019.", "divorced"),
        # no name, the partner's word: the parser hangs it off the verb, not as subject
        ("My girlfriend and I went our separate ways.", "single"),
    ],
)
def test_the_speaker_is_left_single_or_divorced(text: str, status: str) -> None:
    sentence = next(iter(load_pipeline()(text).sents))
    found = breakup_candidates(sentence, "Ana")
    assert [c.value for c in found if c.relation == "relationship status"] == [status]


def test_a_gerund_of_someone_else_ends_no_couple_of_the_speaker() -> None:
    assert _ended("Since breaking up with Hanna, Tom has moved back to Aarhus.") == set()


def test_breaking_up_with_a_drink_ends_the_drink_not_a_couple() -> None:
    found = {
        (f.relation, f.kind)
        for f in OfflineExtractor().extract(
            Session(
                "s",
                datetime(2024, 5, 8, tzinfo=UTC),
                (Turn("Ana", "Tea and I broke up in May.", 0),),
            )
        )
    }
    assert ("partner", "end") not in found
    assert ("relationship status", "assert") not in found


def test_split_without_up_ends_a_couple_but_not_a_bill() -> None:
    def found(text: str) -> set[tuple[str, str | None, str]]:
        session = Session("s", datetime(2024, 5, 8, tzinfo=UTC), (Turn("Ana", text, 0),))
        return {(f.relation, f.value, f.kind) for f in OfflineExtractor().extract(session)}

    assert ("relationship status", "single", "assert") in found("Since Bruno and I split, I cook.")
    assert ("relationship status", "single", "assert") not in found("We split the bill with Bruno.")


def _read(text: str) -> set[tuple[str, str | None, str]]:
    session = Session("s", datetime(2024, 5, 8, tzinfo=UTC), (Turn("Ana", text, 0),))
    return {(f.relation, f.value, f.kind) for f in OfflineExtractor().extract(session)}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        # a city the speaker "broke up" with is a home left, no partner
        ("Paris and I have officially broken up.", ("lives in", "Paris", "end")),
        # an organisation the speaker parted ways with is a job ended
        ("Maersk and I parted ways in January after a decade.", ("works at", "Maersk", "end")),
        (
            "Kuwait Oil Company and I went our separate ways in May.",
            ("works at", "Kuwait Oil Company", "end"),
        ),
        # the passive with the "I" left out
        ("Got dumped by Chelsea over text last week.", ("relationship status", "single", "assert")),
    ],
)
def test_what_a_parting_ends_depends_on_who_or_what_was_left(
    text: str, fact: tuple[str, str, str]
) -> None:
    found = _read(text)
    assert fact in found
    if fact[0] != "relationship status":
        assert not {f for f in found if f[0] in ("partner", "relationship status")}


def test_a_person_the_tagger_took_for_a_place_is_still_a_partner() -> None:
    found = _read("I got dumped by Valeria. Over text.")
    assert ("partner", "Valeria", "end") in found
    assert not {f for f in found if f[0] == "lives in"}


@pytest.mark.parametrize(
    ("text", "partner", "status"),
    [
        ("Cancelled after the breakup with Owen: the joint Netflix and my gym.", "Owen", "single"),
        ("I missed classes during my breakup with Dong-hyun.", "Dong-hyun", "single"),
        ("finally started salsa again after the divorce", None, "divorced"),
        ("my girlfriend left me last month", None, "single"),
    ],
)
def test_a_noun_of_ending_and_a_partner_who_left_end_the_couple(
    text: str, partner: str | None, status: str
) -> None:
    found = triples(text)
    assert ("Maria", "relationship status", status, "assert") in found
    if partner is not None:
        assert ("Maria", "partner", partner, "end") in found


@pytest.mark.parametrize(
    "text",
    [
        "My parents' divorce was hard.",
        "After the divorce, Mum moved to Leeds.",
        "Sarah left me a voicemail.",
        "Tom left me at the airport.",
        "If we ever get a divorce, I'd keep the dog.",
    ],
)
def test_anothers_ending_or_a_leaving_that_is_no_parting_ends_nothing(text: str) -> None:
    found = triples(text)
    assert not {v for _, r, v, _ in found if r == "relationship status"}


def test_courting_is_dating_not_a_pastime() -> None:
    found = triples("Gave up the pints when I started courting Eilidh.")
    assert ("Maria", "partner", "Eilidh", "assert") in found
    assert not {v for _, r, v, _ in found if r == "hobby"}


@pytest.mark.parametrize(
    "text",
    [
        "I was left by my partner Jules last spring.",
        "I was made redundant by Barclays and then left by my partner Jules, all in one year.",
    ],
)
def test_left_by_a_partner_ends_the_couple(text: str) -> None:
    found = triples(text)
    assert ("Maria", "partner", "Jules", "end") in found
    assert ("Maria", "partner", "Jules", "assert") not in found


def test_left_by_a_thing_ends_no_couple() -> None:
    assert not {t for t in triples("I was left by the bus in the rain.") if t[1] == "partner"}


@pytest.mark.parametrize(
    ("text", "partner"),
    [
        ("Rio and I called it quits after two years.", "Rio"),  # a town's name too
        ("Pip and I called it quits in May, so I'm solo again.", "Pip"),  # a known noun
        ("Sora and I called it quits before the summer.", "Sora"),  # not read as a name
    ],
)
def test_a_name_the_tagger_misreads_still_ends_the_couple(text: str, partner: str) -> None:
    """ "called it quits" is said of people: a name that is also a town, a word English
    has as a noun, or one the tagger reads as an adjective is the partner that ended."""
    assert partner in _ended(text)


@pytest.mark.parametrize(
    ("text", "drink"),
    [
        ("Red Bull and I have parted ways for good.", "Red Bull"),
        ("Guinness and I parted ways the week I started nights.", "Guinness"),
        ("Espresso and I have officially parted ways after ten years.", "Espresso"),
    ],
)
def test_a_drink_the_speaker_parted_ways_with_is_given_up(text: str, drink: str) -> None:
    found = triples(text)
    assert ("Maria", "favorite drink", drink, "end") in found
    assert not {t for t in found if t[1] in ("works at", "partner") or t[3] == "assert"}


@pytest.mark.parametrize(
    "text",
    ["Sara and I ended the project.", "I called it a day at 5pm.", "We ended the meeting early."],
)
def test_ending_a_thing_or_a_working_day_ends_no_couple(text: str) -> None:
    assert _ended(text) == set()


def test_another_and_the_speaker_going_separate_ways_is_no_couple() -> None:
    sentence = next(iter(load_pipeline()("My sister and I went our separate ways.").sents))
    assert breakup_candidates(sentence, "Ana") == []


def test_divorced_from_a_name_ends_that_partner() -> None:
    found = triples("Got divorced from Duarte last year, moved to Braga.")
    assert ("Maria", "partner", "Duarte", "end") in found


def test_a_status_with_no_partner_named_leaves_the_ending_to_the_write_path() -> None:
    found = triples("I'm divorced now.")
    assert found == {("Maria", "relationship status", "divorced", "assert")}
