"""What a later "now" supersedes: an item of a list before the one that holds now ("I've
lived in Naples, Rome and Turin, and now Bologna": Naples, Rome and Turin ended), or a
value told before another of the same relation after "now" ("line cook, then sous chef,
now head chef"). A clause in the present tense adds, it ends nothing ("I speak English,
Hindi and now German").
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tem.extract.facts import Candidate
from tem.extract.kinds import clause_of, is_animal, span_of


def superseded(span: Any) -> bool:
    """True when ``span`` is an item of a list whose later item is what holds "now": "I've
    lived in Naples, Rome and Turin, and now Bologna", "worked at Aldi, then Lidl, now
    Tesco" (Naples, Turin, Aldi and Lidl ended)."""
    root = span.root
    first = root
    while first.dep_ in LISTED_DEPS and first.head.i < first.i:
        first = first.head
    items = [t for t in first.subtree if t.i == first.i or _listed_under(t, first)]
    later = [t for t in items if t.i > root.i and t.pos_ == root.pos_ and _now_marked(t)]
    if is_animal(root):  # "a border collie, two guinea pigs, and now a baby": one more
        later = [t for t in later if is_animal(t)]
    return root.pos_ in ("NOUN", "PROPN") and bool(later) and not told_as_present(root)


def told_as_present(token: Any) -> bool:
    """True when ``token``'s clause is in the present tense: "I speak English, Hindi and
    now German" adds German, it ends nothing."""
    return clause_of(token).tag_ in ("VBP", "VBZ")


LISTED_DEPS = ("conj", "appos")


def _listed_under(token: Any, first: Any) -> bool:
    while token.dep_ in LISTED_DEPS and token.head.i != token.i:
        token = token.head
        if token.i == first.i:
            return True
    return False


def _now_marked(item: Any) -> bool:
    before = item.doc[item.left_edge.i - 1] if item.left_edge.i > 0 else None
    return any(is_now(c) for c in item.lefts) or (before is not None and is_now(before))


NOW_WORDS = frozenset({"now", "nowadays"})


def is_now(token: Any) -> bool:
    """A "now" that says what replaced what came before ("and now also English" adds)."""
    after = token.doc[token.i + 1 : token.i + 2].text.casefold()
    return token.lower_ in NOW_WORDS and after not in ("also", "too", "even")


def superseded_by_now(found: Candidate, sentence: Any, candidates: list[Candidate]) -> Candidate:
    """A value told before what holds "now" ended, whoever read it: "I've lived in
    Naples, Rome and Turin, and now Bologna" (:func:`superseded`), "line cook,
    then sous chef, now head chef" (another value of the same relation after "now")."""
    span = span_of(sentence, found.value or "")
    if found.kind != "assert" or span is None:
        return found
    nows = [t.i for t in sentence[span.end - sentence.start :] if is_now(t)]
    after = [
        span_of(sentence.doc[nows[0] :], c.value or "")
        for c in candidates
        if nows
        and (c.subject, c.relation, c.kind) == (found.subject, found.relation, "assert")
        and c.value
    ]
    near = 8 if found.relation in ("works at", "studies at") else 3  # "now junior analyst at mBank"
    told = any(s is not None and s.start <= nows[0] + near for s in after)
    if superseded(span) or told and not told_as_present(span.root):
        return replace(found, kind="end")
    return found
