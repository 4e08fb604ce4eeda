"""The speaker's home life said through a noun without "my" (tem.extract.household),
and the daily commute from home."""

from __future__ import annotations

import pytest
from tests.test_extract_rules import triples

from tem.extract.household import household_facts
from tem.extract.nlp import load_pipeline


def pets(text: str) -> set[str | None]:
    return {v for s, r, v, k in triples(text) if r == "has pet" and s == "Maria"}


def homes(text: str) -> set[tuple[str | None, str]]:
    return {(v, k) for s, r, v, k in triples(text) if r == "lives in" and s == "Maria"}


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("My commute from Woking to Waterloo takes an hour.", ("Woking", "assert")),
        ("My old commute from Slough was awful.", ("Slough", "end")),
        ("I commute into London from Croydon.", ("Croydon", "assert")),
    ],
)
def test_a_commute_starts_at_home(text: str, home: tuple[str, str]) -> None:
    assert home in homes(text)


@pytest.mark.parametrize(
    "text",
    [
        "My sister's commute from Leeds is long.",
        "I'd rather not commute from Reading.",
        "I commute to Leeds every day.",
    ],
)
def test_anothers_commute_one_wished_or_its_end_is_no_home(text: str) -> None:
    assert not homes(text)


@pytest.mark.parametrize(
    ("text", "home"),
    [
        (
            "bro the new apt in atlanta has a gym downstairs so my powerlifting era is BACK",
            "atlanta",
        ),
        ("This flat in Kilkenny is near the club, which matters.", "Kilkenny"),
        ("The flat in Paris was lovely.", None),
        ("This flat in Rome is gorgeous, best holiday ever.", None),
        ("Is this flat in Leeds still available?", None),
    ],
)
def test_a_home_pointed_at_in_the_present_is_the_speakers(text: str, home: str | None) -> None:
    homes = {(v or "").casefold() for s, r, v, k in triples(text) if r == "lives in"}
    assert homes == ({home.casefold()} if home else set())


@pytest.mark.parametrize(
    ("text", "pet"),
    [
        ("it's just me and the dog tonight.", "dog"),
        ("Me and the cat are staying in.", "cat"),
        ("A dog and I shared the bench.", None),
        ("The neighbours' dog and me are friends now.", None),
        ("My sister and the dog went out.", None),
    ],
)
def test_the_animal_joined_to_the_speaker_is_theirs(text: str, pet: str | None) -> None:
    assert pets(text) == ({pet} if pet else set())


@pytest.mark.parametrize(
    ("text", "pet"),
    [
        ("Moved to Tromsø in March and the husky is loving the snow.", "husky"),
        ("I work nights now, so the rabbit has learned to wait up for me.", "rabbit"),
        ("i still walk the spaniel round the park before my shift", "spaniel"),
        ("I quit the band last month; the parrot doesn't miss the noise one bit.", "parrot"),
        ("We feed the tortoise before breakfast and then I cycle to work.", "tortoise"),
    ],
)
def test_the_animal_of_the_house_in_a_first_person_message_is_theirs(text: str, pet: str) -> None:
    assert pet in pets(text)


@pytest.mark.parametrize(
    "text",
    [
        "The dogs are all out on the beach this morning.",
        "The beagle in my photos lives with my aunt.",
        "I walk the greyhounds from the kennels on Saturdays.",
        "The collie across the street barks at me every morning when I leave for work.",
        "I'm a teacher and the office cat has adopted me.",
        "No, the parrot isn't mine, I'm just looking after it.",
        "Three days in Bergen and the cat at the guesthouse follows me everywhere.",
        "My cousin got a puppy and the puppy chews everything; my cousin's puppy is a menace.",
        "Do you think the rabbit would like a bigger hutch?",
        "I live by the market, so the fish is always cheap.",
        "The spaniels down the road are barking again and I can't sleep.",
    ],
)
def test_an_animal_of_others_a_trip_or_a_question_is_no_pet(text: str) -> None:
    assert not pets(text)


def _home_said(text: str) -> list[tuple[str, str, str | None, str]]:
    """What :func:`household_facts` reads from the word "home" of ``text``."""
    doc = load_pipeline()(text)
    return household_facts(next(t for t in doc if t.lower_ == "home"), "Maria")


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("So yeah, I gave up the Valencia flat. Sevilla's home now.", "Sevilla"),
        ("Leeds's home now.", "Leeds"),
    ],
)
def test_a_places_s_home_is_chats_place_is_home(text: str, home: str) -> None:
    assert _home_said(text) == [("Maria", "lives in", home, "assert")]


@pytest.mark.parametrize(
    "text", ["Leeds's home market is tough this year.", "Maria's home now, she just texted."]
)
def test_a_places_home_with_more_said_or_a_persons_is_no_home(text: str) -> None:
    assert _home_said(text) == []
