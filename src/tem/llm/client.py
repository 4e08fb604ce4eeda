"""The chat-model port: one method that sends messages and returns the JSON text answered.

Every server that speaks OpenAI's ``/v1/chat/completions`` works through
:class:`OpenAIChatModel`: OpenAI, Ollama, vLLM, llama.cpp. Tests use
:class:`tem.llm.testing.FakeChatModel` instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from tem.llm.errors import LLMError, LLMTimeout, LLMTransportError
from tem.llm.settings import LLMSettings

if TYPE_CHECKING:
    from openai import OpenAI

Message = dict[str, str]
"""One chat message: ``{"role": "system" | "user" | "assistant", "content": ...}``."""

RETRYABLE_STATUS = frozenset({408, 409, 429})


@runtime_checkable
class ChatModel(Protocol):
    """A chat model that answers in JSON.

    ``schema`` is the JSON schema the answer should follow; implementations may use it
    for constrained decoding or ignore it (the prompt describes the format too). Raise
    :class:`LLMTransportError` for failures worth retrying, :class:`LLMError` otherwise.
    """

    def complete_json(self, messages: list[Message], *, schema: Mapping[str, Any]) -> str:
        """Return the raw text of the model's answer to ``messages``."""
        ...


class OpenAIChatModel:
    """A :class:`ChatModel` over the official ``openai`` SDK.

    Asks for JSON mode (``response_format={"type": "json_object"}``). A server that
    rejects that with a 400 is asked once more without it; when that works, JSON mode
    stays off for this instance. The SDK's own retries are off: the extractor retries.
    """

    def __init__(self, settings: LLMSettings, *, client: OpenAI | None = None) -> None:
        self.settings = settings
        self.json_mode = True
        if client is None:
            try:
                from openai import OpenAI
            except ImportError:  # pragma: no cover - depends on the install
                raise LLMError("the openai package is missing: pip install openai") from None
            client = OpenAI(
                base_url=settings.endpoint,
                api_key=settings.api_key or "not-needed",
                timeout=settings.timeout_s,
                max_retries=0,
            )
        self._client = client

    def complete_json(self, messages: list[Message], *, schema: Mapping[str, Any]) -> str:
        """Return the text of the first choice; see the class docstring for JSON mode."""
        import openai

        try:
            try:
                return self._create(messages, json_mode=self.json_mode)
            except openai.BadRequestError:
                if not self.json_mode:
                    raise
            text = self._create(messages, json_mode=False)
            self.json_mode = False
            return text
        except openai.APITimeoutError as error:
            raise LLMTimeout(f"{self.settings.model}: request timed out") from error
        except openai.APIConnectionError as error:
            raise LLMTransportError(f"{self.settings.model}: {error}") from error
        except openai.APIStatusError as error:
            kind = (
                LLMTransportError
                if error.status_code in RETRYABLE_STATUS or error.status_code >= 500
                else LLMError
            )
            raise kind(f"{self.settings.model}: HTTP {error.status_code}: {error}") from error
        except openai.OpenAIError as error:
            raise LLMError(f"{self.settings.model}: {error}") from error

    def close(self) -> None:
        """Close the HTTP connections of the underlying client."""
        self._client.close()

    def _create(self, messages: list[Message], *, json_mode: bool) -> str:
        extra: dict[str, Any] = {}
        if json_mode:
            extra["response_format"] = {"type": "json_object"}
        response = self._client.chat.completions.create(
            model=self.settings.model,
            messages=messages,  # type: ignore[arg-type]
            **extra,
        )
        if not response.choices:
            return ""
        return response.choices[0].message.content or ""
