"""When a proposed place is a home (``tem.extract.shapes``): a word of home in the
sentence, or the grammar of living somewhere; a place alone is no home."""

from __future__ import annotations

import pytest

from test_extract_learned import added_by, facts_with


@pytest.mark.parametrize(
    ("text", "value", "kind"),
    [
        ("officially a Chicagoan now, lease signed in Pilsen lesgooo", "Pilsen", "assert"),
        ("I only shifted to Chennai in March, so I know nobody.", "Chennai", "assert"),
        ("My boyfriend and I share a tiny place in Hilo with two cats.", "Hilo", "assert"),
        ("Finally bought a small place in Berekuso!", "Berekuso", "assert"),
        ("My boyfriend got transferred while I'm still stuck in Sapporo.", "Sapporo", "assert"),
        ("ok so now im back in manila and the trafic is worse", "manila", "assert"),
        # being there "now", or where on the map, is a stay that holds
        ("I'm in Montréal now, I study at McGill.", "Montréal", "assert"),
        ("he ate a sock, we're over in east atlanta, can u see him?", "east atlanta", "assert"),
        ("2024 in review: left Berlin, quit Zalando, adopted a dachshund.", "Berlin", "end"),
        # an item of a list that introduces the speaker
        ("Me: architect, Amman, two rescue cats, way too much cardamom coffee.", "Amman", "assert"),
        ("Me in a nutshell: Bogotá, Spanish speaker, baker.", "Bogotá", "assert"),
        # "stay" in the present, as English is spoken in India and South Africa
        ("im a hairdresser and i stay in pinetown", "pinetown", "assert"),
    ],
)
def test_a_place_said_as_a_home_is_kept(
    monkeypatch: pytest.MonkeyPatch, text: str, value: str, kind: str
) -> None:
    label = "LIVES_IN" if kind == "assert" else "LIVES_IN_END"
    found = facts_with(monkeypatch, text, value, label)
    assert ("Ana", "lives in", value.title(), kind) in found


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Our street in Valencia is lovely, please come and see it.", "Valencia"),
        ("At least the food in Lima was good.", "Lima"),
        ("Had the best pisco sour of my life in Lima on Tuesday.", "Lima"),
        ("My shift in Leeds starts at six.", "Leeds"),
        ("The best place in Lisbon for pastries?", "Lisbon"),
        ("My week: Paris, Berlin, then Rome.", "Rome"),  # a heading not of the speaker
        ("We were in Lisbon last May, the food was great.", "Lisbon"),
    ],
)
def test_a_place_without_a_word_of_home_is_no_home(
    monkeypatch: pytest.MonkeyPatch, text: str, value: str
) -> None:
    assert added_by(monkeypatch, text, value, "LIVES_IN") == set()


def test_a_drink_the_lexicon_knows_is_known_in_the_plural(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "ok confession: 3 diet cokes a day and i'm not stopping"
    found = facts_with(monkeypatch, text, "diet cokes", "FAVORITE_DRINK")
    assert ("Ana", "favorite drink", "diet cokes", "assert") in found


def test_a_drink_that_is_history_has_ended(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "Caffeine is off the menu for me now, so my four espressos a day are history."
    found = facts_with(monkeypatch, text, "espressos", "FAVORITE_DRINK_END")
    assert ("Ana", "favorite drink", "espressos", "end") in found


@pytest.mark.parametrize(
    "text", ["My cardiologist says I should cut down on salt.", "Her boss is a nightmare."]
)
def test_someone_the_speaker_knows_is_no_job_title(
    monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    value = "cardiologist" if "cardiologist" in text else "boss"
    assert added_by(monkeypatch, text, value, "JOB_TITLE") == set()


def test_a_public_body_that_hired_the_speaker_is_an_employer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = "The municipality of Izmir hired me as a city planner last year."
    found = facts_with(monkeypatch, text, "municipality of Izmir", "WORKS_AT")
    assert {f[1] for f in found} >= {"works at", "job title"}


def test_a_game_the_tagger_took_for_an_adverb_is_an_activity() -> None:
    from tem.extract import shapes
    from tem.extract.nlp import load_pipeline

    doc = load_pipeline()("I play five-a-side with the lads from the depot on Wednesdays.")
    span = next(doc[t.i : t.i + 1] for t in doc if t.lower_ == "five-a-side")
    assert span.root.pos_ == "ADV"  # the misreading this guards against
    assert shapes.well_formed("hobby", span)


def test_a_known_occupation_the_tagger_took_for_an_adjective_is_a_title() -> None:
    from tem.extract import shapes
    from tem.extract.nlp import load_pipeline

    doc = load_pipeline()("Between my shifts as a paramedic and salsa classes I never rest.")
    span = next(doc[t.i : t.i + 1] for t in doc if t.lower_ == "paramedic")
    assert span.root.pos_ == "ADJ"  # the misreading this guards against
    assert shapes.well_formed("job title", span)


@pytest.mark.parametrize(
    "text",
    [
        "We spent the Easter holidays in Crete and the toddler napped on every single beach.",
        "I'm losing to every single one of them.",
    ],
)
def test_single_stressing_a_count_is_no_status(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    found = facts_with(monkeypatch, text, "single", "RELATIONSHIP_STATUS")
    assert not {f for f in found if f[1] == "relationship status"}


def test_a_single_parent_is_single(monkeypatch: pytest.MonkeyPatch) -> None:
    found = facts_with(monkeypatch, "I'm a single mum of two now.", "single", "RELATIONSHIP_STATUS")
    assert ("Ana", "relationship status", "single", "assert") in found


@pytest.mark.parametrize(
    ("text", "drink"),
    [
        ("My weekdays now: 7am yoga, a long commute to Bosch, and kaapi all afternoon.", "kaapi"),
        ("My Harmattan must-haves: shea butter, a flask of kunu, and my two cats.", "kunu"),
    ],
)
def test_a_drink_no_list_knows_had_every_day_or_by_the_flask_is_a_drink(
    monkeypatch: pytest.MonkeyPatch, text: str, drink: str
) -> None:
    found = facts_with(monkeypatch, text, drink, "FAVORITE_DRINK")
    assert ("Ana", "favorite drink", drink, "assert") in found


def test_a_word_no_list_knows_without_a_drinking_time_is_no_drink(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    found = facts_with(monkeypatch, "My weekdays now: yoga and kaapi.", "kaapi", "FAVORITE_DRINK")
    assert not {f for f in found if f[1] == "favorite drink"}


def test_a_drink_had_now_and_then_is_no_favourite(monkeypatch: pytest.MonkeyPatch) -> None:
    text = (
        "Drinks that have kept me alive since relocating to Medellín: tinto every morning,"
        " aguapanela when it rains, and the odd beer with my new coworkers at Rappi."
    )
    found = facts_with(monkeypatch, text, "tinto", "FAVORITE_DRINK")
    assert ("Ana", "favorite drink", "tinto", "assert") in found
    assert not {f for f in found if f[1] == "favorite drink" and "beer" in (f[2] or "")}


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        (
            "my german shepherd Zeus legit guards the crib like secret service lol",
            "german shepherd",
        ),
        ("lmao my parrot Kiwi learned to squawk 'happy birthday' just in time", "parrot"),
    ],
)
def test_a_kind_between_my_and_a_name_is_the_speakers_pet(
    monkeypatch: pytest.MonkeyPatch, text: str, kind: str
) -> None:
    assert ("Ana", "has pet", kind, "assert") in facts_with(monkeypatch, text, kind, "HAS_PET")


def test_a_kind_before_a_name_someone_else_owns_is_no_pet(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "my sister's german shepherd Zeus guards the crib"
    found = facts_with(monkeypatch, text, "german shepherd", "HAS_PET")
    assert not {f for f in found if f[1] == "has pet"}


def test_a_verb_after_my_kind_is_no_name(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "Our childminder speaks Polish and Urdu and is teaching the toddler songs in both."
    found = facts_with(monkeypatch, text, "childminder speaks", "HAS_PET")
    assert not {f for f in found if f[1] == "has pet"}


@pytest.mark.parametrize(
    "text",
    [
        "im a truck driver so dating is hard im never home",
        "I'm a paramedic, which made dating again really tricky with the shifts.",
        "I've been flat out at work, so online dating's on the back burner.",
    ],
)
def test_dating_talked_about_is_no_status(text: str) -> None:
    from tests.test_extract_rules import triples

    assert not {t for t in triples(text) if t[1] == "relationship status"}


@pytest.mark.parametrize(
    "text",
    [
        "I'm dating again!",
        "guess who's dating again 👀 met jordan at a bbq and we've been out twice",
    ],
)
def test_dating_done_is_a_status(text: str) -> None:
    from tests.test_extract_rules import triples

    assert ("Maria", "relationship status", "dating", "assert") in triples(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I'm a greengrocer and I live in Leeds.", "greengrocer"),
        ("Bits about me: I'm a halal butcher, I live in Sparkbrook.", "halal"),
    ],
)
def test_an_english_word_typed_in_lowercase_among_capitals_is_no_home(
    monkeypatch: pytest.MonkeyPatch, text: str, value: str
) -> None:
    assert added_by(monkeypatch, text, value, "LIVES_IN") == set()


def test_a_known_place_among_english_words_typed_in_lowercase_is_a_home(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = "lol my pitbull Tank ate a sock AGAIN, we're over in east atlanta, can u see him?"
    assert ("Ana", "lives in", "East Atlanta", "assert") in facts_with(
        monkeypatch, text, "east atlanta", "LIVES_IN"
    )
