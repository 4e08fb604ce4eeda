"""A pet or a home the speaker parted with: "our beagle Pepper crossed the rainbow
bridge", "moved out of my flat in Hackney".

Whoever read a pet ("my ferret Bandit", "our old tortoise Horace"), the clause it
sits in may say the pet is gone: it died or passed away, was put down or to sleep,
crossed the rainbow bridge, was rehomed, given away or lost. Whoever read a home
("my place in Enugu"), the verb that takes the home may say the speaker left it: left
or sold it, moved out of it, handed back its keys. Then the pet or the place is no
longer the speaker's, and the fact is an ending, never a holding. A blocked clause
("I'd never rehome Bandit", "if I left my flat") says nothing of the kind.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tem.extract import filters
from tem.extract.facts import Candidate
from tem.extract.lexicon import HOME_NOUNS
from tem.extract.subjects import SELF

Token = Any

GONE = frozenset({"die", "rehome", "euthanize", "euthanise", "bury"})
"""Verbs that say a pet is gone on their own: "Biscuit died", "we rehomed Bandit"; and
"lose" when the speaker lost it ("we lost Max in May"; a dog that "got lost" came home)."""
GONE_WITH = {"pass": "away on", "put": "down sleep", "give": "away", "cross": "bridge"}
"""Verbs that say it with one of these words after them: "passed away", "put down",
"put to sleep", "gave away", "crossed the rainbow bridge"."""


LEFT_HOME = frozenset({"leave", "vacate", "sell", "quit", "flee"})
"""Verbs whose object is a home the speaker no longer lives in: "left my flat in X"."""


def parted(candidate: Candidate, doc: Any) -> Candidate:
    """``candidate`` as ended when it is a pet or a home the speaker parted with."""
    if candidate.kind != "assert":
        return candidate
    if candidate.relation == "has pet":
        verb = _clause(doc[candidate.anchor])
        gone = verb is not None and _gone(verb)
    elif candidate.relation == "lives in" and candidate.value:
        verb = _home_left(doc[candidate.anchor].sent, candidate.value)
        gone = verb is not None
    else:
        return candidate
    if verb is None or not gone or filters.blocked(verb):
        return candidate
    return replace(candidate, kind="end")


def _home_left(sentence: Any, place: str) -> Token | None:
    """The verb by which the speaker left the home ``place`` is in: "Left my flat in
    *Hackney*", "moved out of my parents' place in *Enugu*", "handed back the keys to my
    place in *Istanbul*"."""
    first = place.split()[0].casefold()
    for token in sentence:
        if token.lower_ != first or token.dep_ != "pobj" or token.head.lower_ != "in":
            continue
        home = token.head.head
        if home.pos_ == "VERB":  # "Left my flat | in Hackney": the place hangs on the verb
            home = next((c for c in home.children if c.dep_ == "dobj"), home)
        if home.lemma_ not in HOME_NOUNS:
            continue
        verb = _clause(home)
        if verb is not None and _leaves(verb, home):
            return verb
    return None


def _leaves(verb: Token, home: Token) -> bool:
    words = {t.lower_ for t in verb.children}
    if verb.lemma_ in LEFT_HOME and home.dep_ == "dobj":
        return True
    out_of = home.dep_ == "pobj" and home.head.lower_ in ("of", "out")
    if verb.lemma_ == "move" and "out" in words and out_of:
        return True  # "moved out of my place in Turin" (not "out of Perth to a place in X")
    return verb.lemma_ in ("hand", "give") and any(t.lemma_ == "key" for t in verb.subtree)


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
