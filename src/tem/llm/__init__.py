"""LLM-backed extraction: settings, the chat-model port, prompts and the extractor.

Importing this package reads no environment and imports neither the SDK nor pydantic:
names load on first use (``tem.llm.settings`` alone is what the CLI needs at start-up).
``openai`` is needed only when an :class:`OpenAIChatModel` is built. Tests use
:class:`tem.llm.testing.FakeChatModel`. See docs/llm.md.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tem.llm.client import ChatModel, OpenAIChatModel
    from tem.llm.errors import (
        LLMError,
        LLMResponseError,
        LLMTimeout,
        LLMTransportError,
        LLMUnreachable,
    )
    from tem.llm.extract import LLMExtractor
    from tem.llm.settings import LLMSettings

_HOME = {
    "ChatModel": "tem.llm.client",
    "OpenAIChatModel": "tem.llm.client",
    "LLMError": "tem.llm.errors",
    "LLMResponseError": "tem.llm.errors",
    "LLMTimeout": "tem.llm.errors",
    "LLMTransportError": "tem.llm.errors",
    "LLMUnreachable": "tem.llm.errors",
    "LLMExtractor": "tem.llm.extract",
    "LLMSettings": "tem.llm.settings",
}

__all__ = [
    "ChatModel",
    "LLMError",
    "LLMExtractor",
    "LLMResponseError",
    "LLMSettings",
    "LLMTimeout",
    "LLMTransportError",
    "LLMUnreachable",
    "OpenAIChatModel",
]


def __getattr__(name: str) -> Any:
    """Import the module that defines ``name`` on first use."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'tem.llm' has no attribute {name!r}")
    return getattr(import_module(home), name)
