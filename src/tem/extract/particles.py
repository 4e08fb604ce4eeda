"""A value written with small words inside it that a reading left out: a name with the
small words of its own language between its capitals
"Casa dos Animais de Lisboa", "Musti ja Mirri", "Universidade Federal do Rio Grande do
Sul", "Conservatorium van Amsterdam", "Médecins du Monde".

The parser and the entity recogniser know English names, where a lowercase word ends a
name; they cut such a name at its particle ("Animais de Lisboa", "Musti", "Sul"). The
particle between two capitalised words says the name goes on: :func:`joined_name`
widens a value over them, as written. A particle that no capital follows ("a job at
Zara de momento") or one a capital does not precede stays outside.

A name given after a saint, a founder or a family ("St Luke's Primary", "Queen's Medical
Center", "Coleman's Hardware") is cut by the parser at its "'s", the owner read as a
possessor apart from the name: :func:`owned_name` gives the name its owner back.

A title hyphenated with a small word ("a live-in nanny", "a drop-in counsellor") loses
that word to the parse ("live nanny"): :func:`hyphened` gives it back.
"""

from __future__ import annotations

from typing import Any

from tem.extract.kinds import span_of
from tem.extract.lexicon import KIN_NOUNS
from tem.extract.places import known_place
from tem.extract.values import shop_s

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
    doc = sentence.doc  # the whole message: the parser may split a sentence at the
    # particle ("Médecins du")
    start, end = span.start, span.end
    if doc[start].lower_ in PARTICLES:
        start = _capitals_back(doc, start)  # "van Amsterdam" after "Conservatorium"
    while (before := _particles_back(doc, start)) < start:
        if before == 0 or not _capital(doc[before - 1]):
            break
        start = _capitals_back(doc, before)
    while (after := _particles_on(doc, end)) > end:
        if after >= len(doc) or not _capital(doc[after]):
            break
        end = after
        while end < len(doc) and _capital(doc[end]):
            end += 1
    if (start, end) == (span.start, span.end):
        return value
    return str(doc[start:end].text)


def _particles_back(doc: Any, i: int) -> int:
    """The start of the particles (an article after one allowed) just before ``i``."""
    j = i
    while j > 0 and doc[j - 1].lower_ in ARTICLES:
        j -= 1
    if j > 0 and doc[j - 1].lower_ in PARTICLES and doc[j - 1].is_lower:
        return j - 1
    return i


def _particles_on(doc: Any, i: int) -> int:
    """The end of the particles (an article after one allowed) starting at ``i``."""
    if i >= len(doc) or doc[i].lower_ not in PARTICLES or not doc[i].is_lower:
        return i
    j = i + 1
    while j < len(doc) and doc[j].lower_ in ARTICLES and doc[j].is_lower:
        j += 1
    return j


def _capitals_back(doc: Any, i: int) -> int:
    """The first of the capitalised words just before ``i`` ("Conservatorium" before
    "van Amsterdam")."""
    while i > 0 and _capital(doc[i - 1]):
        i -= 1
    return i


def _capital(token: Any) -> bool:
    """A capitalised word that may be part of a name: not a word of grammar nor a verb
    that opens a sentence ("Left Casa dos Animais")."""
    if not token.is_alpha or not token.text[:1].isupper() or token.lower_ in OPENERS:
        return False
    return token.pos_ not in ("VERB", "AUX", "PRON", "DET", "ADP", "CCONJ", "SCONJ")


def owned_name(relation: str, value: str | None, sentence: Any) -> str | None:
    """An organisation's or a school's ``value`` with the owner its name is given after
    ("Primary" in "St Luke's Primary hired me", "Queen" in "a nurse at Queen's Medical
    Center"), as written; ``value`` itself else. The owner is a capitalised name, never a
    relative ("Mum's Tesco" stays "Tesco") nor a place ("Vienna's Berufsrettung"); a
    firm named as the owner is the employer itself ("Tesla" of "Tesla's Gigafactory")."""
    if relation not in NAMED or not value:
        return value
    span = span_of(sentence, value)
    if span is None or not span[0].text[:1].isupper():
        return value
    doc = sentence.doc
    start, end = span.start, span.end
    owner = doc[start - 2] if start >= 2 else None
    if owner is not None and _owns(owner, doc[start - 1]) and start <= owner.head.i < end:
        start = _owner_start(owner)
    last = doc[end - 1]
    named = last.head.i > end and last.head.is_title and last.ent_type_ != "ORG"
    if end < len(doc) and _owns(last, doc[end]) and named:
        end = last.head.i + 1  # "Queen" of "Queen's Medical Center"
    return value if (start, end) == (span.start, span.end) else str(doc[start:end].text)


def shop_name(relation: str, value: str | None, sentence: Any) -> str | None:
    """An organisation's ``value`` with the "'s" that ends its name wherever a reader found
    it ("shift manager at Nando's.", "waitress at Denny's, then ...", "let go by
    Sainsbury's in the spring"): :func:`tem.extract.values.shop_s` says when the "'s"
    is the name's, not an owner's ("Samsung's Seoul office") nor a "has" ("Ryanair's
    kept me")."""
    if relation not in NAMED or not value or value.endswith(("'s", "’s")):
        return value
    span = span_of(sentence, value)
    return value if span is None else value + shop_s(span)


def _owns(owner: Any, mark: Any) -> bool:
    """True for a capitalised name that ``mark``, an "'s", makes a possessor, no place's
    ("Vienna's Berufsrettung" is in Vienna, "Istanbul's Directorate of Emergency
    Services" in Istanbul)."""
    named = owner.is_title and owner.pos_ == "PROPN" and owner.lower_ not in KIN_NOUNS
    named = named and owner.ent_type_ not in PLACES and not known_place(owner.text)
    return named and owner.dep_ == "poss" and mark.dep_ == "case" and mark.lower_ in MARKS


def _owner_start(owner: Any) -> int:
    """Where the owner's own words begin: "St" of "St Luke"."""
    start = int(owner.i)
    while start > owner.sent.start and owner.doc[start - 1].head.i == owner.i:
        if owner.doc[start - 1].dep_ != "compound":
            break
        start -= 1
    return start


PLACES = frozenset({"GPE", "LOC"})
"""Entities of a place, never the saint or founder a name is given after."""
MARKS = frozenset({"'s", "’s", "'", "’"})
"""The marks of a possessor: "St Luke's", "St James' Hospital"."""


def hyphened(relation: str, value: str | None, sentence: Any) -> str | None:
    """A title's ``value`` with the words hyphened to a small word that a reading left out
    or cut ("live nanny" or "carer" in "a live-in nanny", "a live-in carer"; "front
    manager" in "front-of-house manager"); ``value`` itself else. A hyphened word of
    age or quality ("a newly-qualified nurse", "the go-to sparky") stays out."""
    if relation != "job title" or not value:
        return value
    words = value.casefold().split()
    doc = sentence.doc
    span = span_of(sentence, value)
    start = span.start if span is not None else None
    if start is not None and start >= 2 and doc[start - 1].whitespace_:
        first = _glued_back(doc, start - 1)  # "a live-in carer": the chain before the title
        if first < start - 1 and _small_word_in(doc[first:start]):
            return str(doc[first:start].text_with_ws) + value
    for token in (t for t in sentence if t.lower_ == words[0]):
        end = token.i + 1
        while end < len(doc) and not doc[end - 1].whitespace_ and _hyphen_joined(doc, end):
            end += 1
        chain = doc[token.i : end]
        rest = [t.lower_ for t in doc[end : end + len(words) - 1]]
        if len(chain) > 1 and _small_word_in(chain) and rest == words[1:]:
            return str(doc[token.i : end + len(words) - 1].text)  # "live-in nanny"
    return value


def _glued_back(doc: Any, i: int) -> int:
    """The first token of the hyphened chain that ends at ``i`` ("live" of "live-in")."""
    while (
        i >= 2
        and doc[i - 1].text == "-"
        and not doc[i - 2].whitespace_
        and not doc[i - 1].whitespace_
    ):
        i -= 2
    return i


def _hyphen_joined(doc: Any, i: int) -> bool:
    """True for a hyphen at ``i`` or the word after one: "in" of "live-in"."""
    return "-" in (str(doc[i].text), str(doc[i - 1].text))


def _small_word_in(chain: Any) -> bool:
    """A hyphened chain built with a small word: "live-in", "front-of-house", "go-to"."""
    return any(t.lower_ in SMALL for t in chain) and all(t.is_alpha or t.text == "-" for t in chain)


SMALL = frozenset("in at of on up out off by home house".split())
"""Small words a hyphened title is built with: "live-in", "stay-at-home", "in-house"."""
