"""Known place names (tem.extract.places), and the places they let the extractor read."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tem.core.session import Session, Turn
from tem.extract import OfflineExtractor
from tem.extract.nlp import load_pipeline
from tem.extract.places import known_place, place_at, place_names

EXTRACTOR = OfflineExtractor()


def triples(text: str) -> set[tuple[str, str, str | None, str]]:
    session = Session("s1", datetime(2024, 5, 8, tzinfo=UTC), (Turn("Ana", text, 0),))
    return {(f.subject, f.relation, f.value, f.kind) for f in EXTRACTOR.extract(session)}


def test_the_list_holds_cities_countries_and_states_but_no_common_words() -> None:
    assert len(place_names()) > 50_000
    for name in ("austin", "Buenos Aires", "kenya", "Ohio", "joburg", "coyoacán"):
        assert known_place(name), name
    for word in ("university", "college", "home", "work", "bus"):
        assert not known_place(word), word
    # a big city's name as chat types it, without accents; not a common word ("hue")
    for name in ("Izmir", "Thessaloniki", "zurich", "bogota"):
        assert known_place(name), name
    assert not known_place("hue")


def test_a_lowercase_word_of_grammar_is_no_town_of_its_name() -> None:
    doc = load_pipeline()("all of coyoacán is gonna lose it")
    assert place_at(doc[1]) is None  # "of": Of is a town in Turkey


def test_the_longest_name_around_a_word_is_found() -> None:
    doc = load_pipeline()("we moved to rio de janeiro in may")
    rio = next(t for t in doc if t.text == "rio")
    span = place_at(rio)
    assert span is not None and span.text == "rio de janeiro"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # typed in lowercase, after a verb of moving
        ("lol i just moved to austin and the tacos are unreal", ("lives in", "Austin", "assert")),
        # the city, not the state after it
        ("i live in boise idaho with two cats", ("lives in", "Boise", "assert")),
        # a lowercase city the tagger read as a verb: "to boise", "in leeds"
        (
            "just moved to boise from portland n i dont know anyone yet",
            ("lives in", "Boise", "assert"),
        ),
        ("i live in leeds an my boiler broke agian", ("lives in", "Leeds", "assert")),
        # the tagger takes the city for a person: a move, not a job left
        ("I left Buenos Aires for Mendoza two years ago.", ("lives in", "Mendoza", "assert")),
        ("I left Buenos Aires for Mendoza two years ago.", ("lives in", "Buenos Aires", "end")),
    ],
)
def test_known_places_are_read_where_a_place_is_expected(
    text: str, expected: tuple[str, str, str]
) -> None:
    assert ("Ana", *expected) in triples(text)


def test_a_city_left_is_no_employer_left() -> None:
    found = triples("I left Buenos Aires for Mendoza two years ago.")
    assert not {t for t in found if t[1] == "works at"}
    found = triples("I left Izmir behind for good last autumn.")
    assert ("Ana", "lives in", "Izmir", "end") in found
    assert not {t for t in found if t[1] == "works at"}


def test_a_place_name_outside_a_place_slot_is_no_home() -> None:
    assert not {t for t in triples("nice weather today, reading a book") if t[1] == "lives in"}
    split = triples("i moved to split the rent with my sister")
    assert not {t for t in split if t[1] == "lives in"}


@pytest.mark.parametrize(
    "text",
    ["I moved to Porto from Lisbon in January.", "I moved from Lisbon to Porto in January."],
)
def test_a_move_ends_the_home_it_came_from(text: str) -> None:
    found = triples(text)
    assert {("Ana", "lives in", "Porto", "assert"), ("Ana", "lives in", "Lisbon", "end")} <= found


def test_a_move_ends_no_home_when_it_is_not_the_speakers() -> None:
    found = triples("If I moved from Oslo to Bergen, would I be happier?")
    assert not {t for t in found if t[1] == "lives in"}


def test_a_city_worked_from_is_no_employer() -> None:
    found = triples(
        "I am currently employed as a site reliability engineer by Atlassian, "
        "working remotely from Pune."
    )
    assert ("Ana", "works at", "Atlassian", "assert") in found
    assert not {v for _, r, v, _ in found if r == "works at" and v == "Pune"}


def test_a_place_named_before_the_firm_that_moved_one_is_the_place_alone() -> None:
    found = triples("I was relocated to Abuja by Dangote Group in January.")
    assert ("Ana", "lives in", "Abuja", "assert") in found
    assert not {v for _, r, v, _ in found if r == "lives in" and v != "Abuja"}


def test_a_place_inside_a_firms_name_is_no_home_pointed_back_to() -> None:
    found = triples(
        "I was transferred to the Doha office by Qatar National Bank last year "
        "and I've put on 8 kilos since moving here."
    )
    assert ("Ana", "lives in", "Doha", "assert") in found
    assert not {v for _, r, v, _ in found if r == "lives in" and "Bank" in (v or "")}


def test_a_lowercase_place_the_parser_reads_as_a_verb_after_to_is_the_place() -> None:
    found = triples("hi all we just moved to fresno from modesto, looking for baby groups")
    assert ("Ana", "lives in", "Fresno", "assert") in found
