"""The speaker's own post where it is (tem.extract.posts): "my shift at Walmart" says
where the speaker works; a post that is over ends the work."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tem.core.session import Session, Turn
from tem.extract import OfflineExtractor

EXTRACTOR = OfflineExtractor()


def triples(text: str) -> set[tuple[str, str, str | None, str]]:
    session = Session("s1", datetime(2024, 5, 8, tzinfo=UTC), (Turn("Ana", text, 0),))
    return {(f.subject, f.relation, f.value, f.kind) for f in EXTRACTOR.extract(session)}


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("My contract with MTN was terminated in March, so I'm job hunting.", "MTN"),
        ("My position at Bosch was eliminated in the spring.", "Bosch"),
        (
            "Just finished my last shift at Walmart!! Been at Home Depot two weeks already.",
            "Walmart",
        ),
        (
            "My position at Equinor was made redundant in the spring restructuring, so I'm now"
            " looking at offshore contracts.",
            "Equinor",
        ),
        ("My old job at Dell went up in smoke when they shipped the whole team offshore.", "Dell"),
        ("My job at Wilko went bust.", "Wilko"),
    ],
)
def test_a_post_that_is_over_ends_the_work(text: str, employer: str) -> None:
    found = triples(text)
    assert ("Ana", "works at", employer, "end") in found
    assert ("Ana", "works at", employer, "assert") not in found


@pytest.mark.parametrize(
    "text",
    [
        "If my contract with MTN is terminated I'll be broke.",  # doubted
        "My contract with MTN ends in May.",  # to come
    ],
)
def test_a_post_not_yet_over_ends_nothing(text: str) -> None:
    assert not {t for t in triples(text) if t[1] == "works at" and t[3] == "end"}


def test_a_post_that_holds_names_the_employer() -> None:
    assert ("Ana", "works at", "Walmart", "assert") in triples(
        "I almost missed my shift at Walmart."
    )


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("Today is my last day at Maersk.", ("works at", "Maersk")),
        ("I worked at Maersk for twelve years and today is my last day.", ("works at", "Maersk")),
        (
            "Twenty years as a bus driver for BEST and I'm parking it for good — retirement"
            " starts Monday!",
            ("job title", "bus driver"),
        ),
        ("Been Amanah Bank's risk analyst for two years — Friday's my last day!",
         ("works at", "Amanah Bank")),
    ],
)  # fmt: skip
def test_the_work_of_a_turn_that_announces_the_last_day_is_ended(
    text: str, ended: tuple[str, str]
) -> None:
    assert ("Ana", *ended, "end") in triples(text)


@pytest.mark.parametrize(
    ("text", "held"),
    [
        # the last day names its own employer; the other one is held
        ("Just finished my last shift at Walmart!! Been at Home Depot two weeks already.",
         ("works at", "Home Depot")),
        # a clause that starts something new is no ending
        ("Today is my last day at Maersk, and I start at DSV on Monday.", ("works at", "DSV")),
        # the last day of something else
        ("Last day of my holiday in Rome, back at my desk at Deloitte on Monday.",
         ("works at", "Deloitte")),
    ],
)  # fmt: skip
def test_work_beside_another_last_day_is_not_ended(text: str, held: tuple[str, str]) -> None:
    assert ("Ana", *held, "end") not in triples(text)


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        (
            "Got the chop from Jaguar Land Rover on Tuesday, so it's back to square one.",
            "Jaguar Land Rover",
        ),
        (
            "Got the push from Admiral Insurance last week; my manager was gutted.",
            "Admiral Insurance",
        ),
        ("I got the sack from Tesco in May.", "Tesco"),
    ],
)
def test_the_employer_that_gave_the_speaker_the_chop_is_left(text: str, employer: str) -> None:
    assert ("Ana", "works at", employer, "end") in triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "Dave got the sack from Asda.",  # another's
        "I might get the boot from Aldi.",  # feared
        "If you get the sack from Lidl, call me.",
    ],
)
def test_the_chop_another_got_or_one_feared_ends_nothing(text: str) -> None:
    assert not {t for t in triples(text) if t[1] == "works at" and t[0] == "Ana"}


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("quit my job at gamestop today, no backup plan, just vibes and my corgi", "Gamestop"),
        ("quit my job at H&M today lmaooo freedom", "H&M"),
    ],
)
def test_quit_my_job_without_an_i_is_told_not_ordered(text: str, employer: str) -> None:
    assert ("Ana", "works at", employer, "end") in triples(text)


def test_quit_your_job_is_advice() -> None:
    assert not {t for t in triples("Quit your job at Tesco, honestly.") if t[1] == "works at"}


def test_a_firm_that_shut_ends_the_work_there() -> None:
    text = "Crumbs & Co. closed its doors in May, so I'm out of a job and broke."
    assert ("Ana", "works at", "Crumbs & Co.", "end") in triples(text)
    assert ("Ana", "works at", "Crumbs & Co.", "assert") not in triples(text)
