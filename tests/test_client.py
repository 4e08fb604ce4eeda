"""tem.client against the real HTTP app: the library's verbs and types, over HTTP."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import httpx
import pytest

pytest.importorskip("fastapi", reason="pip install 'tem[server]'")

from fastapi.testclient import TestClient  # noqa: E402

from tem import Evidence, IngestReport, ManualClock, Memory, NotFound, StoreError, UserError  # noqa: E402
from tem.client import AsyncClient, Client, version_from_dict  # noqa: E402
from tem.server import create_app  # noqa: E402

KEYS = {"key-a": frozenset({"a"}), "key-ab": frozenset({"a", "b"})}


@pytest.fixture
def memory() -> Iterator[Memory]:
    with Memory(clock=ManualClock()) as m:
        yield m


@pytest.fixture
def tem(memory: Memory) -> Iterator[Client]:
    """A Client whose transport hands each request to the app (lifespan and all)."""
    with TestClient(create_app(memory, KEYS)) as app:

        def forward(request: httpx.Request) -> httpx.Response:
            answer = app.request(
                request.method,
                request.url.raw_path.decode(),
                content=request.content,
                headers=dict(request.headers),
            )
            return httpx.Response(
                answer.status_code, headers=answer.headers, content=answer.content
            )

        with Client("http://tem", api_key="key-a", transport=httpx.MockTransport(forward)) as c:
            yield c


def test_writes_and_reads_give_library_types(tem: Client, memory: Memory) -> None:
    first = tem.add("Ana", "lives in", "Lisbon", source="c1", observed_at="2024-01-05")
    assert [first] == memory.history("Ana", scope="a")  # the same Version, field for field
    tem.add("Ana", "lives in", "Oslo", source="c2", observed_at="2024-06-01")
    assert [(v.value, v.status.value) for v in tem.history("Ana")] == [
        ("Lisbon", "historical"),
        ("Oslo", "current"),
    ]
    assert [v.value for v in tem.current("Ana", "lives in", at="2024-02-01")] == ["Lisbon"]
    found = tem.recall("Where does Ana live?")
    assert isinstance(found, Evidence) and len(found) == 2 and found.tokens > 0
    assert set(found.scores) == {v.id for v in found.versions}
    assert "[historical]" in tem.context("Where does Ana live?", dates=True)
    assert tem.scopes() == ["a"] and tem.subjects() == ["Ana"]
    assert '"Oslo"' in tem.export()
    (ended,) = tem.retract("Ana", "lives in", source="c3", observed_at="2024-07-01")
    assert ended.status.value == "ended"
    assert tem.forget(subject="Ana") == 3
    assert tem.health() == {"status": "ok"}


def test_messages_and_sessions(tem: Client, memory: Memory) -> None:
    report = tem.add_messages([{"role": "user", "name": "Ana", "content": "I moved to Oslo."}])
    assert isinstance(report, IngestReport) and report.sessions == 1
    session = {
        "session_id": "s2",
        "date": "2024-07-01",
        "turns": [{"speaker": "Ana", "text": "I moved to Porto."}],
    }
    assert tem.ingest([session]).sessions == 1
    history = memory.history("Ana", "lives in", scope="a")  # the messages are dated now
    assert [(v.value, v.status.value) for v in history] == [
        ("Porto", "historical"),
        ("Oslo", "current"),
    ]


def test_dated_events_come_back_as_the_library_type(tem: Client, memory: Memory) -> None:
    session = {
        "session_id": "s1",
        "date": "2023-05-08",
        "turns": [{"speaker": "Ana", "text": "I went to a support group yesterday."}],
    }
    tem.ingest([session])
    found = tem.dated_events("support group", k=5)
    assert found == memory.dated_events("support group", k=5, scope="a")
    assert [(e.who, e.when.date().isoformat(), e.turn_index) for e in found] == [
        ("Ana", "2023-05-07", 0)
    ]


def test_errors_are_the_library_errors(tem: Client) -> None:
    with pytest.raises(NotFound, match="404"):
        tem.retract("Nobody", "lives in", source="x", observed_at="2024-01-01")
    with pytest.raises(UserError, match="403"):
        tem.history("Ana", scope="b")
    with pytest.raises(UserError, match="observed_at"):
        tem.add("Ana", "age", "3", source="x", observed_at="not a date")
    with pytest.raises(UserError, match="name a scope"):
        tem.forget()


def test_an_unreachable_server_is_a_store_error() -> None:
    def refuse(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("connection refused", request=request)

    with (
        Client(transport=httpx.MockTransport(refuse)) as tem,
        pytest.raises(StoreError, match="cannot reach tem at http://127.0.0.1:8000"),
    ):
        tem.scopes()


def test_the_async_client_has_the_same_verbs(memory: Memory) -> None:
    app = create_app(memory, KEYS)
    app.state.memory, app.state.keys, app.state.queue = memory, KEYS, None  # no lifespan here

    async def run() -> list[str]:
        transport = httpx.ASGITransport(app=app)
        async with AsyncClient(
            "http://tem", api_key="key-ab", scope="b", transport=transport
        ) as tem:
            await tem.add("Bo", "works at", "Acme", source="c1", observed_at="2024-01-05")
            return [v.value for v in await tem.current("Bo")]

    assert asyncio.run(run()) == ["Acme"]
    assert [v.value for v in memory.current("Bo", scope="b")] == ["Acme"]
    sync_verbs = {n for n in vars(Client) if not n.startswith("_") and n != "close"}
    async_verbs = {n for n in vars(AsyncClient) if not n.startswith("_") and n != "aclose"}
    assert sync_verbs == async_verbs


def test_version_round_trips_through_its_json_form(memory: Memory) -> None:
    memory.add("Ana", "age", "3", source="s", observed_at="2024-01-01", metadata={"k": 1})
    (version,) = memory.history("Ana")
    assert version_from_dict(version.to_dict()) == version
