"""tem inside the agent frameworks people already use, one module each.

    tem.adapters.langgraph       TemStore: LangGraph's BaseStore (namespaces are scopes)
    tem.adapters.openai_agents   TemSession: the OpenAI Agents SDK Session protocol
    tem.adapters.llama_index     TemMemoryBlock: a LlamaIndex memory block
    tem.adapters.langchain       TemRetriever: a LangChain retriever

Each module imports its framework when imported, and says which extra to install
when it is missing (``pip install 'tem[langgraph]'`` and so on). Nothing here is
imported by ``import tem``. See docs/adapters.md.
"""

from __future__ import annotations


def missing(extra: str, what: str, exc: ImportError) -> ImportError:
    """The one-line error for an adapter whose framework is not installed."""
    return ImportError(f"{what} needs {exc.name or 'its framework'}: pip install 'tem[{extra}]'")


__all__ = ["missing"]
