"""LLMSettings.from_env: parsed once at the edge, explicit errors, nothing at import."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from tem.errors import UserError
from tem.llm.settings import OPENAI_BASE_URL, LLMSettings


def test_no_model_means_no_llm() -> None:
    assert LLMSettings.from_env({}) is None
    assert LLMSettings.from_env({"TEM_LLM_MODEL": "  ", "TEM_LLM_BASE_URL": "http://x"}) is None


def test_defaults() -> None:
    settings = LLMSettings.from_env({"TEM_LLM_MODEL": "gpt-4o-mini"})
    assert settings == LLMSettings(model="gpt-4o-mini")
    assert (settings.timeout_s, settings.max_retries, settings.window_turns) == (60, 2, 60)
    assert settings.endpoint == OPENAI_BASE_URL


def test_every_variable() -> None:
    settings = LLMSettings.from_env(
        {
            "TEM_LLM_BASE_URL": "http://127.0.0.1:8080/v1",
            "TEM_LLM_MODEL": "smollm2",
            "TEM_LLM_API_KEY": "secret",
            "TEM_LLM_TIMEOUT": "12.5",
            "TEM_LLM_MAX_RETRIES": "0",
            "TEM_LLM_WINDOW_TURNS": "30",
            "OPENAI_API_KEY": "not-this-one",
        }
    )
    assert settings == LLMSettings(
        model="smollm2",
        base_url="http://127.0.0.1:8080/v1",
        api_key="secret",
        timeout_s=12.5,
        max_retries=0,
        window_turns=30,
    )
    assert "secret" not in repr(settings)


def test_openai_key_is_used_only_for_openai() -> None:
    env = {"TEM_LLM_MODEL": "gpt-4o-mini", "OPENAI_API_KEY": "sk-1"}
    assert LLMSettings.from_env(env).api_key == "sk-1"  # type: ignore[union-attr]
    local = LLMSettings.from_env({**env, "TEM_LLM_BASE_URL": "http://localhost:11434/v1"})
    assert local is not None and local.api_key is None


def test_empty_numbers_mean_default() -> None:
    settings = LLMSettings.from_env({"TEM_LLM_MODEL": "m", "TEM_LLM_TIMEOUT": ""})
    assert settings is not None and settings.timeout_s == 60


@pytest.mark.parametrize(
    ("name", "raw"),
    [
        ("TEM_LLM_TIMEOUT", "soon"),
        ("TEM_LLM_TIMEOUT", "0"),
        ("TEM_LLM_TIMEOUT", "-3"),
        ("TEM_LLM_TIMEOUT", "nan"),
        ("TEM_LLM_TIMEOUT", "inf"),
        ("TEM_LLM_MAX_RETRIES", "two"),
        ("TEM_LLM_MAX_RETRIES", "-1"),
        ("TEM_LLM_MAX_RETRIES", "1.5"),
        ("TEM_LLM_WINDOW_TURNS", "0"),
        ("TEM_LLM_WINDOW_TURNS", "many"),
    ],
)
def test_bad_numbers_name_the_variable(name: str, raw: str) -> None:
    with pytest.raises(UserError, match=name):
        LLMSettings.from_env({"TEM_LLM_MODEL": "m", name: raw})


def test_direct_construction_is_checked() -> None:
    with pytest.raises(UserError, match="window_turns"):
        LLMSettings(model="m", window_turns=0)
    with pytest.raises(UserError, match="model"):
        LLMSettings(model=" ")


def test_nothing_reads_the_environment_at_import() -> None:
    """Importing tem.llm touches no environment variable and no SDK."""
    script = textwrap.dedent(
        """
        import os, sys
        import tem.core.model, tem.core.relations, tem.extract.dates, tem.extract.facts
        import pydantic.main, zoneinfo  # third-party modules tem.llm.prompts loads

        class Guard(dict):
            def __getitem__(self, key): raise AssertionError(f"read {key} at import")
            def get(self, key, default=None):
                # pydantic's own switch, read whenever a model class is made (prompts.py)
                if key == "PYDANTIC_DISABLE_PLUGINS":
                    return default
                raise AssertionError(f"read {key} at import")
            def __contains__(self, key): raise AssertionError(f"read {key} at import")

        os.environ = Guard()
        import tem.llm, tem.llm.client, tem.llm.extract, tem.llm.prompts
        import tem.llm.settings, tem.llm.testing, tem.llm.errors
        assert "openai" not in sys.modules, "openai imported at import time"
        print("ok")
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
