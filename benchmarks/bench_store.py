"""Benchmark tem's SQLite store: add throughput, recall/context latency, memory, a baseline.

Run ``python benchmarks/bench_store.py`` (see ``--help``). Each scale is built in a
fresh process (so peak RSS is that scale's own) into a SQLite file in a temp dir,
from data generated deterministically from ``--seed``: people and companies with
multi-word names, 5-50 relations each, 3-10 dated versions per group. The baseline
is plain top-k text retrieval: every fact as one line "subject relation value" in a
plain FTS5 table ranked by BM25, with no groups and no status.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from tem import Memory
from tem.core.model import Status
from tem.core.relations import DEFAULT_CARDINALITY
from tem.memory import Fact
from tem.retrieve import STOPWORDS, Evidence, words

K = 15
BATCH = 1_000

FIRST = """Maria James Aisha Kenji Sofia Lucas Amara Diego Hannah Omar Ingrid Mateo Priya
Noah Leila Tomasz Chloe Rafael Yuki Elena Samuel Zara Viktor Nadia Oliver Mei Jonas Fatima
Luca Ana Ethan Freya Hugo Imani Pablo Greta Ravi Clara Felix Ines Arjun Lena Marco Selin
Daniel Olga Tariq Emma Bruno Keiko Adrian Lucia Malik Nora Stefan Julia Kwame Rosa Theo
Vera""".split()
LAST = """Alvarez Chen Okafor Tanaka Rossi Novak Schmidt Haddad Silva Kowalski Dubois Larsen
Nguyen Moreau Patel Fischer Costa Ibrahim Jensen Romero Kim Muller Andersen Santos Ivanova
Murphy Varga Bianchi Mendes Kaya Lindqvist Herrera Walsh Sato Popescu Nakamura Ferreira
Olsen Wagner Lopez Mensah Horvat Dimitrov Castillo Berg Russo Quinn Abe Morales Eriksen
Petrov Reyes Hoffmann Nilsson Gomez Yilmaz Brennan Duarte Sokolov Mbeki""".split()
ADJ = """Blue Red Golden Silver Green North South Bright Swift Quiet Iron Cedar Maple Harbor
Summit River Stone Coastal Urban Prairie Alpine Crystal Amber Copper Pine Oak Lunar Solar
Atlas Nimbus Vertex Apex Bold Clear Open True Prime Royal Wild Noble""".split()
NOUN = """Wharf Peak Field Bridge Forge Lantern Compass Anchor Orchard Meadow Falcon Beacon
Canyon Garden Harvest Arrow Pioneer Tide Willow Crest Ridge Grove Spring Valley Horizon
Signal Vessel Thread Ember Keystone Circle Quarry Delta Mill Tower Hollow Brook Station""".split()
SUFFIX = """Logistics Labs Bakery Studio Coffee Roasters Outfitters Supply Partners Foods
Analytics Media Design Robotics Apparel""".split()
CITIES = """Lisbon Porto Madrid Barcelona Paris Lyon Berlin Munich Hamburg Vienna Prague Warsaw
Krakow Budapest Rome Milan Naples Athens Istanbul Amsterdam Rotterdam Brussels Copenhagen
Stockholm Oslo Helsinki Dublin London Manchester Edinburgh Toronto Montreal Vancouver Boston
Chicago Denver Austin Seattle Portland Miami Atlanta Mexico Bogota Lima Santiago Tokyo Osaka
Seoul Singapore Sydney Melbourne Auckland Nairobi Lagos Accra Cairo Dubai Mumbai
Bangalore""".split()
DRINKS = """espresso, oat latte, green tea, black coffee, flat white, matcha, chai latte, sparkling
water, orange juice, kombucha, cold brew, hot chocolate, earl grey, mint tea, cappuccino,
americano, lemonade, iced tea, red wine, craft beer""".replace("\n", " ").split(", ")
CHANNELS = """Amazon, Etsy, Shopify store, Instagram shop, wholesale, farmers markets, eBay,
TikTok Shop, own website, retail partners, Walmart marketplace, trade fairs""".replace(
    "\n", " "
).split(", ")
TITLES = """software engineer, product manager, nurse, teacher, data analyst, chef, architect,
sales director, graphic designer, accountant, pharmacist, marketing lead, CTO, barista,
electrician, researcher, lawyer, photographer, operations manager, consultant""".replace(
    "\n", " "
).split(", ")
LANGUAGES = "Spanish French German Japanese Portuguese Italian Mandarin Arabic Polish Dutch".split()
HOBBIES = """hiking, climbing, chess, pottery, running, sailing, painting, yoga, cycling, baking,
surfing, gardening, tennis, photography, knitting, diving""".replace("\n", " ").split(", ")
PETS = "dog, cat, parrot, rabbit, hamster, tortoise, goldfish, gecko".split(", ")
CARS = "Tesla Model 3, Volvo XC40, Toyota Prius, VW Golf, Fiat 500, BMW i3, Honda Civic".split(", ")
FOODS = "sushi, ramen, pizza, tacos, paella, falafel, curry, pho, risotto, dumplings".split(", ")
FILLER = """new office closer to family better pay remote work team changed moved abroad quarterly
plan focus on growth launch second product hire two engineers cut costs expand to Europe
weekly review long commute wanted more time with kids started own company contract ended
project cancelled burnout from travel seasonal demand dropped renegotiated supplier terms
switched to annual billing""".split()
EXTRA_RELATIONS = """ad budget, main sales channel, reason for leaving, monthly revenue,
team size, headquarters, shipping carrier, supplier, funding stage, target market, website
platform, newsletter frequency, preferred contact time, bank, gym, phone plan, hometown,
previous school, mentor, side project, commute, return policy, price point, best seller""".replace(
    "\n", " "
).split(", ")
RELATIONS = list(DEFAULT_CARDINALITY) + EXTRA_RELATIONS
COMPANIES = len(ADJ) * len(NOUN) * len(SUFFIX)
NOW_RELATIONS = {
    "lives in": "Where does {s} live now?",
    "works at": "Where does {s} work now?",
    "ad budget": "What is {s}'s ad budget?",
    "favorite drink": "What is {s}'s favorite drink now?",
    "job title": "What is {s}'s job title now?",
    "main sales channel": "What is {s}'s main sales channel now?",
    "salary": "What is {s}'s salary now?",
}
OPEN_QUESTIONS = [
    ("Who moved to {v}?", CITIES),
    ("Who lives in {v} these days?", CITIES),
    ("Which company sells on {v}?", CHANNELS),
    ("Who drinks {v}?", DRINKS),
    ("Who works as a {v}?", TITLES),
    ("Who speaks {v}?", LANGUAGES),
]


def _amount(rng: random.Random) -> str:
    return f"${rng.randrange(5, 400) * 100:,}/mo"


def _text(rng: random.Random) -> str:
    return " ".join(rng.choice(FILLER) for _ in range(rng.randint(2, 8)))


def _company(index: int) -> str:
    adj, noun = ADJ[index % len(ADJ)], NOUN[index // len(ADJ) % len(NOUN)]
    return f"{adj} {noun} {SUFFIX[index // (len(ADJ) * len(NOUN)) % len(SUFFIX)]}"


def _person(index: int) -> str:
    name = f"{FIRST[index % len(FIRST)]} {LAST[index // len(FIRST) % len(LAST)]}"
    return name if index < len(FIRST) * len(LAST) else f"{name} {index // 3600 + 1}"


def subject_name(index: int) -> str:
    """Return the unique display name of subject ``index``.

    Every third subject is a company; a quarter of the people have a second surname.
    Names are scrambled so neighbouring subjects share no words.
    """
    group, kind = divmod(index, 3)
    if kind == 2:
        return _company(group * 7919 % COMPANIES)
    person = 2 * group + kind
    short, long = divmod(person, 4)
    if long == 3:
        name = _person(short * 6007 % 3600)
        return f"{name} {LAST[(short * 13 + 5) % len(LAST)]}"
    two_word = 3 * short + long
    return _person(two_word * 6007 % 3600 if two_word < 3600 else two_word)


def _value_source(relation: str) -> Callable[[random.Random], str]:
    pools: dict[str, list[str]] = {
        "lives in": CITIES,
        "address": CITIES,
        "hometown": CITIES,
        "headquarters": CITIES,
        "visited": CITIES,
        "favorite place": CITIES,
        "favorite drink": DRINKS,
        "main sales channel": CHANNELS,
        "job title": TITLES,
        "occupation": TITLES,
        "speaks": LANGUAGES,
        "hobby": HOBBIES,
        "likes": HOBBIES,
        "plays": HOBBIES,
        "has pet": PETS,
        "drives": CARS,
        "favorite food": FOODS,
    }
    if relation in pools:
        pool = pools[relation]
        return lambda rng: rng.choice(pool)
    if relation in {"works at", "studies at", "supplier", "member of", "bank", "gym"}:
        return lambda rng: _company(rng.randrange(COMPANIES))
    if relation in {"partner", "spouse", "sibling", "friend", "mentor", "has child"}:
        return lambda rng: _person(rng.randrange(3600))
    if relation in {"salary", "budget", "ad budget", "monthly revenue", "price point"}:
        return _amount
    if relation in {"age", "team size"}:
        return lambda rng: str(rng.randint(18, 90))
    return _text


@dataclass(frozen=True)
class Group:
    subject: str
    relation: str
    values: list[str]
    dates: list[date]


def subject_groups(seed: int, index: int) -> list[Group]:
    """Return the groups of subject ``index``; a pure function of (seed, index)."""
    rng = random.Random(seed * 1_000_003 + index)
    name = subject_name(index)
    groups = []
    for relation in rng.sample(RELATIONS, rng.randint(5, 50)):
        draw, values = _value_source(relation), list[str]()
        for _ in range(rng.randint(3, 10)):
            value = draw(rng)
            for _ in range(20):  # distinct values: every fact is a version of its own
                if value.casefold() not in {v.casefold() for v in values}:
                    break
                value = draw(rng)
            else:
                value = f"{value} ({len(values)})"
            values.append(value)
        day = date(2018, 1, 1) + timedelta(days=rng.randrange(1500))
        dates = []
        for _ in values:
            dates.append(day)
            day += timedelta(days=rng.randint(10, 200))
        groups.append(Group(name, relation, values, dates))
    return groups


def generate(seed: int, total: int) -> Iterator[tuple[int, Group]]:
    """Yield (subject index, group) until exactly ``total`` versions were produced."""
    left, index = total, 0
    while left > 0:
        for group in subject_groups(seed, index):
            if left <= 0:
                return
            cut = Group(group.subject, group.relation, group.values[:left], group.dates[:left])
            left -= len(cut.values)
            yield index, cut
        index += 1


def facts_of(group: Group) -> Iterator[Fact]:
    for value, day in zip(group.values, group.dates, strict=True):
        source = f"chat {day.isoformat()}"
        yield Fact(group.subject, group.relation, value, source, day.isoformat())


@dataclass(frozen=True)
class Question:
    text: str
    truth: str | None  # the truly current value, for "now" questions about one subject


def questions(seed: int, subjects: int, count: int) -> list[Question]:
    """~80% questions naming a subject (most asking "now"), ~20% naming none."""
    rng = random.Random(seed + 17)
    found: list[Question] = []
    while len(found) < count:
        if rng.random() < 0.2:
            template, pool = rng.choice(OPEN_QUESTIONS)
            found.append(Question(template.format(v=rng.choice(pool)), None))
            continue
        groups = subject_groups(seed, rng.randrange(subjects))
        group = rng.choice(groups)
        name = group.subject
        one = DEFAULT_CARDINALITY.get(group.relation, "one") == "one"
        if one and rng.random() < 0.15:
            found.append(Question(f"What was {name}'s previous {group.relation}?", None))
        elif group.relation in NOW_RELATIONS:
            template = NOW_RELATIONS[group.relation]
            found.append(Question(template.format(s=name), group.values[-1]))
        elif one:
            found.append(Question(f"What is {name}'s {group.relation} now?", group.values[-1]))
        else:
            found.append(Question(f"What does {name} list as {group.relation}?", None))
    return found


# -- the baseline: flat lines in a plain FTS5 table -------------------------------------


class Baseline:
    """Plain top-k similar text: BM25 over "subject relation value" lines, nothing else."""

    def __init__(self, path: Path) -> None:
        self.conn = sqlite3.connect(path, isolation_level=None)
        self.conn.execute("PRAGMA journal_mode = WAL")
        self.conn.execute("PRAGMA synchronous = NORMAL")
        self.conn.execute(
            "CREATE VIRTUAL TABLE IF NOT EXISTS lines USING fts5 "
            "(line, value UNINDEXED, tokenize = 'porter unicode61')"
        )

    def add(self, groups: list[Group]) -> None:
        rows = [(f"{g.subject} {g.relation} {v}", v) for g in groups for v in g.values]
        self.conn.execute("BEGIN")
        self.conn.executemany("INSERT INTO lines (line, value) VALUES (?, ?)", rows)
        self.conn.execute("COMMIT")

    def top(self, question: str, k: int) -> list[tuple[str, str]]:
        terms = [w for w in words(question) if w not in STOPWORDS]
        if not terms:
            return []
        query = " OR ".join('"' + t.replace('"', '""') + '"' for t in terms)
        sql = "SELECT line, value FROM lines WHERE lines MATCH ? ORDER BY rank LIMIT ?"
        return [(r[0], r[1]) for r in self.conn.execute(sql, (query, k))]


# -- measuring ----------------------------------------------------------------------------


def percentiles(samples: list[float]) -> dict[str, float]:
    """p50, p99 and mean of ``samples`` (seconds), in milliseconds."""
    ordered = sorted(samples)

    def pick(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1e3

    return {"p50_ms": pick(0.5), "p99_ms": pick(0.99), "mean_ms": statistics.mean(ordered) * 1e3}


def time_each(call: Callable[[Question], Any], items: list[Question]) -> list[float]:
    """Seconds each call on ``items`` took, after calls on the first 20 warmed up."""
    for item in items[:20]:  # warm caches and lazy imports
        call(item)
    samples = []
    for item in items:
        start = time.perf_counter()
        call(item)
        samples.append(time.perf_counter() - start)
    return samples


def _tem_answer(memory: Memory, question: Question) -> str | None:
    return current_answer(memory.recall(question.text, K))


def current_answer(evidence: Evidence) -> str | None:
    """The current value of the top-ranked group (what a reader takes as "now")."""
    if not evidence.versions:
        return None
    best = max(evidence.scores.values())
    top = next(v for v in evidence.versions if evidence.scores[v.id] == best)
    current = [v for v in evidence.versions if v.group == top.group and v.status is Status.CURRENT]
    return current[-1].value if current else None


def _peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run_scale(scale: int, seed: int, count: int, workdir: Path) -> dict[str, Any]:
    """Build ``scale`` versions into a fresh file, then time recall, context and the baseline."""
    memory = Memory(workdir / f"tem-{scale}.db")
    baseline = Baseline(workdir / f"baseline-{scale}.db")
    build = baseline_build = 0.0
    batch: list[Fact] = []
    pending: list[Group] = []
    subjects = 0
    for index, group in generate(seed, scale):
        subjects = index + 1
        pending.append(group)
        batch.extend(facts_of(group))
        if len(batch) >= BATCH:
            build += _timed(memory.add_many, batch)
            baseline_build += _timed(baseline.add, pending)
            batch, pending = [], []
    if batch:
        build += _timed(memory.add_many, batch)
        baseline_build += _timed(baseline.add, pending)
    memory.close()
    baseline.conn.close()
    asked = questions(seed, subjects, count)
    # Each measurement opens its own connection, as a new process would: none of them
    # finds SQLite pages or search statistics cached by the build or an earlier one.
    path = workdir / f"tem-{scale}.db"
    with Memory(path) as memory:
        recall_s = time_each(lambda q: memory.recall(q.text, K), asked)
    with Memory(path) as memory:
        context_s = time_each(lambda q: memory.context(q.text, k=K), asked)
    baseline = Baseline(workdir / f"baseline-{scale}.db")
    baseline_s = time_each(lambda q: baseline.top(q.text, K), asked)
    now = [q for q in asked if q.truth is not None]
    with Memory(path) as memory:
        tem_right = sum(1 for q in now if _tem_answer(memory, q) == q.truth)
        counts = memory.store.count()
    base_right = sum(1 for q in now if (top := baseline.top(q.text, 1)) and top[0][1] == q.truth)
    return {
        "scale": scale,
        "versions": counts["versions"],
        "subjects": subjects,
        "build_s": build,
        "build_versions_per_s": scale / build,
        "baseline_build_s": baseline_build,
        "db_mb": sum(p.stat().st_size for p in workdir.glob(f"tem-{scale}.db*")) / 2**20,
        "recall": percentiles(recall_s),
        "context": percentiles(context_s),
        "baseline": percentiles(baseline_s),
        "now_questions": len(now),
        "tem_top1_current": tem_right / max(len(now), 1),
        "baseline_top1_current": base_right / max(len(now), 1),
        "peak_rss_mb": _peak_rss_mb(),
    }


def _timed(call: Callable[..., Any], *args: Any) -> float:
    start = time.perf_counter()
    call(*args)
    return time.perf_counter() - start


def run_adds(seed: int, workdir: Path, singles: int = 2_000, batches: int = 10) -> dict[str, Any]:
    """Time single ``add`` calls and ``add_many`` batches, each into a fresh file."""
    facts = [f for _, g in generate(seed, singles + batches * BATCH) for f in facts_of(g)]
    single_facts, batch_facts = facts[:singles], facts[singles:]
    with Memory(workdir / "adds-single.db") as memory:
        elapsed = _timed(
            lambda: [
                memory.add(
                    f.subject, f.relation, f.value, source=f.source, observed_at=f.observed_at
                )
                for f in single_facts
            ]
        )
    with Memory(workdir / "adds-batch.db") as memory:
        chunks = [batch_facts[i : i + BATCH] for i in range(0, len(batch_facts), BATCH)]
        batched = _timed(lambda: [memory.add_many(chunk) for chunk in chunks])
    return {
        "single_facts": singles,
        "single_versions_per_s": singles / elapsed,
        "batch_facts": len(batch_facts),
        "batch_size": BATCH,
        "batch_versions_per_s": len(batch_facts) / batched,
    }


# -- reporting ----------------------------------------------------------------------------


def text_table(headers: list[str], rows: list[list[str]]) -> str:
    """``rows`` under ``headers`` as plain text, each column right-aligned."""
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]

    def line(cells: list[str]) -> str:
        return "  ".join(c.rjust(w) for c, w in zip(cells, widths, strict=True))

    return "\n".join([line(headers), line(["-" * w for w in widths]), *map(line, rows)])


def report(adds: dict[str, Any], scales: list[dict[str, Any]], load: list[float]) -> str:
    single, batched = adds["single_versions_per_s"], adds["batch_versions_per_s"]
    out = [
        # Timings are only comparable on an idle machine: say how busy it was.
        f"load average (1 min) at start / end of the run: {load[0]:.2f} / {load[1]:.2f}",
        "",
        "add throughput (fresh SQLite file, WAL)",
        f"  Memory.add, {adds['single_facts']:,} single calls: {single:,.0f} versions/s",
        f"  Memory.add_many, batches of {adds['batch_size']:,}: {batched:,.0f} versions/s",
        "",
        "build (add_many batches of 1,000) and size",
        text_table(
            [
                "versions",
                "subjects",
                "build s",
                "versions/s",
                "baseline build s",
                "db MiB",
                "peak RSS MiB",
            ],
            [
                [
                    f"{s['versions']:,}",
                    f"{s['subjects']:,}",
                    f"{s['build_s']:.1f}",
                    f"{s['build_versions_per_s']:,.0f}",
                    f"{s['baseline_build_s']:.1f}",
                    f"{s['db_mb']:,.0f}",
                    f"{s['peak_rss_mb']:,.0f}",
                ]
                for s in scales
            ],
        ),
        "",
        f"latency in ms (k={K}); x = ratio to the baseline's p50 / p99",
        text_table(
            [
                "versions",
                "recall p50",
                "p99",
                "context p50",
                "p99",
                "baseline p50",
                "p99",
                "context/base p50",
                "p99",
            ],
            [
                [
                    f"{s['versions']:,}",
                    *_ms(s["recall"]),
                    *_ms(s["context"]),
                    *_ms(s["baseline"]),
                    f"{s['context']['p50_ms'] / s['baseline']['p50_ms']:.1f}x",
                    f"{s['context']['p99_ms'] / s['baseline']['p99_ms']:.1f}x",
                ]
                for s in scales
            ],
        ),
        "",
        'top-1 answer is the truly current value ("now" questions naming a subject)',
        text_table(
            ["versions", "questions", "tem current", "baseline top-1"],
            [
                [
                    f"{s['versions']:,}",
                    str(s["now_questions"]),
                    f"{s['tem_top1_current']:.0%}",
                    f"{s['baseline_top1_current']:.0%}",
                ]
                for s in scales
            ],
        ),
    ]
    return "\n".join(out)


def _ms(stats: dict[str, float]) -> list[str]:
    return [f"{stats['p50_ms']:.2f}", f"{stats['p99_ms']:.2f}"]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scales", default="10000,100000,1000000", help="versions per scale")
    parser.add_argument("--queries", type=int, default=500, help="questions per measurement")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json-out", type=Path, help="also write the results as JSON here")
    parser.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--workdir", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker is not None:
        print(json.dumps(run_scale(args.worker, args.seed, args.queries, args.workdir)))
        return
    with tempfile.TemporaryDirectory(prefix="tem-bench-") as tmp:
        workdir = Path(tmp)
        load = [os.getloadavg()[0]]
        adds = run_adds(args.seed, workdir)
        scales = []
        for scale in (int(s) for s in re.split(r"[,\s]+", args.scales.strip())):
            command = [
                sys.executable,
                __file__,
                "--worker",
                str(scale),
                "--seed",
                str(args.seed),
                "--queries",
                str(args.queries),
                "--workdir",
                tmp,
            ]
            done = subprocess.run(command, check=True, capture_output=True, text=True)
            scales.append(json.loads(done.stdout.strip().splitlines()[-1]))
            print(f"scale {scale:,} done", file=sys.stderr)
    load.append(os.getloadavg()[0])
    print(report(adds, scales, load))
    if args.json_out:
        results = dict(
            seed=args.seed, queries=args.queries, k=K, load=load, adds=adds, scales=scales
        )
        args.json_out.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
