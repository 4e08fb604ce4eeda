"""A pet the speaker parted with: "our beagle Pepper crossed the rainbow bridge".

Whoever read a pet ("my ferret Bandit", "our old tortoise Horace"), the clause it
sits in may say the pet is gone: it died or passed away, was put down or to sleep,
crossed the rainbow bridge, was rehomed, given away or lost. Then the pet is no
longer the speaker's, and the fact is an ending, never a holding. A blocked clause
("I'd never rehome Bandit", "if Pepper died") says nothing of the kind.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tem.extract import filters
from tem.extract.facts import Candidate
from tem.extract.subjects import SELF

Token = Any

GONE = frozenset({"die", "rehome", "euthanize", "euthanise", "bury"})
"""Verbs that say a pet is gone on their own: "Biscuit died", "we rehomed Bandit"; and
"lose" when the speaker lost it ("we lost Max in May"; a dog that "got lost" came home)."""
GONE_WITH = {"pass": "away on", "put": "down sleep", "give": "away", "cross": "bridge"}
"""Verbs that say it with one of these words after them: "passed away", "put down",
"put to sleep", "gave away", "crossed the rainbow bridge"."""


def parted(candidate: Candidate, doc: Any) -> Candidate:
    """``candidate`` as ended when it is a pet its clause says the speaker parted with."""
    if candidate.relation != "has pet" or candidate.kind != "assert":
        return candidate
    verb = _clause(doc[candidate.anchor])
    if verb is None or filters.blocked(verb) or not _gone(verb):
        return candidate
    return replace(candidate, kind="end")


def _clause(token: Token) -> Token | None:
    """The verb above ``token`` in its clause (through "had to", "had ... put down")."""
    for _ in range(6):
        if token.pos_ == "VERB":
            return token
        if token.head.i == token.i:
            return None
        token = token.head
    return None


def _gone(verb: Token) -> bool:
    lemma = verb.lemma_
    if lemma in GONE:
        return True
    if lemma == "lose":
        return any(c.dep_ == "nsubj" and c.lower_ in SELF for c in verb.children)
    words = GONE_WITH.get(lemma)
    if words is None:
        return False
    after = {t.lower_ for t in verb.subtree if t.i > verb.i}
    return bool(after & set(words.split()))
