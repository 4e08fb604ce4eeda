"""Benchmark of the offline extractor: accuracy on the hand-labelled gold set, then on
the persona benchmark's gold facts, then throughput on every turn of LoCoMo.

Run: ``python benchmarks/bench_extract.py [--gold PATH] [--locomo PATH] [--seed N]``.

A predicted fact matches an expected one when subject, relation and kind are equal and
the values are equal ignoring case (subjects ignore case too). Facts predicted on the
negative snippets count as false positives in the overall precision and are also
reported on their own. ``valid_from`` is not part of matching; the share of matched
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

from tem.core.episode import Session, Turn
from tem.eval import persona
from tem.extract import ExtractedFact, OfflineExtractor

ROOT = Path(__file__).resolve().parent
GOLD = ROOT / "data" / "extraction_gold.jsonl"
LOCOMO = Path("/work/shared/data/locomo/locomo10.json")
Key = tuple[str, str, str, str]


def load_gold(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def gold_session(row: dict[str, Any]) -> Session:
    day = datetime.fromisoformat(row["session_date"]).replace(tzinfo=UTC)
    spoken = row.get("turns") or [{"speaker": row["speaker"], "text": row["text"]}]
    turns = tuple(Turn(t["speaker"], t["text"], i) for i, t in enumerate(spoken))
    return Session(id=row["id"], observed_at=day, turns=turns)


def key(subject: str, relation: str, value: str | None, kind: str) -> Key:
    return (subject.casefold(), relation.casefold(), (value or "").casefold(), kind)


def fact_key(fact: ExtractedFact) -> Key:
    return key(fact.subject, fact.relation, fact.value, fact.kind)


class Score:
    """True/false positives and false negatives per relation, plus date agreement."""

    def __init__(self) -> None:
        self.tp: Counter[str] = Counter()
        self.fp: Counter[str] = Counter()
        self.fn: Counter[str] = Counter()
        self.dates_right = 0
        self.negative_fp = 0

    def add(self, row: dict[str, Any], facts: list[ExtractedFact]) -> list[str]:
        """Score one snippet; return its error lines."""
        expected = {
            key(e["subject"], e["relation"], e["value"], e["kind"]): e for e in row["expected"]
        }
        errors = []
        for fact in facts:
            k = fact_key(fact)
            if k in expected:
                self.tp[fact.relation] += 1
                self.dates_right += _same_date(fact, expected.pop(k)["valid_from"])
            else:
                self.fp[fact.relation] += 1
                self.negative_fp += bool(row["negative"])
                errors.append(f"  FP {row['id']}: {k}  <- {fact.evidence!r}")
        for k, e in expected.items():
            self.fn[e["relation"]] += 1
            errors.append(f"  FN {row['id']}: {k}")
        return errors


def _same_date(fact: ExtractedFact, expected: str | None) -> bool:
    found = None if fact.valid_from is None else fact.valid_from.date().isoformat()
    return found == expected


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


def run_gold(extractor: OfflineExtractor, path: Path, verbose: bool) -> None:
    rows = load_gold(path)
    score = Score()
    errors: list[str] = []
    for row, facts in zip(rows, extractor.extract_many(gold_session(r) for r in rows), strict=True):
        errors += score.add(row, facts)
    negatives = sum(1 for r in rows if r["negative"])
    print(
        f"gold set: {len(rows)} snippets ({len(rows) - negatives} positive, {negatives} negative)"
    )
    print_table(score)
    matched = sum(score.tp.values())
    print(f"false positives on negative snippets: {score.negative_fp}")
    print(f"valid_from agrees on {score.dates_right}/{matched} matched facts")
    if verbose:
        print("\n".join(errors))


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


def run_throughput(extractor: OfflineExtractor, path: Path) -> None:
    sessions = list(locomo_sessions(path))
    turns = sum(len(s.turns) for s in sessions)
    extractor.extract(sessions[0])  # load the model outside the timing
    start, cpu_start = time.perf_counter(), time.process_time()
    facts = sum(len(f) for f in extractor.extract_many(sessions))
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    print(f"locomo: {len(sessions)} sessions, {turns} turns, {facts} facts in {elapsed:.1f}s")
    print(f"throughput: {turns / elapsed:.0f} turns/s wall, {turns / cpu:.0f} turns per CPU-second")
    print(f"load average during the run: {os.getloadavg()[0]:.1f}")


def peak_rss_mib() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return usage / 1024 / (1024 if sys.platform == "darwin" else 1)


def main(argv: Iterable[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--gold", type=Path, default=GOLD)
    parser.add_argument("--locomo", type=Path, default=LOCOMO)
    parser.add_argument("--seed", type=int, default=7, help="persona benchmark seed")
    parser.add_argument("--errors", action="store_true", help="list every FP and FN")
    parser.add_argument("--no-throughput", action="store_true")
    args = parser.parse_args(None if argv is None else list(argv))
    extractor = OfflineExtractor()
    run_gold(extractor, args.gold, args.errors)
    print()
    run_persona(extractor, args.seed, args.errors)
    print()
    if not args.no_throughput and args.locomo.exists():
        run_throughput(extractor, args.locomo)
    print(f"peak RSS: {peak_rss_mib():.0f} MiB")


if __name__ == "__main__":
    main()
