"""TemMemoryBlock against LlamaIndex's real Memory: flushed messages become tem facts."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("llama_index.core.memory", reason="pip install 'tem[llama-index]'")

from llama_index.core.base.llms.types import ChatMessage  # noqa: E402
from llama_index.core.memory import BaseMemoryBlock  # noqa: E402
from llama_index.core.memory import Memory as LlamaMemory  # noqa: E402

from tem import Memory  # noqa: E402
from tem.adapters.llama_index import TemMemoryBlock  # noqa: E402
from tem.tokens import count_tokens  # noqa: E402


def said(role: str, text: str) -> ChatMessage:
    return ChatMessage(role=role, content=text)


def test_it_is_a_llama_index_memory_block(memory: Memory) -> None:
    assert isinstance(TemMemoryBlock(memory=memory), BaseMemoryBlock)


@pytest.mark.slow
def test_put_ingests_and_get_returns_the_memory_block(memory: Memory) -> None:
    block = TemMemoryBlock(memory=memory, speaker="Ana")

    async def run() -> tuple[str, str]:
        await block.aput([said("user", "I moved to Lisbon."), said("assistant", "Nice!")])
        await block.aput([said("system", "ignored"), said("user", "I moved to Oslo.")])
        asked = await block.aget([said("user", "Where does Ana live?")])
        nothing = await block.aget([said("assistant", "no user message")])
        return asked, nothing

    asked, nothing = asyncio.run(run())
    assert asked.startswith("<Memory>") and asked.endswith("</Memory>")
    assert "lives in | Lisbon | source:" in asked and "[historical]" in asked
    assert "lives in | Oslo | source:" in asked
    assert nothing == ""
    assert [v.value for v in memory.current("Ana", "lives in")] == ["Oslo"]


def test_truncate_drops_the_oldest_fact_lines_first(memory: Memory) -> None:
    block = TemMemoryBlock(memory=memory)
    for n, city in enumerate(["Lisbon", "Oslo", "Rome", "Paris"]):
        memory.add("Ana", "lives in", city, source=f"s{n}", observed_at=f"2024-0{n + 1}-01")
    content = asyncio.run(block.aget([said("user", "Where does Ana live?")]))
    shorter = asyncio.run(block.atruncate(content, 10))
    assert shorter is not None and count_tokens(shorter) <= count_tokens(content) - 10
    assert "Lisbon" not in shorter and "Paris" in shorter
    assert asyncio.run(block.atruncate(content, 10_000)) is None


def test_llama_index_memory_flushes_old_turns_into_tem(memory: Memory) -> None:
    from sqlalchemy.ext.asyncio import create_async_engine

    block = TemMemoryBlock(memory=memory, speaker="Ana")

    async def run() -> list[ChatMessage]:
        engine = create_async_engine("sqlite+aiosqlite:///:memory:")
        chat = LlamaMemory.from_defaults(
            session_id="c1",
            token_limit=60,
            chat_history_token_ratio=0.5,
            token_flush_size=10,
            memory_blocks=[block],
            async_engine=engine,
        )
        try:
            return await _converse(chat)
        finally:
            await engine.dispose()

    messages = asyncio.run(run())
    assert [v.value for v in memory.current("Ana", "lives in")] == ["Lisbon"]
    assert any("<Memory>" in (m.content or "") for m in messages)


async def _converse(chat: LlamaMemory) -> list[ChatMessage]:
    await chat.aput(said("user", "I moved to Lisbon last year with my two cats."))
    await chat.aput(said("assistant", "Lisbon is lovely; how are the cats doing there?"))
    await chat.aput(said("user", "They love the sunny balcony of our new flat."))
    await chat.aput(said("assistant", "Sunny balconies are a cat's favourite place."))
    return await chat.aget(input="Where does Ana live?")
