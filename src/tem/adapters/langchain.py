"""``TemRetriever``: a LangChain retriever over a tem memory.

``retriever.invoke("Where does Ana live?")`` runs tem's recall and returns one
``Document`` per version, in the order the ``<Memory>`` block shows them: each
group whole, so an old value always comes with the current one. A document's text
is ``subject | relation | value``, followed by ``[historical]`` or ``[ended]`` when
the version is not current; its metadata is the version's JSON form
(:meth:`tem.Version.to_dict`) plus the group's ``score``.

``block=True`` returns instead a single document holding the rendered ``<Memory>``
block (legend and tags included), ready to paste into a prompt. ``at``/``as_of``
ask what was true, or believed, at another time. LangChain's
``create_retriever_tool(retriever, name, description)`` turns either into a tool.
"""

from __future__ import annotations

import asyncio
from typing import Any

from tem.adapters import missing
from tem.core.model import Status, Version
from tem.memory import Memory
from tem.render import RenderOptions, TagStyle, render_facts

try:
    from langchain_core.callbacks import (
        AsyncCallbackManagerForRetrieverRun,
        CallbackManagerForRetrieverRun,
    )
    from langchain_core.documents import Document
    from langchain_core.retrievers import BaseRetriever
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise missing("langchain", "tem.adapters.langchain", exc) from exc


def document_of(version: Version, score: float | None) -> Document:
    """One version as a LangChain document (see the module docstring)."""
    text = f"{version.subject} | {version.relation} | {version.value}"
    if version.status is not Status.CURRENT:
        text += f" [{version.status.value}]"
    return Document(page_content=text, metadata={**version.to_dict(), "score": score})


class TemRetriever(BaseRetriever):
    """A LangChain retriever whose documents are tem versions (see the module docstring)."""

    memory: Memory
    scope: str | None = None
    k: int = 15
    block: bool = False
    tag_style: TagStyle = "historical"
    at: str | None = None
    as_of: str | None = None

    def _get_relevant_documents(
        self, query: str, *, run_manager: CallbackManagerForRetrieverRun
    ) -> list[Document]:
        return self._documents(query)

    async def _aget_relevant_documents(
        self, query: str, *, run_manager: AsyncCallbackManagerForRetrieverRun
    ) -> list[Document]:
        return await asyncio.to_thread(self._documents, query)

    def _documents(self, query: str) -> list[Document]:
        found = self.memory.recall(query, self.k, at=self.at, as_of=self.as_of, scope=self.scope)
        if not self.block:
            return [document_of(v, found.scores.get(v.id)) for v in found.versions]
        if not found.versions:
            return []
        text = render_facts(found.versions, RenderOptions(tag_style=self.tag_style))
        metadata: dict[str, Any] = {"versions": [v.id for v in found.versions]}
        return [Document(page_content=text, metadata={**metadata, "tokens": found.tokens})]


__all__ = ["TemRetriever", "document_of"]
