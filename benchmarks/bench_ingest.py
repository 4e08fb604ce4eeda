"""Ingest the whole LoCoMo file offline and count LLM calls per session.

    python benchmarks/bench_ingest.py [--locomo PATH] [--window 60]

Prints two tables: the offline pipeline (extraction + writes into a fresh SQLite
file: sessions, turns, wall time, turns/s, versions, peak RSS) and the LLM
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
from tem.ingest import load_sessions
from tem.llm import LLMExtractor, LLMSettings
from tem.llm.testing import FakeChatModel

DEFAULT_LOCOMO = (
    Path(__file__).resolve().parents[2] / "shared" / "data" / "locomo" / "locomo10.json"
)


def offline(path: Path) -> list[tuple[str, str]]:
    sessions = load_sessions(path)
    with tempfile.TemporaryDirectory() as tmp:
        memory = Memory(Path(tmp) / "bench.db")
        start = time.perf_counter()
        report = memory.ingest(sessions)
        elapsed = time.perf_counter() - start
        counts = memory.store.count()
        memory.close()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return [
        ("sessions", f"{report.sessions:,}"),
        ("turns", f"{report.turns:,}"),
        ("facts extracted", f"{report.facts:,}"),
        ("versions created", f"{report.created:,} (stored {counts['versions']:,})"),
        ("re-affirmed / superseded", f"{report.reaffirmed:,} / {report.superseded:,}"),
        ("wall time (s)", f"{elapsed:.1f}"),
        ("turns/s (extraction + writes)", f"{report.turns / elapsed:,.0f}"),
        ("peak RSS (MiB)", f"{peak:,.0f}"),
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
    args = parser.parse_args()
    table(
        "LoCoMo ingested offline (spaCy + rules), one transaction per session", offline(args.locomo)
    )
    table("LLM extractor: calls per session (FakeChatModel)", llm_calls(args.locomo, args.window))


if __name__ == "__main__":
    main()
