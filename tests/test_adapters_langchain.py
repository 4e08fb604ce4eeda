"""TemRetriever against langchain-core: versions as documents, or the <Memory> block."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("langchain_core.retrievers", reason="pip install 'tem[langchain]'")

from langchain_core.retrievers import BaseRetriever  # noqa: E402
from langchain_core.tools.retriever import create_retriever_tool  # noqa: E402

from tem import Memory  # noqa: E402
from tem.adapters.langchain import TemRetriever  # noqa: E402


@pytest.fixture
def ana(memory: Memory) -> Memory:
    memory.add("Ana", "lives in", "Lisbon", source="chat 1", observed_at="2024-01-05")
    memory.add("Ana", "lives in", "Oslo", source="chat 7", observed_at="2024-06-01")
    memory.add("Bo", "works at", "Acme", source="chat 2", observed_at="2024-01-05")
    return memory


def test_it_is_a_langchain_retriever(ana: Memory) -> None:
    assert isinstance(TemRetriever(memory=ana), BaseRetriever)


def test_documents_are_versions_with_their_status(ana: Memory) -> None:
    docs = TemRetriever(memory=ana).invoke("Where does Ana live?")
    assert [d.page_content for d in docs] == [
        "Ana | lives in | Lisbon [historical]",
        "Ana | lives in | Oslo",
    ]
    assert docs[1].metadata["status"] == "current" and docs[1].metadata["score"] > 0
    assert docs[0].metadata["superseded_by"] == docs[1].metadata["id"]


def test_at_and_scope_are_passed_to_recall(ana: Memory) -> None:
    then = TemRetriever(memory=ana, at="2024-02-01").invoke("Where does Ana live?")
    assert [d.page_content for d in then] == ["Ana | lives in | Lisbon"]
    assert TemRetriever(memory=ana, scope="elsewhere").invoke("Where does Ana live?") == []


def test_block_mode_and_async_and_as_a_tool(ana: Memory) -> None:
    retriever = TemRetriever(memory=ana, block=True)
    (doc,) = asyncio.run(retriever.ainvoke("Where does Ana live?"))
    assert doc.page_content.startswith("<Memory>") and "[historical]" in doc.page_content
    assert doc.metadata["tokens"] > 0 and len(doc.metadata["versions"]) == 2
    tool = create_retriever_tool(retriever, "memory", "What tem knows about people.")
    assert "- lives in | Oslo | source: chat 7" in tool.invoke({"query": "Where does Ana live?"})
