"""Every item of a list: a found value's coordinated mates, when they are that kind of thing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tem.core.session import Session, Turn
from tem.extract import OfflineExtractor
from tem.extract.facts import Candidate
from tem.extract.lists import list_mates
from tem.extract.nlp import load_pipeline


def _mates(text: str, relation: str, value: str) -> set[str | None]:
    sentence = next(s for s in load_pipeline()(text).sents if value in s.text)
    found = [Candidate("Ana", relation, value, "assert", 0)]
    return {c.value for c in list_mates(sentence, found)}


@pytest.mark.parametrize(
    ("text", "relation", "value", "mates"),
    [
        ("I speak Yoruba, Igbo, Hausa and English.", "speaks", "Yoruba",
         {"Igbo", "Hausa", "English"}),
        ("I speak Polish and Czech, but not Slovak.", "speaks", "Polish", {"Czech"}),
        # A name no list knows, listed with languages after "speak", is one.
        ("I speak Dutch, Papiamento and English.", "speaks", "Dutch", {"Papiamento", "English"}),
        # Activities are left to the readers: a job or a chore lists as easily as a hobby.
        ("Juggling a PhD, tutoring French, and rowing for my college.", "hobby", "rowing",
         set()),
        ("Got a staffy, two kunekune pigs, and a tabby.", "has pet", "staffy",
         {"kunekune pig", "tabby"}),
        ("I mostly drink coffee, oolong and kombucha.", "favorite drink", "coffee",
         {"oolong", "kombucha"}),
        ("I'm a nurse and a part-time yoga instructor.", "job title", "nurse",
         {"yoga instructor"}),
        # Mates of another kind are not values: a wife in a list of pets, a city.
        ("Our household: me, my wife Layla, three cats and a canary.", "has pet", "canary",
         {"cat"}),
        ("I work at Google and live in Zurich with my cat.", "works at", "Google", set()),
        # a person or a place with its article or owner's pronoun is no language
        ("I speak Welsh with my nan and English at uni.", "speaks", "Welsh", set()),
        ("I speak Gaelic at the croft and English at the call centre.", "speaks", "Gaelic",
         set()),
        ("I speak Gujarati with Mum and English at work.", "speaks", "English", set()),
    ],
)  # fmt: skip
def test_listed_mates_of_the_same_kind_are_values_too(
    text: str, relation: str, value: str, mates: set[str]
) -> None:
    assert _mates(text, relation, value) == mates


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("I've lived in Naples, Rome and Turin, and now Bologna.", {"Naples"}),
        ("I have lived in Leeds and now Cardiff.", {"Leeds"}),
        # the present adds to what holds: nothing ended
        ("I speak English, Hindi and now German.", set()),
        ("I've lived in Lyon for a decade now.", set()),
        ("I've had a hamster, a rabbit, and now a cat.", {"hamster", "rabbit"}),
    ],
)
def test_what_a_list_held_before_now_ended(text: str, ended: set[str]) -> None:
    session = Session("s", datetime(2024, 5, 1, tzinfo=UTC), (Turn("Ana", text, 0),))
    found = OfflineExtractor(learned=False).extract(session)
    assert {f.value for f in found if f.kind == "end"} == ended


def test_now_also_adds_to_a_list() -> None:
    text = "Languages I speak: Romanian, Italian, Spanish and now also English."
    session = Session("s", datetime(2024, 5, 1, tzinfo=UTC), (Turn("Ana", text, 0),))
    found = OfflineExtractor().extract(session)
    assert {f.value for f in found if f.relation == "speaks" and f.kind == "assert"} == {
        "Romanian",
        "Italian",
        "Spanish",
        "English",
    }


def test_an_employer_before_now_a_title_at_another_ended() -> None:
    text = "Job history: teller at HBL, then analyst at Engro, and now I'm a manager at Careem."
    session = Session("s", datetime(2024, 5, 1, tzinfo=UTC), (Turn("Ana", text, 0),))
    found = {(f.relation, f.value, f.kind) for f in OfflineExtractor().extract(session)}
    assert {("works at", "HBL", "end"), ("works at", "Engro", "end")} <= found
    assert ("works at", "Careem", "assert") in found


def test_a_pet_ends_only_for_a_later_pet() -> None:
    """ "and now a baby" adds to the household; the pets before it hold."""
    text = "Pets in this house: a border collie, two guinea pigs, a tortoise, and now a baby."
    session = Session("s", datetime(2024, 5, 1, tzinfo=UTC), (Turn("Ana", text, 0),))
    found = {(f.relation, f.value, f.kind) for f in OfflineExtractor().extract(session)}
    assert ("has pet", "tortoise", "assert") in found
    assert not {f for f in found if f[2] == "end"}


def test_a_mate_read_whole_already_is_not_read_again_in_part() -> None:
    sentence = next(iter(load_pipeline()("Jobs: barista, and now junior recruiter at Hays.").sents))
    found = [
        Candidate("Ana", "job title", "barista", "assert", 0),
        Candidate("Ana", "job title", "junior recruiter", "assert", 0),
    ]
    assert "recruiter" not in {c.value for c in list_mates(sentence, found)}
