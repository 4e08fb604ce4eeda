"""The items of a list after a heading, each as the words of its value."""

from __future__ import annotations

from tem.extract.items import animal_of, cut_at_link, first_name, split_items, stripped, text_of
from tem.extract.nlp import load_pipeline


def _pieces(text: str) -> list[str]:
    """The items after the colon, stripped, as text."""
    doc = load_pipeline()(text)
    colon = next(t.i for t in doc if t.text == ":")
    return [text_of(stripped(p)) for p in split_items(doc[colon + 1 :])]


def test_items_split_at_commas_and_the_last_and_without_their_openings() -> None:
    pieces = _pieces("Languages I speak: Urdu, English and a bit of Pashto.")
    assert pieces == ["Urdu", "English", "Pashto"]
    assert _pieces("Places I've lived: Kochi, Bangalore, and now Toronto.") == [
        "Kochi",
        "Bangalore",
        "Toronto",
    ]


def test_an_item_is_cut_before_what_follows_its_value_but_not_inside_a_name() -> None:
    doc = load_pipeline()("waitress at Denny's")
    head, tail = cut_at_link(list(doc))
    assert text_of(head) == "waitress" and first_name(tail) == "Denny's"
    assert first_name(list(load_pipeline()("a job at Bank of America"))) == "Bank of America"


def test_an_animal_item_names_the_kind() -> None:
    assert animal_of(stripped(list(load_pipeline()("Pixel the cat")))) == "cat"
    assert animal_of(stripped(list(load_pipeline()("two cats")))) == "cat"
