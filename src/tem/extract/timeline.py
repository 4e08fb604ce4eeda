"""A message told as a timeline: an earlier value of a relation that holds one value at a
time ends beside the one that holds now.

"barista at 18, art school dropout at 20, tattoo artist since 2019", "forklift driver at
costco for 5 yrs, now im a lineman", "Addis till 2001, Nairobi for six years, and since
2007 Minneapolis": each value is read alone by the rules and the span model, as holding;
read together, the message places all but one in the past. Code, not the words, decides
which: a value told as now (a "now", "these days", "since", a present verb) holds, and
the others told as past (an age, a closed range of years, "until", a past verb of state,
"used to") end; with none told as now, the last holds when it is told as neither. Values
told alike stay as they were ("I'm a nurse and a yoga teacher"), and so do values told
only by their years ("moved to Oslo in 2015, to Bergen in 2018"): the store orders them by
the times they carry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from tem.extract.facts import Candidate
from tem.extract.kinds import clause_of

SEQUENCED = frozenset({"lives in", "works at", "job title", "studies at", "favorite drink"})
"""Relations of one value at a time whose values a timeline lists one after another."""
NOW = frozenset({"now", "nowadays", "currently", "today", "since", "still"})
"""Words that tell a value as holding now ("these days" is two: see :func:`_told_now`)."""
PAST = frozenset({"until", "till", "til", "originally", "formerly", "used"})
"""Words that tell a value as past: "until 2019", "originally from", "used to"."""
STATES = frozenset({"be", "work", "live", "stay", "reside", "study", "grow", "spend", "serve"})
"""Verbs of a state whose past tense places it in the past ("I was a reporter", "grew up
in Galway", "spent fifteen years at Ericsson"); a past event may start what holds now
("Acme hired me", "put down roots in Galway")."""
YOUTH = frozenset({"kid", "child", "teen", "teenager", "student", "twenties", "thirties"})
"""Ages told by a noun: "Orangina as a kid", "pastis in my twenties"."""
BOUNDS = frozenset({",", ";", ".", "!", "?", "(", ")", ":", "\u2192", "->"})
RANGE = re.compile(r"^(19|20)\d\d[\u2013\u2014-](\d\d|(19|20)\d\d)$")


@dataclass(frozen=True)
class _Told:
    candidate: Candidate
    start: int
    now: bool
    past: bool


def ended_before(doc: Any, candidates: list[Candidate], speaker: str) -> list[Candidate]:
    """``candidates`` (all of one message) with the values a timeline places before the
    one that holds now ended, as of the time told of the one that holds (their anchor
    becomes its: "Addis till 2001, Nairobi for six years, and since 2007 Minneapolis")."""
    ended: dict[int, int] = {}
    for relation in SEQUENCED:
        group = [c for c in candidates if _sequenced(c, relation, speaker)]
        spans = [_span_near(doc, c) for c in group]
        told = [_told(doc, c, s, spans) for c, s in zip(group, spans, strict=True)]
        values = [t for t in told if t is not None]
        if len({(t.candidate.value or "").casefold() for t in values}) > 1:
            ended |= _before_now(values)
    return [
        replace(c, kind="end", anchor=ended[id(c)]) if id(c) in ended else c for c in candidates
    ]


def _sequenced(candidate: Candidate, relation: str, speaker: str) -> bool:
    return (
        candidate.relation == relation
        and candidate.subject == speaker
        and candidate.kind == "assert"
        and bool(candidate.value)
    )


def _before_now(values: list[_Told]) -> dict[int, int]:
    """The candidates among ``values`` that end (by id), each with the anchor of the
    value that holds: those told as past beside one told as now, or, with none told as
    now, before the last when it is told as neither. Values told only by their years
    ("moved to Oslo in 2015, to Bergen in 2018") keep their holding: the store orders
    them by the times they carry."""
    holding = [t for t in values if t.now]
    last = max(values, key=lambda t: t.start)
    if not holding and not last.past:
        holding = [last]
    if not holding:
        return {}
    held = {(t.candidate.value or "").casefold() for t in holding}
    anchor = holding[-1].candidate.anchor
    return {
        id(t.candidate): anchor
        for t in values
        if t.past
        and not t.now
        and (t.candidate.value or "").casefold() not in held
        and (t.start < last.start or holding != [last])
    }


def _told(doc: Any, candidate: Candidate, span: Any, spans: list[Any]) -> _Told | None:
    """How the message tells ``candidate``'s value (at ``span``): the words of its
    stretch of the message, between punctuation and the other values' ``spans``, read
    for now and past."""
    if span is None:
        return None
    others = {t.i for s in spans if s is not None and s.start != span.start for t in s}
    start, end = span.start, span.end
    while start > 0 and doc[start - 1].text not in BOUNDS and start - 1 not in others:
        start -= 1
    while end < len(doc) and doc[end].text not in BOUNDS and end not in others:
        end += 1
    words = doc[start:end]
    forms = [t.lower_ for t in words]
    verb = clause_of(span.root)
    aux = {c.lower_ for c in verb.children if c.dep_ in ("aux", "auxpass")}
    present = verb.tag_ in ("VBP", "VBZ") or verb.tag_ == "VBG" and not aux & {"was", "were"}
    now = present or _told_now(forms) or bool(aux & {"'m", "am", "'re", "is", "'s", "are"})
    past = (
        any(f in PAST for f in forms)
        or any(f in YOUTH for f in forms)
        or _aged(words)
        or any(RANGE.match(f) for f in forms)
        or (verb.tag_ == "VBD" or bool(aux & {"was", "were", "had"}))
        and verb.lemma_ in STATES
        and verb.i >= start
    )
    return _Told(candidate, span.start, now, past)


def _span_near(doc: Any, candidate: Candidate) -> Any | None:
    """The words of ``candidate``'s value nearest its anchor ("My drinks: Orangina as a
    kid, ..." anchors the drink on the heading)."""
    words = (candidate.value or "").casefold().split()
    texts = [t.lower_ for t in doc]
    starts = [i for i in range(len(texts)) if texts[i : i + len(words)] == words]
    if not words or not starts:
        return None
    start = min(starts, key=lambda i: abs(i - candidate.anchor))
    return doc[start : start + len(words)]


def _told_now(forms: list[str]) -> bool:
    pairs = set(zip(forms, forms[1:], strict=False))
    return any(f in NOW for f in forms) or ("these", "days") in pairs


def _aged(words: Any) -> bool:
    """An age told as "at 18": the value held when the speaker was young."""
    return any(t.lower_ == "at" and _age(t.doc[t.i + 1 : t.i + 3]) for t in words)


def _age(words: Any) -> bool:
    """True for an age after "at": "at 18", "at 35"; "at 7" and "at 11" are hours."""
    if not words or not words[0].text.isdigit():
        return False
    after = words[1].lower_ if len(words) > 1 else ""
    return 13 <= int(words[0].text) < 100 and after not in ("am", "pm", "o'clock", ":", "h")
