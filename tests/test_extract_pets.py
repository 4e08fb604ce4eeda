"""A pet's value: its kind, without its coat, manner or age (tem.extract.pets)."""

from __future__ import annotations

import pytest

from tem.extract.pets import pet_kind


@pytest.mark.parametrize(
    ("said", "kind"),
    [
        ("ginger cat", "cat"),
        ("noisy parrot", "parrot"),
        ("one-eyed cat", "cat"),
        ("senior cat", "cat"),
        ("grey Persian", "Persian"),
        ("barn cat", "cat"),
        # a coat that names the pet with its word, and breeds, stay
        ("ginger tom", "ginger tom"),
        ("black lab", "black lab"),
        ("golden retriever", "golden retriever"),
        ("blue heeler", "blue heeler"),
    ],
)
def test_a_pet_is_its_kind_without_how_it_looks_or_behaves(said: str, kind: str) -> None:
    assert " ".join(pet_kind(said.split())) == kind
