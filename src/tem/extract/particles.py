"""A name written with the small words of its own language between its capitals:
"Casa dos Animais de Lisboa", "Musti ja Mirri", "Universidade Federal do Rio Grande do
Sul", "Conservatorium van Amsterdam", "Médecins du Monde".

The parser and the entity recogniser know English names, where a lowercase word ends a
name; they cut such a name at its particle ("Animais de Lisboa", "Musti", "Sul"). The
particle between two capitalised words says the name goes on: :func:`joined_name`
widens a value over them, as written. A particle that no capital follows ("a job at
Zara de momento") or one a capital does not precede stays outside.
"""

from __future__ import annotations

from typing import Any

from tem.extract.kinds import span_of

PARTICLES = frozenset(
    """
    de do da dos das del della delle dei degli di du des van von der den het ja och og
    und y e zu al
    """.split()
)
"""Small words that join the parts of a name in other languages than English: "de",
"do", "van", "ja" (Finnish "and")."""
ARTICLES = frozenset("la le les los las el l'".split())
"""Articles that may follow a particle inside a name: "Universidad de los Andes"."""
NAMED = frozenset({"works at", "studies at"})
"""Relations whose values are names of organisations and schools (a place's name is the
entity recogniser's, and a town's name inside a school's is no home: "the Universidad
de Salamanca, living in Salamanca's old town")."""
OPENERS = frozenset({"the", "i", "a", "an", "my", "our"})
"""Capitalised words that open a sentence, never part of a name before a particle."""


def joined_name(relation: str, value: str | None, sentence: Any) -> str | None:
    """``value`` widened over the particles that join it to the rest of its name in
    ``sentence`` ("Animais de Lisboa" in "Casa dos Animais de Lisboa took me on"), or
    ``value`` itself."""
    if relation not in NAMED or not value:
        return value
    span = span_of(sentence, value)
    if span is None:
        return value
    doc = sentence.doc  # the parser may split a sentence at the particle: "Médecins du"
    low, high = 0, len(doc)
    start, end = span.start, span.end
    if doc[start].lower_ in PARTICLES:
        start = _capitals_back(doc, start, low)  # "van Amsterdam" after "Conservatorium"
    while (before := _particles_back(doc, start, low)) < start:
        if before - 1 < low or not _capital(doc[before - 1]):
            break
        start = _capitals_back(doc, before, low)
    while (after := _particles_on(doc, end, high)) > end:
        if after >= high or not _capital(doc[after]):
            break
        end = after
        while end < high and _capital(doc[end]):
            end += 1
    if (start, end) == (span.start, span.end):
        return value
    return str(doc[start:end].text)


def _particles_back(doc: Any, i: int, low: int) -> int:
    """The start of the particles (an article after one allowed) just before ``i``."""
    j = i
    while j - 1 >= low and doc[j - 1].lower_ in ARTICLES:
        j -= 1
    if j - 1 >= low and doc[j - 1].lower_ in PARTICLES and doc[j - 1].is_lower:
        return j - 1
    return i


def _particles_on(doc: Any, i: int, high: int) -> int:
    """The end of the particles (an article after one allowed) starting at ``i``."""
    if i >= high or doc[i].lower_ not in PARTICLES or not doc[i].is_lower:
        return i
    j = i + 1
    while j < high and doc[j].lower_ in ARTICLES and doc[j].is_lower:
        j += 1
    return j


def _capitals_back(doc: Any, i: int, low: int) -> int:
    """The first of the capitalised words just before ``i`` ("Conservatorium" before
    "van Amsterdam")."""
    while i - 1 >= low and _capital(doc[i - 1]):
        i -= 1
    return i


def _capital(token: Any) -> bool:
    """A capitalised word that may be part of a name: not a word of grammar nor a verb
    that opens a sentence ("Left Casa dos Animais")."""
    if not token.is_alpha or not token.text[:1].isupper() or token.lower_ in OPENERS:
        return False
    return token.pos_ not in ("VERB", "AUX", "PRON", "DET", "ADP", "CCONJ", "SCONJ")
