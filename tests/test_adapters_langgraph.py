"""TemStore against LangGraph's real BaseStore: items are tem facts, old values history."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("langgraph.store.base", reason="pip install 'tem[langgraph]'")

from langgraph.store.base import BaseStore, GetOp, PutOp, SearchOp  # noqa: E402

from tem import ManualClock, Memory, UserError  # noqa: E402
from tem.adapters.langgraph import TemStore, matches  # noqa: E402

NS = ("users", "ana")


@pytest.fixture
def lg(memory: Memory) -> TemStore:
    return TemStore(memory)


def test_it_is_a_langgraph_store(lg: TemStore) -> None:
    assert isinstance(lg, BaseStore)


def test_put_then_get_gives_the_value_back_with_types(lg: TemStore) -> None:
    value = {"city": "Oslo", "age": 30, "pets": ["Max"], "empty": "", "nested": {"a": 1}}
    lg.put(NS, "profile", value)
    item = lg.get(NS, "profile")
    assert item is not None and item.value == value
    assert item.key == "profile" and item.namespace == NS
    assert item.created_at <= item.updated_at
    assert lg.get(NS, "nobody") is None
    assert lg.get(("users", "bob"), "profile") is None


def test_a_new_value_keeps_the_old_one_as_history(lg: TemStore, memory: Memory) -> None:
    lg.put(NS, "profile", {"city": "Oslo", "likes": "tea"})
    lg.put(NS, "profile", {"city": "Lisbon", "likes": "coffee"})
    item = lg.get(NS, "profile")
    assert item is not None and item.value == {"city": "Lisbon", "likes": "coffee"}
    history = memory.history("profile", scope="users.ana")
    assert [(v.relation, v.value, v.status.value) for v in history] == [
        ("city", "Oslo", "historical"),
        ("city", "Lisbon", "current"),
        ("likes", "tea", "ended"),  # a "many" relation: the old value is ended, not kept
        ("likes", "coffee", "current"),
    ]


def test_leaving_a_field_out_or_deleting_ends_it(lg: TemStore, memory: Memory) -> None:
    lg.put(NS, "profile", {"city": "Oslo", "job": "nurse"})
    lg.put(NS, "profile", {"city": "Oslo"})
    item = lg.get(NS, "profile")
    assert item is not None and item.value == {"city": "Oslo"}
    lg.delete(NS, "profile")
    assert lg.get(NS, "profile") is None
    statuses = {v.value: v.status.value for v in memory.history("profile", scope="users.ana")}
    assert statuses == {"Oslo": "ended", "nurse": "ended"}
    lg.delete(NS, "never-there")  # deleting nothing is not an error


def test_an_unchanged_put_writes_nothing(lg: TemStore, memory: Memory) -> None:
    lg.put(NS, "profile", {"city": "Oslo"})
    before = list(memory.store.all_observations())
    lg.put(NS, "profile", {"city": "Oslo"})
    assert list(memory.store.all_observations()) == before


def test_search_by_query_prefix_and_filter(lg: TemStore) -> None:
    lg.put(NS, "Ana", {"lives in": "Oslo", "age": 30})
    lg.put(NS, "Bob", {"lives in": "Rome", "age": 41})
    lg.put(("users", "cy"), "Cy", {"lives in": "Oslo", "age": 25})
    lg.put(("teams",), "core", {"lead": "Ana"})
    found = lg.search(("users",), query="Who lives in Rome?")
    assert found[0].key == "Bob" and found[0].score is not None
    assert {i.key for i in lg.search(("users",))} == {"Ana", "Bob", "Cy"}
    assert [i.key for i in lg.search(("users",), filter={"lives in": "Oslo"})] == ["Ana", "Cy"]
    assert [i.key for i in lg.search((), filter={"age": {"$gte": 30}})] == ["Ana", "Bob"]
    assert [i.key for i in lg.search(("users",), limit=1, offset=1)] == ["Bob"]


def test_list_namespaces_with_prefix_suffix_and_depth(lg: TemStore) -> None:
    for namespace in [("users", "ana"), ("users", "bob"), ("teams", "core", "v1")]:
        lg.put(namespace, "k", {"f": "v"})
    assert lg.list_namespaces() == [("teams", "core", "v1"), ("users", "ana"), ("users", "bob")]
    assert lg.list_namespaces(prefix=("users",)) == [("users", "ana"), ("users", "bob")]
    assert lg.list_namespaces(suffix=("*", "v1")) == [("teams", "core", "v1")]
    assert lg.list_namespaces(max_depth=1) == [("teams",), ("users",)]
    assert lg.list_namespaces(limit=1, offset=1) == [("users", "ana")]


def test_batch_and_abatch_answer_in_order(lg: TemStore) -> None:
    results = lg.batch(
        [PutOp(NS, "a", {"x": "1"}), GetOp(NS, "a"), SearchOp(("users",)), GetOp(NS, "b")]
    )
    assert results[0] is None and results[3] is None
    assert results[1] is not None and results[1].value == {"x": "1"}  # type: ignore[union-attr]

    async def run() -> None:
        await lg.aput(NS, "b", {"y": 2})
        item = await lg.aget(NS, "b")
        assert item is not None and item.value == {"y": 2}
        assert [i.key for i in await lg.asearch(("users",))] == ["a", "b"]
        assert await lg.alist_namespaces() == [NS]
        await lg.adelete(NS, "b")
        assert await lg.aget(NS, "b") is None

    asyncio.run(run())


def test_bad_input_is_refused_before_anything_is_written(lg: TemStore, memory: Memory) -> None:
    with pytest.raises(UserError, match="name one relation"):
        lg.put(NS, "profile", {"lives_in": "Oslo", "Lives In": "Rome"})
    with pytest.raises(NotImplementedError):
        lg.put(NS, "profile", {"city": "Oslo"}, ttl=5)
    with pytest.raises(UserError, match="unknown operator"):
        matches({"a": 1}, {"a": {"$in": [1]}})
    assert memory.scopes() == []


def test_the_store_is_shared_with_the_memory(clock: ManualClock) -> None:
    memory = Memory(clock=clock)
    TemStore(memory).put(NS, "Ana", {"lives in": "Oslo"})
    assert "- lives in | Oslo | source: langgraph" in memory.context(
        "Where does Ana live?", scope="users.ana"
    )
