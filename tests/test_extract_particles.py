"""A name joined by the small words of another language (tem.extract.particles)."""

from __future__ import annotations

import pytest
from tests.test_extract_rules import triples

from tem.extract.nlp import load_pipeline
from tem.extract.particles import joined_name, owned_name


@pytest.mark.parametrize(
    ("text", "relation", "value"),
    [
        ("Banco do Nordeste took me on as a cashier in May.", "works at", "Banco do Nordeste"),
        ("My contract with Kesko ja Tokmanni ended in June.", "works at", "Kesko ja Tokmanni"),
        (
            "The Universidade Federal de Minas Gerais accepted me onto its law course.",
            "studies at",
            "Universidade Federal de Minas Gerais",
        ),
        ("I'm a nurse at Hôpital de la Croix-Rousse.", "works at", "Hôpital de la Croix-Rousse"),
    ],
)
def test_a_name_goes_on_over_its_particles(text: str, relation: str, value: str) -> None:
    values = {v for s, r, v, k in triples(text) if r == relation and s == "Maria"}
    assert value in values


def test_a_particle_no_capital_follows_or_no_name_precedes_stays_outside() -> None:
    nlp = load_pipeline()
    sentence = next(nlp("I work at Zara de momento, hopefully not for long.").sents)
    assert joined_name("works at", "Zara", sentence) == "Zara"
    sentence = next(nlp("Left Casa de Papel in May.").sents)
    assert joined_name("works at", "Casa de Papel", sentence) == "Casa de Papel"
    sentence = next(nlp("I study at the Universidad de Salamanca.").sents)
    assert joined_name("lives in", "Salamanca", sentence) == "Salamanca"


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("I'm a live-in carer in Durban now.", "live-in carer"),
        ("I work as a drop-in counsellor at the youth centre.", "drop-in counsellor"),
    ],
)
def test_a_title_keeps_its_hyphened_words(text: str, title: str) -> None:
    titles = {v for s, r, v, k in triples(text) if r == "job title" and s == "Maria"}
    assert title in titles


@pytest.mark.parametrize(
    ("text", "relation", "value"),
    [
        ("St Luke's Primary hired me as a teaching assistant.", "works at", "St Luke's Primary"),
        ("I'm employed by St Luke's Hospice as a weekend nurse.", "works at", "St Luke's Hospice"),
        ("Nurse at Queen's Medical Center in Honolulu.", "works at", "Queen's Medical Center"),
        ("Coleman's Hardware pays me in cash.", "works at", "Coleman's Hardware"),
        ("I'm a cheesemonger at Neal's Yard Dairy.", "works at", "Neal's Yard Dairy"),
    ],
)
def test_a_name_given_after_its_owner_keeps_the_owner(text: str, relation: str, value: str) -> None:
    values = {v for s, r, v, k in triples(text) if r == relation and s == "Maria"}
    assert value in values


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Sold my soul to the night shift at Tesla's Gigafactory.", "Tesla"),  # a firm's site
        ("I'm a dispatcher for Vienna's Berufsrettung.", "Berufsrettung"),  # a place's body
        ("I work at my mum's bakery.", "bakery"),
    ],
)
def test_a_firm_a_place_or_a_relative_is_no_part_of_the_name(text: str, value: str) -> None:
    nlp = load_pipeline()
    sentence = next(nlp(text).sents)
    assert owned_name("works at", value, sentence) == value


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Past jobs: waiter, bartender. Current: shift manager at Nando's.", "Nando's"),
        ("I was let go by Sainsbury's in the spring.", "Sainsbury's"),
        ("Jobs so far: waitress at Denny's, now paralegal at Morgan & Finch.", "Denny's"),
    ],
)
def test_a_name_keeps_the_s_that_ends_it(text: str, value: str) -> None:
    assert value in {v for s, r, v, k in triples(text) if r == "works at"}


def test_an_owners_s_or_a_has_is_no_part_of_the_name() -> None:
    text = "I was transferred from Samsung's Seoul office to the Suwon campus last year."
    assert "Samsung" in {v for s, r, v, k in triples(text) if r == "works at"}
    text = "Ryanair's kept me flying as a first officer for six years now."
    assert "Ryanair" in {v for s, r, v, k in triples(text) if r == "works at"}
