"""A pastime listed with its recurring time (tem.extract.schedules)."""

from __future__ import annotations

import pytest
from tests.test_extract_rules import triples


def hobbies(text: str) -> set[str | None]:
    return {v for s, r, v, k in triples(text) if r == "hobby" and s == "Maria" and k == "assert"}


@pytest.mark.parametrize(
    ("text", "pastime"),
    [
        ("My week: lindy hop on Tuesdays, netball on Thursdays, chores the rest.", "netball"),
        ("About me: nurse in Derby, badminton on weekends, tea person.", "badminton"),
        ("Weekly plan: Monday yoga, Wednesday fencing, Friday darts.", "fencing"),
        ("Things keeping me going: my cat, oat lattes, and Zumba class on Fridays.", "Zumba"),
        ("My routine: bird-watching on Sundays and a long bath after.", "bird-watching"),
    ],
)
def test_an_item_with_a_recurring_time_is_a_pastime(text: str, pastime: str) -> None:
    assert pastime in hobbies(text)


@pytest.mark.parametrize(
    ("text", "not_pastime"),
    [
        ("About me: Leeds, deliveries for Deliveroo most evenings, two cats.", "deliveries"),
        ("About me: nurse in Derby, shifts on weekends.", "shifts"),
        ("My son has swimming on Tuesdays and I drive him there.", "swimming"),
        ("About me: nurse in Derby, no more Pilates on Thursdays.", "Pilates"),
        ("About me: nurse in Derby, classes on alternate weekends.", "classes"),
        ("About me: nurse in Derby, eating mess food daily.", "eating mess food"),
    ],
)
def test_work_a_learner_anothers_or_an_ended_item_is_no_pastime(
    text: str, not_pastime: str
) -> None:
    assert not_pastime not in hobbies(text)


def test_a_conjunction_between_an_items_adjectives_is_no_part_of_its_name() -> None:
    found = hobbies(
        "I'm a pediatrician, a dad of two, and a terrible but enthusiastic surfer on Saturdays."
    )
    assert "surfing" in found and not any(v and v.startswith("but") for v in found)
    assert "Dungeons & Dragons" in hobbies(
        "Monday yoga, Wednesday fencing and Friday Dungeons & Dragons."
    )


def test_an_item_the_parser_made_a_later_items_subject_is_still_read() -> None:
    text = "My weekly timetable now I'm retired: Monday Pilates, Wednesday bridge, Friday choir."
    assert {"Pilates", "playing bridge", "choir"} <= hobbies(text)
