"""OpenAIChatModel against a stub /v1/chat/completions server on loopback."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

pytest.importorskip("openai")

from tem.llm.client import ChatModel, OpenAIChatModel  # noqa: E402
from tem.llm.errors import LLMError, LLMTimeout, LLMTransportError  # noqa: E402
from tem.llm.settings import LLMSettings  # noqa: E402

MESSAGES = [{"role": "user", "content": "Answer in JSON."}]


@dataclass
class Script:
    """What the stub server does: reject JSON mode, fail with a status, or be slow."""

    reject_json_mode: bool = False
    status: int = 200
    delay_s: float = 0.0
    requests: list[dict[str, Any]] = field(default_factory=list)


def completion(content: str) -> dict[str, Any]:
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 0,
        "model": "stub",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": "stop",
            }
        ],
    }


@pytest.fixture
def stub() -> Iterator[tuple[Script, str]]:
    script = Script()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - the http.server API
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            script.requests.append(body)
            time.sleep(script.delay_s)
            if script.reject_json_mode and "response_format" in body:
                status, payload = 400, {"error": {"message": "response_format not supported"}}
            elif script.status != 200:
                status, payload = script.status, {"error": {"message": "scripted failure"}}
            else:
                status, payload = 200, completion('{"facts": []}')
            data = json.dumps(payload).encode()
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client timed out and hung up

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield script, f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def model_for(url: str, timeout_s: float = 5) -> OpenAIChatModel:
    return OpenAIChatModel(LLMSettings(model="stub", base_url=url, timeout_s=timeout_s))


def test_asks_for_json_mode(stub: tuple[Script, str]) -> None:
    script, url = stub
    model = model_for(url)
    assert isinstance(model, ChatModel)
    try:
        assert model.complete_json(MESSAGES, schema={}) == '{"facts": []}'
    finally:
        model.close()
    (request,) = script.requests
    assert request["model"] == "stub"
    assert request["messages"] == MESSAGES
    assert request["response_format"] == {"type": "json_object"}


def test_a_server_rejecting_json_mode_is_asked_again_without_it(stub: tuple[Script, str]) -> None:
    script, url = stub
    script.reject_json_mode = True
    model = model_for(url)
    try:
        assert model.complete_json(MESSAGES, schema={}) == '{"facts": []}'
        assert model.complete_json(MESSAGES, schema={}) == '{"facts": []}'
    finally:
        model.close()
    assert ["response_format" in r for r in script.requests] == [True, False, False]
    assert model.json_mode is False


@pytest.mark.parametrize(
    ("status", "error"), [(500, LLMTransportError), (429, LLMTransportError), (401, LLMError)]
)
def test_status_errors(stub: tuple[Script, str], status: int, error: type[LLMError]) -> None:
    script, url = stub
    script.status = status
    model = model_for(url)
    try:
        with pytest.raises(error, match=f"HTTP {status}") as caught:
            model.complete_json(MESSAGES, schema={})
    finally:
        model.close()
    assert isinstance(caught.value, LLMTransportError) == (error is LLMTransportError)
    assert len(script.requests) == 1  # the SDK's own retries are off


def test_400_twice_is_not_retryable(stub: tuple[Script, str]) -> None:
    script, url = stub
    script.status = 400
    model = model_for(url)
    try:
        with pytest.raises(LLMError, match="HTTP 400") as caught:
            model.complete_json(MESSAGES, schema={})
    finally:
        model.close()
    assert not isinstance(caught.value, LLMTransportError)
    assert len(script.requests) == 2
    assert model.json_mode is True


def test_timeout(stub: tuple[Script, str]) -> None:
    script, url = stub
    script.delay_s = 1.0
    model = model_for(url, timeout_s=0.2)
    try:
        with pytest.raises(LLMTimeout):
            model.complete_json(MESSAGES, schema={})
    finally:
        model.close()


def test_connection_refused_is_a_transport_error() -> None:
    model = model_for("http://127.0.0.1:9/v1")
    try:
        with pytest.raises(LLMTransportError):
            model.complete_json(MESSAGES, schema={})
    finally:
        model.close()
