"""Occupations a published list names: mimesis' English dataset of occupations (1,156
of them, "Racehorse Groom", "Jockey", "Silversmith", "Milliner", "Publican"), which
ships with the package and works offline.

The rules read a job title by its last word ("a *groom* at a show yard"), so the list
gives the words that name an occupation alone ("Jockey", "Nun", "Groom"); the last
words of longer ones are no occupation alone ("Meter *Reader*", "Bill *Poster*", "Gun
*Smith*", "Foster *Parent*"). Left out are the list's headings and adjectives that name
no person ("Arts", "Licensing", "Retired", "Chartered", "Employment"), words English
does not know (the list's typos), and the nouns no occupation is alone
(:data:`tem.extract.kinds.NOT_A_TITLE`, an animal: "Boxer"; a pastime's person:
"Golfer", which :mod:`tem.extract.enthusiasts` reads).
"""

from __future__ import annotations

import functools
import json
from importlib import resources

from tem.extract import kinds
from tem.extract.enthusiasts import PASTIME_PEOPLE
from tem.extract.nlp import english_word, listed_word

HEADINGS = frozenset({"jewellery", "telecommunication", "employment"})
"""Headings of the list that are singular nouns of no person: "Jewellery"."""


@functools.cache
def listed_occupations() -> frozenset[str]:
    """The words mimesis' English occupations name alone, casefolded (empty when mimesis
    is not installed)."""
    try:
        data = resources.files("mimesis") / "datasets" / "en" / "person.json"
        names = json.loads(data.read_text(encoding="utf-8"))["occupation"]
    except (ModuleNotFoundError, FileNotFoundError, KeyError):
        return frozenset()
    alone = {name.casefold() for name in names if len(name.split()) == 1}
    stop = kinds.NOT_A_TITLE | PASTIME_PEOPLE | kinds.animal_words() | HEADINGS
    return frozenset(word for word in alone - stop if _person(word))


def _person(word: str) -> bool:
    """A word of English that is no adjective, plural or doing ("jockey"; not "retired",
    "arts", "licensing", nor the typo "reseacher")."""
    plural = word.endswith("s") and not word.endswith("ss")  # "Arts"; not "Actress"
    heading = listed_word(word, "adj") or plural or word.endswith("ing")
    return word.isalpha() and english_word(word) and not heading
