"""When a clause's fact started: the time expression attached to its trigger.

Durations count back from the session date: "I spent two years in Lisbon" and
"I've lived here for two years" both give session date minus two years (we do not
chain durations off other events in the sentence). A clause without its own time
expression gets None, which means "the session date".
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from tem.extract.dates import parse_duration, resolve_time, subtract

Token = Any
CLAUSE_POS = frozenset({"VERB", "AUX"})
END_MARKERS = frozenset({"until", "till", "through", "by"})
DURATION_MARKERS = frozenset({"for", "spend", "spent"})


def clause_time(anchor: Token, reference: datetime) -> datetime | None:
    """Return the start time stated in ``anchor``'s clause, or None."""
    clause = _clause_head(anchor)
    for ent in anchor.sent.ents:
        if ent.label_ != "DATE" or _clause_head(ent.root, skip_self=True).i != clause.i:
            continue
        found = _resolve(ent, reference)
        if found is not None and found <= reference + timedelta(days=1):
            return found
    return None


def _clause_head(token: Token, *, skip_self: bool = False) -> Token:
    if not skip_self and token.pos_ in CLAUSE_POS:
        return token
    while token.head.i != token.i:
        token = token.head
        if token.pos_ in CLAUSE_POS:
            return token
    return token


def _resolve(ent: Any, reference: datetime) -> datetime | None:
    before = ent.doc[ent.start - 1].lower_ if ent.start > 0 else ""
    text = ent.text
    if before in END_MARKERS:
        return None
    duration = parse_duration(_strip_past(text))
    if duration is not None:
        if before in DURATION_MARKERS or ent.root.head.lemma_ == "spend":
            return subtract(reference, *duration)
        return None
    if before in ("since", "in"):
        text = f"{before} {text}"
    return resolve_time(text, reference=reference)


def _strip_past(text: str) -> str:
    words = text.casefold().split()
    while words and words[0] in ("the", "past", "last", "almost", "nearly", "about", "over"):
        words = words[1:]
    return " ".join(words)
