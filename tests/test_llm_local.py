"""One extraction against a real local model server, when one is running.

Set ``TEM_TEST_LLM_BASE_URL`` (and optionally ``TEM_TEST_LLM_MODEL``), or start a
llama.cpp server on 127.0.0.1:8080 as docs/llm.md shows. The test only checks that
the answer parses into ExtractedFacts: a tiny model is not expected to be right.
"""

from __future__ import annotations

import json
import os
import urllib.request
from datetime import UTC, datetime

import pytest

from tem.core.session import Session, Turn
from tem.extract.facts import ExtractedFact
from tem.llm.errors import LLMError, LLMResponseError
from tem.llm.extract import LLMExtractor
from tem.llm.settings import LLMSettings

DEFAULT_URL = "http://127.0.0.1:8080/v1"
SKIP = (
    "no local LLM server: start llama.cpp with SmolLM2 (pip install 'tem[local-llm]'; "
    "see docs/llm.md) or set TEM_TEST_LLM_BASE_URL"
)


def served_models(base_url: str, timeout_s: float) -> list[str] | None:
    """Return the model ids the server lists, or None when nothing answers."""
    try:
        with urllib.request.urlopen(f"{base_url.rstrip('/')}/models", timeout=timeout_s) as reply:
            listing = json.loads(reply.read())
    except (OSError, ValueError):
        return None
    return [str(model.get("id")) for model in listing.get("data", []) if isinstance(model, dict)]


def test_extraction_against_a_local_server() -> None:
    pytest.importorskip("openai")
    base_url = os.environ.get("TEM_TEST_LLM_BASE_URL") or DEFAULT_URL
    models = served_models(base_url, timeout_s=10 if base_url != DEFAULT_URL else 0.5)
    if models is None:
        pytest.skip(SKIP)
    model_name = os.environ.get("TEM_TEST_LLM_MODEL") or (models[0] if models else "default")

    from tem.llm.client import OpenAIChatModel

    settings = LLMSettings(model=model_name, base_url=base_url, timeout_s=300, max_retries=1)
    chat = OpenAIChatModel(settings)
    session = Session(
        id="local",
        observed_at=datetime(2024, 5, 14, tzinfo=UTC),
        turns=(Turn("Alice", "I moved to Berlin last March. I work at Stripe now.", 0),),
    )
    try:
        facts = LLMExtractor(chat, settings).extract(session)
    except LLMError as error:
        if isinstance(error.__cause__, LLMResponseError):
            pytest.xfail(f"{model_name} answered, but not in the schema: {error}")
        raise
    finally:
        chat.close()
    assert all(isinstance(fact, ExtractedFact) for fact in facts)
