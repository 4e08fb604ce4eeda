"""Errors of the LLM layer.

    TemError                      (tem.errors)
    └── LLMError                  an LLM step failed for good; nothing was extracted
        ├── LLMTransportError     the request did not get an answer: retried with backoff
        │   └── LLMTimeout        the request timed out
        └── LLMResponseError      the answer is not what the schema asks for: one repair try

A :class:`~tem.llm.client.ChatModel` raises :class:`LLMTransportError` for failures
worth retrying (timeouts, connection errors, rate limits, 5xx) and plain
:class:`LLMError` for the rest (a wrong API key, an unknown model).
"""

from __future__ import annotations

from tem.errors import TemError


class LLMError(TemError, RuntimeError):
    """An LLM call failed for good; the message says which step and why."""


class LLMTransportError(LLMError):
    """The model server gave no usable answer this time; trying again may work."""


class LLMTimeout(LLMTransportError):
    """The request took longer than the configured timeout."""


class LLMResponseError(LLMError):
    """The model answered, but not with what the answer schema asks for."""
