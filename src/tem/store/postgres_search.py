"""Full-text search of versions in PostgreSQL, with a bound on the rows one search ranks.

``ts_rank`` must read every matching row from the heap to score it, so a search for
a common word costs in proportion to the table (at 10M versions a relation word
matches about a million rows). Small searches stay exact; a search whose terms are
estimated to match more than ``cap`` rows ranks only a bounded candidate set:

1. Each term's matches are estimated from the planner's statistics of the
   ``tsvector`` column (``pg_stats.most_common_elems``, kept by ``ANALYZE``); a
   phrase as its rarest word, a word not listed as the least frequent listed one.
2. Terms are taken rarest first while their estimated matches add up to at most
   ``cap`` (the rarest always). The candidates are the rows matching a taken term,
   at most ``cap`` of them (the first found, when the rarest alone matches more).
3. Candidates are scored with the whole query (every term), so each returned score
   is the exact score, and the best ``limit`` of them are returned. If that gives
   fewer than ``limit`` rows while terms were left out, the terms left out are added
   back rarest first, those of one estimate together (:func:`widened`), each time
   ranking up to ``cap`` rows matching any taken term, so a search never returns
   fewer than ``limit`` rows when that many match, and a word in every row is read
   only when the rarer ones fall short. The candidate queries go through the
   full-text index (:func:`_by_index`).

Without statistics (no ``ANALYZE`` yet), or when every term together is estimated
under ``cap``, the search ranks every match: exactly the top ``limit``. A table of
:data:`ANALYZE_ROWS` rows or more found without statistics is analyzed by the store
once (a server with autovacuum off never would).

Subject names (:func:`matched_subjects`) follow the same steps over ``subjects.fts``:
"customer" in every one of 50,000 "Customer N" names is left to the rarer "104";
only their last step differs: when the taken words fall short, every word left out
comes back at once.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tem.store.postgres_schema import NAME_CONFIG, TEXT_CONFIG
from tem.store.postgres_sessions import any_of

if TYPE_CHECKING:
    from tem.store.postgres_schema import Conn

RANK_CAP = 500
"""Most rows one search ranks once its terms are estimated to match more (see above)."""
NAME_RANK_FACTOR = 4
"""The name search ranks up to this many times the cap. A name's row is a few words, so
ranking one costs a fraction of a version's; and a first name shared by just over the
cap's worth of people ("viktor" in 526 of 50,212 names at 10M versions) must not leave
the named "Viktor Ferreira 4" out of the candidates, or the question is answered about
the wrong person after two full-text searches of the whole scope."""
RANK_WEIGHTS = "{0.1, 0.33, 1.0, 0.67}"
"""``ts_rank`` weights of labels D, C (value), B (relation), A (subject): SQLite's 1:3:2."""
STATS_SECONDS = 60.0
"""How long the column statistics read from ``pg_stats`` are reused."""
ANALYZE_ROWS = 10_000
"""A table this large without statistics is analyzed by the store itself, once per
store: on a server whose autovacuum is off, or has not come round yet, every search
would rank every match (0.9 s for "notes ref123" in a 1M-version scope)."""
_LEXEME_CACHE = 50_000
_COLUMNS = ("fts", "relation_fts")
_SUBJECTS = "subjects.fts"


@dataclass(frozen=True)
class ColumnStats:
    """Lexeme frequencies of one ``tsvector`` column, as ``ANALYZE`` sampled them."""

    rows: float
    frequency: dict[str, float]
    floor: float
    """Frequency assumed for a lexeme not listed (the least frequent listed one)."""

    def estimate(self, lexemes: Sequence[str]) -> float:
        """Estimated rows holding all of ``lexemes`` (a phrase): its rarest word's."""
        if not lexemes:
            return 0.0  # only stop words: matches nothing
        return self.rows * min(self.frequency.get(x, self.floor) for x in lexemes)


@dataclass
class SearchStats:
    """Per-store caches: each word's lexemes (fixed) and the columns' statistics (timed)."""

    lexemes: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)
    columns: dict[str, ColumnStats | None] = field(default_factory=dict)
    read_at: float = float("-inf")
    analyzed: bool = False
    """Whether this store has run ``ANALYZE`` itself (:data:`ANALYZE_ROWS`)."""

    def refresh(self, conn: Conn) -> None:
        if time.monotonic() - self.read_at < STATS_SECONDS:
            return
        self._read(conn)
        missing = any(stats is None for stats in self.columns.values())
        if missing and not self.analyzed and _large(conn):
            self.analyzed = True
            if _analyze(conn):
                self._read(conn)

    def _read(self, conn: Conn) -> None:
        self.columns = {column: read_column_stats(conn, "versions", column) for column in _COLUMNS}
        self.columns[_SUBJECTS] = read_column_stats(conn, "subjects", "fts")
        self.read_at = time.monotonic()

    def lexemes_of(
        self, conn: Conn, terms: Sequence[str], config: str = TEXT_CONFIG
    ) -> list[tuple[str, ...]]:
        """Each term's lexemes as ``config`` stems them (stop words dropped)."""
        known = {t: self.lexemes.get((config, t)) for t in terms}
        missing = sorted(t for t, lexemes in known.items() if lexemes is None)
        if missing:
            if len(self.lexemes) + len(missing) > _LEXEME_CACHE:
                self.lexemes = {}
            rows = conn.execute(
                f"SELECT t, tsvector_to_array(to_tsvector('{config}', t)) "
                "FROM unnest(%s::text[]) AS t",
                (missing,),
            ).fetchall()
            for term, lexemes in rows:
                known[term] = self.lexemes[config, term] = tuple(lexemes)
        return [known[t] or () for t in terms]


def _large(conn: Conn) -> bool:
    """Whether ``versions`` holds at least :data:`ANALYZE_ROWS` rows (counted up to that)."""
    sql = "SELECT count(*) FROM (SELECT 1 FROM versions LIMIT %s) AS t"
    row = conn.execute(sql, (ANALYZE_ROWS,)).fetchone()
    return row is not None and row[0] >= ANALYZE_ROWS


def _analyze(conn: Conn) -> bool:
    """``ANALYZE`` the searched tables; False where the server refuses (not their owner:
    searches then stay exact, ranking every match)."""
    import psycopg

    try:
        conn.execute("ANALYZE versions")
        conn.execute("ANALYZE subjects")
    except psycopg.Error:
        return False
    return True


def read_column_stats(conn: Conn, table: str, column: str) -> ColumnStats | None:
    """``<table>.<column>``'s lexeme frequencies from ``pg_stats``; None before ``ANALYZE``.

    The rows are the larger of the planner's count (as of the last ``ANALYZE``) and the
    live rows the statistics collector counts since, so a table that grew after it was
    analyzed is not taken for a small one."""
    row = conn.execute(
        "SELECT s.most_common_elems::text::text[], s.most_common_elem_freqs, "
        "GREATEST(c.reltuples, COALESCE(u.n_live_tup, 0)) "
        "FROM pg_stats s JOIN pg_class c ON c.oid = %s::regclass "
        "LEFT JOIN pg_stat_user_tables u ON u.relid = c.oid "
        "WHERE s.schemaname = current_schema() AND s.tablename = %s "
        "AND s.attname = %s",
        (table, table, column),
    ).fetchone()
    if row is None or row[0] is None or row[1] is None or row[2] is None or row[2] <= 0:
        return None
    elems, freqs = list(row[0]), [float(f) for f in row[1]]
    listed = freqs[: len(elems)]
    # After the per-lexeme frequencies come their minimum and maximum.
    floor = freqs[len(elems)] if len(freqs) > len(elems) else min(listed, default=0.0)
    return ColumnStats(float(row[2]), dict(zip(elems, listed, strict=True)), floor)


def plan(
    estimates: Sequence[tuple[str, str, float]], cap: int
) -> tuple[list[str], list[str]] | None:
    """Pick the terms whose matches become candidates; None when all of them fit ``cap``.

    ``estimates`` are (column, term, estimated rows). Rarest first, terms are taken
    while their estimates add up to at most ``cap``; the rarest is always taken.
    """
    if sum(e for _, _, e in estimates) <= cap:
        return None
    taken: dict[str, list[str]] = {column: [] for column in _COLUMNS}
    total = 0.0
    for index, (column, term, estimate) in enumerate(sorted(estimates, key=lambda e: e[2])):
        if index and total + estimate > cap:
            break
        taken[column].append(term)
        total += estimate
    return taken["fts"], taken["relation_fts"]


def _per_column(
    sql: Callable[[str, str], str], terms: Sequence[str], relation_terms: Sequence[str]
) -> tuple[list[str], list[str]]:
    """``sql(column, query)`` for ``fts`` (terms) and ``relation_fts`` (relation terms),
    with the words as parameters; a column with no words is left out."""
    parts: list[str] = []
    params: list[str] = []
    for column, words in zip(_COLUMNS, (terms, relation_terms), strict=True):
        if words:
            parts.append(sql(f"t.{column}", any_of(words)))
            params.extend(words)
    return parts, params


def _matches(terms: Sequence[str], relation_terms: Sequence[str]) -> tuple[str, list[str]]:
    """SQL matching any term (in ``fts``) or relation term (in ``relation_fts``)."""
    parts, params = _per_column(lambda c, q: f"{c} @@ ({q})", terms, relation_terms)
    return "(" + " OR ".join(parts) + ")", params


def _score(terms: Sequence[str], relation_terms: Sequence[str]) -> tuple[str, list[str]]:
    """SQL of the full score of a row: ``ts_rank`` of the terms plus of the relation terms."""
    parts, params = _per_column(
        lambda c, q: f"ts_rank('{RANK_WEIGHTS}', {c}, {q}, 1)", terms, relation_terms
    )
    return " + ".join(parts), params


def ranked_seqs(
    conn: Conn,
    stats: SearchStats,
    scope: str,
    terms: Sequence[str],
    relation_terms: Sequence[str],
    limit: int,
    cap: int | None,
) -> list[tuple[int, float]]:
    """The best ``limit`` (seq, score) of the versions matching the search, best first."""
    score, score_params = _score(terms, relation_terms)
    estimates = _estimates(conn, stats, terms, relation_terms) if cap is not None else None
    chosen = plan(estimates, cap) if estimates is not None and cap is not None else None
    if chosen is None:
        where, where_params = _matches(terms, relation_terms)
        return _rows(
            conn,
            f"SELECT t.seq, {score} AS score FROM versions t WHERE {where} AND t.scope = %s "
            "ORDER BY score DESC, t.seq LIMIT %s",
            [*score_params, *where_params, scope, limit],
        )
    assert cap is not None and estimates is not None
    bound = max(cap, limit)
    found = _bounded(conn, score, score_params, scope, chosen, bound, limit)
    for wider in widened(estimates, chosen):
        if len(found) >= limit:
            break
        more = _bounded(conn, score, score_params, scope, wider, bound, limit)
        merged = dict(found)
        merged.update(more)
        found = sorted(merged.items(), key=lambda r: (-r[1], r[0]))[:limit]
    return found


def widened(
    estimates: Sequence[tuple[str, str, float]], chosen: tuple[list[str], list[str]]
) -> Iterator[tuple[list[str], list[str]]]:
    """The chosen terms with the terms left out added back, rarest first, those of one
    estimate together (words the statistics do not list all share one): when the chosen
    terms match fewer rows than asked, rarer terms widen the candidates before a common
    one does ("123" before "customer", which every version of a "Customer N" holds
    through its subject's name, and which costs a scan of its index)."""
    fts, relation = list(chosen[0]), list(chosen[1])
    ordered = sorted(estimates, key=lambda e: e[2])
    for _, same in itertools.groupby(ordered, key=lambda e: e[2]):
        added = False
        for column, term, _ in same:
            taken = fts if column == "fts" else relation
            if term not in taken:
                taken.append(term)
                added = True
        if added:
            yield list(fts), list(relation)


def _estimates(
    conn: Conn, stats: SearchStats, terms: Sequence[str], relation_terms: Sequence[str]
) -> list[tuple[str, str, float]] | None:
    """(column, term, estimated rows) for every term; None without statistics."""
    stats.refresh(conn)
    estimates: list[tuple[str, str, float]] = []
    for column, words in zip(_COLUMNS, (terms, relation_terms), strict=True):
        column_stats = stats.columns.get(column)
        if not words:
            continue
        if column_stats is None:
            return None  # no statistics: rank everything, exactly
        for word, lexemes in zip(words, stats.lexemes_of(conn, words), strict=True):
            estimates.append((column, word, column_stats.estimate(lexemes)))
    return estimates


def _bounded(
    conn: Conn,
    score: str,
    score_params: list[str],
    scope: str,
    chosen: tuple[Sequence[str], Sequence[str]],
    bound: int,
    limit: int,
) -> list[tuple[int, float]]:
    """Rank at most ``bound`` rows matching the chosen terms, scored by the whole query."""
    where, where_params = _matches(*chosen)
    sql = (
        f"SELECT t.seq, {score} AS score FROM (SELECT t.seq, t.fts, t.relation_fts "
        f"FROM versions t WHERE {where} AND t.scope = %s LIMIT %s) AS t "
        "ORDER BY score DESC, t.seq LIMIT %s"
    )
    rows = _by_index(conn, sql, [*score_params, *where_params, scope, bound, limit])
    return [(int(r[0]), float(r[1])) for r in rows]


def _by_index(conn: Conn, sql: str, params: Sequence[Any]) -> list[Any]:
    """Rows of a bounded candidate query, found through the full-text index.

    The chosen terms are rare by the statistics, but a word the statistics do not list
    is estimated at the least frequent listed one's frequency: in a column of a few
    distinct words (relation names) that is tens of thousands of rows, and the planner
    then reads the table in order hoping to fill ``LIMIT`` early; for a word found
    nowhere it reads all of it (0.45 s at 1M versions). The index answers in a few
    milliseconds, so the sequential plan is ruled out for this one statement."""
    with conn.transaction():
        conn.execute("SET LOCAL enable_seqscan = off")
        return conn.execute(sql, params).fetchall()


def _rows(conn: Conn, sql: str, params: Sequence[Any]) -> list[tuple[int, float]]:
    return [(int(r[0]), float(r[1])) for r in conn.execute(sql, params).fetchall()]


def matched_subjects(
    conn: Conn, stats: SearchStats, scope: str, terms: Sequence[str], limit: int, cap: int | None
) -> list[str]:
    """Names of the scope's subjects holding any of ``terms``, best first (``ts_rank``
    normalised by length, then oldest), ranking at most :data:`NAME_RANK_FACTOR` times
    ``cap`` names once the terms are estimated to match more (the steps of the module
    docstring)."""
    query = any_of(terms, NAME_CONFIG)
    score = f"ts_rank(t.fts, {query}, 1)"
    chosen = None
    if cap is not None:
        cap *= NAME_RANK_FACTOR
        stats.refresh(conn)
        names = stats.columns.get(_SUBJECTS)
        if names is not None:
            lexemes = stats.lexemes_of(conn, terms, NAME_CONFIG)
            estimates = [("fts", w, names.estimate(x)) for w, x in zip(terms, lexemes, strict=True)]
            chosen = plan(estimates, cap)
    if chosen is None:
        rows = conn.execute(
            f"SELECT t.subject FROM subjects t WHERE t.fts @@ ({query}) AND t.scope = %s "
            f"ORDER BY {score} DESC, t.seq LIMIT %s",
            (*terms, scope, *terms, limit),
        ).fetchall()
        return [r[0] for r in rows]
    taken = chosen[0]
    found = _bounded_names(conn, score, terms, scope, taken, max(cap or 0, limit), limit)
    if len(found) < limit and len(taken) < len(terms):
        more = _bounded_names(conn, score, terms, scope, terms, max(cap or 0, limit), limit)
        merged = {**dict(found), **dict(more)}
        found = sorted(merged.items(), key=lambda r: (-r[1][0], r[1][1]))[:limit]
    return [name for name, _ in found]


def _bounded_names(
    conn: Conn,
    score: str,
    terms: Sequence[str],
    scope: str,
    chosen: Sequence[str],
    bound: int,
    limit: int,
) -> list[tuple[str, tuple[float, int]]]:
    """Rank at most ``bound`` names matching the chosen terms, scored by the whole query."""
    rows = _by_index(
        conn,
        f"SELECT t.subject, {score} AS score, t.seq FROM (SELECT t.seq, t.subject, t.fts "
        f"FROM subjects t WHERE t.fts @@ ({any_of(chosen, NAME_CONFIG)}) AND t.scope = %s "
        "LIMIT %s) AS t ORDER BY score DESC, t.seq LIMIT %s",
        (*terms, *chosen, scope, bound, limit),
    )
    return [(r[0], (float(r[1]), int(r[2]))) for r in rows]
