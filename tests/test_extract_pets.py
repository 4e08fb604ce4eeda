"""A pet's value: its kind, without its coat, manner or age (tem.extract.pets)."""

from __future__ import annotations

import pytest

from tem.extract import pets
from tem.extract.nlp import load_pipeline
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
        # a name the tagger began with the sentence's "My": the pet's name
        ("My Labrador Dotty", "Dotty"),
    ],
)
def test_a_pet_is_its_kind_without_how_it_looks_or_behaves(said: str, kind: str) -> None:
    assert " ".join(pet_kind(said.split())) == kind


@pytest.mark.parametrize(
    ("text", "animal", "disowned"),
    [
        ("I don't have a dog, the corgi in my stories belongs to my neighbour.", "corgi", True),
        ("the budgie belongs to the grandkids, I just feed it", "budgie", True),
        ("The betta fish in my pics is my cousin's.", "fish", True),
        ("I've never had a pet in my life, the cat on my profile is a stock photo.", "cat", True),
        ("My husky Storm belongs to me and my wife.", "husky", False),
        ("I don't have a cat but my dog Rex is a legend.", "dog", False),
    ],
)
def test_an_animal_given_to_another_or_denied_is_no_pet(
    text: str, animal: str, disowned: bool
) -> None:
    doc = load_pipeline()(text)
    assert pets.disowned(next(t for t in doc if t.text == animal)) is disowned
