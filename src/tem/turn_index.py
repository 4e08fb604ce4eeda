"""Rank a scope's original turns for a question: lexical and semantic, turns and windows.

Each turn is indexed three times: alone, as a *window* (the turn with its neighbour on
each side, same session) and as a *wide window* (two on each side), so a reply such as
"Yes, last Tuesday!" is found through the question it answers, and an answer two
turns away from the question's words through the wide one; the evidence still shows
only the turn. Up to six rankings (BM25 and cosine over each; cosine only with an
embedder) are merged by reciprocal-rank fusion, which needs no score calibration
between them. On LoCoMo the wide windows took TEM-Hybrid's recall from 78.8 % to 80.6 %
at 600 tokens and from 83.5 % to 84.5 % at 1000 (docs/results/locomo). Then dates count:
a turn gains :data:`SESSION_BOOST` when its session's date falls in a period the
question names ("on 7 July, 2023", "in March 2023"), and
:data:`EVENT_BOOST` when it mentions a relative time ("last week") that resolves
into that period; and :data:`SPEAKER_BOOST` when the question names its speaker.

BM25 is pure Python (a few hundred to a few thousand turns per scope); numpy and
the embedder are touched only when a semantic ranking is asked for.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tem.core.session import TurnRecord
from tem.events import DatedEvent, events_of, in_periods
from tem.periods import Mention, Period, question_periods
from tem.retrieve import STOPWORDS, stem, words

if TYPE_CHECKING:
    from tem.embed import Embedder
    from tem.store.base import Store

RRF_K = 20
"""Reciprocal-rank fusion constant: a list's rank r contributes 1 / (RRF_K + r). Below the
usual 60 the top of each list counts more; on LoCoMo 20 gave +2 points of recall at 600
tokens over 60 (10 the same as 20, 120 ten points worse): the one constant tuned there."""
SESSION_BOOST = 0.025
"""Added per fused list to a turn whose session date falls in (or just after) a period the
question names: about half a top rank's 1 / (RRF_K + 1)."""
EVENT_BOOST = 0.0167
"""Added per fused list to a turn whose own relative time resolves into such a period."""
SPEAKER_BOOST = 0.005
"""Added per fused list to a ranked turn whose speaker the question names: what
Caroline did is mostly told by Caroline. A tenth of a top rank's 1 / (RRF_K + 1), so it
orders turns of similar relevance and never lifts an unrelated one: on LoCoMo +2.1
points of recall at 600 tokens, temporal questions +3.7."""
CACHED_QUERIES = 256
"""Question vectors and rankings kept per index (an agent, or a benchmark, asks again)."""
REPORT_DAYS = {"day": 1, "week": 10, "month": 10, "year": 0}
"""Days after a period a session may still report on it, by the period's length."""


@dataclass(frozen=True)
class Ranking:
    """Which signals take part: lexical and/or semantic, over turns and/or windows."""

    lexical: bool = True
    semantic: bool = True
    turns: bool = True
    windows: bool = True
    wide: bool = True
    dates: bool = True
    speakers: bool = True


@dataclass(frozen=True)
class RankedTurn:
    """A turn, its fused score, and the relative times it mentions, resolved."""

    turn: TurnRecord
    score: float
    mentions: tuple[Mention, ...] = ()


def document(turn: TurnRecord) -> str:
    """Return the text a turn is indexed as: its speaker and words."""
    return f"{turn.speaker}: {' '.join(turn.text.split())}"


def _terms(text: str) -> list[str]:
    return [stem(w) for w in words(text) if w not in STOPWORDS]


class Bm25:
    """Okapi BM25 over a fixed list of documents (an inverted index of stems)."""

    def __init__(self, texts: Sequence[str], k1: float = 1.2, b: float = 0.75) -> None:
        self.k1, self.b = k1, b
        self.lengths = []
        self.postings: dict[str, list[tuple[int, int]]] = defaultdict(list)
        for i, text in enumerate(texts):
            counts = Counter(_terms(text))
            self.lengths.append(sum(counts.values()))
            for term, count in counts.items():
                self.postings[term].append((i, count))
        self.average = sum(self.lengths) / len(self.lengths) if self.lengths else 1.0

    def scores(self, query: str) -> dict[int, float]:
        """Return the positive BM25 score of each document matching ``query``."""
        n = len(self.lengths)
        found: dict[int, float] = defaultdict(float)
        for term in dict.fromkeys(_terms(query)):
            posting = self.postings.get(term, ())
            if not posting:
                continue
            idf = math.log(1 + (n - len(posting) + 0.5) / (len(posting) + 0.5))
            for i, count in posting:
                norm = count + self.k1 * (1 - self.b + self.b * self.lengths[i] / self.average)
                found[i] += idf * count * (self.k1 + 1) / norm
        return found


def fuse(
    rankings: Sequence[Sequence[int]], weights: Sequence[float] | None = None
) -> dict[int, float]:
    """Reciprocal-rank fusion: each list adds ``weight / (RRF_K + rank)`` (rank from 1)."""
    fused: dict[int, float] = defaultdict(float)
    for n, ranking in enumerate(rankings):
        weight = 1.0 if weights is None else weights[n]
        for rank, item in enumerate(ranking, start=1):
            fused[item] += weight / (RRF_K + rank)
    return fused


def _ordered(scores: dict[int, float]) -> list[int]:
    return sorted(scores, key=lambda i: (-scores[i], i))


class TurnIndex:
    """One scope's turns ranked for questions (see the module doc).

    ``turns`` in any order; they are kept by (session date, session, index), and
    ``radius`` neighbours on each side (same session) make a turn's window, and
    ``wide_radius`` its wide window.
    """

    def __init__(
        self,
        turns: Sequence[TurnRecord],
        embedder: Embedder | None = None,
        radius: int = 1,
        wide_radius: int = 2,
    ) -> None:
        self.turns = sorted(turns, key=lambda t: (t.observed_at, t.session_id, t.index))
        self.embedder = embedder
        texts = [document(t) for t in self.turns]
        self.windows = [self._window(texts, i, radius) for i in range(len(texts))]
        self.wide = [self._window(texts, i, wide_radius) for i in range(len(texts))]
        self.texts = texts
        self.folded_speakers = [" ".join(words(t.speaker)) for t in self.turns]
        self.speakers = frozenset(s for s in self.folded_speakers if s)
        self.documents = {"turns": texts, "windows": self.windows, "wide": self.wide}
        self.lexical = {kind: Bm25(docs) for kind, docs in self.documents.items()}
        self.events: list[list[DatedEvent]] = [events_of(t) for t in self.turns]
        self._vectors: dict[str, Any] = {}
        self._queries: dict[str, Any] = {}
        self._ranked: dict[tuple[str, Ranking], list[RankedTurn]] = {}

    def _window(self, texts: Sequence[str], i: int, radius: int) -> str:
        session = self.turns[i].session_id
        lo, hi = max(0, i - radius), min(len(texts), i + radius + 1)
        return "\n".join(texts[j] for j in range(lo, hi) if self.turns[j].session_id == session)

    def __len__(self) -> int:
        return len(self.turns)

    def vectors(self, kind: str) -> Any:
        """Return the unit vectors of the turns (``"turns"``) or windows, embedded once."""
        if kind not in self._vectors:
            assert self.embedder is not None
            texts = self.documents[kind]
            self._vectors[kind] = self.embedder.embed(texts) if texts else None
        return self._vectors[kind]

    def _query_vector(self, question: str) -> Any:
        found = self._queries.pop(question, None)
        if found is None:
            assert self.embedder is not None
            found = self.embedder.embed([question])[0]
            if len(self._queries) >= CACHED_QUERIES:
                self._queries.pop(next(iter(self._queries)))
        self._queries[question] = found  # most recently used last
        return found

    def rankings(self, question: str, ranking: Ranking) -> list[list[int]]:
        """Return each asked ranking as turn positions, best first."""
        asked = (("turns", ranking.turns), ("windows", ranking.windows), ("wide", ranking.wide))
        kinds = [k for k, on in asked if on]
        found: list[list[int]] = []
        if ranking.lexical:
            found += [_ordered(self.lexical[k].scores(question)) for k in kinds]
        if ranking.semantic and self.embedder is not None and self.turns:
            query = self._query_vector(question)
            for kind in kinds:
                cosines = self.vectors(kind) @ query
                found.append([int(i) for i in (-cosines).argsort(kind="stable")])
        return found

    def rank(self, question: str, ranking: Ranking | None = None) -> list[RankedTurn]:
        """Return the turns with a fused score above zero, best first."""
        ranking = ranking or Ranking()
        key = (question, ranking)
        if key in self._ranked:
            return self._ranked[key]
        if len(self._ranked) >= CACHED_QUERIES:
            self._ranked.pop(next(iter(self._ranked)))
        self._ranked[key] = self._rank(question, ranking)
        return self._ranked[key]

    def _fused(self, question: str, ranking: Ranking) -> dict[int, float]:
        """Each matching turn position's fused score, boosts included."""
        found = self.rankings(question, ranking)
        fused = fuse(found)
        if ranking.dates:
            self._boost(fused, question_periods(question), len(found))
        if ranking.speakers:
            self._favour_speakers(fused, question, len(found))
        return fused

    def _rank(self, question: str, ranking: Ranking) -> list[RankedTurn]:
        fused = self._fused(question, ranking)
        return [
            RankedTurn(self.turns[i], fused[i], tuple(e.mention for e in self.events[i]))
            for i in _ordered(fused)
        ]

    def ranked_events(self, question: str, ranking: Ranking | None = None) -> list[DatedEvent]:
        """Return the dated events of the turns ranked for ``question``, best turn first;
        when the question names a period ("in May 2023"), only the events inside it."""
        fused = self._fused(question, ranking or Ranking())
        events = [e for i in _ordered(fused) for e in self.events[i]]
        periods = question_periods(question)
        return in_periods(events, periods) if periods else events

    def _boost(self, fused: dict[int, float], periods: Sequence[Period], lists: int) -> None:
        """Add the date boosts, scaled by the number of fused lists (their weight in RRF)."""
        if not periods:
            return
        for i, turn in enumerate(self.turns):
            bonus = 0.0
            for period in periods:
                if period.near(turn.observed_at, _report_days(period)):
                    bonus = max(bonus, SESSION_BOOST)
                if any(e.within(period) for e in self.events[i]):
                    bonus = max(bonus, EVENT_BOOST + (SESSION_BOOST if bonus else 0.0))
            if bonus:
                fused[i] = fused.get(i, 0.0) + bonus * max(lists, 1)

    def _favour_speakers(self, fused: dict[int, float], question: str, lists: int) -> None:
        """Add :data:`SPEAKER_BOOST` to the ranked turns of each speaker the question names
        (by first name or whole name, "Caroline's" too)."""
        asked = set(words(question))
        named = {s for s in self.speakers if named_in(s.split(), asked)}
        if not named:
            return
        for i in fused:
            if self.folded_speakers[i] in named:
                fused[i] += SPEAKER_BOOST * max(lists, 1)


def named_in(name: Sequence[str], asked: set[str]) -> bool:
    """True when the words ``asked`` name someone whose name has the words ``name``
    (folded, :func:`tem.retrieve.words`): whole, or by the first name."""
    return bool(name) and (set(name) <= asked or name[0] in asked)


def _report_days(period: Period) -> int:
    if period.months >= 12:
        return REPORT_DAYS["year"]
    if period.last_day is not None and period.last_day == period.first_day:
        return REPORT_DAYS["day"]
    return REPORT_DAYS["week" if period.last_day is not None else "month"]


class TurnIndexes:
    """A store's turn indexes, one per (scope, embedder), rebuilt when the store changes.

    Built on first use from ``store.sessions`` and ``store.session_turns``: turns
    are already stored, so the index (and the resolved dates of their relative
    times) is derived, never written. A write to the store (by any connection)
    changes its ``data_version`` and the next question rebuilds the scope's index.
    """

    def __init__(self, store: Store, embedder: Embedder | None = None, keep: int = 16) -> None:
        self.store = store
        self.embedder: Embedder | None = None
        if embedder is not None:  # only then: importing tem loads no embedding code
            from tem.embed.memo import memoized

            self.embedder = memoized(embedder)
        self.keep = keep
        self._built: dict[str, tuple[int, TurnIndex]] = {}

    def __call__(self, scope: str) -> TurnIndex:
        version = self.store.data_version()
        cached = self._built.pop(scope, None)
        if cached is None or cached[0] != version:
            turns = [
                t
                for e in self.store.sessions(scope)
                for t in self.store.session_turns(scope, e.session_id)
            ]
            cached = (version, TurnIndex(turns, self.embedder))
            if len(self._built) >= self.keep:
                self._built.pop(next(iter(self._built)))
        self._built[scope] = cached  # most recently used last
        return cached[1]
