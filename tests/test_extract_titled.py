"""A job title said with its employer (tem.extract.titled)."""

from __future__ import annotations

import pytest
from tests.test_extract_rules import triples


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
