"""Where the speaker comes from or once was, which is not where they live.

The span model marks places, and the place one was born or raised in reads like a home:
"I was born in Accra", "raised in Marseille", "my hometown is Leeds", "Lagos is where I
grew up", "Oxford is where I studied". :func:`from_origin` and :func:`where_else` say
when a proposed value is such a place (or a school of the past), so that the span
model's guards (:mod:`tem.extract.learned`) drop it.
"""

from __future__ import annotations

from typing import Any

from tem.extract.home_is import LIVING
from tem.extract.kinds import clause_of
from tem.extract.values import children

ORIGINS = frozenset({"grow", "bear", "raise", "bring"})
"""Verbs of where one comes from: "where I grew up", "was born", "was brought up"."""
SETTLING = frozenset({"settle", "put", "land", "end", "move", "drop"})
"""Verbs of arriving for good: "where I finally settled", "where I've put down roots"."""


ORIGIN_NOUNS = frozenset({"hometown", "birthplace"})
ORIGIN_WORDS = frozenset({"native", "home", "birth"})
"""Words before "place", "town" or "country" that make it where one comes from."""


def from_origin(span: Any) -> bool:
    """True for where the speaker comes from, not lives: "I was born in Accra", "raised
    in Marseille", "my native place is Nagpur", "my hometown is Leeds"; not when the
    sentence says they are still there ("born and raised in Lagos and still here", "and
    never left")."""
    if any(t.lower_ in ("still", "here", "never") for t in span.sent):
        return False  # "... and never left"
    verb = clause_of(span.root)
    if verb.lemma_ in ORIGINS:  # "was born", "raised in"; not "raised the rent"
        return verb.tag_ == "VBN" and not children(verb, ("dobj",))
    if verb.lemma_ != "be":
        return False
    for subject in children(verb, ("nsubj",)):
        told = {c.lower_ for c in subject.children if c.dep_ in ("amod", "compound")}
        place = subject.lemma_ in ("place", "town", "village", "city", "country")
        if subject.lemma_ in ORIGIN_NOUNS or place and told & ORIGIN_WORDS:
            return True
    return False


def where_else(span: Any, relation: str) -> bool:
    """True for a value that is where the speaker did something else or once: "Lagos is
    where I grew up", "Oxford is where I studied" (not "Porto is where I live now")."""
    be = span.root.head
    if span.root.dep_ != "nsubj" or be.lemma_ != "be":
        return False
    for clause in children(be, ("advcl", "ccomp", "relcl", "attr")):
        if not children(clause, ("advmod",), ("where",)):
            continue
        if not children(clause, ("nsubj", "nsubjpass"), ("i", "we")):
            continue
        if be.tag_ == "VBD" or clause.lemma_ in ORIGINS:
            return True  # "Leeds was where I lived", "where I was born"
        settled = relation == "lives in" and clause.lemma_ in LIVING | SETTLING
        return clause.tag_ == "VBD" and not settled  # not "where I dropped anchor"
    return False
