"""``TemSession``: the OpenAI Agents SDK ``Session`` protocol, with tem learning the facts.

An Agents SDK session hands the runner the conversation so far (``get_items``) and
takes each turn's new items (``add_items``). ``TemSession`` keeps those items,
verbatim, in another session (``history``, by default the SDK's own in-memory
``SQLiteSession``): tool calls and their outputs must come back exactly as they went
in, which a fact store is not for. Each user or assistant message with text is also
ingested into a tem memory as a session of its own (id
``"{session_id}:{position}:{hash}"``), so its facts become versions with status and
the agent can be given ``await session.context(question)``.

* ``pop_item`` removes the last item and forgets the facts only it stated (what they
  had superseded re-opens);
* ``clear_session`` clears the conversation but keeps what was learnt (memory
  outlives a conversation); ``forget`` clears both.

The user's turns are said by ``speaker`` (default ``"user"``): name the person so
that "I moved to Lisbon" becomes ``Ana | lives in | Lisbon``.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tem.adapters import missing
from tem.memory import Memory

try:
    from agents.memory import Session, SQLiteSession
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise missing("openai-agents", "tem.adapters.openai_agents", exc) from exc

if TYPE_CHECKING:
    from agents.items import TResponseInputItem
    from agents.memory import SessionSettings

_TEXT_PARTS = ("text", "input_text", "output_text")


def message_of(item: Mapping[str, Any]) -> dict[str, str] | None:
    """The ``{"role", "content"}`` message an item carries, or None (tool calls, images)."""
    role = item.get("role")
    if role not in ("user", "assistant") or item.get("type", "message") != "message":
        return None
    content = item.get("content")
    if isinstance(content, list):
        texts = [
            p["text"]
            for p in content
            if isinstance(p, Mapping)
            and p.get("type") in _TEXT_PARTS
            and isinstance(p.get("text"), str)
        ]
        content = "\n".join(texts)
    if not isinstance(content, str) or not content.strip():
        return None
    return {"role": role, "content": content}


class TemSession:
    """An Agents SDK session whose messages also become tem facts (see the module docstring)."""

    session_settings: SessionSettings | None = None

    def __init__(
        self,
        session_id: str,
        memory: Memory,
        *,
        history: Session | None = None,
        scope: str | None = None,
        speaker: str | None = None,
        session_settings: SessionSettings | None = None,
    ) -> None:
        self.session_id = session_id
        self.memory = memory
        self.history: Session = history if history is not None else SQLiteSession(session_id)
        self.scope = scope
        self.speaker = speaker
        self.session_settings = session_settings

    def _tem_id(self, position: int, item: Mapping[str, Any]) -> str:
        text = json.dumps(item, sort_keys=True, ensure_ascii=False, default=str)
        digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:12]
        return f"{self.session_id}:{position}:{digest}"

    async def get_items(self, limit: int | None = None) -> list[TResponseInputItem]:
        """The conversation so far, oldest first (the latest ``limit`` items when given)."""
        return await self.history.get_items(limit)

    async def add_items(self, items: list[TResponseInputItem]) -> None:
        """Keep the items; ingest each message with text into the memory."""
        await self.history.add_items(items)
        start = len(await self.history.get_items()) - len(items)
        for offset, item in enumerate(items):
            message = message_of(item)
            if message is None:
                continue
            await asyncio.to_thread(
                self.memory.add_messages,
                [message],
                session_id=self._tem_id(start + offset, item),
                scope=self.scope,
                speaker=self.speaker,
            )

    async def pop_item(self) -> TResponseInputItem | None:
        """Remove the latest item and forget the facts only it stated."""
        position = len(await self.history.get_items()) - 1
        item = await self.history.pop_item()
        if item is not None and message_of(item) is not None:
            await self._forget(self._tem_id(position, item))
        return item

    async def clear_session(self) -> None:
        """Clear the conversation; the facts learnt from it stay in the memory."""
        await self.history.clear_session()

    async def forget(self) -> None:
        """Clear the conversation and forget every fact it taught the memory."""
        await self.history.clear_session()
        events = await asyncio.to_thread(self.memory.sessions, scope=self.scope)
        for event in events:
            if event.session_id.startswith(f"{self.session_id}:"):
                await self._forget(event.session_id)

    async def _forget(self, tem_id: str) -> None:
        await asyncio.to_thread(self.memory.forget_session, tem_id, scope=self.scope)

    async def context(self, question: str, **options: Any) -> str:
        """The memory's prompt for ``question`` (``Memory.context``, in this scope)."""
        text: str = await asyncio.to_thread(
            self.memory.context, question, scope=self.scope, **options
        )
        return text


__all__ = ["TemSession", "message_of"]
