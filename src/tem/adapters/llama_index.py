"""``TemMemoryBlock``: a LlamaIndex memory block whose long-term memory is tem.

LlamaIndex's ``Memory`` keeps the recent chat in a short-term queue; when the queue
passes its token limit, the oldest messages are handed to each memory block
(``aput``), and every call to the memory asks each block for its text (``aget``).
Here

* ``aput`` ingests the user and assistant messages with text into a tem memory as
  one session (dated now; its id a hash of the messages), so their facts become
  versions with status;
* ``aget`` recalls what is relevant to the latest user message and returns tem's
  ``<Memory>`` block (old values tagged ``[historical]``), or nothing when nothing
  matches;
* ``atruncate`` drops fact lines, oldest groups first, until enough tokens are gone.

The user's turns are said by ``speaker`` (default ``"user"``): name the person so
that "I moved to Lisbon" becomes ``Ana | lives in | Lisbon``.
"""

from __future__ import annotations

import asyncio
from typing import Any

from tem.adapters import missing
from tem.memory import Memory
from tem.render import RenderOptions, TagStyle, render_facts
from tem.tokens import count_tokens

try:
    from llama_index.core.base.llms.types import ChatMessage, MessageRole
    from llama_index.core.bridge.pydantic import Field
    from llama_index.core.memory import BaseMemoryBlock
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise missing("llama-index", "tem.adapters.llama_index", exc) from exc

_ROLES = {MessageRole.USER: "user", MessageRole.ASSISTANT: "assistant"}


def _messages(messages: list[ChatMessage]) -> list[dict[str, str]]:
    """The user and assistant messages with text, as OpenAI-style messages."""
    found = []
    for message in messages:
        role, text = _ROLES.get(message.role), message.content
        if role is not None and text and text.strip():
            found.append({"role": role, "content": text})
    return found


class TemMemoryBlock(BaseMemoryBlock[str]):
    """A LlamaIndex memory block backed by a tem memory (see the module docstring)."""

    name: str = Field(default="tem", description="The name of the memory block.")
    memory: Memory = Field(description="The tem memory to read and write.")
    scope: str | None = Field(default=None, description="Default: the memory's scope.")
    speaker: str | None = Field(default=None, description='Who "I" is in user messages.')
    k: int = Field(default=15, description="At most this many versions in the block.")
    tag_style: TagStyle = Field(default="historical", description="How old values are tagged.")

    async def _aget(self, messages: list[ChatMessage] | None = None, **block_kwargs: Any) -> str:
        """The ``<Memory>`` block for the latest user message ("" when nothing matches)."""
        asked = [m["content"] for m in _messages(messages or []) if m["role"] == "user"]
        if not asked:
            return ""
        found = await asyncio.to_thread(self.memory.recall, asked[-1], self.k, scope=self.scope)
        if not found.versions:
            return ""
        return render_facts(found.versions, RenderOptions(tag_style=self.tag_style))

    async def _aput(self, messages: list[ChatMessage]) -> None:
        """Ingest the messages (flushed from short-term memory) as one tem session."""
        said = _messages(messages)
        if said:
            await asyncio.to_thread(
                self.memory.add_messages, said, scope=self.scope, speaker=self.speaker
            )

    async def atruncate(self, content: str, tokens_to_truncate: int) -> str | None:
        """Drop fact lines, oldest first, until ``tokens_to_truncate`` tokens are gone."""
        lines = content.splitlines()
        target = count_tokens(content) - tokens_to_truncate
        while True:
            facts = [i for i, line in enumerate(lines) if line.startswith("- ")]
            if not facts:
                return None
            text = "\n".join(lines)
            if count_tokens(text) <= target:
                return text
            del lines[facts[0]]


__all__ = ["TemMemoryBlock"]
