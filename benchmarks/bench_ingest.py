"""Ingest the whole LoCoMo file offline and count LLM calls per session.

    python benchmarks/bench_ingest.py [--locomo PATH] [--window 60] [--workers 1,2]

Prints the offline pipeline (extraction + writes into a fresh SQLite file: sessions,
turns, wall time, turns/s, versions, peak RSS) once per count of extraction
processes, in one run (the first is the baseline of the speed-up), then the LLM
extractor's calls per session, measured with the shipped FakeChatModel (answers
"no facts") so that the count is the extractor's own windowing, not a model's.
"""

from __future__ import annotations

import argparse
import resource
import tempfile
import time
from pathlib import Path

from tem import Memory
from tem.extract.workers import shutdown as workers_shutdown
from tem.ingest import load_sessions
from tem.ingest.run import default_extractor
from tem.llm import LLMExtractor, LLMSettings
from tem.llm.testing import FakeChatModel

DEFAULT_LOCOMO = (
    Path(__file__).resolve().parents[2] / "shared" / "data" / "locomo" / "locomo10.json"
)


def offline(path: Path, workers: int, baseline: float | None) -> list[tuple[str, str]]:
    sessions = load_sessions(path)
    extractor = default_extractor(workers)
    with tempfile.TemporaryDirectory() as tmp:
        memory = Memory(Path(tmp) / "bench.db")
        start = time.perf_counter()
        report = memory.ingest(sessions, extractor=extractor)
        elapsed = time.perf_counter() - start
        counts = memory.store.count()
        memory.close()
    workers_shutdown()  # a worker's peak counts once it has ended
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    workers_peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return [
        ("extraction processes", f"{workers}"),
        ("sessions", f"{report.sessions:,}"),
        ("turns", f"{report.turns:,}"),
        ("facts extracted", f"{report.facts:,}"),
        ("versions created", f"{report.created:,} (stored {counts['versions']:,})"),
        ("re-affirmed / superseded", f"{report.reaffirmed:,} / {report.superseded:,}"),
        ("wall time (s)", f"{elapsed:.1f}"),
        ("turns/s (extraction + writes)", f"{report.turns / elapsed:,.0f}"),
        ("speed-up over the first row", "-" if baseline is None else f"{baseline / elapsed:.2f}x"),
        ("peak RSS (MiB), this process", f"{peak:,.0f}"),
        ("peak RSS (MiB), largest worker", f"{workers_peak:,.0f}" if workers > 1 else "-"),
    ]


def llm_calls(path: Path, window: int) -> list[tuple[str, str]]:
    sessions = load_sessions(path)
    model = FakeChatModel(lambda messages: '{"facts": []}')
    extractor = LLMExtractor(model, LLMSettings(model="fake", window_turns=window))
    report = Memory().ingest(sessions, extractor=extractor)
    longest = max(len(s.turns) for s in sessions)
    return [
        ("window (turns)", f"{window}"),
        ("sessions", f"{report.sessions:,}"),
        ("LLM calls", f"{report.llm_calls:,}"),
        ("calls per session", f"{report.llm_calls / report.sessions:.2f}"),
        ("longest session (turns)", f"{longest}"),
        (
            "calls per window",
            f"{report.llm_calls / sum(-(-len(s.turns) // window) for s in sessions):.2f}",
        ),
    ]


def table(title: str, rows: list[tuple[str, str]]) -> None:
    width = max(len(name) for name, _ in rows)
    print(title)
    for name, value in rows:
        print(f"  {name:<{width}}  {value:>20}")
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--locomo", type=Path, default=DEFAULT_LOCOMO)
    parser.add_argument("--window", type=int, default=60)
    parser.add_argument("--workers", default="1,2", help="extraction processes, comma-separated")
    args = parser.parse_args()
    baseline = None
    for workers in (int(w) for w in args.workers.split(",")):
        rows = offline(args.locomo, workers, baseline)
        baseline = baseline or float(dict(rows)["wall time (s)"])
        table("LoCoMo ingested offline (spaCy + rules), one transaction per session", rows)
    table("LLM extractor: calls per session (FakeChatModel)", llm_calls(args.locomo, args.window))


if __name__ == "__main__":
    main()
