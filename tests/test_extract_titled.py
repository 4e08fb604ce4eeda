"""A job title said with its employer (tem.extract.titled)."""

from __future__ import annotations

import pytest
from tests.test_extract_rules import SESSION, triples

from tem.core.session import Session, Turn
from tem.extract import OfflineExtractor

RULES = OfflineExtractor(learned=False)


def rules_only(text: str) -> set[tuple[str, str, str | None, str]]:
    """What the rules alone read (the span model may find a title on its own)."""
    found = RULES.extract(Session("s", SESSION, (Turn("Maria", text, 0),)))
    return {(f.subject, f.relation, f.value, f.kind) for f in found}


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("I'm a metallurgist with South32, and I still speak Kazakh.", "South32"),  # a digit
        ("I'm an ROV pilot with Oceaneering, I live in Bergen.", "Oceaneering"),  # an NN
        ("I'm an apprentice electrician with ESB on the Moneypoint roster.", "ESB"),
        ("I'm a flight attendant with Cathay.", "Cathay"),
    ],
)
def test_the_name_after_a_title_is_its_employer(text: str, employer: str) -> None:
    assert ("Maria", "works at", employer, "assert") in triples(text)


def test_a_time_after_a_title_is_no_employer() -> None:
    assert not {t for t in triples("I'm a barista at 7am every day.") if t[1] == "works at"}


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("I'm a fishmonger in Cardiff.", "fishmonger"),
        ("I became a cheesemonger last year.", "cheesemonger"),
    ],
)
def test_an_occupation_the_writers_named_titles_by_is_a_title(text: str, title: str) -> None:
    assert ("Maria", "job title", title, "assert") in rules_only(text)


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("I'm a jockey, I'm based in Melbourne.", "jockey"),
        ("I'm a groom for a four-star eventer, travelling all over.", "groom"),
        ("I'm a gamekeeper on a grouse moor in the Dales.", "gamekeeper"),
    ],
)
def test_an_occupation_a_published_list_names_is_a_title(text: str, title: str) -> None:
    assert ("Maria", "job title", title, "assert") in rules_only(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm a member of the choir.",
        "I'm a senior at Ohio State.",
        "My best friend is engaged and I'm her maid of honour!",  # listed, but "of"
        "I am also secretary of our college esports society.",
    ],
)
def test_a_role_that_is_no_occupation_is_no_title(text: str) -> None:
    assert not {t for t in rules_only(text) if t[1] == "job title"}


def test_how_a_job_is_is_no_title() -> None:
    assert not {t for t in rules_only("My job at Siemens is great.") if t[1] == "job title"}
