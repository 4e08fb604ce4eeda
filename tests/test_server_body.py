"""Request limits over HTTP: 413 for a big body, 422 for fields past tem.limits."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient  # noqa: E402

from tem import ManualClock, Memory  # noqa: E402
from tem.limits import MAX_BODY_BYTES  # noqa: E402
from tem.server import create_app  # noqa: E402

FACT = {
    "subject": "Ana",
    "relation": "lives in",
    "value": "Lisbon",
    "source": "chat 1",
    "observed_at": "2024-01-05",
}


@pytest.fixture
def client() -> Iterator[TestClient]:
    with Memory(clock=ManualClock()) as memory, TestClient(create_app(memory)) as c:
        yield c


def nested(depth: int) -> dict[str, Any]:
    top: dict[str, Any] = {}
    inner = top
    for _ in range(depth - 1):
        inner["a"] = {}
        inner = inner["a"]
    return top


@pytest.mark.parametrize("depth", [21, 300])
def test_deep_metadata_is_422_and_reads_still_work(client: TestClient, depth: int) -> None:
    """Depth 254+ used to be stored, then every read of it answered a bare 500."""
    answer = client.post("/v1/memories", json={**FACT, "metadata": nested(depth)})
    assert answer.status_code == 422
    assert "metadata" in answer.json()["error"] or "body" in answer.json()["error"]
    assert client.get("/v1/current/Ana").json() == {"results": []}
    assert client.post("/v1/recall", json={"query": "Ana"}).status_code == 200


def test_a_body_over_the_limit_is_413_and_nothing_stored(client: TestClient) -> None:
    big = {**FACT, "value": "x" * (MAX_BODY_BYTES + 1)}
    answer = client.post("/v1/memories", json=big)
    assert answer.status_code == 413
    assert "at most" in answer.json()["error"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it streams
        yield b'{"subject": "Ana", "value": "'
        for _ in range(11):
            yield b"x" * (1024 * 1024)

    streamed = client.post(
        "/v1/memories", content=chunks(), headers={"Content-Type": "application/json"}
    )
    assert streamed.status_code == 413
    assert client.get("/v1/current/Ana").json() == {"results": []}


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/v1/memories", {**FACT, "value": "v" * 10_001}),
        ("/v1/memories", {**FACT, "subject": "s" * 3000}),
        ("/v1/memories", {**FACT, "subject": "_-_"}),
        ("/v1/recall", {"query": "where " * 5000}),
        ("/v1/context", {"question": " ".join(["x"] * 301)}),
    ],
)
def test_fields_past_the_limits_are_422(client: TestClient, path: str, body: Any) -> None:
    answer = client.post(path, json=body)
    assert answer.status_code == 422, answer.text
    assert "at most" in answer.json()["error"] or "no letters" in answer.json()["error"]


def test_small_bodies_pass_through(client: TestClient) -> None:
    assert client.post("/v1/memories", json=FACT).status_code == 200
    assert client.get("/v1/current/Ana").json()["results"][0]["value"] == "Lisbon"
