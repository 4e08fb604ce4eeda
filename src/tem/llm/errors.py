"""Errors of the LLM layer.

    TemError                      (tem.errors)
    └── LLMError                  an LLM step failed for good; nothing was extracted
        ├── LLMTransportError     no answer, after the SDK's own retries
        │   ├── LLMTimeout        the request timed out
        │   └── LLMUnreachable    the server cannot be reached at all (refused, DNS)
        └── LLMResponseError      the answer is not what the schema asks for: one repair try

Retries are the ``openai`` SDK's (``max_retries``: timeouts, connection errors, 408,
409, 429 and 5xx, honouring ``Retry-After``); these errors are raised after them.
:class:`LLMUnreachable` means every later request would fail the same way, so an
:class:`~tem.llm.extract.LLMExtractor` stops asking once it has seen one.
"""

from __future__ import annotations

from tem.errors import TemError


class LLMError(TemError, RuntimeError):
    """An LLM call failed for good; the message says which step and why."""


class LLMTransportError(LLMError):
    """The model server gave no usable answer, even after the SDK's retries."""


class LLMTimeout(LLMTransportError):
    """The request took longer than the configured timeout."""


class LLMUnreachable(LLMTransportError):
    """No connection to the model server (refused, unknown host); the message names its URL."""


class LLMResponseError(LLMError):
    """The model answered, but not with what the answer schema asks for."""
