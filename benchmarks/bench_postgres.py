"""Benchmark tem's PostgreSQL store at scale: build rate, recall/context p50/p99, a baseline.

Run ``python benchmarks/bench_postgres.py`` (see ``--help``). Each scale is built into
a fresh schema of the server at ``--url`` through tem's own write path
(``Memory.add_many`` in batches of whole groups, from ``--writers`` processes), from
the same deterministic data as ``bench_store.py``; then ``VACUUM ANALYZE`` and the
measurements: ``recall`` and ``context`` (k=15) over the same questions as
``bench_store.py`` (about 20% name no subject), the top-1 "current" accuracy, and a
baseline built in the same run on the same data: every fact as one line "subject
relation value" in a plain table with a GIN-indexed ``tsvector``, top-k by ``ts_rank``.
``--keep`` keeps the schema (its name is printed) and ``--reuse SCHEMA`` measures a
kept one again without rebuilding.

``--embed`` builds with an embedder (``HashEmbedder``, 64 dimensions: no model, the
cost measured is tem's) and also times semantic recall, with no write in between
and right after one ``add`` each (``--embed-queries`` questions each); the first
recall, which loads the scope's vectors, is timed on its own. Where the server has
pgvector the store uses it (vectors searched in SQL); ``--no-pgvector`` keeps the
``bytea`` vectors and the in-process index, to compare the two on one schema.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import re
import shutil
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_store import (  # noqa: E402  (the generator is bench_store's, shared)
    BATCH,
    Group,
    K,
    Question,
    current_answer,
    facts_of,
    generate,
    percentiles,
    questions,
    text_table,
    time_each,
)

from tem import Memory  # noqa: E402
from tem.embed.testing import HashEmbedder  # noqa: E402
from tem.memory import Evidence  # noqa: E402
from tem.retrieve import STOPWORDS, words  # noqa: E402
from tem.store.postgres import PostgresStore  # noqa: E402

DEFAULT_URL = os.environ.get("TEM_TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")
BASELINE_DDL = """
CREATE TABLE IF NOT EXISTS baseline_lines (
    seq bigserial PRIMARY KEY,
    line text NOT NULL,
    value text NOT NULL,
    fts tsvector GENERATED ALWAYS AS (to_tsvector('english', line)) STORED
);
CREATE INDEX IF NOT EXISTS baseline_lines_fts ON baseline_lines USING gin (fts);
CREATE TABLE IF NOT EXISTS bench_meta (key text PRIMARY KEY, value text NOT NULL);
"""
TABLES = ("observations", "versions", "subjects", "baseline_lines")


def _connect(url: str, schema: str | None = None) -> Any:
    import psycopg

    options = f"-c search_path={schema}" if schema else None
    return psycopg.connect(url, autocommit=True, options=options)


# -- building (writer processes) ---------------------------------------------------------

_WRITER: dict[str, Any] = {}


def _open_writer(url: str, schema: str, embed: bool, pgvector: bool) -> None:
    store = PostgresStore(url, schema=schema, max_connections=1, pgvector=pgvector)
    _WRITER["memory"] = Memory(store=store, embedder=HashEmbedder() if embed else None)
    _WRITER["conn"] = _connect(url, schema)


def _write(groups: list[Group]) -> tuple[int, float, float]:
    """Write one batch through tem and into the baseline; return (facts, tem s, baseline s)."""
    facts = [f for g in groups for f in facts_of(g)]
    start = time.perf_counter()
    _WRITER["memory"].add_many(facts)
    middle = time.perf_counter()
    lines = [(f"{g.subject} {g.relation} {v}", v) for g in groups for v in g.values]
    with (
        _WRITER["conn"].cursor() as cur,
        cur.copy("COPY baseline_lines (line, value) FROM STDIN") as copy,
    ):
        for row in lines:
            copy.write_row(row)
    return len(facts), middle - start, time.perf_counter() - middle


def _batches(seed: int, scale: int, subjects: list[int]) -> Iterator[list[Group]]:
    """Batches of whole groups, at least ``BATCH`` facts each (as bench_store builds)."""
    pending: list[Group] = []
    size = 0
    for index, group in generate(seed, scale):
        subjects[0] = index + 1
        pending.append(group)
        size += len(group.values)
        if size >= BATCH:
            yield pending
            pending, size = [], 0
    if pending:
        yield pending


def build(
    url: str,
    schema: str,
    scale: int,
    seed: int,
    writers: int,
    embed: bool = False,
    pgvector: bool = True,
) -> dict[str, Any]:
    """Build ``scale`` versions (with vectors when ``embed``) into the fresh ``schema``;
    then VACUUM ANALYZE it."""
    PostgresStore(url, schema=schema, pgvector=pgvector).close()  # creates and migrates it
    with _connect(url, schema) as conn:
        conn.execute(BASELINE_DDL)
    subjects = [0]
    tem_s = base_s = 0.0
    done = 0
    start = time.perf_counter()
    context = multiprocessing.get_context("fork")
    with context.Pool(
        writers, initializer=_open_writer, initargs=(url, schema, embed, pgvector)
    ) as pool:
        for facts, tem, base in pool.imap_unordered(_write, _batches(seed, scale, subjects)):
            done += facts
            tem_s += tem
            base_s += base
            if done // 100_000 != (done - facts) // 100_000:
                rate = done / (time.perf_counter() - start)
                print(f"  {done:,} facts, {rate:,.0f}/s", file=sys.stderr, flush=True)
    wall = time.perf_counter() - start
    start = time.perf_counter()
    with _connect(url, schema) as conn:
        for table in (*TABLES, "vectors") if embed else TABLES:
            conn.execute(f"VACUUM ANALYZE {table}")
    vacuum = time.perf_counter() - start
    meta = {
        "scale": scale,
        "seed": seed,
        "subjects": subjects[0],
        "writers": writers,
        "build_wall_s": wall,
        "build_versions_per_s": scale / wall,
        "tem_write_s": tem_s,
        "baseline_write_s": base_s,
        "vacuum_analyze_s": vacuum,
        "embed": embed,
    }
    with _connect(url, schema) as conn:
        conn.execute("INSERT INTO bench_meta VALUES ('build', %s)", (json.dumps(meta),))
    return meta


# -- measuring ---------------------------------------------------------------------------


class Baseline:
    """Plain top-k similar text: ``ts_rank`` over "subject relation value" lines.

    It ranks every match, which at 10M versions takes seconds to minutes for a
    question with common words, so each query stops after ``timeout_s``: it then
    counts as answering nothing, and its sample is the time it ran (a lower bound).
    """

    def __init__(self, url: str, schema: str, timeout_s: float) -> None:
        self.conn = _connect(url, schema)
        self.conn.execute(f"SET statement_timeout = {int(timeout_s * 1000)}")
        self.timeouts = 0

    def top(self, question: str, k: int) -> list[tuple[str, str]]:
        terms = [w for w in words(question) if w not in STOPWORDS]
        if not terms:
            return []
        query = " || ".join(["phraseto_tsquery('english', %s)"] * len(terms))
        sql = (
            f"SELECT line, value FROM baseline_lines, (SELECT {query}) AS q(q) WHERE fts @@ q "
            "ORDER BY ts_rank(fts, q) DESC, seq LIMIT %s"
        )
        import psycopg

        try:
            return [(r[0], r[1]) for r in self.conn.execute(sql, (*terms, k))]
        except psycopg.errors.QueryCanceled:
            self.timeouts += 1
            return []


def _timed_results(
    call: Callable[[Question], Any], asked: list[Question]
) -> tuple[list[float], list[Any]]:
    """Time each call (after ``time_each``'s warm-up) and keep what it returned."""
    results: list[Any] = []
    samples = time_each(lambda q: results.append(call(q)), asked)
    return samples, results[-len(asked) :]


def _split(samples: list[float], asked: list[Question]) -> dict[str, dict[str, float]]:
    """Percentiles of all questions, of those naming a subject, and of the open ones."""
    is_open = [_is_open(q) for q in asked]
    named = [s for s, o in zip(samples, is_open, strict=True) if not o]
    open_ = [s for s, o in zip(samples, is_open, strict=True) if o]
    return {"all": percentiles(samples), "named": percentiles(named), "open": percentiles(open_)}


def _is_open(question: Question) -> bool:
    """Whether a generated question names no subject ("Who moved to Lisbon?")."""
    return question.text.startswith(("Who ", "Which "))


def compare_exact(
    url: str, schema: str, asked: list[Question], evidence: list[Evidence]
) -> dict[str, int]:
    """Count the questions whose recall differs from one ranking every match (no cap)."""
    exact = Memory(store=PostgresStore(url, schema=schema, rank_cap=None))
    changed = {"named": 0, "open": 0}
    for question, got in zip(asked, evidence, strict=True):
        want = exact.recall(question.text, K)
        if [v.id for v in want.versions] != [v.id for v in got.versions]:
            changed["open" if _is_open(question) else "named"] += 1
    exact.close()
    return changed


def measure_semantic(
    url: str, schema: str, asked: list[Question], pgvector: bool = True
) -> dict[str, Any]:
    """Time semantic recall: the first (loads the vectors), then without and after writes."""
    store = PostgresStore(url, schema=schema, pgvector=pgvector)
    memory = Memory(store=store, embedder=HashEmbedder())
    start = time.perf_counter()
    memory.recall("warm up the vector index", K)
    first = time.perf_counter() - start
    # In process (no pgvector): wait for the background HNSW build, if any.
    index = memory._semantic.index("default") if memory._semantic and not store.pgvector else None
    if index is not None and index.graph is not None:
        index.graph.ready.wait()  # the background HNSW build, not timed with the questions
    ready = time.perf_counter() - start
    still = time_each(lambda q: memory.recall(q.text, K), asked)
    after: list[float] = []
    for number, question in enumerate(asked):
        memory.add(
            f"Writer {number}", "note", f"fresh {number}", source="w", observed_at="2024-06-01"
        )
        begin = time.perf_counter()
        memory.recall(question.text, K)
        after.append(time.perf_counter() - begin)
    memory.forget(source="w")
    memory.close()
    return {
        "search": "pgvector" if store.pgvector else "in process",
        "first_recall_s": first,
        "index_ready_s": ready,
        "recall": percentiles(still),
        "after_write": percentiles(after),
        "questions": len(asked),
    }


def measure(
    url: str,
    schema: str,
    count: int,
    compare: bool = False,
    baseline_count: int | None = None,
    baseline_timeout: float = 10.0,
    embed_count: int = 0,
    pgvector: bool = True,
) -> dict[str, Any]:
    """Time recall, context and the baseline over ``count`` questions on a built schema
    (and semantic recall over ``embed_count`` of them on a schema built with vectors)."""
    with _connect(url, schema) as conn:
        row = conn.execute("SELECT value FROM bench_meta WHERE key = 'build'").fetchone()
        meta = json.loads(row[0])
        sizes = {
            t: conn.execute("SELECT pg_total_relation_size(%s)", (f"{schema}.{t}",)).fetchone()[0]
            for t in TABLES
        }
        schema_bytes = conn.execute(
            "SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c "
            "JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname = %s AND c.relkind = 'r'",
            (schema,),
        ).fetchone()[0]
        database_bytes = conn.execute("SELECT pg_database_size(current_database())").fetchone()[0]
    memory = Memory(store=PostgresStore(url, schema=schema, pgvector=pgvector))
    baseline = Baseline(url, schema, baseline_timeout)
    asked = questions(meta["seed"], meta["subjects"], count)
    recall_s, evidence = _timed_results(lambda q: memory.recall(q.text, K), asked)
    context_s = time_each(lambda q: memory.context(q.text, k=K), asked)
    print(f"recall {_split(recall_s, asked)}\ncontext {_split(context_s, asked)}", file=sys.stderr)
    # The baseline ranks every match: at 10M versions that is seconds per question,
    # so it may be timed on the first ``baseline_count`` questions only.
    base_asked = asked[: len(asked) if baseline_count is None else baseline_count]
    baseline_s, tops = _timed_results(lambda q: baseline.top(q.text, K), base_asked)
    now = [i for i, q in enumerate(asked) if q.truth is not None]
    base_now = [i for i in now if i < len(base_asked)]
    tem_right = sum(1 for i in now if current_answer(evidence[i]) == asked[i].truth)
    base_right = sum(1 for i in base_now if tops[i] and tops[i][0][1] == asked[i].truth)
    versions = memory.store.count()["versions"]
    memory.close()
    baseline.conn.close()
    semantic = measure_semantic(url, schema, asked[:embed_count], pgvector) if embed_count else None
    open_count = sum(1 for q in asked if _is_open(q))
    # Like the baseline, the uncapped recall is slow at scale: same questions.
    compared = len(base_asked)
    changed = compare_exact(url, schema, asked[:compared], evidence[:compared]) if compare else None
    return {
        **meta,
        "schema": schema,
        "versions": versions,
        "questions": len(asked),
        "open_questions": open_count,
        "compared_questions": compared,
        "compared_open": sum(1 for q in asked[:compared] if _is_open(q)),
        "recall_differs_from_exact": changed,
        "semantic": semantic,
        "recall": _split(recall_s, asked),
        "context": _split(context_s, asked),
        "baseline": _split(baseline_s, base_asked),
        "baseline_questions": len(base_asked),
        "baseline_timeouts": baseline.timeouts,
        "baseline_timeout_s": baseline_timeout,
        "now_questions": len(now),
        "tem_top1_current": tem_right / max(len(now), 1),
        "baseline_top1_current": base_right / max(len(base_now), 1),
        "table_mb": {t: b / 2**20 for t, b in sizes.items()},
        "schema_mb": int(schema_bytes) / 2**20,
        "database_mb": int(database_bytes) / 2**20,
        "disk_free_gb": shutil.disk_usage("/").free / 2**30,
    }


# -- reporting ---------------------------------------------------------------------------


def _ms(stats: dict[str, float]) -> list[str]:
    return [f"{stats['p50_ms']:.1f}", f"{stats['p99_ms']:.1f}"]


def report(results: list[dict[str, Any]]) -> str:
    build_rows = [
        [
            f"{r['versions']:,}",
            f"{r['subjects']:,}",
            str(r["writers"]),
            f"{r['build_wall_s']:,.0f}",
            f"{r['build_versions_per_s']:,.0f}",
            f"{r['vacuum_analyze_s']:,.0f}",
            f"{r['schema_mb']:,.0f}",
            f"{r['table_mb']['baseline_lines']:,.0f}",
        ]
        for r in results
    ]
    latency_rows = [
        [
            f"{r['versions']:,}",
            part,
            *_ms(r["recall"][part]),
            *_ms(r["context"][part]),
            *_ms(r["baseline"][part]),
        ]
        for r in results
        for part in ("all", "named", "open")
    ]
    accuracy_rows = [
        [
            f"{r['versions']:,}",
            str(r["now_questions"]),
            f"{r['tem_top1_current']:.0%}",
            f"{r['baseline_top1_current']:.0%}",
        ]
        for r in results
    ]
    return "\n".join(
        [
            "build (Memory.add_many, batches of ~1,000 facts) and size",
            text_table(
                [
                    "versions",
                    "subjects",
                    "writers",
                    "build s",
                    "versions/s",
                    "vacuum s",
                    "schema MiB",
                    "of it baseline MiB",
                ],
                build_rows,
            ),
            "",
            f"latency in ms (k={K}); named = questions naming a subject, open = naming none; "
            "the baseline over its first "
            + ", ".join(f"{r['baseline_questions']}" for r in results)
            + " questions ("
            + ", ".join(f"{r['baseline_timeouts']}" for r in results)
            + f" stopped at {results[0]['baseline_timeout_s']:g} s, counted as that)",
            text_table(
                [
                    "versions",
                    "questions",
                    "recall p50",
                    "p99",
                    "context p50",
                    "p99",
                    "baseline p50",
                    "p99",
                ],
                latency_rows,
            ),
            "",
            'top-1 answer is the truly current value ("now" questions naming a subject)',
            text_table(["versions", "questions", "tem current", "baseline top-1"], accuracy_rows),
            *_differences(results),
            *_semantic(results),
        ]
    )


def _semantic(results: list[dict[str, Any]]) -> list[str]:
    """The semantic recall table (with ``--embed``)."""
    rows = [
        [
            f"{r['versions']:,}",
            r["semantic"]["search"],
            str(r["semantic"]["questions"]),
            f"{r['semantic']['first_recall_s']:.2f}",
            f"{r['semantic']['index_ready_s']:.1f}",
            *_ms(r["semantic"]["recall"]),
            *_ms(r["semantic"]["after_write"]),
        ]
        for r in results
        if r.get("semantic")
    ]
    if not rows:
        return []
    head = [
        "versions",
        "search",
        "questions",
        "first recall s",
        "index ready s",
        "recall p50",
        "p99",
    ]
    return [
        "",
        f"semantic recall (HashEmbedder, 64-d; k={K}), ms: no write in between, "
        "then right after one add each",
        text_table([*head, "after a write p50", "p99"], rows),
    ]


def _differences(results: list[dict[str, Any]]) -> list[str]:
    """Lines saying how many recalls the rank cap changed (with ``--compare-exact``)."""
    lines = []
    for r in results:
        changed = r.get("recall_differs_from_exact")
        if changed is not None:
            named = r["compared_questions"] - r["compared_open"]
            lines.append(
                f"{r['versions']:,} versions: recall differs from ranking every match for "
                f"{changed['named']} of {named} named and {changed['open']} of "
                f"{r['compared_open']} open questions"
            )
    return ["", *lines] if lines else []


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--url", default=DEFAULT_URL, help="PostgreSQL server (a database URL)")
    parser.add_argument("--scales", default="1000000,10000000", help="versions per scale")
    parser.add_argument("--queries", type=int, default=500, help="questions per measurement")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--writers", type=int, default=3, help="writer processes while building")
    parser.add_argument("--keep", action="store_true", help="keep the built schemas")
    parser.add_argument("--reuse", help="measure this kept schema again instead of building")
    parser.add_argument("--build-only", action="store_true", help="build (and keep), no timing")
    parser.add_argument(
        "--baseline-queries", type=int, help="time the baseline on the first N questions only"
    )
    parser.add_argument(
        "--baseline-timeout",
        type=float,
        default=10.0,
        help="seconds after which a baseline query is stopped (counted as a timeout)",
    )
    parser.add_argument(
        "--compare-exact",
        action="store_true",
        help="also count questions whose recall differs from ranking every match "
        "(slow: over the baseline's questions)",
    )
    parser.add_argument(
        "--embed", action="store_true", help="build with vectors and time semantic recall"
    )
    parser.add_argument(
        "--embed-queries", type=int, default=100, help="questions of each semantic column"
    )
    parser.add_argument(
        "--no-pgvector",
        action="store_true",
        help="keep vectors out of pgvector even where the server has it",
    )
    parser.add_argument("--json-out", type=Path, help="also write the results as JSON here")
    args = parser.parse_args(argv)
    if args.baseline_queries is not None and args.baseline_queries < 1:
        parser.error("--baseline-queries: expected at least 1")
    options = (
        args.queries,
        args.compare_exact,
        args.baseline_queries,
        args.baseline_timeout,
        args.embed_queries if args.embed else 0,
        not args.no_pgvector,
    )
    if args.reuse:
        results = [measure(args.url, args.reuse, *options)]
    else:
        results = []
        for scale in (int(s) for s in re.split(r"[,\s]+", args.scales.strip())):
            schema = f"bench_{scale}_{uuid.uuid4().hex[:8]}"
            print(f"building {scale:,} versions into schema {schema}", file=sys.stderr)
            try:
                meta = build(
                    args.url,
                    schema,
                    scale,
                    args.seed,
                    args.writers,
                    args.embed,
                    not args.no_pgvector,
                )
                print(json.dumps(meta), file=sys.stderr)
                if not args.build_only:
                    results.append(measure(args.url, schema, *options))
            finally:
                if args.keep or args.build_only:
                    print(f"kept schema {schema}", file=sys.stderr)
                else:
                    with _connect(args.url) as conn:
                        conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
    if results:
        print(report(results))
    if args.json_out:
        args.json_out.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
