"""A role the speaker was given by a verb of employment (tem.extract.roles)."""

from __future__ import annotations

import pytest

from tem.extract.nlp import load_pipeline
from tem.extract.roles import role_candidates


def roles(text: str) -> set[str | None]:
    return {c.value for s in load_pipeline()(text).sents for c in role_candidates(s, "Ana")}


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("PwC just brought me on as a tax consultant!", "tax consultant"),
        (
            "The Sharjah Art Foundation has taken me on as resident ceramicist.",
            "resident ceramicist",
        ),
        ("I started as an intern at Deloitte.", "intern"),
        ("Deloitte hired me as an auditor in May.", "auditor"),
        # the parser hangs "me" on the role as its subject
        ("Patagonia has treated me well since they made me store manager.", "store manager"),
    ],
)
def test_a_verb_of_employment_gives_the_speaker_a_role(text: str, role: str) -> None:
    assert role in roles(text)


@pytest.mark.parametrize(
    "text",
    [
        "I dressed up as a pirate for Halloween.",
        "I see him as a brother.",
        "My sister was hired as a nurse.",
        "They didn't take me on as a consultant.",
        "ETH Zurich took me on as a doctoral student.",
        "They made me cry.",
        "Careem made me an offer but I said no.",
    ],
)
def test_no_role_without_employment_of_the_speaker(text: str) -> None:
    assert roles(text) == set()
