"""Load-test ``tem serve`` over loopback: concurrent clients mixing writes and reads.

Run ``python benchmarks/load_service.py`` (see ``--help``). The script starts
``tem serve`` itself on 127.0.0.1 and a free port, on a fresh store (a SQLite file in
a temp dir unless ``--db`` names another target; ``--db postgresql://... --fresh``
creates a throwaway database and drops it afterwards), with two API keys on two
scopes. ``--clients`` threads then send requests for ``--seconds`` (or
``--requests`` each): conflicting adds to a bounded set of groups, occasional
retractions and small message sessions, and recall, context, history and current
reads. It prints throughput and p50/p99 latency per route, then checks:

* every acknowledged write is in the store: each add's (subject, relation, value,
  source) in the export and in ``GET /v1/history``, each retraction's end marker and
  each message session's facts in the export, and nothing in the other scope;
* the invariant: every ``one`` group with an open version has exactly one current
  version, and the stored versions are exactly what re-deriving the exported
  observations gives (``tem.io.import_jsonl`` into an empty memory);
* no 5xx and no unexpected 4xx (a 404 from retracting what is not current is expected).

It exits 1 when a check fails. Loopback only: it refuses a non-loopback ``--host``
and a PostgreSQL URL naming a remote host.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit, urlunsplit

import httpx

from tem import Memory
from tem.core.model import normalize_key, value_key
from tem.io import import_jsonl
from tem.server.auth import is_loopback

KEYS = {"load-key-alpha": "alpha", "load-key-beta": "beta"}
SUBJECTS = [f"{first} {last}" for first in ("Ana", "Bruno", "Chen", "Dara") for last in "KLMNOP"]
RELATIONS = ["lives in", "works at", "favorite drink", "likes"]  # the last is a `many` relation
VALUES = {
    "lives in": "Lisbon Porto Oslo Berlin Madrid Vienna Prague Dublin".split(),
    "works at": ["Acme Corp", "Globex", "Initech", "Umbrella", "Hooli", "Stark Labs"],
    "favorite drink": ["espresso", "green tea", "oat latte", "kombucha", "cold brew"],
    "likes": ["hiking", "chess", "sailing", "pottery", "running"],
}
CITIES = VALUES["lives in"]
# Route -> weight in the mix: about 45% writes, 55% reads.
MIX = {
    "POST /v1/memories": 34,
    "POST /v1/retract": 4,
    "POST /v1/messages": 6,
    "POST /v1/recall": 20,
    "POST /v1/context": 14,
    "GET /v1/history/{subject}": 11,
    "GET /v1/current/{subject}": 11,
}
EXPECTED_4XX = {("POST /v1/retract", 404)}  # nothing current to retract: a normal answer


# -- targets ------------------------------------------------------------------------------


def check_loopback(host: str, db: str | None) -> None:
    """Refuse anything that would leave this machine (SystemExit with one line)."""
    if not is_loopback(host):
        raise SystemExit(f"load_service: --host {host}: loopback only (use 127.0.0.1)")
    if db is not None and "://" in db:
        db_host = urlsplit(db).hostname
        if db_host and not db_host.startswith("/") and not is_loopback(db_host):
            raise SystemExit(f"load_service: --db host {db_host}: loopback only")


def _free_port(host: str) -> int:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
        s.bind((host, 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def fresh_postgres(url: str) -> Iterator[str]:
    """Create a throwaway database next to the one ``url`` names; drop it afterwards."""
    import psycopg

    name = f"tem_load_{secrets.token_hex(4)}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    parts = urlsplit(url)
    try:
        yield urlunsplit(parts._replace(path=f"/{name}"))
    finally:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@contextmanager
def serve(db: str, host: str, port: int, workdir: Path) -> Iterator[str]:
    """Run ``tem serve`` on ``db`` until the block ends; yield its base URL once it answers."""
    keys = ";".join(f"{key}={scope}" for key, scope in KEYS.items())
    log = (workdir / "serve.log").open("w")
    command = [
        sys.executable,
        "-m",
        "tem",
        "--db",
        db,
        "serve",
        "--host",
        host,
        "--port",
        str(port),
    ]
    env = {**os.environ, "TEM_API_KEYS": keys}
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
    base = f"http://{'[' + host + ']' if ':' in host else host}:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            if process.poll() is not None:
                raise SystemExit(f"load_service: tem serve exited:\n{_tail(workdir / 'serve.log')}")
            try:
                if httpx.get(f"{base}/openapi.json", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise SystemExit("load_service: tem serve did not answer within 120 s")
            time.sleep(0.2)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


def _tail(path: Path, lines: int = 20) -> str:
    return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])


# -- clients ------------------------------------------------------------------------------


@dataclass
class Results:
    """What one client saw: (route, status, seconds) per request, and its acknowledged writes."""

    samples: list[tuple[str, int, float]] = field(default_factory=list)
    adds: list[tuple[str, str, str, str]] = field(default_factory=list)  # subject, rel, value, src
    ends: list[str] = field(default_factory=list)  # sources of acknowledged retractions
    sessions: list[tuple[str, int]] = field(default_factory=list)  # session id, facts
    failures: list[str] = field(default_factory=list)  # first few unexpected answers


def _day(rng: random.Random) -> str:
    return f"{rng.randint(2019, 2025)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"


def _request(route: str, rng: random.Random, tag: str) -> tuple[str, str, dict[str, Any] | None]:
    """Return (method, path, body) for one request on ``route``; ``tag`` is a unique source."""
    subject, relation = rng.choice(SUBJECTS), rng.choice(RELATIONS)
    if route == "POST /v1/memories":
        body = {
            "subject": subject,
            "relation": relation,
            "value": rng.choice(VALUES[relation]),
            "source": tag,
            "observed_at": _day(rng),
        }
        if rng.random() < 0.2:  # reported late: it held from an earlier day
            body["valid_from"] = _day(rng)
        return "POST", "/v1/memories", body
    if route == "POST /v1/retract":
        body = {"subject": subject, "relation": relation, "source": tag, "observed_at": _day(rng)}
        return "POST", "/v1/retract", body
    if route == "POST /v1/messages":
        first = subject.split()[0]
        messages = [
            {"role": "user", "name": first, "content": f"I moved to {rng.choice(CITIES)}."},
            {"role": "assistant", "content": "Noted, thanks."},
        ]
        return (
            "POST",
            "/v1/messages",
            {"messages": messages, "session_id": tag, "observed_at": _day(rng)},
        )
    if route == "POST /v1/recall":
        return "POST", "/v1/recall", {"query": f"Where does {subject} live now?", "k": 10}
    if route == "POST /v1/context":
        return "POST", "/v1/context", {"question": f"Where does {subject} work, and before?"}
    kind = "history" if route.startswith("GET /v1/history") else "current"
    return "GET", f"/v1/{kind}/{quote(subject)}?relation={quote(relation)}", None


def run_client(
    index: int, base: str, key: str, seed: int, stop: threading.Event, budget: int | None
) -> Results:
    """Send requests until ``stop`` is set (or ``budget`` requests are done)."""
    rng = random.Random(seed * 1_000 + index)
    routes, weights = list(MIX), list(MIX.values())
    results = Results()
    headers = {"Authorization": f"Bearer {key}"}
    with httpx.Client(base_url=base, headers=headers, timeout=120) as client:
        n = 0
        while not stop.is_set() and (budget is None or n < budget):
            route = rng.choices(routes, weights)[0]
            tag = f"load c{index} n{n}"
            method, path, body = _request(route, rng, tag)
            start = time.perf_counter()
            try:
                response = client.request(method, path, json=body)
                status = response.status_code
            except httpx.HTTPError as exc:
                status, response = 0, None
                results.failures.append(f"{route}: {type(exc).__name__}: {exc}")
            results.samples.append((route, status, time.perf_counter() - start))
            n += 1
            if response is None or status >= 300:
                if response is not None and (route, status) not in EXPECTED_4XX:
                    results.failures.append(f"{route} {status}: {response.text[:200]}")
                continue
            _acknowledge(results, route, body, response.json())
    return results


def _acknowledge(results: Results, route: str, body: Any, answer: dict[str, Any]) -> None:
    if route == "POST /v1/memories":
        results.adds.append((body["subject"], body["relation"], body["value"], body["source"]))
    elif route == "POST /v1/retract":
        results.ends.append(body["source"])
    elif route == "POST /v1/messages":
        results.sessions.append((body["session_id"], answer["results"][0]["facts"]))


# -- checks -------------------------------------------------------------------------------


def _fact(subject: str, relation: str, value: str, source: str) -> tuple[str, str, str, str]:
    """A fact as the store matches it: names and values up to case and spacing."""
    return normalize_key(subject), normalize_key(relation), value_key(value), source


def _export(base: str, key: str) -> list[dict[str, Any]]:
    response = httpx.get(
        f"{base}/v1/export", headers={"Authorization": f"Bearer {key}"}, timeout=300
    )
    response.raise_for_status()
    return [json.loads(line) for line in response.text.splitlines() if line.strip()]


def check_writes(base: str, key: str, results: list[Results], other: list[Results]) -> list[str]:
    """Every write this scope's clients saw acknowledged is stored, and only in this scope."""
    lines = _export(base, key)
    supports = {
        _fact(v["subject"], v["relation"], v["value"], s["source"])
        for v in lines
        if v["type"] == "version"
        for s in v["sources"]
    }
    sources = {o["source"] for o in lines if o["type"] == "observation"}
    ends = {o["source"] for o in lines if o["type"] == "observation" and o["kind"] == "end"}
    problems = []
    adds = [a for r in results for a in r.adds]
    lost = [a for a in adds if _fact(*a) not in supports]
    problems += [f"acknowledged add not in the export: {a}" for a in lost[:5]]
    lost_ends = [s for r in results for s in r.ends if s not in ends]
    problems += [f"acknowledged retraction not in the export: {s}" for s in lost_ends[:5]]
    lost_sessions = [s for r in results for s, facts in r.sessions if facts and s not in sources]
    problems += [f"acknowledged session's facts not in the export: {s}" for s in lost_sessions[:5]]
    theirs = {a[3] for r in other for a in r.adds} | {s for r in other for s in r.ends}
    leaked = sorted(sources & theirs)
    problems += [f"another scope's write is in this one: {s}" for s in leaked[:5]]
    problems += _check_history(base, key, adds)
    return problems


def _check_history(base: str, key: str, adds: list[tuple[str, str, str, str]]) -> list[str]:
    """The read route agrees: each acknowledged add is a source of a version in history."""
    by_subject: dict[str, set[tuple[str, str, str]]] = defaultdict(set)
    for subject, relation, value, source in adds:
        by_subject[subject].add((normalize_key(relation), value_key(value), source))
    problems = []
    headers = {"Authorization": f"Bearer {key}"}
    with httpx.Client(base_url=base, headers=headers, timeout=120) as client:
        for subject, wanted in sorted(by_subject.items()):
            versions = client.get(f"/v1/history/{quote(subject)}").json()["results"]
            found = {
                (normalize_key(v["relation"]), value_key(v["value"]), s["source"])
                for v in versions
                for s in v["sources"]
            }
            problems += [f"history of {subject} lacks {w}" for w in sorted(wanted - found)[:3]]
    return problems


def check_invariant(base: str, key: str) -> tuple[list[str], dict[str, int]]:
    """One current version per open ``one`` group; stored versions = re-derived versions."""
    lines = _export(base, key)
    groups: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for v in (line for line in lines if line["type"] == "version"):
        groups[normalize_key(v["subject"]), normalize_key(v["relation"])].append(v)
    problems = []
    for (subject, relation), versions in sorted(groups.items()):
        if versions[0]["cardinality"] != "one":
            continue
        open_ = [v for v in versions if v["valid_to"] is None and v["status"] == "current"]
        current = [v for v in versions if v["status"] == "current"]
        if open_ and len(current) != 1:
            problems.append(f"{subject} | {relation}: {len(current)} current versions")
        if not open_ and current:
            problems.append(f"{subject} | {relation}: current without an open version")
    with Memory() as empty:
        report = import_jsonl(empty, (json.dumps(line) for line in lines))
    problems += [f"re-derived differently: {m}" for m in report.mismatches[:5]]
    counts = {
        "groups": len(groups),
        "versions": sum(len(v) for v in groups.values()),
        "observations": sum(1 for line in lines if line["type"] == "observation"),
    }
    return problems, counts


# -- reporting ----------------------------------------------------------------------------


def _pick(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1e3


def _table(headers: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]

    def line(cells: list[str]) -> str:
        first = cells[0].ljust(widths[0])
        return "  ".join([first, *(c.rjust(w) for c, w in zip(cells[1:], widths[1:], strict=True))])

    return "\n".join([line(headers), line(["-" * w for w in widths]), *map(line, rows)])


def route_table(samples: list[tuple[str, int, float]], wall: float) -> str:
    """Count, status classes, throughput and p50/p99 per route, then all routes together."""
    by_route: dict[str, list[tuple[int, float]]] = defaultdict(list)
    for route, status, seconds in samples:
        by_route[route].append((status, seconds))
    by_route["all"] = [(status, seconds) for _, status, seconds in samples]
    rows = []
    for route in [*MIX, "all"]:
        got = by_route.get(route, [])
        if not got:
            continue
        ordered = sorted(s for _, s in got)
        ok = sum(1 for status, _ in got if 200 <= status < 300)
        client = sum(1 for status, _ in got if 400 <= status < 500)
        errors = len(got) - ok - client
        rows.append(
            [
                route,
                f"{len(got):,}",
                f"{ok:,}",
                f"{client:,}",
                f"{errors:,}",
                f"{len(got) / wall:,.1f}",
                f"{_pick(ordered, 0.5):.1f}",
                f"{_pick(ordered, 0.99):.1f}",
            ]
        )
    headers = ["route", "requests", "2xx", "4xx", "5xx/err", "req/s", "p50 ms", "p99 ms"]
    return _table(headers, rows)


# -- main ---------------------------------------------------------------------------------


def warm_up(base: str, seed: int) -> list[Results]:
    """One untimed request per route and key: the first message session loads spaCy (seconds).

    Their writes are acknowledged like any other and checked with the rest.
    """
    warm = []
    for index, key in enumerate(KEYS):
        results = Results()
        rng = random.Random(seed - 1 - index)
        headers = {"Authorization": f"Bearer {key}"}
        with httpx.Client(base_url=base, headers=headers, timeout=300) as client:
            for route in MIX:
                method, path, body = _request(route, rng, f"warm-up {index} {route}")
                response = client.request(method, path, json=body)
                if response.status_code < 300:
                    _acknowledge(results, route, body, response.json())
                elif (route, response.status_code) not in EXPECTED_4XX:
                    results.failures.append(f"warm-up {route} {response.status_code}")
        warm.append(results)
    return warm


def load(args: argparse.Namespace, base: str) -> tuple[list[Results], float]:
    """Run the clients (each on one key, alternating) and return what they saw and the wall time."""
    stop = threading.Event()
    keys = list(KEYS)
    per_client = [Results() for _ in range(args.clients)]

    def work(i: int) -> None:
        per_client[i] = run_client(i, base, keys[i % len(keys)], args.seed, stop, args.requests)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(args.clients)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    if args.requests is None:
        stop.wait(args.seconds)
        stop.set()
    for thread in threads:
        thread.join()
    return per_client, time.perf_counter() - start


def verify(base: str, per_client: list[Results]) -> list[tuple[str, list[str]]]:
    """Run the three checks; return (check, problems) for each."""
    keys = list(KEYS)
    lost: list[str] = []
    broken: list[str] = []
    for i, key in enumerate(keys):
        mine = [r for j, r in enumerate(per_client) if j % len(keys) == i]
        theirs = [r for j, r in enumerate(per_client) if j % len(keys) != i]
        lost += check_writes(base, key, mine, theirs)
        found, counts = check_invariant(base, key)
        broken += found
        adds = sum(len(r.adds) for r in mine)
        print(
            f"scope {KEYS[key]}: {adds:,} acknowledged adds; stored: {counts['groups']} groups, "
            f"{counts['versions']:,} versions, {counts['observations']:,} observations"
        )
    failures = [f for r in per_client for f in r.failures]
    return [
        ("every acknowledged write is stored, in its scope only", lost),
        ("one current version per open `one` group; versions re-derive", broken),
        ("no 5xx, no transport error, no unexpected 4xx", failures),
    ]


def run(args: argparse.Namespace, db: str, workdir: Path) -> int:
    """Serve ``db``, load it, print the table and the checks; return the exit code."""
    port = args.port or _free_port(args.host)
    with serve(db, args.host, port, workdir) as base:
        warm = warm_up(base, args.seed)
        per_client, wall = load(args, base)
        cpus = f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
        print(f"tem serve on {_redact(db)}: {args.clients} clients, {wall:.1f} s, {cpus}")
        print(route_table([s for r in per_client for s in r.samples], wall))
        checks = verify(base, warm + per_client)
    print()
    for name, problems in checks:
        print(f"  {'FAIL' if problems else 'ok  '}  {name}")
        for problem in problems[:10]:
            print(f"        {problem}")
    return 1 if any(problems for _, problems in checks) else 0


def _redact(db: str) -> str:
    parts = urlsplit(db)
    if parts.password:
        return db.replace(f":{parts.password}@", ":***@")
    return db


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument(
        "--db", help="SQLite path or postgresql:// URL (default: a new SQLite file in a temp dir)"
    )
    parser.add_argument(
        "--fresh",
        action="store_true",
        help="with a postgresql:// --db: use a throwaway database, dropped afterwards",
    )
    parser.add_argument("--clients", type=int, default=8, help="concurrent clients (threads)")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to send requests")
    parser.add_argument("--requests", type=int, help="requests per client instead of --seconds")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--host", default="127.0.0.1", help="where tem serve listens (loopback)")
    parser.add_argument("--port", type=int, default=0, help="default: a free port")
    args = parser.parse_args(argv)
    check_loopback(args.host, args.db)
    if args.clients < 1 or (args.requests is not None and args.requests < 1):
        raise SystemExit("load_service: --clients and --requests must be at least 1")
    is_postgres = args.db is not None and args.db.startswith(("postgresql://", "postgres://"))
    if args.fresh and not is_postgres:
        raise SystemExit(
            "load_service: --fresh needs a postgresql:// --db (SQLite is fresh by default)"
        )
    with tempfile.TemporaryDirectory(prefix="tem-load-") as tmp:
        workdir = Path(tmp)
        if args.db is None:
            code = run(args, str(workdir / "tem.db"), workdir)
        elif args.fresh:
            with fresh_postgres(args.db) as url:
                code = run(args, url, workdir)
        else:
            code = run(args, args.db, workdir)
    sys.exit(code)


if __name__ == "__main__":
    main()
