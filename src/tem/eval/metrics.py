"""Scores: key-entity hit, LLM-free evidence checks, token statistics, LoCoMo F1 and recall.

LoCoMo's token F1 follows the official evaluation code (``task_eval/evaluation.py`` of
snap-research/locomo) step by step, including two details papers rarely mention:
``normalize_answer`` deletes commas first and removes the word "and" along with the
articles; ``f1_score`` stems every token with NLTK's ``PorterStemmer``. Without NLTK
installed, snowballstemmer's ``porter`` stands in (it can differ on a few words, which
:data:`STEMMER` names so reports can say which was used).
"""

from __future__ import annotations

import re
import statistics
import string
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from tem import Version

# --- key-entity hit ------------------------------------------------------------------------

_ARTICLES = re.compile(r"\b(a|an|the)\b")
_PUNCT = re.compile(r"[^\w\s]", re.UNICODE)


def normalize_entity(text: str) -> str:
    """Lowercase, strip punctuation and articles, collapse spaces."""
    cleaned = _PUNCT.sub(" ", text.casefold())
    return " ".join(_ARTICLES.sub(" ", cleaned).split())


def contains_entity(text: str, entity: str) -> bool:
    """Return whether normalized ``entity`` occurs in normalized ``text`` on word edges."""
    gold = normalize_entity(entity)
    if not gold:
        return False
    return f" {gold} " in f" {normalize_entity(text)} "


def key_entity_hit(answer: str, gold: str) -> bool:
    """The paper's key-entity hit: the gold entity is contained in the answer."""
    return contains_entity(answer, gold)


# --- LLM-free evidence checks ----------------------------------------------------------------

_TAG = re.compile(r" \[([^\]]+)\]$")


@dataclass(frozen=True)
class FactLine:
    """One ``- relation | value | source: ...`` line of a ``<Memory>`` block."""

    relation: str
    value: str
    tag: str | None


def fact_lines(block: str) -> list[FactLine]:
    """Parse the fact lines of a rendered block (fields cannot contain `` | `` or brackets)."""
    found = []
    for line in block.splitlines():
        if not line.startswith("- "):
            continue
        tag_match = _TAG.search(line)
        body = line[: tag_match.start()] if tag_match else line
        fields = body[2:].split(" | ")
        if len(fields) >= 3:
            found.append(FactLine(fields[0], fields[1], tag_match[1] if tag_match else None))
    return found


def gold_present(evidence: str, gold: str, *, facts: bool) -> bool:
    """Is the gold entity in the evidence: in a fact line's value, or anywhere in the text."""
    if facts:
        return any(contains_entity(line.value, gold) for line in fact_lines(evidence))
    return contains_entity(evidence, gold)


def right_status(evidence: str, gold: str, *, now: bool) -> bool:
    """Does a fact line holding the gold value carry the expected status?

    "Now" questions need the gold line untagged; questions about the past need it tagged.
    """
    return any(
        contains_entity(line.value, gold) and (line.tag is None) == now
        for line in fact_lines(evidence)
    )


@dataclass(frozen=True)
class Stats:
    """Summary of a sample: mean, quartiles, extremes."""

    n: int
    mean: float
    median: float
    q1: float
    q3: float
    min: float
    max: float


def describe(values: Sequence[float]) -> Stats:
    """Return :class:`Stats` of ``values`` (quartiles by the inclusive method)."""
    if not values:
        return Stats(0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    ordered = sorted(float(v) for v in values)
    q1, median, q3 = (
        statistics.quantiles(ordered, n=4, method="inclusive")
        if len(ordered) > 1
        else [ordered[0]] * 3
    )
    return Stats(len(ordered), statistics.fmean(ordered), median, q1, q3, ordered[0], ordered[-1])


def rate(flags: Iterable[bool | None]) -> float | None:
    """Share of true among the non-None flags, in percent; None when all are None."""
    known = [f for f in flags if f is not None]
    return 100.0 * sum(known) / len(known) if known else None


# --- LoCoMo token F1, as the official code computes it -------------------------------------


@cache
def _porter() -> tuple[str, Callable[[str], str]]:
    try:
        from nltk.stem import PorterStemmer  # type: ignore[import-untyped,import-not-found,unused-ignore]

        nltk_stemmer = PorterStemmer()
        return "nltk", lambda w: str(nltk_stemmer.stem(w))
    except ImportError:
        import snowballstemmer

        snowball = snowballstemmer.stemmer("porter")
        return "snowballstemmer-porter", lambda w: str(snowball.stemWord(w))


def stemmer_name() -> str:
    """Which Porter stemmer F1 uses: "nltk" (as the official code) or the fallback."""
    return _porter()[0]


_LOCOMO_ARTICLES = re.compile(r"\b(a|an|the|and)\b")
_PUNCTUATION = frozenset(string.punctuation)


def normalize_answer(text: str) -> str:
    """The official ``normalize_answer``: drop commas, lowercase, punctuation, a/an/the/and."""
    text = text.replace(",", "").lower()
    text = "".join(ch for ch in text if ch not in _PUNCTUATION)
    return " ".join(_LOCOMO_ARTICLES.sub(" ", text).split())


def f1_score(prediction: str, gold: str) -> float:
    """The official ``f1_score``: F1 over multisets of Porter-stemmed normalized tokens."""
    stem = _porter()[1]
    predicted = [stem(w) for w in normalize_answer(prediction).split()]
    expected = [stem(w) for w in normalize_answer(gold).split()]
    same = sum((Counter(predicted) & Counter(expected)).values())
    if same == 0:
        return 0.0
    precision = same / len(predicted)
    recall = same / len(expected)
    return 2 * precision * recall / (precision + recall)


def f1_multi(prediction: str, gold: str) -> float:
    """The official ``f1`` (multi-hop): mean over gold comma parts of the best part match."""
    predictions = [p.strip() for p in prediction.split(",")]
    golds = [g.strip() for g in gold.split(",")]
    return statistics.fmean(max(f1_score(p, g) for p in predictions) for g in golds)


def locomo_f1(prediction: str, gold: str, category: int) -> float:
    """Token F1 for one question by category code (1 multi-hop, 2 temporal, 3 open, 4 single)."""
    if category == 3:
        gold = gold.split(";")[0].strip()
    if category == 1:
        return f1_multi(prediction, gold)
    if category in (2, 3, 4):
        return f1_score(prediction, gold)
    raise ValueError(f"category {category}: only 1-4 are scored by F1")


# --- LoCoMo gold-evidence recall -------------------------------------------------------------


def evidence_recall(
    gold_ids: Sequence[str], turn_ids: Iterable[str], facts: Iterable[Version] = ()
) -> float | None:
    """Share of gold dia_ids whose turn, or a fact derived from it, is in the evidence.

    A fact counts through its ``metadata["turn_id"]``. None when there is no gold id.
    """
    if not gold_ids:
        return None
    shown = set(turn_ids)
    for version in facts:
        turn_id = version.metadata.get("turn_id")
        if isinstance(turn_id, str):
            shown.add(turn_id)
    return sum(1 for g in gold_ids if g in shown) / len(gold_ids)
