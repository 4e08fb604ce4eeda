"""Recall on hard shapes of data: one big scope, names that share words, common words.

The data-shape suite of issue 12, next to ``bench_store.py`` (whose generator is the
``generator`` shape here). Each shape is one scope holding ``scale`` versions, 20
relations a subject:

* ``generator``: ``bench_store``'s people and companies, its own questions;
* ``crm``: a company's customers ("Customer 123"); every city value ends in "city",
  amounts in "EUR", values "value N <word>", and long free-text notes;
* ``names``: subjects whose names share words ("Dr. Maria Chen 17": a title, a few
  first and family names);

and questions of every kind: one rare word, a rare word plus a word in most rows,
a named subject and its relation, a named subject lacking the asked relation, and
rare and common words mixed. Per shape: recall and context p50 / p99 next to a flat
FTS5 baseline (plain top-k over "subject relation value" lines) timed in the same
run, then recall with an embedder (``HashEmbedder``, 64 dimensions) with no writes
in between and right after one ``add`` each. The embedder's warm-up (the process's
first recall, which loads the scope's vectors, and the background HNSW build from
200k vectors) is not timed with the questions: it is printed on its own line. By
default every column asks the same questions, so all but the first (recall) find their
pages cached; ``--fresh`` gives each column questions of its own (first-asked latency).
Each file is built once and reused. ``--url`` puts tem's store in that PostgreSQL
server instead (schema ``shapes_<shape>_<scale>``, kept and reused; the flat baseline
stays an FTS5 file):

    .venv/bin/python benchmarks/bench_shapes.py --scales 100000,1000000 --workdir /tmp/shapes
"""

from __future__ import annotations

import argparse
import os
import random
import sqlite3
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from bench_store import facts_of, generate, percentiles, questions  # noqa: E402

from tem import Memory  # noqa: E402
from tem.embed.testing import HashEmbedder  # noqa: E402
from tem.memory import Fact  # noqa: E402
from tem.retrieve import STOPWORDS, words  # noqa: E402

K = 15
SCOPE = "default"
RELATIONS = """city, plan, monthly spend, account manager, notes, status, industry, country,
renewal date, support tier, seats, contact email, language, referral source, discount,
last order, product line, region, satisfaction, onboarding stage""".replace("\n", " ").split(", ")
CITIES = "Lisbon Porto Madrid Paris Lyon Berlin Munich Vienna Prague Warsaw Oslo Rome".split()
FIRST = "Maria James Aisha Kenji Sofia Lucas Amara Diego Hannah Omar Ingrid Mateo".split()
FAMILY = "Chen Silva Novak Rossi Tanaka Okafor Haddad Larsen Dubois Schmidt".split()
FILLER = """call follow up pricing meeting demo contract renewal team feedback invoice
support ticket upgrade request delivery quarterly review budget approval""".split()


def _crm_value(rng: random.Random, relation: str, index: int) -> str:
    if relation == "city":
        return f"{rng.choice(CITIES)} city"
    if relation == "monthly spend":
        return f"EUR {rng.randrange(100, 100_000)}"
    if relation == "notes":
        words_ = rng.choices(FILLER, k=40)
        return " ".join(words_) + f" ref{index}"
    return f"value {rng.randrange(10_000)} {rng.choice(FILLER)}"


def _subject(shape: str, index: int) -> str:
    if shape == "crm":
        return f"Customer {index}"
    first, family = FIRST[index % len(FIRST)], FAMILY[index // len(FIRST) % len(FAMILY)]
    return f"Dr. {first} {family} {index // (len(FIRST) * len(FAMILY))}"


def shape_facts(shape: str, seed: int, total: int) -> Iterator[Fact]:
    """The facts of ``total`` versions of a shape (one version per group)."""
    if shape == "generator":
        for _, group in generate(seed, total):
            yield from facts_of(group)
        return
    rng = random.Random(seed)
    for index in range(total // len(RELATIONS)):
        subject = _subject(shape, index)
        for relation in RELATIONS:
            yield Fact(subject, relation, _crm_value(rng, relation, index), "import", "2024-01-01")


def shape_questions(shape: str, seed: int, total: int, count: int) -> list[tuple[str, str]]:
    """(kind, question) pairs, ``count`` of each kind, asked of the shape's data."""
    if shape == "generator":
        # bench_store's questions name its subjects 0 .. N-1: N is how many the data has
        # (asked of more, most questions named people absent from the store)
        subjects = 1 + max(index for index, _ in generate(seed, total))
        return [("generator", q.text) for q in questions(seed, subjects, count)]
    rng = random.Random(seed + 1)
    subjects = total // len(RELATIONS)
    asked: list[tuple[str, str]] = []
    for _ in range(count):
        name = _subject(shape, rng.randrange(subjects))
        number = rng.randrange(10_000)
        asked += [
            ("rare", f"notes ref{rng.randrange(subjects)}"),
            ("rare+common", f"value {number}"),
            ("named", f"What is the {rng.choice(RELATIONS)} of {name}?"),
            ("named, relation absent", f"What is the favourite drink of {name}?"),
            ("mixed", f"which customer in {rng.choice(CITIES)} city has value {number}"),
        ]
    return asked


class Baseline:
    """Flat lines in a plain FTS5 table, BM25 top-k: what a naive memory does."""

    def __init__(self, path: Path) -> None:
        self.conn = sqlite3.connect(path, isolation_level=None)
        self.conn.execute(
            "CREATE VIRTUAL TABLE IF NOT EXISTS lines "
            "USING fts5 (line, tokenize = 'porter unicode61')"
        )

    def add(self, facts: list[Fact]) -> None:
        self.conn.execute("BEGIN")
        self.conn.executemany(
            "INSERT INTO lines (line) VALUES (?)",
            [(f"{f.subject} {f.relation} {f.value}",) for f in facts],
        )
        self.conn.execute("COMMIT")

    def top(self, question: str) -> list[str]:
        terms = [w for w in words(question) if w not in STOPWORDS]
        if not terms:
            return []
        query = " OR ".join('"' + t.replace('"', '""') + '"' for t in terms)
        sql = "SELECT line FROM lines WHERE lines MATCH ? ORDER BY rank LIMIT ?"
        return [r[0] for r in self.conn.execute(sql, (query, K))]


Opener = Callable[..., Memory]
"""Opens a memory on a shape's store (keywords go to ``Memory``: an embedder)."""


def opener(shape: str, scale: int, workdir: Path, url: str | None) -> tuple[Opener, Path]:
    """How to open the shape's tem store (a file in ``workdir``, or with ``url`` a schema
    of that PostgreSQL server), and the file that says it is built."""
    if url is None:
        path = workdir / f"{shape}-{scale}.db"
        return (lambda **options: Memory(path, **options)), path
    from tem.store.postgres import PostgresStore

    schema = f"shapes_{shape}_{scale}"
    return (
        lambda **options: Memory(store=PostgresStore(url, schema=schema), **options)
    ), workdir / f"{shape}-{scale}-{schema}.built"


def build(
    shape: str, scale: int, seed: int, workdir: Path, url: str | None = None
) -> tuple[Opener, Path]:
    """Build (or reuse) the shape's tem store, with 64-d hash vectors, and its baseline."""
    open_memory, built = opener(shape, scale, workdir, url)
    flat = workdir / f"{shape}-{scale}-flat.db"
    if built.exists() and flat.exists():
        return open_memory, flat
    flat.unlink(missing_ok=True)
    started = time.perf_counter()
    with open_memory(embedder=HashEmbedder()) as memory:
        baseline = Baseline(flat)
        batch: list[Fact] = []
        for fact in shape_facts(shape, seed, scale):
            batch.append(fact)
            if len(batch) >= 2_000:
                memory.add_many(batch)
                baseline.add(batch)
                batch = []
        if batch:
            memory.add_many(batch)
            baseline.add(batch)
        baseline.conn.close()
    built.touch()
    print(f"built {shape} {scale:,} in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return open_memory, flat


def _times(
    call: Callable[[str], Any],
    asked: list[str],
    before: Callable[[int], Any],
    warm: list[str] | None = None,
) -> list[float]:
    for text in asked[:10] if warm is None else warm:
        call(text)
    samples = []
    for number, text in enumerate(asked):
        before(number)
        start = time.perf_counter()
        call(text)
        samples.append(time.perf_counter() - start)
    return samples


COLUMNS = ("recall", "context", "embed", "embed_after_write")


def measure(
    shape: str,
    scale: int,
    seed: int,
    count: int,
    workdir: Path,
    fresh: bool = False,
    url: str | None = None,
    lexical: bool = False,
    baseline_queries: int | None = None,
) -> list[dict[str, Any]]:
    """Time every kind of question of one shape at one scale.

    By default every column asks the same questions, so after the first (recall)
    they find the pages they read in SQLite's cache and the OS's. With ``fresh``
    each column asks its own (the baseline those of ``context``): first-asked
    latency, which in a file larger than the memory left to it includes disk reads.
    ``baseline_queries`` times the baseline on the first N of them only, after one
    warm-up question (at 10M it costs ~10 s a question).
    """
    open_memory, flat = build(shape, scale, seed, workdir, url)
    kinds: dict[str, list[str]] = {}
    for kind, text in shape_questions(
        shape, seed, scale, count * (len(COLUMNS) + 1 if fresh else 1)
    ):
        kinds.setdefault(kind, []).append(text)
    baseline = Baseline(flat)
    words = open_memory()
    semantic = None if lexical else open_memory(embedder=HashEmbedder())
    if semantic is not None:
        _warm_up(semantic, shape, scale)

    def write(number: int) -> None:
        assert semantic is not None
        semantic.add(
            f"Writer {number}", "note", f"fresh {number}", source="w", observed_at="2024-06-01"
        )

    rows = []
    for kind, every in kinds.items():
        # Fresh: one slice of questions per column, and one more that only warms up.
        ask = {
            c: every[i * count : (i + 1) * count] if fresh else every for i, c in enumerate(COLUMNS)
        }
        warm = every[len(COLUMNS) * count :][:10] if fresh else None

        def timed(
            call: Callable[[str], Any],
            column: str,
            before: Callable[[int], Any] = _nothing,
            ask: dict[str, list[str]] = ask,
            warm: list[str] | None = warm,
        ) -> dict[str, float]:
            return percentiles(_times(call, ask[column], before, warm))

        row: dict[str, Any] = {"shape": shape, "scale": scale, "kind": kind, "questions": count}
        if baseline_queries is None:
            row["baseline"] = timed(baseline.top, "context")
        else:
            few = ask["context"][:baseline_queries]
            row["baseline"] = percentiles(_times(baseline.top, few, _nothing, few[:1]))
        row["recall"] = timed(lambda q: words.recall(q, K), "recall")
        row["context"] = timed(lambda q: words.context(q, k=K), "context")
        if semantic is not None:
            row["embed"] = timed(lambda q: semantic.recall(q, K), "embed")
            row["embed_after_write"] = timed(
                lambda q: semantic.recall(q, K), "embed_after_write", write
            )
        rows.append(row)
        print(_line(row), file=sys.stderr)
    words.close()
    if semantic is not None:
        semantic.close()
    return rows


def _nothing(number: int) -> None:
    return None


def _warm_up(semantic: Memory, shape: str, scale: int) -> None:
    """The process's first recall with the embedder (loads the scope's vectors) and the
    background HNSW build, both untimed below."""
    started = time.perf_counter()
    semantic.recall("warm up the vector index")  # the one full load, once per process
    loaded = time.perf_counter() - started
    index = semantic._semantic.index(SCOPE) if semantic._semantic else None
    if index is not None and index.graph is not None:
        index.graph.ready.wait()  # the background HNSW build, once per process
    built = time.perf_counter() - started - loaded
    print(
        f"{shape} {scale:,}: warm-up (untimed below): first recall with the embedder "
        f"{loaded:.1f} s (loads the scope's vectors), HNSW graph ready {built:.0f} s later",
        file=sys.stderr,
    )


HEADER = (
    "| shape | versions | questions | baseline p50 / p99 | recall p50 / p99 | context p50 / p99 "
    "| context p50 ÷ baseline p50 | embedder p50 / p99 | embedder after a write p50 / p99 |\n"
    "|---|---|---|---|---|---|---|---|---|"
)


def _line(row: dict[str, Any]) -> str:
    def pair(key: str) -> str:
        if key not in row:
            return "not run"  # --lexical
        return f"{row[key]['p50_ms']:.2f} / {row[key]['p99_ms']:.2f}"

    ratio = row["context"]["p50_ms"] / max(row["baseline"]["p50_ms"], 1e-9)
    return (
        f"| {row['shape']}: {row['kind']} | {row['scale']:,} | {row['questions']} | "
        f"{pair('baseline')} | {pair('recall')} | {pair('context')} | {ratio:.3g}x | "
        f"{pair('embed')} | {pair('embed_after_write')} |"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scales", default="100000", help="versions per shape, comma-separated")
    parser.add_argument("--shapes", default="generator,crm,names")
    parser.add_argument("--queries", type=int, default=200, help="questions of each kind")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--workdir", type=Path, required=True, help="files are built once here")
    parser.add_argument(
        "--fresh",
        action="store_true",
        help="each column asks its own questions (first-asked latency, cold pages included)",
    )
    parser.add_argument(
        "--url",
        help="build and measure tem in this PostgreSQL server (schema shapes_<shape>_<scale>,"
        " kept for reuse) instead of SQLite files; the flat baseline stays FTS5",
    )
    parser.add_argument(
        "--lexical",
        action="store_true",
        help="time recall and context only (no embedder columns: at 10M the in-process"
        " vector index needs its scope's vectors loaded and an HNSW graph built first)",
    )
    parser.add_argument(
        "--baseline-queries",
        type=int,
        help="time the flat baseline on the first N questions of each kind only",
    )
    args = parser.parse_args(argv)
    if args.baseline_queries is not None and args.baseline_queries < 1:
        parser.error("--baseline-queries: expected at least 1")
    args.workdir.mkdir(parents=True, exist_ok=True)
    load = [os.getloadavg()[0]]
    rows = []
    for scale in (int(s) for s in args.scales.split(",")):
        for shape in args.shapes.split(","):
            rows += measure(
                shape,
                scale,
                args.seed,
                args.queries,
                args.workdir,
                args.fresh,
                args.url,
                args.lexical,
                args.baseline_queries,
            )
    load.append(os.getloadavg()[0])
    print(HEADER)
    print("\n".join(_line(row) for row in rows))
    asked = "each column its own questions" if args.fresh else "every column the same questions"
    store = "PostgreSQL" if args.url else "SQLite"
    few = "" if args.baseline_queries is None else f"; baseline on {args.baseline_queries} a kind"
    print(
        f"\n{store}; k = {K}; times in ms; {asked}{few}; "
        f"load average {load[0]:.2f} -> {load[1]:.2f}"
    )


if __name__ == "__main__":
    main()
