"""The items of a list after a heading ("Languages I speak: Urdu, English and a bit of
Pashto"), each as the words of its value: split at commas and at the last "and"/"or"
(:func:`split_items`), without the words that open an item and are no part of it
(:func:`stripped`: "and now a PhD", "a bit of Pashto"), cut before what follows the value
(:func:`cut_at_link`: "waitress | at Denny's"), and read as a name (:func:`first_name`),
an animal (:func:`animal_of`) or an occupation (:func:`is_occupation`) where the
heading's relation asks for one. :mod:`tem.extract.headings` says what the items are.
"""

from __future__ import annotations

from typing import Any

from tem.extract import kinds, values
from tem.extract.places import known_place
from tem.extract.subjects import FIRST_POSSESSIVE

Token = Any

CURRENT = frozenset({"now", "currently", "presently", "today"})
"""Words that mark an item as the present: "and now Toronto"."""
QUANTITY_NOUNS = frozenset("bit lot lots loads ton tons cup cups pint pints glass pair".split())
PASSING = frozenset("occasional odd daily weekly endless".split())
"""Adjectives of frequency: "the occasional jigsaw" is a jigsaw."""
TIMES = frozenset(
    "morning afternoon evening night day weekday weekend week month summer winter".split()
)
"""Times of a schedule, which a list of jobs may give in place of a job ("mornings at X")."""
NAMING = ("called", "named")
FINAL_JOINERS = frozenset({"and", "or", "plus"})
LEADING = CURRENT | FINAL_JOINERS | PASSING | FIRST_POSSESSIVE
"""Words an item may open with that are no part of its value: "and now my ..."."""
CUTS = frozenset("called named who which that when where if because".split())
JOINERS = frozenset({",", ";"})
NAME_LINKS = values.NAME_LINKS | {"of", "&"}


def split_items(items: Any) -> list[list[Token]]:
    """The items of a list, split at commas and at the last "and"/"or"."""
    pieces: list[list[Token]] = [[]]
    for token in items:
        if token.text in JOINERS or (token.lower_ in FINAL_JOINERS and token.dep_ == "cc"):
            pieces.append([])
        elif not (token.is_punct and token.text not in ("&", "'")):
            pieces[-1].append(token)
    return [p for p in pieces if p]


def is_occupation(word: Token) -> bool:
    """A job under a heading of jobs: a person noun, or any noun but a time
    ("mornings at Starbucks") or a word that is never a title."""
    if kinds.person_noun(word.text):
        return True
    timed = word.ent_type_ in ("DATE", "TIME") or word.lemma_.casefold() in TIMES
    firm = word.lower_ in kinds.FIRMS  # "Jobs I've quit: a call centre": a place of work
    noun = word.pos_ == "NOUN" or lowered([word])
    return noun and not (timed or firm) and word.lower_ not in kinds.NOT_A_TITLE


def lowered(words: list[Token]) -> bool:
    """Words the tagger took for a name though none is capitalised, in a sentence that
    capitalises ("Jobs I've had: lifeguard, ..."; not "jobs ive had: ikea, costa")."""
    sentence = words[0].sent if words else ()
    capitals = any(t.text[:1].isupper() and not t.is_sent_start for t in sentence)
    return capitals and all(t.pos_ == "PROPN" and t.text.islower() for t in words)


def stripped(piece: list[Token]) -> list[Token]:
    """An item without its leading joiners, marks of time, articles and quantities:
    "and now a PhD" -> "PhD", "a bit of Pashto" -> "Pashto"."""
    words = list(piece)
    while words:
        first = words[0]
        if first.lower_ in LEADING or first.pos_ in ("DET", "NUM"):
            words = words[1:]
        elif first.pos_ == "ADV" and len(words) > 1:
            words = words[1:]
            if words and words[0].pos_ == "ADJ" and len(words) > 1:
                words = words[1:]  # "very bad harmonica": the judgement goes
        elif first.lower_ in kinds.QUANTIFIERS and len(words) > 1:
            words = words[1:]
        elif first.lower_ in QUANTITY_NOUNS and len(words) > 2 and words[1].lower_ == "of":
            words = words[2:]
        else:
            break
    return words


def cut_at_link(words: list[Token]) -> tuple[list[Token], list[Token]]:
    """The item's own words and what follows them ("waitress" | "at Denny's")."""
    for i, token in enumerate(words):
        if i == 0:
            continue
        if token.lower_ in NAME_LINKS and words[i - 1].pos_ == "PROPN":
            continue  # "Bank of America", "Politecnico di Milano"
        if token.pos_ in ("ADP", "SCONJ") or token.lower_ in CUTS:
            return words[:i], words[i:]
    return words, []


def is_named(words: list[Token]) -> bool:
    """True for words that are a name: proper nouns, or capitalised inside a sentence."""
    return bool(words) and all(_name_word(t) for t in words)


def _name_word(token: Token) -> bool:
    opening = token.is_sent_start and token.ent_type_ == "" and not known_place(token.text)
    capital = token.text[:1].isupper() and not opening
    return token.pos_ == "PROPN" or token.lower_ in NAME_LINKS or capital  # "Leeds" as NNS


def first_name(words: list[Token]) -> str | None:
    """The first run of proper nouns in ``words``: "a cabin near Tadoussac" -> Tadoussac."""
    run: list[Token] = []
    for token in words:
        if is_named([token]) or (run and token.lower_ in NAME_LINKS):
            run.append(token)
        elif run:
            break
    while run and run[-1].lower_ in NAME_LINKS:
        run.pop()
    if run and run[-1].i + 1 < len(run[-1].doc) and run[-1].nbor().lower_ in ("'s", "’s"):
        run.append(run[-1].nbor())  # "Denny's"
    return text_of(run) or None


def text_of(words: list[Token]) -> str:
    """The words as written, from the first to the last: "Morgan & Finch"."""
    return words[0].doc[words[0].i : words[-1].i + 1].text if words else ""


def animal_of(words: list[Token]) -> str | None:
    """The animal an item names: "Pixel the cat" -> cat, "two cats" -> cat."""
    if "the" in [t.lower_ for t in words[1:]]:
        words = words[[t.lower_ for t in words].index("the", 1) + 1 :]
    known = kinds.animal_words()
    for start in range(len(words)):
        tail = words[start:]
        if not tail:
            break
        if tail[-1].lemma_.casefold() in known or tail[-1].lower_ in known:
            return " ".join([*(t.text for t in tail[:-1]), tail[-1].lemma_])
        if " ".join(t.lower_ for t in tail) in known:
            return text_of(tail)
    return None
