"""The chat-model port: one method that sends messages and returns the JSON text answered.

Every server that speaks OpenAI's ``/v1/chat/completions`` works through
:class:`OpenAIChatModel`: OpenAI, Ollama, vLLM, llama.cpp. Tests use
:class:`tem.llm.testing.FakeChatModel` instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, Protocol, runtime_checkable

from tem.llm.errors import LLMError, LLMTimeout, LLMTransportError, LLMUnreachable
from tem.llm.settings import ENV_API_KEY, ENV_BASE_URL, ENV_MODEL, LLMSettings

if TYPE_CHECKING:
    import httpx
    import openai
    from pydantic import BaseModel

Message = dict[str, str]
"""One chat message: ``{"role": "system" | "user" | "assistant", "content": ...}``."""

OutputMode = Literal["json_schema", "json_object+schema", "json_object", "text"]
OUTPUT_MODES: tuple[OutputMode, ...] = ("json_schema", "json_object+schema", "json_object", "text")
"""What to ask a server for, best first: strict structured output; JSON mode with the
schema alongside (llama-cpp-python's server decodes to it; others ignore the key); JSON
mode; plain text."""

RETRYABLE_STATUS = frozenset({408, 409, 429})
PROBE_TIMEOUT_S = 10.0
HINTS = {
    401: f"check {ENV_API_KEY}",
    403: f"check {ENV_API_KEY}",
    404: f"check {ENV_MODEL} and {ENV_BASE_URL}",
}


@runtime_checkable
class ChatModel(Protocol):
    """A chat model that answers in JSON.

    ``response_format`` is the pydantic model the answer should follow; implementations
    may use its schema for constrained decoding or ignore it (the prompt describes the
    format too): the caller validates the text with the same model. Raise
    :class:`LLMTransportError` (or :class:`LLMUnreachable`) when no answer came,
    :class:`LLMError` otherwise.
    """

    def complete_json(self, messages: list[Message], *, response_format: type[BaseModel]) -> str:
        """Return the raw text of the model's answer to ``messages``."""
        ...


class OpenAIChatModel:
    """A :class:`ChatModel` over the official ``openai`` SDK.

    Asks for strict structured output: ``response_format`` is the JSON schema the SDK
    makes of the pydantic model (``openai.lib.type_to_response_format_param``). A
    server that rejects that with a 400 or 422 (older llama.cpp, Ollama, vLLM) is
    asked again in JSON mode with the schema alongside, then in plain JSON mode, then
    without a format (so is one whose error of another status names the format:
    :func:`refuses_format`); the first mode that works is kept for this instance
    (``mode``). Retries are the SDK's own
    (``settings.max_retries``, honouring ``Retry-After``).

    ``http_client`` is handed to the SDK: tests pass
    ``httpx.Client(transport=httpx.MockTransport(handler))``.
    """

    def __init__(self, settings: LLMSettings, *, http_client: httpx.Client | None = None) -> None:
        try:
            from openai import OpenAI
        except ImportError:  # pragma: no cover - depends on the install
            raise LLMError("the openai package is missing: pip install openai") from None
        self.settings = settings
        self.mode: OutputMode = OUTPUT_MODES[0]
        given: Any = http_client  # the SDK accepts an httpx client as well as its httpx2 one
        self._client = OpenAI(
            base_url=settings.endpoint,
            api_key=settings.api_key or "not-needed",
            timeout=settings.timeout_s,
            max_retries=settings.max_retries,
            http_client=given,
        )

    def complete_json(self, messages: list[Message], *, response_format: type[BaseModel]) -> str:
        """Return the text of the first choice; see the class docstring for the modes."""
        import openai

        try:
            return self._complete(messages, response_format)
        except openai.OpenAIError as error:
            raise self._error(error) from error

    def probe(self) -> None:
        """Raise :class:`LLMUnreachable` at once when the server cannot be reached.

        One ``GET /models`` without retries; any HTTP answer, even an error status,
        proves the server is there. Costs one round trip: the CLI calls it before a run
        so that a wrong URL is one clear error, not a failure per session.
        """
        import openai

        quick = self._client.with_options(
            max_retries=0, timeout=min(self.settings.timeout_s, PROBE_TIMEOUT_S)
        )
        try:
            quick.models.list()
        except openai.APIConnectionError as error:  # timeouts included
            raise LLMUnreachable(self._unreachable(error)) from error
        except openai.OpenAIError:
            pass  # it answered: reachable

    def close(self) -> None:
        """Close the HTTP connections of the underlying client."""
        self._client.close()

    def _complete(self, messages: list[Message], answer: type[BaseModel]) -> str:
        import openai

        modes = OUTPUT_MODES[OUTPUT_MODES.index(self.mode) :]
        for mode in modes:
            try:
                text = self._create(messages, answer, mode)
            except openai.APIStatusError as error:
                if mode == modes[-1] or not refuses_format(error):
                    raise
                continue
            self.mode = mode
            return text
        raise AssertionError("unreachable")  # pragma: no cover

    def _create(self, messages: list[Message], answer: type[BaseModel], mode: OutputMode) -> str:
        extra: dict[str, Any] = {}
        if mode != "text":
            extra["response_format"] = response_format(answer, mode)
        response = self._client.chat.completions.create(
            model=self.settings.model,
            messages=messages,  # type: ignore[arg-type]
            **extra,
        )
        if not response.choices:
            return ""
        choice = response.choices[0]
        if choice.finish_reason == "length":
            raise LLMError(
                f"{self.settings.model}: the answer was cut off at the model's output limit; "
                "fewer turns per call (TEM_LLM_WINDOW_TURNS) make shorter answers"
            )
        return choice.message.content or ""

    def _error(self, error: openai.OpenAIError) -> LLMError:
        """Map an SDK error, raised after the SDK's retries, onto tem's LLM errors."""
        import openai

        model = self.settings.model
        if isinstance(error, openai.APITimeoutError):
            return LLMTimeout(
                f"{model}: no answer within {self.settings.timeout_s:g} s "
                f"({self.settings.max_retries} retries)"
            )
        if isinstance(error, openai.APIConnectionError):
            return LLMUnreachable(self._unreachable(error))
        if isinstance(error, openai.APIStatusError):
            status = error.status_code
            retryable = status in RETRYABLE_STATUS or status >= 500
            hint = f" ({HINTS[status]})" if status in HINTS else ""
            kind = LLMTransportError if retryable else LLMError
            return kind(f"{model}: HTTP {status}{hint}: {error}")
        return LLMError(f"{model}: {error}")

    def _unreachable(self, error: openai.APIConnectionError) -> str:
        cause = error.__cause__ or error
        return (
            f"cannot reach the LLM server at {self.settings.endpoint} ({cause}): start it, "
            f"or set {ENV_BASE_URL} to the URL it listens on"
        )


def response_format(answer: type[BaseModel], mode: OutputMode) -> dict[str, Any]:
    """Return the request's ``response_format`` for ``answer`` in ``mode`` (not "text").

    The schema is the SDK's strict one (``openai.lib.type_to_response_format_param``).
    """
    from openai.lib import type_to_response_format_param

    wire: Any = type_to_response_format_param(answer)
    if mode == "json_schema":
        return dict(wire)
    if mode == "json_object+schema":
        return {"type": "json_object", "schema": wire["json_schema"]["schema"]}
    return {"type": "json_object"}


def refuses_format(error: openai.APIStatusError) -> bool:
    """Tell whether a failed request may work with a simpler ``response_format``.

    A 400 or 422 may: servers word that refusal every way. Any other status only when
    the error names the format: llama-cpp-python's server (0.3.x) answers a
    ``json_schema`` request with a 500 that says ``response_format`` (after the SDK's
    retries of the 500, once per run: the mode that works is kept).
    """
    if error.status_code in (400, 422):
        return True
    text = str(error).lower()
    return "response_format" in text or "json_schema" in text
