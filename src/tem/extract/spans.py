"""How long a state lasted, told in the past: over. "I was married to Akua for ten
years", "I lived in Turin until 2022", "I was a dentist in Kharkiv before the war",
"formerly a translator": the fact is an ending (:func:`tem.extract.farewells.parted`
asks). The present perfect ("I've lived here for five years"), "still" or "now", a span
up to now or still ahead, a moment ("two years ago", "two days before") and a change told
before something ("moved to Leeds before the pandemic") hold.
"""

from __future__ import annotations

from typing import Any

from tem.extract import filters
from tem.extract.kinds import clause_of
from tem.extract.lexicon import SENDING

Token = Any

MILESTONES = frozenset({"hit", "reach", "celebrate", "mark", "clock", "turn"})
"""Verbs whose span of time is a milestone reached, not a period over: "my gf Rosa and I
just *hit* 2 years", "we *celebrated* ten years"; nor is that of a verb of sending
(:data:`tem.extract.lexicon.SENDING`: "sent me to Abuja for two weeks" is a trip)."""
FORMERLY = frozenset({"formerly", "previously"})
"""Words that put what they qualify in the past: "*formerly* a translator"."""
PERIODS = frozenset({"year", "month", "decade", "week", "yr", "yrs"})
"""Units of a span of time: "for twenty *years*"."""


def period_over(token: Token) -> bool:
    """True in a clause in the simple past that says how long it lasted: "I *was*
    married to Akua for ten years", "I *lived* in Turin until 2022" (the present
    perfect, "I've lived here for five years", still holds, as does a clause that says
    "still" or "now")."""
    verb = token
    for _ in range(6):
        if verb.pos_ in ("VERB", "AUX") and verb.dep_ not in ("aux", "auxpass"):
            break
        if verb.head.i == verb.i:
            return False
        verb = verb.head
    else:
        return False
    if not simple_past(verb) or verb.lemma_ in MILESTONES | SENDING or filters.blocked(verb):
        return False
    if any(c.dep_ == "mark" and c.lower_ == "since" for c in verb.children):
        return False  # "Two years since I swapped Munich for Vienna": counted from it
    near = _near(verb)
    words = {c.lower_ for t in near for c in t.children}
    if words & {"have", "has", "'ve", "'s", "still", "now"}:
        return False
    return any(_lasted(c) for t in near for c in t.children)


UNTIL = ("until", "till", "til")
STATES = frozenset({"be", "live", "work", "study", "teach", "stay"})
"""Verbs of a state, which "before" something ends ("I was a dentist before the war");
a change told before something ("moved to Leeds before the pandemic") still holds."""
HELD_BEFORE = frozenset({"job title", "works at", "lives in", "studies at"})
"""What a state held before something happened is: a post, a home, a school."""


def held_before(anchor: Token) -> bool:
    """A state in the simple past that held "before" an event or a clause: "I was a
    dentist in Kharkiv before the war", "I was a teacher before I retrained"; not a
    change ("moved to Leeds before the pandemic") nor a moment ("married two days
    before my first night shift")."""
    verb = clause_of(anchor)
    if verb.lemma_ not in STATES or not simple_past(verb) or filters.blocked(verb):
        return False
    for child in (c for t in _near(verb) for c in t.children):
        timed = any(c.dep_ == "npadvmod" for c in child.children)  # "two days before"
        if child.lower_ == "before" and child.dep_ == "prep" and not timed:
            return any(o.dep_ == "pobj" and o.pos_ == "NOUN" for o in child.children)
        marked = any(c.dep_ == "mark" and c.lower_ == "before" for c in child.children)
        if child.dep_ == "advcl" and marked:
            return True
    return False


def _near(verb: Token) -> list[Token]:
    """``verb`` and its complement, whose words say how long or until when: "was *married*
    to Akua for ten years", "was *a dentist* before the war"."""
    return [verb, *(c for c in verb.children if c.dep_ in ("acomp", "attr", "xcomp"))]


def simple_past(verb: Token) -> bool:
    """ "I *worked*", and the speaker's passive "I *was employed* by the Co-operative
    Bank" (not a thing's: "my master's was paused for a year")."""
    if verb.tag_ == "VBD":
        return True
    helpers = [c.lower_ for c in verb.children if c.dep_ in ("aux", "auxpass")]
    subjects = [c.lower_ for c in verb.children if c.dep_ == "nsubjpass"]
    return verb.tag_ == "VBN" and helpers in (["was"], ["were"]) and subjects in (["i"], ["we"])


def formerly(span: Any | None, anchor: Token) -> bool:
    """ "*formerly* a translator at the European Commission", "I was *previously* a
    nurse": a word on the value (its ``span``) or its clause puts it in the past."""
    token = anchor if span is None else span.root
    for _ in range(4):
        if any(c.dep_ == "advmod" and c.lower_ in FORMERLY for c in token.children):
            return True
        if token.pos_ in ("VERB", "AUX") or token.head.i == token.i:
            return False
        token = token.head
    return False


def _lasted(token: Token) -> bool:
    """ "for ten years" (a "for" whose object is a span of time), "ten years" alone, or
    "until 2022" (an end said by its date); not a moment ("last year", "two years ago",
    "two weeks into my placement")
    nor a span up to now ("for the past five years") or still ahead ("for another year")."""
    if token.dep_ == "prep" and token.lower_ == "for":
        return any(_span(o) for o in token.children if o.dep_ == "pobj")
    if token.dep_ == "prep" and token.lower_ in UNTIL:
        return any(o.ent_type_ == "DATE" for o in token.children if o.dep_ == "pobj")
    if token.dep_ == "advcl" and simple_past(token):  # "till I retired", "until I was let go"
        return any(c.dep_ == "mark" and c.lower_ in UNTIL for c in token.children)
    counted = any(c.dep_ == "nummod" for c in token.children)
    after = token.doc[token.i + 1 : token.i + 2]  # "two weeks into my placement"
    into = any(t.lower_ == "into" for t in after) or any(
        c.lower_ == "in" and not any(c.children) for c in token.children
    )  # "two years in, we split"
    return token.dep_ == "npadvmod" and counted and not into and _span(token)


def _span(unit: Token) -> bool:
    words = {c.lower_ for c in unit.children}
    ahead = {"next", "another", "further", "more"}  # "renewed my contract for another two years"
    return unit.lemma_ in PERIODS and not words & {"last", "past", "this", "ago", *ahead}
