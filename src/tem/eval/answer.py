"""Backbones that answer from evidence, the one answer prompt, and the on-disk answer cache.

The prompt (:func:`answer_prompt`) is the same for every configuration: a fixed
instruction and two few-shot examples whose evidence is plain prose, in no
configuration's format, so they teach the answer's shape (the key entity, no
explanation) without favouring tags, chunks or fact lines. Then come the
configuration's evidence, its rule lines if it has any, and the question.

The cache is a SQLite file, ``answers.sqlite`` in the cache folder, keyed by
(backbone name, configuration, sha256 of the prompt): an interrupted run resumes,
and a changed prompt is never served a stale answer. The LLM judge
(:mod:`tem.eval.judge`) keeps its judgements in the same table, under its own name.
"""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from tem.eval.configs import EvidenceText
from tem.llm.client import Message

if TYPE_CHECKING:
    from tem.llm.settings import LLMSettings

INSTRUCTION = (
    "Answer the question using only the evidence. "
    "Reply with the answer alone (a place, a company, a drink, a name or a date), "
    "no explanation."
)
FEW_SHOT = (
    "Example 1\n"
    "Evidence:\nMaria Lopez works at Globex. Before that she worked at Initech.\n"
    "Question: Where does Maria Lopez work now?\n"
    "Answer: Globex\n\n"
    "Example 2\n"
    "Evidence:\nTom Reyes drank green tea for years; these days he prefers espresso.\n"
    "Question: What did Tom Reyes drink before espresso?\n"
    "Answer: green tea"
)


def answer_prompt(question: str, evidence: EvidenceText) -> str:
    """Return the full prompt; identical wording around every configuration's evidence."""
    parts = [INSTRUCTION, FEW_SHOT, f"Evidence:\n{evidence.text or '(none)'}"]
    if evidence.rules:
        parts.append(evidence.rules)
    parts.append(f"Question: {' '.join(question.split())}\nAnswer:")
    return "\n\n".join(parts)


class Backbone(Protocol):
    """A model that answers a prompt with text; ``name`` keys the cache."""

    name: str

    def answer(self, prompt: str) -> str:
        """Return the model's answer to ``prompt``."""
        ...


class OpenAITextModel:
    """Plain-text chat completions on any OpenAI-compatible endpoint (no JSON mode)."""

    def __init__(self, settings: LLMSettings, *, client: Any = None, max_tokens: int = 64) -> None:
        self.settings = settings
        self.max_tokens = max_tokens
        if client is None:
            from openai import OpenAI

            client = OpenAI(
                base_url=settings.endpoint,
                api_key=settings.api_key or "not-needed",
                timeout=settings.timeout_s,
                max_retries=settings.max_retries,
            )
        self._client = client

    def complete_text(self, messages: list[Message]) -> str:
        """Return the first choice's text (greedy decoding, at most ``max_tokens``)."""
        response = self._client.chat.completions.create(
            model=self.settings.model,
            messages=messages,
            temperature=0,
            max_tokens=self.max_tokens,
        )
        if not response.choices:
            return ""
        return str(response.choices[0].message.content or "")


def complete_text(model: Any, messages: list[Message]) -> str:
    """Return ``model``'s text for ``messages``: ``complete_text`` if it has one, else the
    raw text of ``complete_json`` (as :class:`tem.llm.testing.FakeChatModel` answers)."""
    if hasattr(model, "complete_text"):
        return str(model.complete_text(messages))
    return str(model.complete_json(messages, schema={}))


class ChatBackbone:
    """A :class:`Backbone` over a chat model.

    ``model`` has ``complete_text(messages)`` (:class:`OpenAITextModel`) or, like
    :class:`tem.llm.testing.FakeChatModel`, ``complete_json(messages, schema=...)``,
    whose raw text is taken as the answer.
    """

    def __init__(self, model: Any, name: str) -> None:
        self.model = model
        self.name = name

    def answer(self, prompt: str) -> str:
        messages: list[Message] = [{"role": "user", "content": prompt}]
        return " ".join(complete_text(self.model, messages).split())


class AnswerCache:
    """Answers on disk, keyed by backbone, configuration and the prompt's sha256."""

    def __init__(self, folder: str | Path) -> None:
        path = Path(folder)
        path.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(path / "answers.sqlite")
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS answers (backbone TEXT, config TEXT, prompt_sha256 TEXT,"
            " answer TEXT NOT NULL, PRIMARY KEY (backbone, config, prompt_sha256))"
        )

    @staticmethod
    def key(prompt: str) -> str:
        return hashlib.sha256(prompt.encode()).hexdigest()

    def get(self, backbone: str, config: str, prompt: str) -> str | None:
        row = self._db.execute(
            "SELECT answer FROM answers WHERE backbone=? AND config=? AND prompt_sha256=?",
            (backbone, config, self.key(prompt)),
        ).fetchone()
        return None if row is None else str(row[0])

    def put(self, backbone: str, config: str, prompt: str, answer: str) -> None:
        with self._db:
            self._db.execute(
                "INSERT OR REPLACE INTO answers VALUES (?, ?, ?, ?)",
                (backbone, config, self.key(prompt), answer),
            )

    def close(self) -> None:
        self._db.close()


def answer_cached(
    backbone: Backbone, config: str, prompt: str, cache: AnswerCache | None
) -> tuple[str, bool]:
    """Return (answer, whether the backbone was called)."""
    if cache is not None:
        hit = cache.get(backbone.name, config, prompt)
        if hit is not None:
            return hit, False
    text = backbone.answer(prompt)
    if cache is not None:
        cache.put(backbone.name, config, prompt, text)
    return text, True
