"""Speech written down: hesitations and fillers cut before reading (tem.extract.speech)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tem.core.session import Session, Turn
from tem.extract import OfflineExtractor
from tem.extract.speech import unfilled


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("I live in, uh, Stellenbosch.", "I live in Stellenbosch."),
        ("I'm, like, single, honestly.", "I'm single, honestly."),
        ("I'm, um, a, a maths teacher.", "I'm a maths teacher."),
        ("a barista, uh, at this little spot", "a barista at this little spot"),
        ("fishing, woodworking, uh, birdwatching", "fishing, woodworking, birdwatching"),
        ("Standard Bank, um, Standard Bank hired me", "Standard Bank hired me"),
        ("I was at Trinity, em, Trinity College Dublin", "I was at Trinity College Dublin"),
        ("as a, uh, as a sous chef by, by Marlowe's", "as a sous chef by Marlowe's"),
        ("Um, so my partner Dani and I", "so my partner Dani and I"),
        ("knees just, you know, gave out", "knees just gave out"),
    ],
)
def test_hesitations_and_fillers_are_cut(text: str, said: str) -> None:
    assert unfilled(text) == said


@pytest.mark.parametrize(
    "text",
    [
        "I like tea.",
        "You know Porto? I love it.",
        "I work in the ER, nights.",
        "im at UH Hilo now",
        "tell em I said hi, love em",
        "Tea, tea, tea: I drink it all day",
    ],
)
def test_words_that_are_no_filler_stay(text: str) -> None:
    assert unfilled(text) == text


def test_the_er_is_no_hesitation_beside_one() -> None:
    assert unfilled("I work in the ER, er, nights.") == "I work in the ER, nights."


def test_facts_said_between_hesitations_are_read() -> None:
    text = "Bro, I'm, like, a barista, uh, at this little spot called Grindhouse on Fifth."
    session = Session("s1", datetime(2025, 3, 1, tzinfo=UTC), (Turn("Bo", text, 0),))
    facts = {(f.relation, f.value) for f in OfflineExtractor().extract(session)}
    assert {("job title", "barista"), ("works at", "Grindhouse")} <= facts


def test_a_typed_repeat_is_no_stammer() -> None:
    typed = "I hold the purse strings at Ecobank's Kumasi branch, branch accountant now."
    assert unfilled(typed) == typed
