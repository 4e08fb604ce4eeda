"""OpenAIChatModel over httpx.MockTransport: output modes, the SDK's retries, errors."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any

import pytest

pytest.importorskip("openai")
import httpx  # noqa: E402

from tem.core.session import Session, Turn  # noqa: E402
from tem.llm.client import OUTPUT_MODES, ChatModel, OpenAIChatModel  # noqa: E402
from tem.llm.errors import LLMError, LLMTimeout, LLMTransportError, LLMUnreachable  # noqa: E402
from tem.llm.extract import LLMExtractor  # noqa: E402
from tem.llm.prompts import ExtractionAnswer  # noqa: E402
from tem.llm.settings import LLMSettings  # noqa: E402
from tem.llm.testing import facts_answer  # noqa: E402

MESSAGES = [{"role": "user", "content": "Answer in JSON."}]
EMPTY = '{"facts": []}'
Handler = Callable[[httpx.Request], httpx.Response]


def completion(content: str, finish_reason: str = "stop") -> dict[str, Any]:
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 0,
        "model": "stub",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": finish_reason,
            }
        ],
    }


class Server:
    """A scripted /v1 server: answers in order (the last one repeats), requests recorded."""

    def __init__(self, *answers: httpx.Response | Exception) -> None:
        self.answers = list(answers) or [httpx.Response(200, json=completion(EMPTY))]
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        answer = self.answers[min(len(self.requests), len(self.answers)) - 1]
        if isinstance(answer, Exception):
            raise answer
        return answer

    def bodies(self) -> list[dict[str, Any]]:
        return [json.loads(request.content) for request in self.requests]

    def modes(self) -> list[str]:
        """Each request's output mode, as OpenAIChatModel names them."""
        return [mode_of(body.get("response_format")) for body in self.bodies()]


def model_for(server: Handler, *, max_retries: int = 2, timeout_s: float = 5) -> OpenAIChatModel:
    settings = LLMSettings(
        model="stub", base_url="http://llm.test/v1", timeout_s=timeout_s, max_retries=max_retries
    )
    transport = httpx.MockTransport(server)
    return OpenAIChatModel(settings, http_client=httpx.Client(transport=transport))


def ask(model: OpenAIChatModel) -> str:
    return model.complete_json(MESSAGES, response_format=ExtractionAnswer)


def rejected(status: int = 400) -> httpx.Response:
    return httpx.Response(status, json={"error": {"message": "response_format not supported"}})


def test_asks_for_strict_structured_output_made_from_the_model() -> None:
    server = Server()
    model = model_for(server)
    assert isinstance(model, ChatModel)
    assert ask(model) == EMPTY
    (body,) = server.bodies()
    assert body["model"] == "stub" and body["messages"] == MESSAGES
    assert body["response_format"]["type"] == "json_schema"
    spec = body["response_format"]["json_schema"]
    assert spec["name"] == "ExtractionAnswer" and spec["strict"] is True
    assert spec["schema"]["required"] == ["facts"]


def mode_of(response_format: dict[str, Any] | None) -> str:
    if response_format is None:
        return "text"
    if response_format["type"] == "json_object" and "schema" in response_format:
        return "json_object+schema"
    return str(response_format["type"])


@pytest.mark.parametrize("status", [400, 422])
def test_a_server_refusing_json_schema_gets_json_mode_with_the_schema(status: int) -> None:
    ok = httpx.Response(200, json=completion(EMPTY))
    server = Server(rejected(status), ok)
    model = model_for(server)
    assert ask(model) == EMPTY and ask(model) == EMPTY
    assert server.modes() == ["json_schema", "json_object+schema", "json_object+schema"]
    assert model.mode == "json_object+schema"
    strict = server.bodies()[0]["response_format"]["json_schema"]["schema"]
    assert server.bodies()[1]["response_format"] == {"type": "json_object", "schema": strict}


def test_a_500_naming_the_format_steps_down_after_the_sdk_retries() -> None:
    """llama-cpp-python's server (0.3.36) answers json_schema with this 500."""
    refused = httpx.Response(
        500,
        headers={"retry-after-ms": "1"},
        json={
            "error": {
                "message": "'loc': ('body', 'response_format', 'type'), "
                "'msg': \"Input should be 'text' or 'json_object'\""
            }
        },
    )
    server = Server(refused, refused, httpx.Response(200, json=completion(EMPTY)))
    model = model_for(server, max_retries=1)
    assert ask(model) == EMPTY
    assert server.modes() == ["json_schema", "json_schema", "json_object+schema"]


def test_a_500_not_naming_the_format_is_an_error() -> None:
    server = Server(httpx.Response(500, headers={"retry-after-ms": "1"}, json={"error": {}}))
    model = model_for(server, max_retries=0)
    with pytest.raises(LLMTransportError, match="HTTP 500"):
        ask(model)
    assert server.modes() == ["json_schema"] and model.mode == "json_schema"


def test_a_server_refusing_every_format_gets_plain_requests() -> None:
    ok = httpx.Response(200, json=completion(EMPTY))
    server = Server(rejected(), rejected(), rejected(), ok)
    model = model_for(server)
    assert ask(model) == EMPTY and ask(model) == EMPTY
    assert server.modes() == ["json_schema", "json_object+schema", "json_object", "text", "text"]
    assert model.mode == "text"


def test_400_in_every_mode_is_an_error_and_keeps_the_mode() -> None:
    server = Server(rejected())
    model = model_for(server)
    with pytest.raises(LLMError, match="HTTP 400") as caught:
        ask(model)
    assert not isinstance(caught.value, LLMTransportError)
    assert server.modes() == list(OUTPUT_MODES)
    assert model.mode == "json_schema"


def test_the_sdk_retries_a_rate_limit_honouring_retry_after() -> None:
    limited = httpx.Response(429, headers={"retry-after-ms": "20"}, json={"error": {}})
    server = Server(limited, limited, httpx.Response(200, json=completion(EMPTY)))
    started = time.monotonic()
    assert ask(model_for(server, max_retries=2)) == EMPTY
    assert len(server.requests) == 3
    # the SDK's own backoff starts at 0.5 s (less at most 25 % jitter): the header ruled
    assert time.monotonic() - started < 0.35


@pytest.mark.parametrize(("status", "error"), [(500, LLMTransportError), (429, LLMTransportError)])
def test_retries_exhausted(status: int, error: type[LLMError]) -> None:
    failing = httpx.Response(status, headers={"retry-after-ms": "1"}, json={"error": {}})
    server = Server(failing)
    with pytest.raises(error, match=f"HTTP {status}"):
        ask(model_for(server, max_retries=1))
    assert len(server.requests) == 2


@pytest.mark.parametrize(("status", "hint"), [(401, "TEM_LLM_API_KEY"), (404, "TEM_LLM_MODEL")])
def test_client_errors_are_not_retried_and_say_what_to_check(status: int, hint: str) -> None:
    server = Server(httpx.Response(status, json={"error": {"message": "no"}}))
    with pytest.raises(LLMError, match=f"HTTP {status} \\(check {hint}") as caught:
        ask(model_for(server))
    assert not isinstance(caught.value, LLMTransportError)
    assert len(server.requests) == 1


def test_timeout() -> None:
    server = Server(httpx.ReadTimeout("slow"))
    with pytest.raises(LLMTimeout, match="no answer within 5 s"):
        ask(model_for(server, max_retries=0))


def test_unknown_host_is_unreachable_and_names_the_url_and_the_setting() -> None:
    server = Server(httpx.ConnectError("[Errno -2] Name or service not known"))
    with pytest.raises(LLMUnreachable) as caught:
        ask(model_for(server, max_retries=0))
    message = str(caught.value)
    assert "http://llm.test/v1" in message and "TEM_LLM_BASE_URL" in message
    assert "Name or service not known" in message


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_connection_refused_on_a_real_socket_is_unreachable() -> None:
    url = f"http://127.0.0.1:{free_port()}/v1"
    model = OpenAIChatModel(LLMSettings(model="stub", base_url=url, max_retries=0))
    try:
        with pytest.raises(LLMUnreachable, match=f"cannot reach the LLM server at {url}"):
            ask(model)
    finally:
        model.close()


def test_probe_is_one_request_without_retries() -> None:
    server = Server(httpx.ConnectError("[Errno 111] Connection refused"))
    model = model_for(server, max_retries=5)
    with pytest.raises(LLMUnreachable, match="Connection refused"):
        model.probe()
    assert [request.url.path for request in server.requests] == ["/v1/models"]


def test_probe_accepts_any_http_answer() -> None:
    server = Server(httpx.Response(404, json={"error": {"message": "no /models here"}}))
    model_for(server).probe()
    assert len(server.requests) == 1


def test_an_answer_cut_off_by_the_output_limit_says_what_to_change() -> None:
    server = Server(httpx.Response(200, json=completion('{"facts": [', finish_reason="length")))
    with pytest.raises(LLMError, match="TEM_LLM_WINDOW_TURNS"):
        ask(model_for(server))


def test_extractor_end_to_end_over_the_sdk() -> None:
    fact = {"subject": "I", "relation": "lives in", "value": "Porto", "turn": 0, "action": "new"}
    server = Server(httpx.Response(200, json=completion(facts_answer(fact))))
    model = model_for(server)
    session = Session(
        id="s1",
        observed_at=datetime(2024, 5, 14),
        turns=(Turn("Alice", "i live in porto now btw", 0),),
    )
    (found,) = LLMExtractor(model, model.settings).extract(session)
    assert (found.subject, found.relation, found.value) == ("Alice", "lives in", "Porto")
    assert server.modes() == ["json_schema"]
