"""The HTTP API: every route, scope isolation per route, keys, errors, the bind rule."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient  # noqa: E402

from tem import ManualClock, Memory  # noqa: E402
from tem.errors import StoreError, UserError  # noqa: E402
from tem.server import create_app  # noqa: E402
from tem.server.auth import (  # noqa: E402
    check_bind,
    is_loopback,
    listen_address,
    load_keys,
    parse_keys,
)

KEYS = {"key-a": frozenset({"a"}), "key-b": frozenset({"b"}), "key-ab": frozenset({"a", "b"})}
A = {"Authorization": "Bearer key-a"}
FACT = {
    "subject": "Ana",
    "relation": "lives in",
    "value": "Lisbon",
    "source": "chat 1",
    "observed_at": "2024-01-05",
}
MESSAGES = {
    "messages": [{"role": "user", "name": "Ana", "content": "I moved to Oslo."}],
    "session_id": "s1",
    "observed_at": "2024-06-01",
}
SESSION = {
    "session_id": "s2",
    "date": "2024-07-01",
    "turns": [{"speaker": "Ana", "text": "I moved to Porto."}],
}


@pytest.fixture
def memory() -> Iterator[Memory]:
    with Memory(clock=ManualClock()) as m:
        m.add("Ana", "lives in", "Lisbon", source="seed", observed_at="2024-01-01", scope="b")
        yield m


@pytest.fixture
def client(memory: Memory) -> Iterator[TestClient]:
    with TestClient(create_app(memory, KEYS)) as c:
        yield c


@pytest.fixture
def open_client(memory: Memory) -> Iterator[TestClient]:
    """No keys: the memory's default scope, no authentication."""
    with TestClient(create_app(memory)) as c:
        yield c


# Each route, asked by key A for scope b (method, path, body or None).
ROUTES: list[tuple[str, str, dict[str, Any] | None]] = [
    ("POST", "/v1/memories", {**FACT, "scope": "b"}),
    ("POST", "/v1/messages", {**MESSAGES, "scope": "b"}),
    ("POST", "/v1/ingest", {"sessions": [SESSION], "scope": "b"}),
    ("POST", "/v1/recall", {"query": "where does Ana live", "scope": "b"}),
    ("POST", "/v1/context", {"question": "where does Ana live", "scope": "b"}),
    ("GET", "/v1/history/Ana?scope=b", None),
    ("GET", "/v1/current/Ana?scope=b", None),
    ("GET", "/v1/dated-events?scope=b", None),
    ("POST", "/v1/retract", {**FACT, "value": None, "scope": "b"}),
    ("POST", "/v1/forget", {"subject": "Ana", "scope": "b"}),
    ("GET", "/v1/export?scope=b", None),
]


def call(client: TestClient, method: str, path: str, body: Any, **kw: Any) -> Any:
    return client.request(method, path, json=body, **kw)


# -- scopes and keys ------------------------------------------------------------------


@pytest.mark.parametrize(("method", "path", "body"), ROUTES, ids=[r[1] for r in ROUTES])
def test_a_key_cannot_use_another_scope(
    client: TestClient, memory: Memory, method: str, path: str, body: Any
) -> None:
    before = json.dumps([v.to_dict() for v in memory.history("Ana", scope="b")])
    response = call(client, method, path, body, headers=A)
    assert response.status_code == 403, response.text
    assert response.json() == {"error": "this API key may not use scope 'b'"}
    assert json.dumps([v.to_dict() for v in memory.history("Ana", scope="b")]) == before


@pytest.mark.parametrize(("method", "path", "body"), ROUTES, ids=[r[1] for r in ROUTES])
def test_no_key_or_an_unknown_key_is_401(
    client: TestClient, method: str, path: str, body: Any
) -> None:
    for headers in ({}, {"Authorization": "Bearer nope"}, {"Authorization": "Basic a2V5LWE="}):
        response = call(client, method, path, body, headers=headers)
        assert response.status_code == 401, response.text
        assert response.headers["www-authenticate"] == "Bearer"
        assert "error" in response.json()


def test_a_key_with_one_scope_may_leave_it_out(client: TestClient) -> None:
    response = client.post("/v1/memories", json=FACT, headers=A)
    assert response.status_code == 200
    assert response.json()["results"][0]["scope"] == "a"


def test_a_key_with_several_scopes_must_name_one(client: TestClient) -> None:
    ab = {"Authorization": "Bearer key-ab"}
    response = client.get("/v1/current/Ana", headers=ab)
    assert response.status_code == 422
    assert client.get("/v1/current/Ana?scope=b", headers=ab).json()["results"][0]["value"] == (
        "Lisbon"
    )


def test_ingest_refuses_a_session_naming_another_scope(client: TestClient) -> None:
    body = {"sessions": [{**SESSION, "scope": "b"}], "scope": "a"}
    assert client.post("/v1/ingest", json=body, headers=A).status_code == 403


# -- every route's happy path ---------------------------------------------------------------


def test_add_then_history_and_current(client: TestClient) -> None:
    client.post("/v1/memories", json=FACT, headers=A)
    moved = {**FACT, "value": "Oslo", "source": "chat 2", "observed_at": "2024-06-01"}
    added = client.post("/v1/memories", json=moved, headers=A).json()["results"]
    assert [(v["value"], v["status"]) for v in added] == [("Oslo", "current")]
    history = client.get("/v1/history/Ana", headers=A).json()["results"]
    assert [(v["value"], v["status"]) for v in history] == [
        ("Lisbon", "historical"),
        ("Oslo", "current"),
    ]
    current = client.get("/v1/current/Ana?relation=lives%20in", headers=A).json()["results"]
    assert [v["value"] for v in current] == ["Oslo"]
    past = client.get("/v1/current/Ana?at=2024-03-01", headers=A).json()["results"]
    assert [v["value"] for v in past] == ["Lisbon"]


def test_messages_and_ingest_report(client: TestClient) -> None:
    report = client.post("/v1/messages", json=MESSAGES, headers=A).json()["results"][0]
    assert report["sessions"] == 1 and report["turns"] == 1
    report = client.post("/v1/ingest", json={"sessions": [SESSION]}, headers=A).json()
    assert report["results"][0]["sessions"] == 1
    current = client.get("/v1/current/Ana", headers=A).json()["results"]
    assert [v["value"] for v in current] == ["Porto"]


def test_recall_and_context(client: TestClient) -> None:
    client.post("/v1/memories", json=FACT, headers=A)
    hits = client.post("/v1/recall", json={"query": "where does Ana live"}, headers=A).json()
    assert [v["value"] for v in hits["results"]] == ["Lisbon"]
    assert isinstance(hits["results"][0]["score"], float)
    body = {"question": "Where does Ana live?", "dates": True}
    (result,) = client.post("/v1/context", json=body, headers=A).json()["results"]
    assert "<Memory>" in result["context"] and "Lisbon" in result["context"]


def test_forget_deletes_a_whole_scope_only_when_asked_to(client: TestClient) -> None:
    """``{}`` used to hard-delete the scope; the library refuses the same call."""
    client.post("/v1/memories", json=FACT, headers=A)
    for body in ({}, {"all": False}, {"all": True, "subject": "Ana"}):
        refused = client.post("/v1/forget", json=body, headers=A)
        assert refused.status_code == 422 and '"all": true' in refused.json()["error"]
    assert len(client.get("/v1/current/Ana", headers=A).json()["results"]) == 1
    gone = client.post("/v1/forget", json={"all": True}, headers=A).json()
    assert gone == {"results": [{"deleted": 1}]}
    assert client.get("/v1/current/Ana", headers=A).json() == {"results": []}


def test_retract_and_forget(client: TestClient) -> None:
    client.post("/v1/memories", json=FACT, headers=A)
    body = {**FACT, "source": "chat 3", "observed_at": "2024-08-01"}
    ended = client.post("/v1/retract", json=body, headers=A).json()["results"]
    assert [(v["value"], v["status"]) for v in ended] == [("Lisbon", "ended")]
    again = client.post("/v1/retract", json=body, headers=A)
    assert again.status_code == 404 and "nothing current" in again.json()["error"]
    forgot = client.post("/v1/forget", json={"subject": "Ana"}, headers=A).json()
    assert forgot == {"results": [{"deleted": 2}]}
    assert client.get("/v1/history/Ana", headers=A).json() == {"results": []}


def test_export_is_json_lines_of_the_scope_only(client: TestClient) -> None:
    client.post("/v1/memories", json=FACT, headers=A)
    response = client.get("/v1/export", headers=A)
    assert response.headers["content-type"].startswith("application/x-ndjson")
    lines = [json.loads(line) for line in response.text.splitlines()]
    assert {line["type"] for line in lines} == {"version", "observation"}
    assert {line["scope"] for line in lines} == {"a"}
    assert "Lisbon" in response.text and "seed" not in response.text


def test_without_keys_the_default_scope_is_used(open_client: TestClient) -> None:
    added = open_client.post("/v1/memories", json=FACT).json()["results"]
    assert added[0]["scope"] == "default"
    assert open_client.get("/v1/current/Ana?scope=b").json()["results"][0]["value"] == "Lisbon"


def test_a_factory_is_opened_at_start_and_closed_at_stop(tmp_path: Path) -> None:
    opened: list[Memory] = []

    def factory() -> Memory:
        opened.append(Memory(tmp_path / "tem.db"))
        return opened[-1]

    with TestClient(create_app(factory)) as c:
        assert c.post("/v1/memories", json=FACT).status_code == 200
    assert len(opened) == 1
    with Memory(tmp_path / "tem.db") as m:
        assert [v.value for v in m.current("Ana")] == ["Lisbon"]


# -- errors and schema ------------------------------------------------------------------------


def test_a_bad_date_is_422_with_one_line(client: TestClient) -> None:
    response = client.post("/v1/memories", json={**FACT, "observed_at": "next blursday"}, headers=A)
    assert response.status_code == 422
    (message,) = response.json().values()
    assert "observed_at" in message and "\n" not in message


def test_a_malformed_body_is_422_with_one_line(client: TestClient) -> None:
    response = client.post("/v1/memories", json={"subject": "Ana"}, headers=A)
    assert response.status_code == 422
    assert response.json() == {"error": "relation: Field required"}
    response = client.post("/v1/recall", json={"query": "x", "colour": "red"}, headers=A)
    assert response.status_code == 422 and "colour" in response.json()["error"]


def test_a_store_failure_is_503(
    client: TestClient, memory: Memory, monkeypatch: pytest.MonkeyPatch
) -> None:
    def locked(*args: object, **kwargs: object) -> None:
        raise StoreError("database is locked")

    monkeypatch.setattr(memory, "history", locked)
    response = client.get("/v1/history/Ana", headers=A)
    assert (response.status_code, response.json()) == (503, {"error": "database is locked"})


def test_openapi_lists_every_route(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    paths = set(schema["paths"])
    routes = {p.split("?")[0] for _, p, _ in ROUTES} | {"/v1/scopes", "/v1/subjects", "/health"}
    assert routes == {p.replace("{subject}", "Ana") for p in paths}
    assert "HTTPBearer" in schema["components"]["securitySchemes"]


# -- configuration -------------------------------------------------------------------------------


def test_parse_keys() -> None:
    assert parse_keys("k1=a,b; k2=c\n# note\n\nk3 = d") == {
        "k1": frozenset({"a", "b"}),
        "k2": frozenset({"c"}),
        "k3": frozenset({"d"}),
    }
    for bad in ("k1", "=a", "k1=", "k1=a;k1=b"):
        with pytest.raises(UserError):
            parse_keys(bad)


def test_load_keys_merges_env_and_file_and_none_is_none() -> None:
    assert load_keys(None, None) is None
    assert load_keys("", "# nothing\n") is None
    assert load_keys("k=a", "k=b\nj=c") == {"k": frozenset({"a", "b"}), "j": frozenset({"c"})}


def test_a_bracketed_ipv6_host_is_bound_without_brackets() -> None:
    """``--host [::1]`` passed the loopback check, then uvicorn could not bind it."""
    assert is_loopback("[::1]") and listen_address("[::1]") == "::1"
    assert listen_address("LOCALHOST") == "localhost" and listen_address("127.0.0.2") == "127.0.0.2"


def test_without_keys_only_loopback_may_be_bound() -> None:
    for host in ("127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost"):
        assert is_loopback(host)
        check_bind(host, None)
    for host in ("0.0.0.0", "::", "192.168.1.5", "example.com"):
        assert not is_loopback(host)
        with pytest.raises(UserError, match="loopback only"):
            check_bind(host, None)
        check_bind(host, KEYS)


def test_tem_serve_refuses_a_public_host_without_keys(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from tem.cli import cli

    result = CliRunner().invoke(
        cli,
        ["--db", str(tmp_path / "t.db"), "serve", "--host", "0.0.0.0"],
        env={"TEM_API_KEYS": ""},
    )
    assert result.exit_code == 2
    assert result.output.startswith("tem: error: --host 0.0.0.0: without API keys")
    assert not (tmp_path / "t.db").exists()


def test_tem_serve_without_the_server_extra_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from click.testing import CliRunner

    from tem.cli import cli

    monkeypatch.setitem(sys.modules, "uvicorn", None)  # None in sys.modules: ImportError
    result = CliRunner().invoke(cli, ["--db", str(tmp_path / "t.db"), "serve"])
    assert result.exit_code == 2
    (line,) = result.output.splitlines()
    assert line.startswith(
        "tem: error: tem serve needs the server extra: pip install 'tem[server]'"
    )


def test_importing_tem_and_its_cli_never_imports_fastapi() -> None:
    code = "import sys, tem, tem.cli, tem.server.auth; assert 'fastapi' not in sys.modules"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


# -- bugs schemathesis found (tests/test_server_fuzz.py): each was a 500 -----------------------


def _snapshot(memory: Memory) -> str:
    return json.dumps([v.to_dict() for s in ("a", "b") for v in memory.history("Ana", scope=s)])


EARLY, LATE = "0001-01-01T00:00:00+14:00", "9999-12-31T12:00:00-12:00"
OUT_OF_RANGE: list[tuple[str, dict[str, Any] | None, str]] = [
    ("/v1/memories", {**FACT, "observed_at": LATE}, "observed_at"),
    ("/v1/memories", {**FACT, "valid_from": EARLY}, "valid_from"),
    ("/v1/retract", {**FACT, "valid_to": EARLY}, "valid_to"),
    ("/v1/recall", {"query": "Ana", "as_of": EARLY}, "as_of"),
    ("/v1/history/Ana?at=9999-12-31T23:00-05:00", None, "at"),
    ("/v1/messages", {**MESSAGES, "observed_at": EARLY}, "observed_at"),
    ("/v1/ingest", {"sessions": [{**SESSION, "date": LATE}]}, "date"),
]


@pytest.mark.parametrize(
    ("path", "body", "field"),
    OUT_OF_RANGE,
    ids=[f"{p.split('?')[0]}-{f}" for p, _, f in OUT_OF_RANGE],
)
def test_a_time_that_leaves_the_calendar_in_utc_is_422(
    client: TestClient, memory: Memory, path: str, body: Any, field: str
) -> None:
    """A valid ISO time whose offset pushes it before year 1 or past 9999 in UTC."""
    client.post("/v1/memories", json=FACT, headers=A)
    before = _snapshot(memory)
    response = call(client, "GET" if body is None else "POST", path, body, headers=A)
    assert response.status_code == 422, response.text
    (message,) = response.json().values()
    assert field in message and "out of range once converted to UTC" in message
    assert "\n" not in message and _snapshot(memory) == before


@pytest.mark.parametrize(
    ("path", "body", "where"),
    [
        ("/v1/memories", {**FACT, "subject": "\ud800"}, "subject: not valid Unicode"),
        ("/v1/memories", {**FACT, "scope": "a\udfff"}, "scope: not valid Unicode"),
        ("/v1/memories", {**FACT, "metadata": {"k": ["x", "\udc80"]}}, "metadata: k[1]: not valid"),
        ("/v1/memories", {**FACT, "metadata": {"\ud800": 1}}, "metadata: not valid Unicode"),
        (
            "/v1/memories",
            {**FACT, "metadata": {"k": float("inf")}},
            "metadata: k: must be a finite",
        ),
        (
            "/v1/memories",
            {**FACT, "metadata": {"k": float("nan")}},
            "metadata: k: must be a finite",
        ),
        (
            "/v1/messages",
            {**MESSAGES, "messages": [{"role": "user", "content": "I moved to \udc80."}]},
            "messages: [0].content: not valid Unicode",
        ),
        ("/v1/recall", {"query": "\ud800 Ana"}, "query: not valid Unicode"),
        ("/v1/forget", {"subject": "\udc80"}, "subject: not valid Unicode"),
    ],
)
def test_text_and_numbers_json_carries_but_a_store_cannot_are_422(
    client: TestClient, memory: Memory, path: str, body: dict[str, Any], where: str
) -> None:
    """JSON may escape a lone surrogate ("\\ud800") or hold 1e999 / NaN; neither is storable."""
    client.post("/v1/memories", json=FACT, headers=A)
    before = _snapshot(memory)
    content = json.dumps(body)  # ensure_ascii: lone surrogates travel as \\uXXXX escapes
    response = client.post(path, content=content, headers={**A, "Content-Type": "application/json"})
    assert response.status_code == 422, response.text
    assert response.json()["error"].startswith(where)
    assert _snapshot(memory) == before


def test_an_infinite_number_in_metadata_never_reaches_the_export(client: TestClient) -> None:
    content = json.dumps({**FACT, "metadata": {"k": 1e999}}).replace("Infinity", "1e999")
    response = client.post(
        "/v1/memories", content=content, headers={**A, "Content-Type": "application/json"}
    )
    assert response.status_code == 422
    for line in client.get("/v1/export", headers=A).text.splitlines():
        json.loads(line, parse_constant=lambda c: pytest.fail(f"export wrote {c}"))


def test_starlettes_own_errors_use_the_error_envelope(client: TestClient) -> None:
    """Unknown path, wrong method and an undecodable body answer {"error": ...} like the rest."""
    assert client.get("/v1/nowhere", headers=A).json() == {"error": "Not Found"}
    wrong = client.put("/v1/recall", headers=A)
    assert (wrong.status_code, wrong.json()) == (405, {"error": "Method Not Allowed"})
    latin = {**A, "Content-Type": "application/json; charset=latin-1"}
    bad = client.post("/v1/recall", content=b'{"query": "\xe9"}', headers=latin)
    assert bad.status_code == 400 and set(bad.json()) == {"error"}
    not_json = client.post(
        "/v1/recall", content=b"{", headers={**A, "Content-Type": "application/json"}
    )
    assert (not_json.status_code, not_json.json()) == (422, {"error": "body: JSON decode error"})


def test_openapi_declares_the_error_responses_it_sends(client: TestClient) -> None:
    """422 is {"error": ...} (not FastAPI's HTTPValidationError), and 401/403/404/503 are listed."""
    schema = client.get("/openapi.json").json()
    responses = schema["paths"]["/v1/memories"]["post"]["responses"]
    assert {"400", "401", "403", "404", "422", "503"} <= set(responses)
    ref = responses["422"]["content"]["application/json"]["schema"]["$ref"]
    assert ref.endswith("/ErrorBody")
    assert schema["components"]["schemas"]["ErrorBody"]["required"] == ["error"]
    assert "HTTPValidationError" not in schema["components"]["schemas"]


def test_retract_names_valid_to_when_it_is_bad(client: TestClient) -> None:
    client.post("/v1/memories", json=FACT, headers=A)
    body = {**FACT, "source": "chat 3", "observed_at": "2024-08-01", "valid_to": "soon"}
    response = client.post("/v1/retract", json=body, headers=A)
    assert response.status_code == 422
    assert response.json()["error"].startswith("valid_to: cannot parse 'soon'")


def test_health_answers_without_a_key_and_fails_with_the_store(
    client: TestClient, memory: Memory, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert (client.get("/health").status_code, client.get("/health").json()) == (
        200,
        {"status": "ok"},
    )

    def broken() -> int:
        raise StoreError("disk I/O error")

    monkeypatch.setattr(memory.store, "data_version", broken)
    assert client.get("/health").status_code == 503


def test_messages_default_to_now_and_a_content_hash(client: TestClient, memory: Memory) -> None:
    body = {"messages": MESSAGES["messages"], "scope": "a"}
    first = client.post("/v1/messages", json=body, headers=A)
    assert first.status_code == 200 and first.json()["results"][0]["sessions"] == 1
    again = client.post("/v1/messages", json=body, headers=A)
    assert again.json()["results"][0]["sessions"] == 0  # the same messages: stored once
    assert [e.session_id[:4] for e in memory.sessions(scope="a")] == ["msg-"]


def test_dated_events_are_read_like_facts(client: TestClient) -> None:
    said = {"speaker": "Ana", "text": "I went to a pottery class yesterday. It was fun."}
    body = {"sessions": [{"session_id": "p1", "date": "2023-05-08", "turns": [said]}]}
    assert client.post("/v1/ingest", json=body, headers=A).status_code == 200
    found = client.get("/v1/dated-events?query=pottery&k=5", headers=A).json()["results"]
    assert [(e["who"], e["when"][:10], e["expression"]) for e in found] == [
        ("Ana", "2023-05-07", "yesterday")
    ]
    assert client.get("/v1/dated-events?k=0", headers=A).status_code == 422
