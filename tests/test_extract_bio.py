"""A self-description without a verb: an opening fragment that ends in an occupation."""

from __future__ import annotations

import pytest
from tests.test_extract_rules import triples

from tem.extract.bio import bio_candidates
from tem.extract.nlp import load_pipeline


def _facts(text: str) -> set[tuple[str, str | None]]:
    sentence = next(iter(load_pipeline()(text).sents))
    return {(c.relation, c.value) for c in bio_candidates(sentence, "Ana")}


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        ("Sushi chef in Osaka, single, and my only vice is barley tea.",
         {("job title", "Sushi chef"), ("lives in", "Osaka")}),
        ("Chef at Quinta da Pacheca, I live down the road.",
         {("job title", "Chef"), ("works at", "Quinta da Pacheca")}),
        ("Carpenter by trade, live in Aarhus, divorced.", {("job title", "Carpenter")}),
        ("Paramedic here, Casablanca born and raised.", {("job title", "Paramedic")}),
        # A student's place is a school, and a student is no job title.
        ("Grad student at McGill, originally from Bogotá.", {("studies at", "McGill")}),
        # An occupation the writers or a published list name, kept as typed.
        ("Potter, single mum, living in Umeå.", {("job title", "Potter")}),
        ("Groom at Godolphin by day, fell runner at weekends.",
         {("job title", "Groom"), ("works at", "Godolphin")}),
        ("Long-haul trucker, live in Amarillo.", {("job title", "Long-haul trucker")}),
        ("occupation software tester, employer Careem", {("job title", "software tester")}),
    ],
)  # fmt: skip
def test_an_opening_fragment_describes_the_speaker(text: str, facts: set[tuple[str, str]]) -> None:
    assert _facts(text) == facts


@pytest.mark.parametrize(
    "text",
    [
        "Nurse at the clinic told me to rest.",  # a verb: someone else
        "My sister, nurse at Guy's, says hi.",
        "German, Swiss German and French are the languages I speak.",  # no occupation
        "Waiter, then bartender, and now sommelier.",  # a history
        "Coffee, oolong, and hot chocolate on Sundays.",
        "Mentor, I said no to the internship at Google.",  # whom the speaker addresses
        "Happy Friday makers! Three necklaces sold.",  # a group greeted
        "The new registrar, Tolu, has a bulldog.",  # someone the listener knows
    ],
)
def test_other_openings_describe_no_one(text: str) -> None:
    assert _facts(text) == set()


def test_a_self_naming_opening_is_passed_over_and_retired_ends_the_title() -> None:
    found = triples(
        "Good morning. Olu Adeyemi here, retired accountant, living in Peckham, married to "
        "Funmi. I'd like a blood pressure review please.",
        speaker="Olu",
    )
    assert ("Olu", "job title", "accountant", "end") in found
    assert ("Olu", "job title", "retired accountant", "assert") not in found


def test_a_job_listed_under_a_heading_gives_no_home() -> None:
    found = triples(
        "Jobs I've had: barman in Oban, deckhand on the CalMac ferries, and noo I'm a ghillie."
    )
    assert not {t for t in found if t[1] == "lives in"}
