"""Benchmark of the offline extractor: accuracy on the hand-labelled gold set, then on
the persona benchmark's gold facts, then throughput on every turn of LoCoMo (in one
process, then in as many as ``tem ingest`` uses here).

Run: ``python benchmarks/bench_extract.py [--set PATH ...] [--locomo PATH] [--seed N]
[--rules-only] [--write-floors PATH]``.

Each labelled set (by default the gold set below and ``tests/data/extraction_dev.jsonl``)
is scored by :mod:`tem.eval.extraction`: precision and recall by relation and by
phrasing style, and the share of negative messages that yield no fact, by kind.
``valid_from`` is not part of matching; where a set labels it, the share of matched
facts whose date also agrees is printed separately.

The persona part runs the extractor over every session of ``tem.eval.persona.generate``
and compares, per session, (relation, value ignoring case) on the four gold relations.
Facts the persona states about itself (its first name, as the speaker label) are
matched; every other asserted fact on those relations (a trip city, a hypothetical
employer, a fact about a friend or the assistant) is a false positive. A matched
fact's date agrees when its ``valid_from`` (or, when None, the session date) falls on
the gold ``valid_from`` day; late reports ("moved to Oslo three weeks ago") are
counted on their own.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tem.core.session import Session, Turn
from tem.eval import extraction, persona
from tem.extract import OfflineExtractor
from tem.extract.workers import auto_workers

ROOT = Path(__file__).resolve().parent
SETS = [
    ROOT / "data" / "extraction_gold.jsonl",
    ROOT.parent / "tests" / "data" / "extraction_dev.jsonl",
]
LOCOMO = Path("/work/shared/data/locomo/locomo10.json")


def gold_session(row: dict[str, Any]) -> Session:
    return extraction.row_session(row)


class Score:
    """True/false positives and false negatives per relation, plus date agreement."""

    def __init__(self) -> None:
        self.tp: Counter[str] = Counter()
        self.fp: Counter[str] = Counter()
        self.fn: Counter[str] = Counter()
        self.dates_right = 0


def prf(tp: int, fp: int, fn: int) -> tuple[float, float, float]:
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, f1


def print_table(score: Score) -> None:
    relations = sorted(set(score.tp) | set(score.fp) | set(score.fn))
    print(f"{'relation':<22}{'tp':>5}{'fp':>5}{'fn':>5}{'prec':>8}{'recall':>8}{'f1':>8}")
    rows = [(r, score.tp[r], score.fp[r], score.fn[r]) for r in relations]
    rows.append(("OVERALL", sum(score.tp.values()), sum(score.fp.values()), sum(score.fn.values())))
    for name, tp, fp, fn in rows:
        p, r, f = prf(tp, fp, fn)
        print(f"{name:<22}{tp:>5}{fp:>5}{fn:>5}{p:>8.3f}{r:>8.3f}{f:>8.3f}")


def run_set(extractor: OfflineExtractor, path: Path, verbose: bool) -> extraction.Score:
    """Score a labelled set (tem.eval.extraction) by relation, by style, negatives by kind."""
    rows = extraction.load_rows(path)
    predicted = extractor.extract_many(extraction.row_session(r) for r in rows)
    score = extraction.score_rows(rows, predicted)
    negatives = sum(1 for r in rows if r.get("negative"))
    shown = f"{len(rows) - negatives} positive, {negatives} negative"
    print(f"{path.name}: {len(rows)} messages ({shown})")
    print("\n".join(extraction.table_lines(score)))
    if score.dated:
        print(f"valid_from agrees on {score.dates_right}/{score.dated} matched dated facts")
    if verbose:
        print("\n".join(score.errors))
    return score


def run_persona(extractor: OfflineExtractor, seed: int, verbose: bool) -> None:
    bench = persona.generate(seed=seed)
    gold: dict[str, dict[tuple[str, str], persona.GoldFact]] = {}
    for g in bench.gold_facts:
        gold.setdefault(g.session_id, {})[(g.relation, g.value.casefold())] = g
    score = Score()
    late_right = late_total = 0
    errors: list[str] = []
    wanted = set(persona.RELATIONS)
    for session, facts in zip(bench.sessions, extractor.extract_many(bench.sessions), strict=True):
        expected = dict(gold.get(session.id, {}))
        speaker = str(session.metadata["persona"]).split(" ", 1)[0]
        day = session.observed_at.date()
        for fact in facts:
            if fact.relation not in wanted or fact.kind != "assert":
                continue
            k = (fact.relation, (fact.value or "").casefold())
            if fact.subject == speaker and k in expected:
                g = expected.pop(k)
                self_day = day if fact.valid_from is None else fact.valid_from.date()
                right = self_day == g.valid_from.date()
                score.tp[fact.relation] += 1
                score.dates_right += right
                late_total += g.late
                late_right += g.late and right
                if not right:
                    errors.append(f"  DATE {session.id}: {k} {self_day} != {g.valid_from.date()}")
            else:
                score.fp[fact.relation] += 1
                errors.append(f"  FP {session.id}: {fact.subject} {k}  <- {fact.evidence!r}")
        for relation, value in expected:
            score.fn[relation] += 1
            said = " | ".join(t.text for t in session.turns if t.speaker == speaker)
            errors.append(f"  FN {session.id}: {(relation, value)}  <- {said!r}")
    print(
        f"persona benchmark (seed {seed}): {len(bench.sessions)} sessions, "
        f"{len(bench.gold_facts)} gold facts"
    )
    print_table(score)
    matched = sum(score.tp.values())
    late_gold = sum(g.late for g in bench.gold_facts)
    print(f"valid_from agrees on {score.dates_right}/{matched} matched facts")
    print(f"late reports: {late_total}/{late_gold} matched, {late_right} with the right date")
    if verbose:
        print("\n".join(errors))


def locomo_sessions(path: Path) -> Iterator[Session]:
    for sample in json.loads(path.read_text(encoding="utf-8")):
        conversation = sample["conversation"]
        for name, turns in conversation.items():
            if not name.startswith("session_") or not isinstance(turns, list):
                continue
            stamp = conversation[f"{name}_date_time"]
            day = datetime.strptime(stamp, "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)
            items = tuple(
                Turn(t["speaker"], t["text"], i, turn_id=t.get("dia_id"))
                for i, t in enumerate(turns)
            )
            yield Session(id=f"{sample.get('sample_id', '')}:{name}", observed_at=day, turns=items)


def run_throughput(extractor: OfflineExtractor, path: Path, *, cpu: bool = True) -> None:
    """Extract every LoCoMo turn; print turns/s (and per CPU-second of this process,
    unless ``cpu`` is False: worker processes' time is not this process's)."""
    sessions = list(locomo_sessions(path))
    turns = sum(len(s.turns) for s in sessions)
    extractor.extract(sessions[0])  # load the model outside the timing
    start, cpu_start = time.perf_counter(), time.process_time()
    facts = sum(len(f) for f in extractor.extract_many(sessions))
    elapsed, cpu_time = time.perf_counter() - start, time.process_time() - cpu_start
    print(f"locomo: {len(sessions)} sessions, {turns} turns, {facts} facts in {elapsed:.1f}s")
    per_cpu = f", {turns / cpu_time:.0f} turns per CPU-second" if cpu else ""
    print(f"throughput: {turns / elapsed:.0f} turns/s wall{per_cpu}")
    print(f"load average during the run: {os.getloadavg()[0]:.1f}")


def peak_rss_mib() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return usage / 1024 / (1024 if sys.platform == "darwin" else 1)


def main(argv: Iterable[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument(
        "--set", type=Path, action="append", dest="sets", help="labelled set (repeatable)"
    )
    parser.add_argument("--locomo", type=Path, default=LOCOMO)
    parser.add_argument("--seed", type=int, default=7, help="persona benchmark seed")
    parser.add_argument("--errors", action="store_true", help="list every FP and FN")
    parser.add_argument("--no-throughput", action="store_true")
    parser.add_argument("--rules-only", action="store_true", help="without the span model")
    parser.add_argument(
        "--write-floors",
        type=Path,
        metavar="PATH",
        help="write the sets' figures, less a margin, as the floors of tests/test_extract_sets.py",
    )
    args = parser.parse_args(None if argv is None else list(argv))
    extractor = OfflineExtractor(learned=not args.rules_only)
    floors: dict[str, dict[str, float]] = {}
    for path in args.sets or SETS:
        floors[path.name] = extraction.floors(run_set(extractor, path, args.errors))
        print()
    if args.write_floors:
        args.write_floors.write_text(json.dumps(floors, indent=1, sort_keys=True) + "\n")
    run_persona(extractor, args.seed, args.errors)
    print()
    if not args.no_throughput and args.locomo.exists():
        run_throughput(extractor, args.locomo)
        workers = auto_workers()
        if workers > 1:  # what `tem ingest` uses by default
            print(f"with {workers} extraction processes (tem ingest's default here):")
            several = OfflineExtractor(learned=not args.rules_only, workers=workers)
            run_throughput(several, args.locomo, cpu=False)
    print(f"peak RSS: {peak_rss_mib():.0f} MiB")


if __name__ == "__main__":
    main()
