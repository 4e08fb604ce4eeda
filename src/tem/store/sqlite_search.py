"""Full-text search of the SQLite store: FTS5's BM25 top-k, with a lossless early stop.

The plain query, ``MATCH 'a OR b OR ...' ORDER BY bm25 LIMIT k``, scores every
matching row (about a microsecond each). A question made of common words ("who
works as a barista?") matches tens of thousands of rows at a million versions, yet
its top k all contain the rare word. :func:`top_rows` finds the same top k while
scoring only the rows of the rare phrases (max-score pruning):

* split the query's phrases into *essential* ones (the rarest) and the rest;
* score, with FTS5's own ``bm25()``, the rows matching an essential phrase (and,
  when the rest are few, the rows matching two or more of the rest);
* every other row matches only the rest (one of them) and scores at most the sum
  (the largest) of their :func:`phrase_bound`, a bound that holds for every
  possible row; once the k-th best scored row scores strictly more, no other
  row can enter the top k;
* when even the rarest phrase is common (a question of common words only), score
  just the rows holding it and another phrase: they are often few and the best,
  and the plan gives up unless they settle the top.

The result is the plain query's, bit for bit. BM25 is a sum over the query's
phrases, and every score here comes from ``bm25()`` itself, over a query naming
every phrase a row may match (phrases after ``NOT`` match none of its rows and add
exactly 0.0), in an order FTS5 rounds the same as the plain query's
(:func:`same_sum`). Ties rank by rowid, as the plain query's scan does. When no
split stops early the plain query runs.
"""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Any

from tem.store.rows import fts_phrase, fts_query, marks

K1 = 1.2
B = 0.75
"""FTS5's bm25() constants."""
WEIGHTS = {"subject": 2.0, "relation": 3.0, "value": 1.0}
"""Column weights of the store's ranking, in column order."""
RANK = "bm25(versions_fts, 2.0, 3.0, 1.0)"
SMALL = 2_000
"""Queries matching at most this many rows (summed over phrases) run plainly."""
MAX_PHRASES = 8
"""More phrases than this run plainly (:func:`same_sum` checks every subset)."""
MAX_PAIRS = 3
"""Up to this many non-essential phrases, rows matching two or more of them are scored."""
MARGIN = 1e-9
"""Relative slack on bounds, far above the rounding of :func:`phrase_bound`."""


def phrases(terms: Sequence[str], relation_terms: Sequence[str] = ()) -> list[str]:
    """The phrases of ``fts_query(terms, relation_terms)``, in FTS5's phrase order."""
    return [fts_phrase(t) for t in terms] + [f"relation : {fts_phrase(t)}" for t in relation_terms]


def phrase_bound(hits: int, weight: float, rows: int, avgdl: float) -> float:
    """The most one phrase can add to any row's BM25 score.

    A phrase contributes ``idf * f * (k1 + 1) / (f + k1 * (1 - b + b * D / avgdl))``,
    with ``f`` the weighted count of its instances in the row and ``D`` the row's
    token count. Each instance is a token of the row and weighs at most ``weight``
    (the largest weight of a column holding the phrase), so ``D >= f / weight``;
    the contribution then grows with ``f`` towards
    ``idf * (k1 + 1) / (1 + k1 * b / (weight * avgdl))``, never reaching it.
    """
    idf = max(math.log((rows - hits + 0.5) / (hits + 0.5)), 1e-6)
    return idf * (K1 + 1) / (1 + K1 * B / (weight * avgdl))


@lru_cache(maxsize=4096)
def same_sum(order: tuple[int, ...], first: tuple[int, ...], second: tuple[int, ...]) -> bool:
    """Whether FTS5 sums any row's phrase scores the same in the order ``first + second``.

    FTS5 adds a row's per-phrase scores left to right in phrase order, zeros for
    absent phrases included (adding 0.0 changes nothing). Floating-point addition
    is commutative but not associative, so two orders give the same sum for every
    row when, on every set of phrases a row may match, they agree after the first
    two. Rows matching phrases of only one side are never summed in this order.
    """
    left = set(first)
    for size in range(3, len(order) + 1):
        for subset in combinations(order, size):
            if left.isdisjoint(subset) or left.issuperset(subset):
                continue
            chosen = set(subset)
            reordered = [i for i in (*first, *second) if i in chosen]
            if reordered[2:] != list(subset[2:]):
                return False
    return True


@dataclass
class SearchCache:
    """Per-phrase statistics, valid while the database's ``data_version`` holds."""

    version: int | None = None
    hits: dict[str, int] = field(default_factory=dict)
    weights: dict[str, float] = field(default_factory=dict)

    def check(self, version: int) -> None:
        if version != self.version:
            self.version, self.hits, self.weights = version, {}, {}


@dataclass(frozen=True)
class Plan:
    """A split of the live phrases (indexes into the query's phrases)."""

    essential: list[int]
    rest: list[int]
    both: tuple[list[int], list[int]]
    """The two sides of the query for rows matching both kinds, in a :func:`same_sum` order."""
    large: bool = False
    """The essential phrases match a large share of the rows: only the rows of both kinds
    are worth scoring, and the plan gives up unless they settle the top."""


def plans(live: list[int], hits: Sequence[int]) -> list[Plan]:
    """Splits worth trying: the rarest phrases essential, while they are a small share.

    When even the rarest phrase alone is a large share (a question of common words
    only), it is still tried as a *large* plan: rows holding it and another phrase
    are often few and score highest, so they may settle the top by themselves.
    """
    rarest = sorted(live, key=lambda i: (hits[i], i))
    total = sum(hits[i] for i in live)
    found: list[Plan] = []
    for count in range(1, len(rarest)):
        essential, rest = sorted(rarest[:count]), sorted(rarest[count:])
        large = 3 * sum(hits[i] for i in essential) > total
        if large and found:
            break
        for both in ((essential, rest), (rest, essential)):
            if same_sum(tuple(live), tuple(both[0]), tuple(both[1])):
                found.append(Plan(essential, rest, both, large))
                break
        if large:
            break
    return found


Scored = list[tuple[float, int]]
"""(bm25, rowid) pairs, best first: bm25 is negative, lower is better."""


def _best(known: Scored, limit: int) -> Scored:
    """The ``limit`` best, ties by rowid (the plain query's scan order)."""
    return sorted(known)[:limit]


HIT_SELECT = "v.id, v.scope, v.subject_key, v.relation_key"
"""What a search returns of each row (then its bm25): the version's id and group."""


def top_rows(
    conn: sqlite3.Connection,
    cache: SearchCache,
    scope: str | None,
    terms: Sequence[str],
    relation_terms: Sequence[str],
    limit: int,
) -> list[tuple[Any, ...]]:
    """Return the best ``limit`` rows for the query: :data:`HIT_SELECT`, then the bm25.

    ``scope=None`` when every row is in scope (no per-match join needed). Rows come
    best first; equal scores in rowid order.
    """
    search = TopRows(conn, cache, scope, limit)
    scored = search.pruned(phrases(terms, relation_terms))
    if scored is None:
        return search.plain(fts_query(terms, relation_terms))
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
    return [(*found[rowid], score) for score, rowid in scored if rowid in found]


class TopRows:
    """Runs one search over ``versions_fts``; see the module docstring."""

    def __init__(
        self, conn: sqlite3.Connection, cache: SearchCache, scope: str | None, limit: int
    ) -> None:
        self.conn = conn
        self.cache = cache
        self.limit = limit
        # ``scope=None``: every row is in scope, no join needed.
        self.scope = scope
        self.phrases: list[str] = []
        self.rows, self.avgdl = 0, 1.0  # FTS5's row count and average row length

    def plain(self, query: str) -> list[tuple[Any, ...]]:
        """The plain query: score every match, keep the best (a sorter of rowid pairs)."""
        # Rank on rowids alone, then read the few winning rows: the sorter then carries
        # two numbers per match instead of whole version rows.
        ranked = f"SELECT versions_fts.rowid AS hit, {RANK} AS score {self._matching()}"
        cursor = self.conn.cursor()
        cursor.row_factory = None
        rows: list[tuple[Any, ...]] = cursor.execute(
            f"SELECT {HIT_SELECT}, h.score FROM ({ranked} ORDER BY score LIMIT ?) AS h "
            "JOIN versions v ON v.rowid = h.hit ORDER BY h.score",
            (query, self.scope, self.limit),
        ).fetchall()
        return rows

    def _matching(self) -> str:
        """``FROM``/``WHERE`` of the rows matching a query (``?``) in scope (``?``).

        When the scope is the only one (``scope=None``, bound as NULL) the per-match
        join that filters on it is skipped (half the time).
        """
        if self.scope is None:
            return "FROM versions_fts WHERE versions_fts MATCH ? AND ? IS NULL"
        return (
            "FROM versions_fts JOIN versions v ON v.rowid = versions_fts.rowid "
            "WHERE versions_fts MATCH ? AND v.scope = ?"
        )

    def pruned(self, query_phrases: Sequence[str], small: int | None = None) -> Scored | None:
        """The top rows by early stop, or None when no split stops early.

        Queries matching at most ``small`` rows (summed over phrases; default
        :data:`SMALL`) are left to the plain query, which is as fast for them.
        """
        if len(query_phrases) > MAX_PHRASES:
            return None
        self.phrases = list(query_phrases)
        hits = [self._hits(p) for p in query_phrases]
        live = [i for i, h in enumerate(hits) if h]
        if sum(hits) <= (SMALL if small is None else small) or len(live) < 2:
            return None
        averages = self._averages()
        if averages is None:
            return None
        self.rows, self.avgdl = averages
        for plan in plans(live, hits):
            found = self._try(plan)
            if found is not None:
                return found
        return None

    def _try(self, plan: Plan) -> Scored | None:
        """Score the rows that may matter for ``plan``; return the top, or None if unsure.

        The rows are taken in disjoint parts, each by one query naming every phrase its
        rows may match in the plain query's summing order (phrases after ``NOT`` are
        absent from every row returned, so they add 0.0): rows matching phrases of
        both kinds; rows matching essential phrases only; and, when the rest are few,
        rows matching two or more of the rest. Only the best ``limit`` of each part
        can matter. Rows left unscored match one other phrase and nothing else.
        """
        essential, rest, limit = plan.essential, plan.rest, self.limit
        either = self._either
        known = self._scored(f"{either(plan.both[0])} AND {either(plan.both[1])}")
        if self._clear(known, rest, essential):
            return _best(known, limit)
        if self._clear(known, essential):
            pass  # no row of essential phrases alone can rank
        elif plan.large:
            return None
        elif len(known) < limit:
            # Every row of both kinds is known: the essential phrases alone find the
            # rest of their rows, skipping those, without counting the rest's matches.
            taken = {rowid for _, rowid in known}
            alone = self._scored(either(essential), limit + len(known))
            known += [pair for pair in alone if pair[1] not in taken]
        else:
            known += self._scored(f"{either(essential)} NOT {either(rest)}")
        if self._clear(known, rest):
            return _best(known, limit)
        if plan.large or len(rest) > MAX_PAIRS or not self._clear(known, rest, each=True):
            return None
        # Rows of two or more of the rest: the first of them with any later one.
        for at, first in enumerate(rest[:-1]):
            skip = either([*essential, *rest[:at]])
            known += self._scored(f"{self.phrases[first]} AND {either(rest[at + 1 :])} NOT {skip}")
        return _best(known, limit) if self._clear(known, rest, each=True) else None

    def _either(self, indexes: Sequence[int]) -> str:
        return "(" + " OR ".join(self.phrases[i] for i in indexes) + ")"

    def _clear(self, known: Scored, *sides: Sequence[int], each: bool = False) -> bool:
        """Whether the ``limit``-th best known row beats every row matching one side only.

        A side's rows score at most the sum of its phrases' bounds (with ``each``, rows
        matching a single phrase of it: the largest bound). Bounds assume the heaviest
        column first; the columns a phrase really sits in are looked up when that is
        not enough.
        """
        top = _best(known, self.limit)
        if len(top) < self.limit:
            return False
        score = -top[-1][0]
        for exact in (False, True):
            bounds = [[self._bound(i, exact) for i in side] for side in sides]
            if all(score > (max(b) if each else sum(b)) for b in bounds):
                return True
        return False

    def _bound(self, index: int, exact: bool) -> float:
        phrase = self.phrases[index]
        weight = self._weight(phrase) if exact else WEIGHTS["relation"]
        bound = phrase_bound(self._hits(phrase), weight, self.rows, self.avgdl)
        return bound * (1 + MARGIN)

    def _scored(self, query: str, limit: int | None = None) -> Scored:
        """(bm25, rowid) of the best rows matching ``query`` in scope, ties by rowid."""
        sql = f"SELECT {RANK} AS score, versions_fts.rowid {self._matching()}"
        params = (query, self.scope, self.limit if limit is None else limit)
        cursor = self.conn.cursor()
        cursor.row_factory = None
        rows: Scored = cursor.execute(sql + " ORDER BY score, 2 LIMIT ?", params).fetchall()
        return rows

    def _hits(self, phrase: str) -> int:
        """The number of rows matching ``phrase`` (cached for this data version)."""
        found = self.cache.hits.get(phrase)
        if found is None:
            counted = self._first("count(*)", phrase)
            found = self.cache.hits[phrase] = int(counted[0]) if counted else 0
        return found

    def _weight(self, phrase: str) -> float:
        """The largest weight of a column holding ``phrase`` (cached for this data version)."""
        found = self.cache.weights.get(phrase)
        if found is None:
            found = WEIGHTS["value"]
            if phrase.startswith("relation : "):
                found = WEIGHTS["relation"]
            elif self._first("1", "{subject relation} : " + phrase):
                # Most common words sit in values only: one scan tells (no row found).
                in_relation = self._first("1", "relation : " + phrase)
                found = WEIGHTS["relation" if in_relation else "subject"]
            self.cache.weights[phrase] = found
        return found

    def _first(self, column: str, query: str) -> tuple[Any, ...] | None:
        row: tuple[Any, ...] | None = self.conn.execute(
            f"SELECT {column} FROM versions_fts WHERE versions_fts MATCH ? LIMIT 1", (query,)
        ).fetchone()
        return row

    def _averages(self) -> tuple[int, float] | None:
        """FTS5's row count and average row length (its averages record), or None."""
        row = self.conn.execute("SELECT block FROM versions_fts_data WHERE id = 1").fetchone()
        if row is None or not isinstance(row[0], bytes):
            return None
        numbers = varints(row[0])
        if len(numbers) != 1 + len(WEIGHTS) or numbers[0] <= 0:
            return None
        return numbers[0], sum(numbers[1:]) / numbers[0]


def varints(data: bytes) -> list[int]:
    """Decode SQLite varints (big-endian, 7 bits a byte, a 9th byte of 8 bits)."""
    numbers: list[int] = []
    at = 0
    while at < len(data):
        value = 0
        for position in range(9):
            if at >= len(data):
                return []
            byte = data[at]
            at += 1
            if position == 8:
                value = (value << 8) | byte
                break
            value = (value << 7) | (byte & 0x7F)
            if byte < 0x80:
                break
        numbers.append(value)
    return numbers
