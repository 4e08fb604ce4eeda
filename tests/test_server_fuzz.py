"""Fuzz the HTTP API from its own OpenAPI schema with schemathesis: never a 5xx.

Each operation gets a bounded, derandomized run (schemathesis's coverage phase, then
Hypothesis examples, positive and negative), in-process over ASGI with a real API
key. The hooks below swap generated values for plausible ones most of the time
(valid dates across the whole range, the key's scope, a few subjects), so requests
get past validation into the store as well as bouncing off it. Each response must
not be a 5xx and must match the status codes and bodies the schema declares.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest

pytest.importorskip("fastapi")
schemathesis = pytest.importorskip("schemathesis")

from hypothesis import HealthCheck, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.specs.openapi.checks import (  # noqa: E402
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tem import ManualClock, Memory  # noqa: E402
from tem.server import create_app  # noqa: E402

pytestmark = pytest.mark.slow  # a few hundred requests per operation: about half a minute

EXAMPLES = 60
"""Hypothesis examples per operation: the whole file runs in about half a minute."""

KEY = {"Authorization": "Bearer key-fuzz"}
VERBS = (
    "POST /v1/memories",
    "POST /v1/messages",
    "POST /v1/ingest",
    "POST /v1/recall",
    "POST /v1/context",
    "GET /v1/history/{subject}",
    "GET /v1/current/{subject}",
    "POST /v1/retract",
    "POST /v1/forget",
    "GET /v1/export",
)
CALLS: Counter[tuple[str, bool]] = Counter()
"""(operation, answered 2xx) -> requests, filled by the fuzz test."""
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]

# schemathesis collects one test per operation at import, so the app exists at import;
# the memory is in-process SQLite, closed when the module's tests end.
MEMORY = Memory(clock=ManualClock())
APP = create_app(MEMORY, {"key-fuzz": frozenset({"fuzz"})})
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)

# Offsets at both extremes and times near both ends of the calendar, where converting
# to UTC can leave the representable range.
ZONES = st.sampled_from([None, UTC, timezone(timedelta(hours=14)), timezone(-timedelta(hours=12))])
EDGES = st.datetimes(max_value=datetime(1, 1, 1, 12), timezones=ZONES) | st.datetimes(
    min_value=datetime(9999, 12, 31, 12), timezones=ZONES
)
TIMES = st.one_of(
    st.dates().map(str),
    st.datetimes(timezones=ZONES).map(datetime.isoformat),
    EDGES.map(datetime.isoformat),
)
# Text JSON can carry but UTF-8 cannot (lone surrogates), and numbers JSON should not.
ODD_TEXT = st.text(st.characters(categories=["Cs"]), min_size=1, max_size=3)
ODD_METADATA = st.dictionaries(st.sampled_from(["a", "b"]), st.floats() | ODD_TEXT, min_size=1)
MESSAGE = st.fixed_dictionaries(
    {
        "role": st.sampled_from(["user", "assistant"]),
        "content": st.sampled_from(["I moved to Oslo.", "I live in Porto now."]) | ODD_TEXT,
    },
    optional={"name": st.sampled_from(["Ana", "Bo"])},
)
PLAUSIBLE: dict[str, st.SearchStrategy[Any]] = {
    **dict.fromkeys(("observed_at", "valid_from", "valid_to", "at", "as_of", "date"), TIMES),
    "scope": st.just("fuzz"),
    "subject": st.sampled_from(["Ana", "Bo", " ana ", "Ana_B"]),
    "relation": st.sampled_from(["lives in", "likes", "Lives-In"]),
    "value": st.sampled_from(["Lisbon", "Oslo", "lisbon"]),
    "source": st.sampled_from(["chat 1", "chat 2"]),
    "query": st.sampled_from(["where does Ana live", "Ana"]),
    "question": st.sampled_from(["Where does Ana live now?", "What does Bo like?"]),
    "session_id": st.sampled_from(["s1", "s2"]),
    "messages": st.lists(MESSAGE, min_size=1, max_size=3),
}


IN_BODY = {
    **PLAUSIBLE,  # a URL cannot carry a lone surrogate, JSON can
    "subject": PLAUSIBLE["subject"] | ODD_TEXT,
    "value": PLAUSIBLE["value"] | ODD_TEXT,
    "metadata": st.just({"via": "fuzz"}) | ODD_METADATA,
}


def _plausible(data: Any, pool: dict[str, st.SearchStrategy[Any]]) -> st.SearchStrategy[Any]:
    """Each known field: a value from ``pool`` (drawn first, so favoured) or the generated one."""
    if not isinstance(data, dict):
        return st.just(data)
    return st.fixed_dictionaries(
        {k: st.one_of(pool[k], st.just(v)) if k in pool else st.just(v) for k, v in data.items()}
    )


def _sendable(body: Any) -> bool:
    """The client cannot write ``inf`` as JSON (the server's 422 for 1e999 has its own test)."""
    try:
        json.dumps(body, allow_nan=False)
    except ValueError:
        return False
    except TypeError:  # bytes: a raw (negative) body the client sends as is
        return True
    return True


@schema.hook
def flatmap_body(context: Any, body: Any) -> st.SearchStrategy[Any]:
    return _plausible(body, IN_BODY).filter(_sendable)


@schema.hook
def flatmap_query(context: Any, query: Any) -> st.SearchStrategy[Any]:
    return _plausible(query, PLAUSIBLE)


@schema.hook
def flatmap_path_parameters(context: Any, path_parameters: Any) -> st.SearchStrategy[Any]:
    return _plausible(path_parameters, PLAUSIBLE)


@pytest.fixture(scope="module", autouse=True)
def _close_memory() -> Iterator[None]:
    yield
    MEMORY.close()


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_no_request_gets_a_server_error(case: Any) -> None:
    response = case.call(headers=KEY)
    CALLS[case.operation.label, response.status_code < 300] += 1
    case.validate_response(response, checks=CHECKS)


def test_every_verb_was_reached() -> None:
    """Each library verb answered 2xx at least once: fuzzing got past validation."""
    paths = APP.openapi()["paths"]
    operations = {f"{method.upper()} {path}" for path, item in paths.items() for method in item}
    if {label for label, _ in CALLS} != operations:
        pytest.skip("needs every operation fuzzed first, in the same session")
    assert sorted(label for label in VERBS if not CALLS[label, True]) == []
