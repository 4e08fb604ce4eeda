"""LLM configuration, parsed once at the edge (CLI, server) from an environment mapping.

Nothing here reads ``os.environ`` by itself: the edge calls
``LLMSettings.from_env(os.environ)``, tests pass a plain dict.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

from tem.errors import UserError

N = TypeVar("N", int, float)

OPENAI_BASE_URL = "https://api.openai.com/v1"

ENV_BASE_URL = "TEM_LLM_BASE_URL"
ENV_MODEL = "TEM_LLM_MODEL"
ENV_API_KEY = "TEM_LLM_API_KEY"
ENV_TIMEOUT = "TEM_LLM_TIMEOUT"
ENV_MAX_RETRIES = "TEM_LLM_MAX_RETRIES"
ENV_WINDOW_TURNS = "TEM_LLM_WINDOW_TURNS"


@dataclass(frozen=True, slots=True, kw_only=True)
class LLMSettings:
    """How to reach the chat model and how hard to try.

    ``base_url`` None means OpenAI itself. ``max_retries`` counts retries after the
    first try of a request that timed out or failed in transport. ``window_turns`` is
    how many turns of a session go into one extraction call.
    """

    model: str
    base_url: str | None = None
    api_key: str | None = field(default=None, repr=False)
    timeout_s: float = 60
    max_retries: int = 2
    window_turns: int = 60

    def __post_init__(self) -> None:
        if not self.model.strip():
            raise UserError("model: must not be empty")
        if not (math.isfinite(self.timeout_s) and self.timeout_s > 0):
            raise UserError(f"timeout_s: expected seconds > 0, got {self.timeout_s!r}")
        if self.max_retries < 0:
            raise UserError(f"max_retries: expected an integer >= 0, got {self.max_retries!r}")
        if self.window_turns < 1:
            raise UserError(f"window_turns: expected an integer >= 1, got {self.window_turns!r}")

    @property
    def endpoint(self) -> str:
        """Return the base URL requests go to."""
        return self.base_url or OPENAI_BASE_URL

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> LLMSettings | None:
        """Return the settings in ``env``, or None when no model is configured.

        Empty variables count as unset. Without ``TEM_LLM_BASE_URL`` (so: OpenAI),
        ``OPENAI_API_KEY`` is used when ``TEM_LLM_API_KEY`` is unset; a key is never
        sent to a server it was not set for.
        """
        model = _text(env, ENV_MODEL)
        if model is None:
            return None
        base_url = _text(env, ENV_BASE_URL)
        api_key = _text(env, ENV_API_KEY)
        if api_key is None and base_url is None:
            api_key = _text(env, "OPENAI_API_KEY")
        return cls(
            model=model,
            base_url=base_url,
            api_key=api_key,
            timeout_s=_seconds(env, ENV_TIMEOUT, default=60.0),
            max_retries=_integer(env, ENV_MAX_RETRIES, default=2, minimum=0),
            window_turns=_integer(env, ENV_WINDOW_TURNS, default=60, minimum=1),
        )


def _text(env: Mapping[str, str], name: str) -> str | None:
    value = env.get(name, "").strip()
    return value or None


def _seconds(env: Mapping[str, str], name: str, *, default: float) -> float:
    return _number(
        env, name, default, float, lambda v: math.isfinite(v) and v > 0, "a number of seconds > 0"
    )


def _integer(env: Mapping[str, str], name: str, *, default: int, minimum: int) -> int:
    return _number(env, name, default, int, lambda v: v >= minimum, f"an integer >= {minimum}")


def _number(
    env: Mapping[str, str],
    name: str,
    default: N,
    parse: Callable[[str], N],
    valid: Callable[[N], bool],
    expected: str,
) -> N:
    """The variable ``name`` parsed, ``default`` when unset; unparsable or invalid fails."""
    raw = _text(env, name)
    if raw is None:
        return default
    try:
        value: N | None = parse(raw)
    except ValueError:
        value = None
    if value is None or not valid(value):
        raise UserError(f"{name}: expected {expected}, got {raw!r}")
    return value
