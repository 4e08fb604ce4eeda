"""TemSession against the OpenAI Agents SDK: its Session protocol and a real Runner run."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

pytest.importorskip("agents", reason="pip install 'tem[openai-agents]'")

from agents import Agent, Model, ModelResponse, RunConfig, Runner, Usage  # noqa: E402
from agents.memory import Session  # noqa: E402
from openai.types.responses import ResponseOutputMessage, ResponseOutputText  # noqa: E402

from tem import Memory  # noqa: E402
from tem.adapters.openai_agents import TemSession, message_of  # noqa: E402


class EchoModel(Model):
    """A model that answers "Noted." and records the input it was given."""

    def __init__(self) -> None:
        self.inputs: list[Any] = []

    async def get_response(self, *args: Any, **kwargs: Any) -> ModelResponse:
        self.inputs.append(kwargs.get("input", args[1] if len(args) > 1 else None))
        text = ResponseOutputText(type="output_text", text="Noted.", annotations=[])
        message = ResponseOutputMessage(
            id="m1", type="message", role="assistant", status="completed", content=[text]
        )
        return ModelResponse(output=[message], usage=Usage(), response_id=None)

    def stream_response(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError


def user(text: str) -> dict[str, Any]:
    return {"role": "user", "content": text}


def test_it_satisfies_the_session_protocol(memory: Memory) -> None:
    assert isinstance(TemSession("c1", memory), Session)


def test_items_come_back_verbatim_and_messages_become_facts(memory: Memory) -> None:
    session = TemSession("c1", memory, speaker="Ana")
    call = {"type": "function_call", "call_id": "x", "name": "f", "arguments": "{}"}

    async def run() -> None:
        await session.add_items([user("I moved to Lisbon."), call])  # type: ignore[list-item]
        await session.add_items([user("I moved to Oslo.")])  # type: ignore[list-item]
        assert await session.get_items() == [
            user("I moved to Lisbon."),
            call,
            user("I moved to Oslo."),
        ]
        assert await session.get_items(limit=1) == [user("I moved to Oslo.")]

    asyncio.run(run())
    history = memory.history("Ana", "lives in")
    assert [(v.value, v.status.value) for v in history] == [
        ("Lisbon", "historical"),
        ("Oslo", "current"),
    ]


def test_pop_item_forgets_what_only_it_said(memory: Memory) -> None:
    session = TemSession("c1", memory, speaker="Ana")

    async def run() -> Any:
        await session.add_items([user("I moved to Lisbon.")])  # type: ignore[list-item]
        await session.add_items([user("I moved to Oslo.")])  # type: ignore[list-item]
        return await session.pop_item()

    assert asyncio.run(run()) == user("I moved to Oslo.")
    assert [v.value for v in memory.current("Ana", "lives in")] == ["Lisbon"]
    assert asyncio.run(TemSession("empty", memory).pop_item()) is None


def test_clear_keeps_the_facts_and_forget_drops_them(memory: Memory) -> None:
    session = TemSession("c1", memory, speaker="Ana")
    other = TemSession("c2", memory, speaker="Bo")

    async def run() -> None:
        await session.add_items([user("I moved to Lisbon.")])  # type: ignore[list-item]
        await other.add_items([user("I moved to Rome.")])  # type: ignore[list-item]
        await session.clear_session()
        assert await session.get_items() == []
        assert [v.value for v in memory.current("Ana")] == ["Lisbon"]
        await session.add_items([user("I moved to Lisbon.")])  # type: ignore[list-item]
        await session.forget()

    asyncio.run(run())
    assert memory.current("Ana") == []
    assert [v.value for v in memory.current("Bo")] == ["Rome"]  # another conversation's facts


def test_a_runner_run_stores_both_turns_and_the_agent_can_read_the_memory(
    memory: Memory,
) -> None:
    model = EchoModel()
    session = TemSession("c1", memory, speaker="Ana")

    async def run() -> str:
        agent = Agent(name="a", instructions="Be brief.", model=model)
        offline = RunConfig(tracing_disabled=True)
        await Runner.run(agent, "I moved to Lisbon.", session=session, run_config=offline)
        await Runner.run(agent, "Where do I live?", session=session, run_config=offline)
        return await session.context("Where does Ana live?")

    context = asyncio.run(run())
    items = asyncio.run(session.get_items())
    assert [message_of(i) for i in items] == [  # type: ignore[arg-type]
        {"role": "user", "content": "I moved to Lisbon."},
        {"role": "assistant", "content": "Noted."},
        {"role": "user", "content": "Where do I live?"},
        {"role": "assistant", "content": "Noted."},
    ]
    assert len(model.inputs[1]) == 3  # the second run saw the first run's turns
    assert "lives in | Lisbon" in context


def test_message_of_reads_text_parts_and_skips_the_rest() -> None:
    parts = {"role": "user", "content": [{"type": "input_text", "text": "hi"}, {"type": "image"}]}
    assert message_of(parts) == {"role": "user", "content": "hi"}
    assert message_of({"role": "system", "content": "x"}) is None
    assert message_of({"role": "user", "content": "  "}) is None
    assert message_of({"type": "function_call_output", "call_id": "x", "output": "1"}) is None
