"""Background ingestion: the queue on a real PostgreSQL, real workers, idempotency, failures.

Each module runs against a throwaway database created on the server at
``TEM_TEST_DATABASE_URL`` (default: postgres on 127.0.0.1) and dropped afterwards;
each test uses its own store file, hence its own queue. Skipped without a server.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("procrastinate")

import psycopg  # noqa: E402
from click.testing import CliRunner  # noqa: E402
from procrastinate import App, SyncPsycopgConnector  # noqa: E402

from tem import Memory  # noqa: E402
from tem.cli import cli  # noqa: E402
from tem.core.session import Session, Turn  # noqa: E402
from tem.errors import NotFound, UserError  # noqa: E402
from tem.ingest.formats import session_from_messages, sessions_from_records  # noqa: E402
from tem.jobs import JobQueue, RetryPolicy  # noqa: E402
from tem.jobs.records import (  # noqa: E402
    TASK,
    check_queue_url,
    queue_name,
    session_record,
    store_key,
)
from tem.llm import LLMExtractor, LLMSettings  # noqa: E402
from tem.llm.testing import FakeChatModel, facts_answer  # noqa: E402

NO_RETRY_WAIT = RetryPolicy(retries=1, backoff_s=0)
PEOPLE = "Ana Ben Carla Dana Emil Fatima Greta Hugo Ines Jonas Kira Luis".split()
CITIES = "Oslo Lisbon Porto Rome Paris Berlin Madrid Vienna Prague Dublin Athens Warsaw".split()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "tem.db"


@pytest.fixture
def queue(queue_url: str, db: Path) -> Iterator[JobQueue]:
    with JobQueue(queue_url, store=db, retry=NO_RETRY_WAIT) as q:
        yield q


def moved(session_id: str, person: str, city: str, date: str = "2024-06-01") -> Session:
    messages = [{"role": "user", "name": person, "content": f"I moved to {city}."}]
    return session_from_messages(messages, session_id=session_id, observed_at=date)


def work(queue_url: str, db: Path, **kw: Any) -> None:
    """Run a worker the way ``tem worker --burst`` does: its own queue object and memory."""
    with JobQueue(queue_url, store=db, retry=NO_RETRY_WAIT) as q, Memory(db) as memory:
        q.work(memory, burst=True, signals=False, **kw)


def cities(db: Path, person: str, scope: str = "a") -> list[str]:
    with Memory(db) as memory:
        return [v.value for v in memory.current(person, "lives in", scope=scope)]


def failing_llm(fail_first: int = 1000, answers: list[str] | None = None) -> Any:
    """An extractor factory: a real LLM extractor on a scripted model that times out."""
    model = FakeChatModel(answers or [], fail_first=fail_first)
    settings = LLMSettings(model="fake", max_retries=0)
    return lambda: LLMExtractor(model, settings)


# -- pure parts -------------------------------------------------------------------


def test_a_session_record_reads_back_equal() -> None:
    date = datetime(2024, 6, 1, 9, 30, tzinfo=UTC)
    turns = (
        Turn("Ana", "I moved to Oslo.", 0, turn_id="m1"),
        Turn("assistant", "Nice!", 1, time=date + timedelta(minutes=1)),
    )
    session = Session("s1", date, turns, ("Ana", "assistant"), metadata={"channel": "web"})
    [back] = sessions_from_records(session_record(session, "a"))
    assert back == Session(
        "s1", date, turns, ("Ana", "assistant"), scope="a", metadata={"channel": "web"}
    )


def test_store_keys_name_the_same_store_and_never_keep_passwords(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert store_key("tem.db") == str(tmp_path.resolve() / "tem.db")
    assert store_key(tmp_path / "tem.db") == store_key("tem.db")
    assert store_key("postgresql://u:secret@h:5433/db") == "postgresql://u@h:5433/db"
    assert queue_name(store_key("tem.db")) != queue_name(store_key("other.db"))
    assert len(queue_name("x" * 1000)) <= 128
    with pytest.raises(UserError, match="expected a PostgreSQL URL"):
        check_queue_url("mysql://u:secret@h/db")
    with pytest.raises(UserError) as info:
        check_queue_url("sqlite://u:secret@h/db")
    assert "secret" not in str(info.value)


def test_a_retry_policy_of_zero_never_retries() -> None:
    assert RetryPolicy(retries=0).strategy() is False
    with pytest.raises(UserError, match="at least 0"):
        RetryPolicy(retries=-1)


# -- submit, work, status ------------------------------------------------------------


def test_submit_returns_at_once_and_a_worker_ingests(
    queue: JobQueue, queue_url: str, db: Path
) -> None:
    started = time.perf_counter()
    [job] = queue.submit([moved("s1", "Ana", "Oslo")], scope="a")
    elapsed = time.perf_counter() - started
    assert (job.status, job.session_id, job.scope) == ("todo", "s1", "a")
    assert elapsed < 2.0  # no extraction on the request path (typically ~20 ms)
    assert queue.status(job.job_id).status == "todo"
    assert cities(db, "Ana") == []

    work(queue_url, db)

    done = queue.status(job.job_id)
    assert (done.status, done.attempts, done.error) == ("succeeded", 1, None)
    assert done.report is not None
    assert (done.report["sessions"], done.report["facts"], done.report["created"]) == (1, 1, 1)
    assert cities(db, "Ana") == ["Oslo"]


def test_the_same_session_twice_is_one_job_and_one_session(
    queue: JobQueue, queue_url: str, db: Path
) -> None:
    session = moved("s1", "Ana", "Oslo")
    [first] = queue.submit([session], scope="a")
    [again] = queue.submit([session], scope="a")
    assert again.job_id == first.job_id  # still waiting: the same job

    work(queue_url, db)
    [later] = queue.submit([session], scope="a")  # after it ran: a new job, a no-op ingest
    assert later.job_id != first.job_id
    work(queue_url, db)

    report = queue.status(later.job_id).report
    assert report is not None and (report["created"], report["skipped"]) == (0, 1)
    with Memory(db) as memory:
        assert [e.session_id for e in memory.sessions(scope="a")] == ["s1"]
        assert len(memory.history("Ana", scope="a")) == 1


def test_a_changed_session_queued_again_wins(queue: JobQueue, queue_url: str, db: Path) -> None:
    [old] = queue.submit([moved("s1", "Ana", "Oslo")], scope="a")
    [new] = queue.submit([moved("s1", "Ana", "Porto")], scope="a")
    assert new.job_id != old.job_id
    work(queue_url, db, concurrency=2)  # the session's lock keeps them in order
    assert queue.status(old.job_id).status == queue.status(new.job_id).status == "succeeded"
    assert cities(db, "Ana") == ["Porto"]
    with Memory(db) as memory:
        assert [t.text for t in memory.turns("s1", scope="a")] == ["I moved to Porto."]


def test_a_failing_extraction_is_retried_then_fails_and_writes_nothing(
    queue: JobQueue, queue_url: str, db: Path
) -> None:
    [job] = queue.submit([moved("s1", "Ana", "Oslo")], scope="a")
    work(queue_url, db, extractor=failing_llm())
    failed = queue.status(job.job_id)
    assert (failed.status, failed.attempts, failed.report) == ("failed", 2, None)
    assert failed.error is not None and "s1" in failed.error and "\n" not in failed.error
    assert cities(db, "Ana") == []
    with Memory(db) as memory:
        assert memory.sessions(scope="a") == []


def test_a_transient_failure_succeeds_on_retry(queue: JobQueue, queue_url: str, db: Path) -> None:
    answer = facts_answer(
        {"subject": "Ana", "relation": "lives in", "value": "Oslo", "turn": 0, "action": "new"}
    )
    [job] = queue.submit([moved("s1", "Ana", "Oslo")], scope="a")
    work(queue_url, db, extractor=failing_llm(fail_first=1, answers=[answer]))
    done = queue.status(job.job_id)
    assert (done.status, done.attempts, done.error) == ("succeeded", 2, None)
    assert done.report is not None and done.report["llm_calls"] == 1
    assert cities(db, "Ana") == ["Oslo"]


def test_a_malformed_job_fails_at_once(queue: JobQueue, queue_url: str, db: Path) -> None:
    """A job queued by another producer, bypassing tem's validation: no retry, clear error."""
    app = App(connector=SyncPsycopgConnector(conninfo=queue_url))
    with app.open():
        job_id = app.configure_task(TASK, queue=queue.name).defer(
            store=queue.store, session={"session_id": "bad", "date": "2024-06-01"}
        )
    work(queue_url, db)
    failed = queue.status(job_id)
    assert (failed.status, failed.attempts) == ("failed", 1)
    assert failed.error is not None and "'turns' must be a non-empty list" in failed.error


def test_status_knows_only_this_queues_jobs(
    queue: JobQueue, queue_url: str, tmp_path: Path
) -> None:
    [job] = queue.submit([moved("s1", "Ana", "Oslo")], scope="a")
    with JobQueue(queue_url, store=tmp_path / "other.db") as other:
        with pytest.raises(NotFound, match=f"no ingestion job {job.job_id}"):
            other.status(job.job_id)
        assert other.submit([], scope="a") == []
    with pytest.raises(NotFound):
        queue.status(10**12)


def test_bad_input_queues_nothing(queue: JobQueue) -> None:
    with pytest.raises(UserError, match="scope"):
        queue.submit([moved("s1", "Ana", "Oslo"), moved("s2", "Bo", "Rome")], scope=" ")
    with psycopg.connect(queue.url) as conn:
        row = conn.execute(
            "SELECT count(*) FROM procrastinate_jobs WHERE queue_name = %s", [queue.name]
        ).fetchone()
    assert row == (0,)


def test_a_job_left_running_by_a_dead_worker_is_queued_again(
    queue: JobQueue, queue_url: str, db: Path
) -> None:
    [job] = queue.submit([moved("s1", "Ana", "Oslo")], scope="a")
    with psycopg.connect(queue.url) as conn:  # as a worker killed mid-job leaves it
        conn.execute("UPDATE procrastinate_jobs SET status = 'doing' WHERE id = %s", [job.job_id])
    assert queue.status(job.job_id).status == "doing"
    work(queue_url, db)
    assert queue.status(job.job_id).status == "succeeded"
    assert cities(db, "Ana") == ["Oslo"]


@pytest.mark.slow
def test_concurrent_jobs_overlap_with_an_io_bound_extractor(
    queue: JobQueue, queue_url: str, db: Path
) -> None:
    def slow(messages: Any) -> str:
        time.sleep(0.5)
        return facts_answer()

    jobs = queue.submit([moved(f"s{i}", f"P{i}", "Oslo") for i in range(6)], scope="a")
    model = FakeChatModel(slow)
    settings = LLMSettings(model="fake", max_retries=0)
    started = time.perf_counter()
    work(queue_url, db, concurrency=3, extractor=lambda: LLMExtractor(model, settings))
    elapsed = time.perf_counter() - started
    assert all(queue.status(j.job_id).status == "succeeded" for j in jobs)
    assert elapsed < 6 * 0.5  # one at a time, the model alone would take 3 s


@pytest.mark.slow
def test_first_use_creates_the_schema_once_under_concurrent_starts(
    db: Path, new_database: Callable[[], AbstractContextManager[str]]
) -> None:
    with new_database() as url:
        errors: list[BaseException] = []

        def start() -> None:
            try:
                JobQueue(url, store=db).open().close()
            except BaseException as exc:  # pragma: no cover - reported below
                errors.append(exc)

        threads = [threading.Thread(target=start) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []
        with JobQueue(url, store=db) as q:
            assert q.submit([moved("s1", "Ana", "Oslo")], scope="a")[0].job_id == 1


# -- the CLI: tem worker, tem jobs status, several worker processes -------------------


@pytest.mark.slow
def test_two_worker_processes_ingest_each_session_exactly_once(
    queue: JobQueue, queue_url: str, db: Path
) -> None:
    batch = [moved(f"s{i}", p, c) for i, (p, c) in enumerate(zip(PEOPLE, CITIES, strict=True))]
    jobs = queue.submit(batch, scope="a")
    command = [sys.executable, "-m", "tem", "--db", str(db), "worker", "--queue", queue_url]
    started = time.perf_counter()
    workers = [
        subprocess.Popen(command, stderr=subprocess.PIPE, text=True, env={**os.environ})
        for _ in range(2)
    ]
    try:
        deadline = time.monotonic() + 120
        while not all(queue.status(j.job_id).done for j in jobs):
            assert time.monotonic() < deadline, "workers did not drain the queue in 120 s"
            time.sleep(0.2)
        elapsed = time.perf_counter() - started
    finally:
        for w in workers:
            w.send_signal(signal.SIGTERM)
        logs = [w.communicate(timeout=30)[1] for w in workers]
    assert [w.returncode for w in workers] == [0, 0], logs
    done_by = [
        {int(line.split()[2]) for line in log.splitlines() if line.startswith("tem: job ")}
        for log in logs
    ]
    ids = {j.job_id for j in jobs}
    assert done_by[0] | done_by[1] == ids and not done_by[0] & done_by[1], done_by
    with psycopg.connect(queue.url) as conn:
        starts = conn.execute(
            "SELECT job_id, count(*) FROM procrastinate_events "
            "WHERE type = 'started' AND job_id = ANY(%s) GROUP BY job_id",
            [sorted(ids)],
        ).fetchall()
    assert sorted(starts) == [(i, 1) for i in sorted(ids)]
    assert all(queue.status(i).status == "succeeded" for i in ids)
    with Memory(db) as memory:
        assert len(memory.sessions(scope="a")) == 12
    assert [cities(db, p) for p in PEOPLE] == [[c] for c in CITIES]
    print(f"2 workers: 12 jobs in {elapsed:.1f} s, split {len(done_by[0])}/{len(done_by[1])}")


def test_cli_worker_burst_and_jobs_status(queue: JobQueue, queue_url: str, db: Path) -> None:
    [job] = queue.submit([moved("s1", "Ana", "Oslo")], scope="a")
    runner = CliRunner()
    env = {"TEM_QUEUE_URL": queue_url}
    result = runner.invoke(cli, ["--db", str(db), "worker", "--burst"], env=env)
    assert result.exit_code == 0, result.output
    assert f"tem: job {job.job_id} (session 's1' in scope 'a'): 1 sessions" in result.output
    result = runner.invoke(cli, ["--db", str(db), "jobs", "status", str(job.job_id)], env=env)
    assert result.exit_code == 0, result.output
    assert '"status": "succeeded"' in result.output
    missing = runner.invoke(cli, ["--db", str(db), "jobs", "status", "999999"], env=env)
    assert missing.exit_code == 3


def test_cli_says_which_extra_is_missing(
    monkeypatch: pytest.MonkeyPatch, db: Path, queue_url: str
) -> None:
    monkeypatch.setitem(sys.modules, "tem.jobs", None)  # as if procrastinate were absent
    result = CliRunner().invoke(
        cli, ["--db", str(db), "worker", "--queue", queue_url], standalone_mode=True
    )
    assert result.exit_code == 2
    assert "pip install 'tem[queue]'" in result.output
