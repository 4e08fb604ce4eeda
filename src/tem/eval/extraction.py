"""Scoring an extractor on a labelled set of chat messages, by relation and by style.

A labelled set is JSON Lines, one chat message a row::

    {"id": "deva-001", "session_date": "2024-03-02", "speaker": "Ana", "style": "casual",
     "neg_kind": null, "text": "lol yeah im in porto now", "negative": false,
     "expected": [{"subject": "Ana", "relation": "lives in", "value": "Porto",
                   "accept": ["Porto, Portugal"], "kind": "assert"}]}

Only the relations a set labels are scored (:func:`scored_relations`): a fact of another
relation ("learning", "plan") is neither right nor wrong, and neither is a fact about
someone the row labels nothing about ("Ana's sister | works at | Apple" is allowed when
the labels describe the speaker alone). A predicted fact matches an expected one when
the subject (ignoring case), relation and kind are equal and the values are equal after
:func:`normal_value` (or equal one of the ``accept`` forms). An ``end`` with no value
("I quit") matches an expected ``end`` of the same relation. A negative row is *rejected*
when no scored fact about the speaker comes out of it.

The rules were fixed before any extractor was run on the sets under ``tests/data``.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tem.core.session import Session, Turn
from tem.extract import ExtractedFact

Row = dict[str, Any]
LEADING = re.compile(r"^(?:(?:a|an|the|my|our|some)\s+)+")
PUNCT = re.compile(r"[^\w\s'&+-]")


def load_rows(path: Path) -> list[Row]:
    """Return the rows of a labelled set (JSON Lines)."""
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def row_session(row: Row) -> Session:
    """The one-turn (or few-turn) session a row stands for, dated on its session day."""
    day = datetime.fromisoformat(row["session_date"]).replace(tzinfo=UTC)
    spoken = row.get("turns") or [{"speaker": row["speaker"], "text": row["text"]}]
    turns = tuple(Turn(t["speaker"], t["text"], i) for i, t in enumerate(spoken))
    return Session(id=str(row["id"]), observed_at=day, turns=turns)


def text_of(row: Row) -> str:
    """The row's message, or its turns joined ("Ana: ... | Ben: ...") for a few-turn row."""
    if "text" in row:
        return str(row["text"])
    return " | ".join(f"{t['speaker']}: {t['text']}" for t in row.get("turns", ()))


def style_of(row: Row) -> str:
    """The row's phrasing style; older sets call it ``category``."""
    if row.get("negative"):
        return "negative"
    return str(row.get("style") or row.get("category") or "plain")


def normal_value(value: str | None) -> str:
    """Casefolded, without punctuation, leading articles/possessives or a plural -s."""
    text = PUNCT.sub(" ", (value or "").casefold().replace("’", "'"))
    text = LEADING.sub("", " ".join(text.split()))
    words = text.split()
    if words and len(words[-1]) > 3 and words[-1].endswith("s") and not words[-1].endswith("ss"):
        words[-1] = words[-1][:-1]
    return " ".join(words)


def scored_relations(rows: Iterable[Row]) -> frozenset[str]:
    """Every relation some row of the set labels."""
    return frozenset(e["relation"] for row in rows for e in row["expected"])


def _matches(fact: ExtractedFact, expected: dict[str, Any]) -> bool:
    if fact.relation != expected["relation"] or fact.kind != expected["kind"]:
        return False
    if fact.subject.casefold() != expected["subject"].casefold():
        return False
    if fact.value is None:
        return fact.kind == "end"
    forms = [expected.get("value"), *expected.get("accept", ())]
    return normal_value(fact.value) in {normal_value(f) for f in forms if f}


def _same_day(fact: ExtractedFact, expected: str | None) -> bool:
    found = None if fact.valid_from is None else fact.valid_from.date().isoformat()
    return found == expected


@dataclass
class Tally:
    """True/false positives and misses, counted under one key (a relation or a style)."""

    tp: Counter[str] = field(default_factory=Counter)
    fp: Counter[str] = field(default_factory=Counter)
    fn: Counter[str] = field(default_factory=Counter)

    def precision(self, key: str | None = None) -> float:
        tp, fp = self._sum(self.tp, key), self._sum(self.fp, key)
        return tp / (tp + fp) if tp + fp else 1.0

    def recall(self, key: str | None = None) -> float:
        tp, fn = self._sum(self.tp, key), self._sum(self.fn, key)
        return tp / (tp + fn) if tp + fn else 1.0

    def labels(self) -> list[str]:
        return sorted(set(self.tp) | set(self.fp) | set(self.fn))

    @staticmethod
    def _sum(counter: Counter[str], key: str | None) -> int:
        return sum(counter.values()) if key is None else counter[key]


@dataclass
class Score:
    """A labelled set's score: by relation, by style, negatives by kind, and the misses."""

    relations: frozenset[str]
    by_relation: Tally = field(default_factory=Tally)
    by_style: Tally = field(default_factory=Tally)
    negatives: Counter[str] = field(default_factory=Counter)
    rejected: Counter[str] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    dated: int = 0
    dates_right: int = 0

    def add(self, row: Row, facts: list[ExtractedFact]) -> None:
        """Score one row's predicted facts."""
        subjects = {row["speaker"].casefold(), *(e["subject"].casefold() for e in row["expected"])}
        own = [
            f for f in facts if f.relation in self.relations and f.subject.casefold() in subjects
        ]
        style = style_of(row)
        if row.get("negative"):
            kind = str(row.get("neg_kind") or "negative")
            self.negatives[kind] += 1
            self.rejected[kind] += not own
        left = list(row["expected"])
        for fact in own:
            hit = next((e for e in left if _matches(fact, e)), None)
            if hit is None:
                self.by_relation.fp[fact.relation] += 1
                self.by_style.fp[style] += 1
                shown = (fact.relation, fact.value, fact.kind)
                self.errors.append(f"FP {row['id']} [{style}] {shown} <- {text_of(row)!r}")
                continue
            left.remove(hit)
            if "valid_from" in hit:
                self.dated += 1
                self.dates_right += _same_day(fact, hit["valid_from"])
            self.by_relation.tp[fact.relation] += 1
            self.by_style.tp[style] += 1
        for miss in left:
            self.by_relation.fn[miss["relation"]] += 1
            self.by_style.fn[style] += 1
            shown = (miss["relation"], miss["value"], miss["kind"])
            self.errors.append(f"FN {row['id']} [{style}] {shown} <- {text_of(row)!r}")

    def negatives_rejected(self) -> float:
        total = sum(self.negatives.values())
        return sum(self.rejected.values()) / total if total else 1.0


def score_rows(rows: list[Row], predicted: Iterable[list[ExtractedFact]]) -> Score:
    """Score each row against the facts predicted for it (same order)."""
    score = Score(relations=scored_relations(rows))
    for row, facts in zip(rows, predicted, strict=True):
        score.add(row, facts)
    return score


def table_lines(score: Score) -> Iterator[str]:
    """The score as plain-text tables: by relation, by style, negatives by kind."""
    for title, tally in (("relation", score.by_relation), ("style", score.by_style)):
        yield f"{'by ' + title:<22}{'tp':>5}{'fp':>5}{'fn':>5}{'prec':>8}{'recall':>8}"
        for key in [*tally.labels(), None]:
            name = "OVERALL" if key is None else key
            tp = Tally._sum(tally.tp, key)
            fp, fn = Tally._sum(tally.fp, key), Tally._sum(tally.fn, key)
            p, r = tally.precision(key), tally.recall(key)
            yield f"{name:<22}{tp:>5}{fp:>5}{fn:>5}{p:>8.3f}{r:>8.3f}"
        yield ""
    yield f"{'negative kind':<22}{'rows':>5}{'rejected':>10}"
    for kind in sorted(score.negatives):
        yield f"{kind:<22}{score.negatives[kind]:>5}{score.rejected[kind]:>10}"
    total = sum(score.negatives.values())
    yield f"{'OVERALL':<22}{total:>5}{sum(score.rejected.values()):>10}"


FLOOR_MARGIN = 0.03
"""How far a figure may fall below the one recorded before a test calls it a regression."""


def figures(score: Score) -> dict[str, float]:
    """The score as flat figures: ``P:<relation>``, ``R:<style>``, ``negatives``, ..."""
    out = {"P": score.by_relation.precision(), "R": score.by_relation.recall()}
    for key in score.by_relation.labels():
        out[f"P:{key}"] = score.by_relation.precision(key)
        out[f"R:{key}"] = score.by_relation.recall(key)
    for key in score.by_style.labels():
        if key != "negative":
            out[f"R:style:{key}"] = score.by_style.recall(key)
    out["negatives"] = score.negatives_rejected()
    return out


def floors(score: Score, margin: float = FLOOR_MARGIN) -> dict[str, float]:
    """Each figure less ``margin`` (never below 0), rounded down to two decimals."""
    return {k: max(0.0, int((v - margin) * 100) / 100) for k, v in figures(score).items()}
