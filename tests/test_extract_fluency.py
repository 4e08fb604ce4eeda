"""A language the speaker has, said without "speak" (tem.extract.fluency)."""

from __future__ import annotations

import pytest
from tests.test_extract_rules import triples


@pytest.mark.parametrize(
    ("text", "language", "kind"),
    [
        ("I moved to Kumasi last year, so my Twi is getting a real workout.", "Twi", "assert"),
        ("ngl my Tamil is way better than my Hindi", "Hindi", "assert"),
        ("I left Berlin in May and my German went out the window with it.", "German", "end"),
        ("I'm a Romanian-English translator and I live in Iasi.", "Romanian", "assert"),
        ("The Red Cross hired me as a Hindi interpreter last spring.", "Hindi", "assert"),
    ],
)
def test_a_language_owned_or_worked_in_is_spoken(text: str, language: str, kind: str) -> None:
    assert ("Maria", "speaks", language, kind) in triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "I live in Leeds and my Spanish teacher is lovely.",
        "I live in Leeds; thank you for correcting my Spanish!",
        "My mum is a Spanish interpreter in Leeds.",
        "I'm not the Spanish speaker on the team, that's Eva.",
        "Matcha is my love language, I live in Leeds.",
        "I live in Leeds with our two maltese.",
    ],
)
def test_a_class_a_correction_or_anothers_language_is_not_spoken(text: str) -> None:
    found = {v for s, r, v, k in triples(text) if r == "speaks" and s == "Maria"}
    assert not found & {"Spanish", "Language", "Maltese"}


@pytest.mark.parametrize(
    "text",
    [
        "I don't drink coffee at all, which my Italian relatives consider a moral failing.",
        "studying at yonsei rn and my bf's dutch parents keep mailing stroopwafels lmao",
        "My Sundays: tennis with my wife Ruth, Hebrew homework with the kids.",
        "Since going dry I've picked up chess, Spanish lessons, and cooking pierogi.",
        "I speak Nepali and English, and none of them help with Dutch bureaucracy.",
        "I speak Welsh with my nan and English at uni, bit of a mix really.",
    ],
)
def test_a_language_that_only_describes_something_else_is_not_spoken(text: str) -> None:
    """The span model reads a language into "my Italian relatives" and "Spanish lessons";
    the word says whose relatives and which lessons, not what the speaker speaks (nor is
    "my nan", listed after a language, one)."""
    found = {v for s, r, v, k in triples(text) if r == "speaks"}
    assert not found & {"Italian", "Dutch", "Hebrew", "Spanish", "nan"}


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("I'm a native Spanish speaker from Cusco.", "Spanish"),
        ("I speak Tongan with my family and English in the lab.", "Tongan"),
    ],
)
def test_a_language_spoken_or_taught_is_spoken(text: str, language: str) -> None:
    """ "a native Spanish speaker" speaks it; "Tongan" is the language, not a misspelt
    "Tonga"."""
    found = {v for s, r, v, k in triples(text) if r == "speaks"}
    assert language in found
    assert "Tonga" not in found
