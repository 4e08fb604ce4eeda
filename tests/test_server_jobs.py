"""Background ingestion over HTTP: 202 with job ids, GET /v1/jobs/{id}, scopes, no queue.

Runs against a throwaway database on the PostgreSQL server at
``TEM_TEST_DATABASE_URL`` (default: postgres on 127.0.0.1); skipped without one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("procrastinate")

import psycopg  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

from tem import Memory  # noqa: E402
from tem.jobs import JobQueue, RetryPolicy  # noqa: E402
from tem.llm import LLMExtractor, LLMSettings  # noqa: E402
from tem.llm.testing import FakeChatModel  # noqa: E402
from tem.server import create_app  # noqa: E402
from tem.server.jobs import NO_QUEUE  # noqa: E402

KEYS = {"key-a": frozenset({"a"}), "key-b": frozenset({"b"}), "key-ab": frozenset({"a", "b"})}
A, B = {"Authorization": "Bearer key-a"}, {"Authorization": "Bearer key-b"}
MESSAGES = {
    "messages": [{"role": "user", "name": "Ana", "content": "I moved to Oslo."}],
    "session_id": "s1",
    "observed_at": "2024-06-01",
    "background": True,
}
SESSION = {
    "session_id": "s2",
    "date": "2024-07-01",
    "turns": [{"speaker": "Bo", "text": "I moved to Rome."}],
}


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "tem.db"


@pytest.fixture
def queue(queue_url: str, db: Path) -> Iterator[JobQueue]:
    with JobQueue(queue_url, store=db) as q:
        yield q


@pytest.fixture
def client(queue: JobQueue, db: Path) -> Iterator[TestClient]:
    with Memory(db) as memory, TestClient(create_app(memory, KEYS, queue=queue)) as c:
        yield c


Work = Callable[..., None]


@pytest.fixture
def work(queue_url: str, db: Path) -> Work:
    """Run a worker until the queue is empty, as ``tem worker --burst`` would."""

    def run(**kw: Any) -> None:
        retry = RetryPolicy(retries=0)
        with JobQueue(queue_url, store=db, retry=retry) as q, Memory(db) as memory:
            q.work(memory, burst=True, signals=False, **kw)

    return run


def job(client: TestClient, job_id: int, headers: dict[str, str] = A) -> dict[str, Any]:
    response = client.get(f"/v1/jobs/{job_id}", headers=headers)
    assert response.status_code == 200, response.text
    [found] = response.json()["results"]
    return dict(found)


def current(client: TestClient, subject: str) -> list[str]:
    return [v["value"] for v in client.get(f"/v1/current/{subject}", headers=A).json()["results"]]


def test_messages_in_the_background(client: TestClient, work: Work) -> None:
    response = client.post("/v1/messages", json=MESSAGES, headers=A)
    assert response.status_code == 202, response.text
    [queued] = response.json()["results"]
    assert {k: queued[k] for k in ("status", "session_id", "scope")} == {
        "status": "todo",
        "session_id": "s1",
        "scope": "a",
    }
    assert job(client, queued["job_id"])["status"] == "todo"
    assert current(client, "Ana") == []  # nothing ingested on the request path

    work()

    done = job(client, queued["job_id"])
    assert (done["status"], done["attempts"], done["error"]) == ("succeeded", 1, None)
    assert done["report"]["sessions"] == 1 and done["report"]["created"] == 1
    assert current(client, "Ana") == ["Oslo"]


def test_posting_the_same_session_twice_is_one_job(
    client: TestClient, work: Work, db: Path
) -> None:
    first = client.post("/v1/messages", json=MESSAGES, headers=A).json()["results"][0]
    again = client.post("/v1/messages", json=MESSAGES, headers=A).json()["results"][0]
    assert again["job_id"] == first["job_id"]
    work()
    assert job(client, first["job_id"])["attempts"] == 1
    with Memory(db) as memory:
        assert [e.session_id for e in memory.sessions(scope="a")] == ["s1"]
    assert current(client, "Ana") == ["Oslo"]


def test_ingest_in_the_background_queues_a_job_per_session(client: TestClient, work: Work) -> None:
    other = {
        **SESSION,
        "session_id": "s3",
        "turns": [{"speaker": "Cy", "text": "I moved to Paris."}],
    }
    body = {"sessions": [SESSION, other], "background": True}
    response = client.post("/v1/ingest", json=body, headers=A)
    assert response.status_code == 202, response.text
    queued = response.json()["results"]
    assert [(j["session_id"], j["status"]) for j in queued] == [("s2", "todo"), ("s3", "todo")]
    work()
    assert [job(client, j["job_id"])["status"] for j in queued] == ["succeeded", "succeeded"]
    assert (current(client, "Bo"), current(client, "Cy")) == (["Rome"], ["Paris"])


def test_bad_input_is_refused_before_anything_is_queued(
    client: TestClient, queue: JobQueue
) -> None:
    no_text = {**MESSAGES, "messages": [{"role": "system", "content": "be brief"}]}
    no_date = {"sessions": [{**SESSION, "date": None}], "background": True}
    for path, body in (("/v1/messages", no_text), ("/v1/ingest", no_date)):
        response = client.post(path, json=body, headers=A)
        assert response.status_code == 422, response.text
        assert "\n" not in response.json()["error"]
    assert (
        client.post("/v1/messages", json={**MESSAGES, "scope": "b"}, headers=A).status_code == 403
    )
    with psycopg.connect(queue.url) as conn:
        row = conn.execute(
            "SELECT count(*) FROM procrastinate_jobs WHERE queue_name = %s", [queue.name]
        ).fetchone()
    assert row == (0,)


def test_a_failed_job_reports_its_error_and_writes_nothing(client: TestClient, work: Work) -> None:
    queued = client.post("/v1/messages", json=MESSAGES, headers=A).json()["results"][0]
    model = FakeChatModel([], fail_first=100)
    settings = LLMSettings(model="fake", max_retries=0)
    work(extractor=lambda: LLMExtractor(model, settings))
    failed = job(client, queued["job_id"])
    assert (failed["status"], failed["attempts"], failed["report"]) == ("failed", 1, None)
    assert "simulated timeout" in failed["error"]
    assert current(client, "Ana") == []


def test_a_job_is_visible_only_to_keys_of_its_scope(client: TestClient) -> None:
    queued = client.post("/v1/messages", json=MESSAGES, headers=A).json()["results"][0]
    denied = client.get(f"/v1/jobs/{queued['job_id']}", headers=B)
    unknown_id = queued["job_id"] + 1000
    unknown_to_b = client.get(f"/v1/jobs/{unknown_id}", headers=B)
    assert denied.status_code == unknown_to_b.status_code == 404  # nothing tells them apart
    assert denied.json()["error"] == f"no ingestion job {queued['job_id']} in this queue"
    assert "'a'" not in denied.text
    assert job(client, queued["job_id"], {"Authorization": "Bearer key-ab"})["scope"] == "a"
    assert client.get(f"/v1/jobs/{queued['job_id']}").status_code == 401
    unknown = client.get("/v1/jobs/999999", headers=A)
    assert unknown.status_code == 404 and "no ingestion job 999999" in unknown.json()["error"]


def test_the_jobs_route_is_in_the_schema(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert "get" in schema["paths"]["/v1/jobs/{job_id}"]
    for model in ("MessagesRequest", "IngestRequest"):
        field = schema["components"]["schemas"][model]["properties"]["background"]
        assert (field["type"], field["default"]) == ("boolean", False)


def test_without_a_queue_background_is_refused(db: Path) -> None:
    with Memory(db) as memory, TestClient(create_app(memory, KEYS)) as c:
        for response in (
            c.post("/v1/messages", json=MESSAGES, headers=A),
            c.post("/v1/ingest", json={"sessions": [SESSION], "background": True}, headers=A),
        ):
            assert response.status_code == 422
            assert response.json() == {"error": NO_QUEUE}
        assert memory.sessions(scope="a") == []
        assert c.get("/v1/jobs/1", headers=A).status_code == 404  # no queue, no jobs route
        assert "/v1/jobs/{job_id}" not in c.get("/openapi.json").json()["paths"]
        synchronous = c.post("/v1/messages", json={**MESSAGES, "background": False}, headers=A)
        assert synchronous.status_code == 200
        assert synchronous.json()["results"][0]["sessions"] == 1
