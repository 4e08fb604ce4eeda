"""Full-text search of the SQLite store: BM25 over the caller's scope alone, with an early stop.

A row's score is FTS5's BM25, computed by tem from the scope's own statistics
(:mod:`tem.store.sqlite_terms`), never the file's:

    score = sum over phrases p of idf(p) * f * (k1 + 1) / (f + k1 * (1 - b + b * D / avgdl))

``f`` is the row's count of ``p`` weighted by column (subject 2, relation 3, value 1),
``D`` its token count; the row count, ``avgdl`` and ``idf``'s rows-per-phrase are the
scope's. FTS5 only finds the rows, restricted to the scope by its tag.

Ranking semantics (the documented contract of :meth:`SQLiteStore.search`):

* **floor**: a row scoring under :data:`FLOOR` of the best hit (a match only on a
  word found in much of the scope, which BM25 weighs near zero) only fills the k
  places better rows leave free, and is then looked for among the newest rows alone;
* **exact where it is cheap**: rows are scored rarest phrases first, each stage
  complete; after each, unseen rows can score at most a bound (:func:`phrase_bound`),
  and the search stops once the k-th best beats it;
* **newest among the common**: when the phrases left undecided hold more rows than
  the exact stages may score (:data:`BUDGET`, rarest phrases first), or only rows under
  the floor can still come in, the newest rows holding those phrases are scored, not
  all of them: as many as the search returns (its ``limit``), at most :data:`NEWEST`, shared
  out in order. Those holding all of them come first (unless under the floor; when
  fewer than the share hold them all, the search may settle there; a phrase in half
  the scope's rows or more, whose idf is FTS5's least, is not required), then,
  while the share is not spent, the newest holding the rarest of them, then the next
  ("which customer in Lisbon has value 4821": Lisbon's rows before rows that only
  say "value").

A search therefore scores at most about :data:`BUDGET` + :data:`NEWEST` rows,
whatever the scope's size.
"""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tem.store.rows import chunks, marks
from tem.store.sqlite_terms import tag, tokens

K1 = 1.2
B = 0.75
"""FTS5's bm25() constants."""
WEIGHTS = (2.0, 3.0, 1.0)
"""Column weights (subject, relation, value)."""
FLOOR = 0.3
"""Rows under this share of the best hit only fill free places, from the newest rows."""
BUDGET = 400
"""Rows the exact stages of a search may fetch and score."""
NEWEST = 100
"""Rows the last stage scores: the newest holding only phrases common in the scope."""
MARGIN = 1e-9
"""Relative slack on bounds, far above their rounding."""

HIT_SELECT = "v.id, v.scope, v.subject_key, v.relation_key"
"""What a search returns of each row (then its score): the version's id and group."""


@dataclass(frozen=True)
class Phrase:
    """One query phrase: stems in a row, anywhere or in the relation name only."""

    stems: tuple[str, ...]
    relation_only: bool = False

    def match(self) -> str:
        quoted = '"' + " ".join(self.stems) + '"'
        return ("relation : " if self.relation_only else "{subject relation value} : ") + quoted

    @property
    def columns(self) -> tuple[int, ...]:
        """The columns (0 subject, 1 relation, 2 value) the phrase is counted in."""
        return (1,) if self.relation_only else (0, 1, 2)

    def weighted_count(self, columns: Sequence[list[str]]) -> float:
        """``f``: the phrase's instances in a row, weighted by column."""
        return sum(WEIGHTS[c] * _count(columns[c], self.stems) for c in self.columns)


def _count(column: list[str], stems: tuple[str, ...]) -> int:
    if len(stems) == 1:
        return column.count(stems[0])
    size = len(stems)
    return sum(1 for i in range(len(column) - size + 1) if tuple(column[i : i + size]) == stems)


def phrases(terms: Sequence[str], relation_terms: Sequence[str] = ()) -> list[Phrase]:
    """The distinct phrases of a query's words (words that hold no letter or digit drop)."""
    found = [Phrase(tuple(tokens(t))) for t in terms]
    found += [Phrase(tuple(tokens(t)), relation_only=True) for t in relation_terms]
    return list(dict.fromkeys(p for p in found if p.stems))


IDF_LEAST = 1e-6
"""FTS5's least idf: a phrase in half the rows or more weighs this, next to nothing."""


def idf(hits: int, rows: int) -> float:
    """FTS5's idf: never below :data:`IDF_LEAST`, however common the phrase."""
    return max(math.log((rows - hits + 0.5) / (hits + 0.5)), IDF_LEAST)


def phrase_bound(idf_: float, weight: float, avgdl: float) -> float:
    """The most one phrase can add to any row's score.

    Each instance is a token of the row weighing at most ``weight`` (the heaviest
    column the phrase can sit in), so ``D >= f / weight``; the contribution then grows
    with ``f`` towards ``idf * (k1 + 1) / (1 + k1 * b / (weight * avgdl))``.
    """
    return idf_ * (K1 + 1) / (1 + K1 * B / (weight * avgdl)) * (1 + MARGIN)


def top_rows(
    conn: sqlite3.Connection,
    scope: str,
    terms: Sequence[str],
    relation_terms: Sequence[str],
    limit: int,
) -> list[tuple[Any, ...]]:
    """Return the best ``limit`` hits: :data:`HIT_SELECT`, then the score (higher is better).

    Best first; equal scores in rowid order.
    """
    scored = Search(conn, scope, limit).run(phrases(terms, relation_terms))
    if not scored:
        return []
    cursor = conn.cursor()
    cursor.row_factory = None
    rowids = [rowid for _, rowid in scored]
    found = {
        row[0]: row[1:]
        for row in cursor.execute(
            f"SELECT v.rowid, {HIT_SELECT} FROM versions v WHERE v.rowid IN ({marks(len(rowids))})",
            rowids,
        )
    }
    return [(*found[rowid], -negated) for negated, rowid in scored if rowid in found]


class Search:
    """One search of one scope; see the module docstring."""

    def __init__(self, conn: sqlite3.Connection, scope: str, limit: int) -> None:
        self.conn, self.scope, self.limit, self.tag = conn, scope, limit, tag(scope)
        stats = conn.execute(
            "SELECT rows, tokens, (SELECT sum(rows) FROM fts_stats) FROM fts_stats WHERE scope = ?",
            (scope,),
        )
        row = stats.fetchone()
        self.rows, self.avgdl = 0, 1.0
        if row and row[0] > 0:
            self.rows, self.avgdl = int(row[0]), row[1] / row[0] or 1.0
        self.tagged = self.rows * 2 < (row[2] if row else 0)
        """Whether a query names the scope's tag: a scope with most of the file's rows is
        found faster by the ``scope`` column alone (the tag's postings cost more than the
        rows of other scopes they would skip)."""
        self.alone = 0 < self.rows == (row[2] if row else 0)
        """Whether the scope holds every indexed row of the file: then, as with the tag,
        FTS5's match alone finds the scope's rows, and no row's scope is read."""
        self.newest = min(limit, NEWEST)
        """Rows the last stage scores: as many as the search returns, at most NEWEST."""
        self.exact = True
        """Whether every row that could rank was scored (False once a stage stopped at
        its share of the newest rows)."""
        self.phrases: list[Phrase] = []
        self.idfs: list[float] = []
        self.scores: dict[int, float] = {}

    def run(self, query: Sequence[Phrase]) -> list[tuple[float, int]]:
        """(-score, rowid) of the hits, best first."""
        if not self.rows:
            return []
        live = sorted(((self.hits(p), p) for p in query), key=lambda pair: pair[0])
        live = [(hits, p) for hits, p in live if hits]
        if not live:
            return []
        self.phrases = [p for _, p in live]
        self.idfs = [idf(hits, self.rows) for hits, _ in live]
        bounds = [self._bound(i) for i in range(len(live))]
        taken, fetched = 0, 0
        while taken < len(live) and fetched + live[taken][0] <= BUDGET:
            fetched += live[taken][0]
            taken += 1
        if taken:
            self._score(self._either(self.phrases[:taken]))
        rest = self.phrases[taken:]
        if not rest or self._settled(sum(bounds[taken:])):
            return self._top()
        if self.scores and sum(bounds[taken:]) < FLOOR * max(self.scores.values()):
            self._fill(rest, self.newest)  # only filling is left
            return self._top()
        # Rows holding all of the telling phrases left; a weightless one (in half the
        # scope's rows or more) is not asked for: it would only make FTS5 seek through
        # its long postings for every row of the others (15 ms at 1M rows).
        telling = [i for i in range(taken, len(live)) if self.idfs[i] > IDF_LEAST]
        left = self.newest
        if len(telling) >= 2:
            every = " AND ".join(self.phrases[i].match() for i in telling)
            complete, read = self._holding_all(f"({every})")
            if complete and self._settled(sum(bounds[taken:]) - min(bounds[i] for i in telling)):
                return self._top()
            left -= read
        self._fill(rest, left)
        return self._top()

    def _holding_all(self, query: str) -> tuple[bool, int]:
        """Score the newest :attr:`newest` rows matching ``query``: whether that was all
        of them (fewer matched), and how many were scored."""
        read = self._fetch(query, self.newest)
        complete = read < self.newest
        self.exact = self.exact and complete
        return complete, read

    def _fill(self, rest: Sequence[Phrase], left: int) -> None:
        """Score the newest ``left`` rows holding the rarest phrase of ``rest``, then, if
        fewer, those holding the next one: the most telling word fills first."""
        if left <= 0:
            self.exact = False
            return
        for phrase in rest:
            left -= self._fetch(self._either([phrase]), left)
            if left <= 0:
                self.exact = False  # this phrase may hold more rows than were read
                return

    def hits(self, phrase: Phrase) -> int:
        """The scope's rows holding ``phrase`` (one lookup for a one-word phrase)."""
        if len(phrase.stems) == 1:
            row = self.conn.execute(
                "SELECT rows_any, rows_relation FROM fts_terms WHERE scope = ? AND term = ?",
                (self.scope, phrase.stems[0]),
            ).fetchone()
            return 0 if row is None else int(row[1] if phrase.relation_only else row[0])
        (count,) = self.conn.execute(
            "SELECT count(*) FROM versions_fts WHERE versions_fts MATCH ? AND scope = ?",
            (self._scoped(phrase.match()), self.scope),
        ).fetchone()
        return int(count)

    def _bound(self, index: int) -> float:
        phrase = self.phrases[index]
        weight = WEIGHTS[1]
        if not phrase.relation_only and len(phrase.stems) == 1:
            row = self.conn.execute(
                "SELECT rows_relation FROM fts_terms WHERE scope = ? AND term = ?",
                (self.scope, phrase.stems[0]),
            ).fetchone()
            if row is not None and not row[0]:
                weight = WEIGHTS[0]  # not in any relation name: the subject weighs most
        return phrase_bound(self.idfs[index], weight, self.avgdl)

    _matching = (
        "FROM versions_fts f JOIN versions_fts_content c ON c.id = f.rowid "
        "WHERE versions_fts MATCH ? AND c.c3 = ?"
    )
    """The scope's rows matching a query, their text read from FTS5's content table
    (columns c0.. in declaration order: subject, relation, value, scope, tag) by
    rowid: through FTS5's own columns each row cost about twice as much."""

    def _either(self, chosen: Sequence[Phrase]) -> str:
        return "(" + " OR ".join(p.match() for p in chosen) + ")"

    def _scoped(self, query: str) -> str:
        return f'tag : "{self.tag}" AND {query}' if self.tagged else query

    def _score(self, query: str, limit: int = -1) -> bool:
        """Score the scope's rows matching ``query`` (newest ``limit``); True if that was all."""
        fetched = self._fetch(query, limit)
        return limit < 0 or fetched < limit

    def _fetch(self, query: str, limit: int = -1) -> int:
        """Score the scope's rows matching ``query`` (newest ``limit``); how many matched."""
        found = self._rowids(query, limit)
        if found is not None:
            self._read(found)
            return len(found)
        cursor = self.conn.cursor()
        cursor.row_factory = None
        rows = cursor.execute(
            f"SELECT f.rowid, c.c0, c.c1, c.c2 {self._matching} ORDER BY f.rowid DESC LIMIT ?",
            (query, self.scope, limit),
        ).fetchall()
        self._score_rows(rows)
        return len(rows)

    def _rowids(self, query: str, limit: int) -> list[int] | None:
        """The newest ``limit`` rows matching ``query``, when the match alone finds the
        scope's rows (tagged, or the file's only scope); else None."""
        if not (self.tagged or self.alone):
            return None
        found = self.conn.execute(
            "SELECT rowid FROM versions_fts WHERE versions_fts MATCH ? ORDER BY rowid DESC LIMIT ?",
            (self._scoped(query), limit),
        ).fetchall()
        return [rowid for (rowid,) in found]

    def _read(self, rowids: Sequence[int]) -> None:
        """Score the rows ``rowids`` not scored yet, their text read by rowid."""
        cursor = self.conn.cursor()
        cursor.row_factory = None
        for chunk in chunks([rowid for rowid in rowids if rowid not in self.scores]):
            self._score_rows(
                cursor.execute(
                    "SELECT id, c0, c1, c2 FROM versions_fts_content "
                    f"WHERE id IN ({marks(len(chunk))})",
                    chunk,
                ).fetchall()
            )

    def _score_rows(self, rows: Sequence[tuple[Any, ...]]) -> None:
        scorer = _Scorer(self.phrases, self.idfs, self.avgdl)
        scores = self.scores
        for rowid, *texts in rows:
            if rowid not in scores:
                scores[rowid] = scorer.score(texts)

    def _settled(self, unseen: float) -> bool:
        """Whether rows not scored yet (each scoring at most ``unseen``) can be left out."""
        if not self.scores:
            return False
        ranked = sorted(self.scores.values(), reverse=True)
        return len(ranked) >= self.limit and ranked[self.limit - 1] > unseen

    def _top(self) -> list[tuple[float, int]]:
        return sorted((-s, rowid) for rowid, s in self.scores.items())[: self.limit]


class _Scorer:
    """BM25 of rows given as stored text (space-separated stems).

    A column is split into tokens only when it holds the first stem of some phrase
    as a substring (most scored rows hold few of the query's phrases), and instances
    are then counted by ``list.count`` (a few calls in C a phrase); the row's token
    count comes from its spaces.
    """

    def __init__(self, query: Sequence[Phrase], idfs: Sequence[float], avgdl: float) -> None:
        self.query = [
            (phrase.stems, idf_, phrase.columns) for phrase, idf_ in zip(query, idfs, strict=True)
        ]
        self.norm_base, self.per_token = K1 * (1 - B), K1 * B / avgdl

    def score(self, texts: Sequence[str]) -> float:
        size = 0
        for text in texts:
            if text:
                size += text.count(" ") + 1
        norm = self.norm_base + self.per_token * size
        split: list[list[str] | None] = [None, None, None]
        total = 0.0
        for stems, idf_, columns in self.query:
            f = 0.0
            for column in columns:
                text = texts[column]
                if stems[0] in text:
                    tokens_ = split[column]
                    if tokens_ is None:
                        tokens_ = split[column] = text.split()
                    f += WEIGHTS[column] * _count(tokens_, stems)
            if f:
                total += idf_ * f * (K1 + 1) / (f + norm)
        return total
