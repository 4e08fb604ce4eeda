"""LLM-backed extraction: settings, the chat-model port, prompts and the extractor.

Importing this package reads no environment and imports no SDK; ``openai`` is needed
only when an :class:`OpenAIChatModel` is built. Tests use
:class:`tem.llm.testing.FakeChatModel`. See docs/llm.md.
"""

from tem.llm.client import ChatModel, OpenAIChatModel
from tem.llm.errors import LLMError, LLMResponseError, LLMTimeout, LLMTransportError
from tem.llm.extract import LLMExtractor
from tem.llm.settings import LLMSettings

__all__ = [
    "ChatModel",
    "LLMError",
    "LLMExtractor",
    "LLMResponseError",
    "LLMSettings",
    "LLMTimeout",
    "LLMTransportError",
    "OpenAIChatModel",
]
