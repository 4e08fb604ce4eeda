"""A contract of the speaker's not renewed ends the job (tem.extract.contracts)."""

from __future__ import annotations

import pytest
from tests.test_extract_rules import triples


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("My contract with Iberia wasn't renewed, so as of today I'm off the team.", "Iberia"),
        ("My contract at Nokia wasn't renewed, so I've been job hunting since April.", "Nokia"),
        ("After fifteen years my contract wasn't renewed by Eskom.", "Eskom"),
        ("Lamborghini didn't renew my contract, so I'm officially done.", "Lamborghini"),
    ],
)
def test_a_contract_not_renewed_ends_the_job(text: str, employer: str) -> None:
    found = {t for t in triples(text) if t[1] == "works at"}
    assert found == {("Maria", "works at", employer, "end")}


@pytest.mark.parametrize(
    "text",
    [
        "If Nokia doesn't renew my contract I'll move home.",  # a condition
        "My sister's contract with Nokia wasn't renewed.",  # someone else's
        "Will Nokia renew my contract?",  # a question
        "Nokia renewed my contract.",  # renewed: no ending
    ],
)
def test_no_ending_without_the_speakers_contract_denied(text: str) -> None:
    assert not {t for t in triples(text) if t[1] == "works at" and t[3] == "end"}
