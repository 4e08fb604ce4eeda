"""Where the speaker comes from or once was is no home (tem.extract.origins)."""

from __future__ import annotations

import pytest

from tem.extract.kinds import span_of
from tem.extract.nlp import load_pipeline
from tem.extract.origins import from_origin, where_else


def _span(text: str, value: str) -> object:
    sentence = next(iter(load_pipeline()(text).sents))
    span = span_of(sentence, value)
    assert span is not None
    return span


@pytest.mark.parametrize(
    ("text", "place", "origin"),
    [
        ("I was born in Accra.", "Accra", True),
        ("My hometown is Leeds.", "Leeds", True),
        ("Born and raised in Lagos and still here.", "Lagos", False),
        ("I live in Porto.", "Porto", False),
    ],
)
def test_where_one_comes_from(text: str, place: str, origin: bool) -> None:
    assert from_origin(_span(text, place)) is origin


@pytest.mark.parametrize(
    ("text", "place", "elsewhere"),
    [
        ("Lagos is where I grew up.", "Lagos", True),
        ("Oxford was where I studied.", "Oxford", True),
        ("Porto is where I live now.", "Porto", False),
    ],
)
def test_where_one_did_something_else(text: str, place: str, elsewhere: bool) -> None:
    assert where_else(_span(text, place), "lives in") is elsewhere
