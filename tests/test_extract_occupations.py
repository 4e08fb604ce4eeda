"""Occupations a published list names (tem.extract.occupations)."""

from __future__ import annotations

import pytest

from tem.extract.occupations import listed_occupations


@pytest.mark.parametrize("word", ["jockey", "groom", "milliner", "gamekeeper", "publican", "nun"])
def test_the_list_names_occupations_the_lexicon_lacks(word: str) -> None:
    assert word in listed_occupations()


@pytest.mark.parametrize(
    "word",
    [
        "arts",  # a heading of the list
        "retired",  # an adjective
        "licensing",  # a doing
        "jewellery",  # a thing
        "reader",  # "Meter Reader": only the end of a longer occupation
        "golfer",  # a pastime's person
        "boxer",  # an animal too
    ],
)
def test_headings_parts_and_pastimes_are_left_out(word: str) -> None:
    assert word not in listed_occupations()


def test_without_mimesis_the_list_is_empty(monkeypatch: pytest.MonkeyPatch) -> None:
    from tem.extract import occupations

    def missing(package: str) -> None:
        raise ModuleNotFoundError(package)

    listed_occupations.cache_clear()
    monkeypatch.setattr(occupations.resources, "files", missing)
    try:
        assert listed_occupations() == frozenset()
    finally:
        monkeypatch.undo()
        listed_occupations.cache_clear()
