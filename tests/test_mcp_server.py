"""tem mcp: the six tools, spoken to over stdio by the mcp SDK's own client."""

from __future__ import annotations

import contextlib
import json
import socket
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import pytest

pytest.importorskip("mcp")

from mcp import Client, StdioServerParameters, stdio_client  # noqa: E402
from mcp.client.streamable_http import streamable_http_client  # noqa: E402

TOOLS = {
    "add_memory",
    "search_memory_facts",
    "get_context",
    "get_history",
    "retract_fact",
    "forget",
}


def run_client(tmp_path: Path, body: Callable[[Client], Awaitable[None]]) -> None:
    """Spawn ``python -m tem --db <tmp> mcp`` and run ``body`` against it over stdio."""
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "tem", "--db", str(tmp_path / "tem.db"), "mcp"],
        cwd=tmp_path,
    )

    async def main() -> None:
        with anyio.fail_after(60), (tmp_path / "server.log").open("w") as errlog:
            async with Client(stdio_client(params, errlog=errlog)) as client:
                await body(client)

    anyio.run(main)


def text_of(result: Any) -> str:
    return "\n".join(block.text for block in result.content)


@pytest.mark.slow
def test_lists_the_six_tools_with_descriptions(tmp_path: Path) -> None:
    async def body(client: Client) -> None:
        tools = (await client.list_tools()).tools
        assert {t.name for t in tools} >= TOOLS
        for tool in tools:
            assert tool.description and len(tool.description.split()) > 8, tool.name

    run_client(tmp_path, body)


@pytest.mark.slow
def test_a_move_is_remembered_with_its_history(tmp_path: Path) -> None:
    async def body(client: Client) -> None:
        for text, date in [("I live in Lisbon.", "2024-01-05"), ("I moved to Oslo.", "2024-03-01")]:
            added = await client.call_tool(
                "add_memory", {"episode_body": text, "observed_at": date, "speaker": "Ana"}
            )
            assert not added.is_error, text_of(added)

        history = await client.call_tool("get_history", {"subject": "Ana"})
        versions = history.structured_content["versions"]
        assert [(v["value"], v["status"]) for v in versions] == [
            ("Lisbon", "historical"),
            ("Oslo", "current"),
        ]

        found = await client.call_tool("search_memory_facts", {"query": "Where does Ana live?"})
        facts = found.structured_content["facts"]
        assert {f["value"]: f["status"] for f in facts} == {
            "Lisbon": "historical",
            "Oslo": "current",
        }
        assert all(isinstance(f["score"], float) for f in facts)

        context = await client.call_tool("get_context", {"question": "Where does Ana live?"})
        assert "- lives in | Lisbon | source: " in text_of(context)
        assert "[historical]" in text_of(context)

    run_client(tmp_path, body)


@pytest.mark.slow
def test_usage_mistakes_are_tool_errors_and_the_server_keeps_serving(tmp_path: Path) -> None:
    async def body(client: Client) -> None:
        bad = await client.call_tool("get_history", {"subject": "Ana", "at": "not a date"})
        assert bad.is_error and "at" in text_of(bad) and "\n" not in text_of(bad)

        none = await client.call_tool("retract_fact", {"subject": "Ana", "relation": "works at"})
        assert none.is_error and "nothing current" in text_of(none)

        both = await client.call_tool("forget", {"subject": "Ana", "source": "chat"})
        assert both.is_error and "exactly one" in text_of(both)

        fact = {
            "subject": "Ana",
            "relation": "works at",
            "value": "Acme",
            "observed_at": "2024-01-05",
        }
        assert not (await client.call_tool("add_memory", fact)).is_error
        ended = await client.call_tool(
            "retract_fact", {"subject": "Ana", "relation": "works at", "valid_to": "2024-06-01"}
        )
        assert [v["status"] for v in ended.structured_content["ended"]] == ["ended"]
        gone = await client.call_tool("forget", {"subject": "Ana"})
        assert json.loads(text_of(gone)) == {"deleted": 2}

    run_client(tmp_path, body)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.mark.slow
def test_streamable_http_transport_serves_the_same_tools(tmp_path: Path) -> None:
    """``tem mcp --transport http`` in its own process, spoken to by the SDK's HTTP client."""
    port = free_port()
    command = [sys.executable, "-m", "tem", "--db", str(tmp_path / "tem.db"), "mcp"]
    command += ["--transport", "http", "--port", str(port)]
    with (tmp_path / "server.log").open("w") as log:
        server = subprocess.Popen(command, cwd=tmp_path, stdout=log, stderr=log)
    try:
        deadline = time.monotonic() + 60
        while True:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
                break
            assert server.poll() is None, (tmp_path / "server.log").read_text()
            assert time.monotonic() < deadline, "the MCP HTTP server did not start"
            time.sleep(0.2)

        async def main() -> None:
            with anyio.fail_after(60):
                url = f"http://127.0.0.1:{port}/mcp"
                async with Client(streamable_http_client(url)) as client:
                    assert {t.name for t in (await client.list_tools()).tools} >= TOOLS
                    added = await client.call_tool(
                        "add_memory",
                        {
                            "episode_body": "I live in Lisbon.",
                            "observed_at": "2024-01-05",
                            "speaker": "Ana",
                        },
                    )
                    assert not added.is_error, text_of(added)
                    history = await client.call_tool("get_history", {"subject": "Ana"})
                    versions = history.structured_content["versions"]
                    assert [(v["value"], v["status"]) for v in versions] == [("Lisbon", "current")]

        anyio.run(main)
    finally:
        server.terminate()
        server.wait(30)


def test_http_transport_refuses_a_public_address(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "tem",
            "--db",
            str(tmp_path / "tem.db"),
            "mcp",
            "--transport",
            "http",
            "--host",
            "0.0.0.0",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "loopback only" in done.stderr


def test_unknown_arguments_are_refused_and_nothing_changes() -> None:
    """``forget`` has no ``scope``: ignoring it deleted Bob in the server's own scope."""
    from tem import Memory
    from tem.mcp_server import build_server

    with Memory() as memory:
        memory.add("Bob", "lives in", "Oslo", source="s", observed_at="2024-01-01")

        async def main() -> None:
            async with Client(build_server(memory)) as client:
                for tool in (await client.list_tools()).tools:
                    assert tool.input_schema["additionalProperties"] is False, tool.name
                refused = await client.call_tool("forget", {"subject": "Bob", "scope": "bob"})
                assert refused.is_error and "scope" in text_of(refused)
                typo = await client.call_tool("get_history", {"subject": "Bob", "relaton": "x"})
                assert typo.is_error and "relaton" in text_of(typo)

        anyio.run(main)
        assert [v.value for v in memory.current("Bob")] == ["Oslo"]


INIT = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "t", "version": "1"},
    },
}


@pytest.mark.parametrize(
    ("bind", "own"), [("127.0.0.2", "127.0.0.2"), ("LOCALHOST", "localhost"), ("[::1]", "[::1]")]
)
def test_every_loopback_host_gets_dns_rebinding_protection(bind: str, own: str) -> None:
    """The SDK protected only 127.0.0.1, localhost and ::1; 127.0.0.2 took any Host."""
    from starlette.testclient import TestClient

    from tem import Memory
    from tem.mcp_server import build_server, listen_address, transport_security

    assert "[" not in listen_address(bind)  # uvicorn takes ::1, not [::1]
    headers = {"Accept": "application/json, text/event-stream"}
    with Memory() as memory:
        app = build_server(memory).streamable_http_app(
            transport_security=transport_security(bind), host=listen_address(bind)
        )
        with TestClient(app) as client:

            def post(**extra: str) -> int:
                answer = client.post("/mcp", json=INIT, headers=headers | extra)
                return answer.status_code

            assert post(Host="evil.example:8765") == 421
            assert post(Host=f"{own}:8765", Origin="http://evil.example") == 403
            assert post(Host=f"{own}:8765") == 200
            assert post(Host="localhost:8765", Origin="http://localhost:8765") == 200
