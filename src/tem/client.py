"""A typed Python client for tem's HTTP API (``tem serve``), with :class:`~tem.Memory`'s verbs.

    >>> from tem.client import Client
    >>> with Client("http://127.0.0.1:8000", api_key="k1") as tem:   # doctest: +SKIP
    ...     tem.add("Ana", "lives in", "Oslo", source="chat 7", observed_at="2024-06-01")
    ...     tem.context("Where does Ana live?")

``Client`` (sync) and ``AsyncClient`` (``await tem.add(...)``) take the same
arguments and return the library's own types: :class:`~tem.Version`,
:class:`~tem.Evidence`, :class:`~tem.IngestReport`. Each verb is written once here,
as a function that builds the request and parses the answer; the two classes only
send. Errors come back as the library's: 404 :class:`~tem.NotFound`, 401/403/422
:class:`~tem.UserError`, 503 and unreachable servers :class:`~tem.StoreError`, each
with the server's one-line message. Needs ``httpx`` (``pip install 'tem[client]'``);
tests pass ``transport=httpx.MockTransport(...)`` or an ASGI transport.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar
from urllib.parse import quote

from tem.core.model import Status, Support, Version
from tem.core.times import TimeLike, parse_time, to_text
from tem.errors import NotFound, StoreError, TemError, UserError
from tem.events import DatedEvent
from tem.ingest.pipeline import IngestReport
from tem.render import TagStyle
from tem.retrieve import Evidence

try:
    import httpx
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError("tem.client needs httpx: pip install 'tem[client]'") from exc

P = ParamSpec("P")
R = TypeVar("R")
DEFAULT_URL = "http://127.0.0.1:8000"


@dataclass(frozen=True)
class _Call(Generic[R]):
    """One request and how to read its answer."""

    method: str
    path: str
    parse: Callable[[httpx.Response], R]
    body: Mapping[str, Any] | None = None
    params: Mapping[str, Any] | None = None


def _drop_none(fields: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in fields.items() if v is not None}


def _time(value: TimeLike | None) -> str | None:
    """Text as given (the server checks it and names the field); datetimes as ISO 8601."""
    if value is None or isinstance(value, str):
        return value
    return to_text(parse_time(value))


def _moment(text: str | None) -> Any:
    return None if text is None else parse_time(text)


def version_from_dict(data: Mapping[str, Any]) -> Version:
    """Rebuild a :class:`~tem.Version` from its JSON form (:meth:`Version.to_dict`)."""
    sources = tuple(
        Support(
            s["observation_id"],
            s["source"],
            parse_time(s["observed_at"]),
            parse_time(s["recorded_at"]),
        )
        for s in data["sources"]
    )
    return Version(
        id=data["id"],
        scope=data["scope"],
        subject=data["subject"],
        relation=data["relation"],
        value=data["value"],
        status=Status(data["status"]),
        cardinality=data["cardinality"],
        source=data["source"],
        observed_at=parse_time(data["observed_at"]),
        valid_from=parse_time(data["valid_from"]),
        valid_to=_moment(data.get("valid_to")),
        recorded_at=parse_time(data["recorded_at"]),
        expired_at=_moment(data.get("expired_at")),
        supersedes=data.get("supersedes"),
        superseded_by=data.get("superseded_by"),
        sources=sources,
        metadata=data.get("metadata") or {},
        ended_by=data.get("ended_by"),
    )


def _results(response: httpx.Response) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = response.json()["results"]
    return found


def _versions(response: httpx.Response) -> list[Version]:
    return [version_from_dict(item) for item in _results(response)]


def _report(response: httpx.Response) -> IngestReport:
    (data,) = _results(response)
    failed = [(str(a), str(b)) for a, b in data.pop("failed", [])]
    return IngestReport(**data, failed=failed)


def _raise_for(response: httpx.Response) -> None:
    """Raise the library error a failed response stands for, with the server's message."""
    if response.is_success:
        return
    try:
        message = str(response.json()["error"])
    except (ValueError, KeyError, TypeError):
        message = response.text.strip() or response.reason_phrase
    text = f"{response.status_code}: {message}"
    if response.status_code == 404:
        raise NotFound(text)
    if response.status_code in (400, 401, 403, 422):
        raise UserError(text)
    if response.status_code >= 500:
        raise StoreError(text)
    raise TemError(text)


# -- the verbs: each builds one request --------------------------------------------------


def _add(
    client: _Base,
    subject: str,
    relation: str,
    value: str,
    *,
    source: str,
    observed_at: TimeLike,
    valid_from: TimeLike | None = None,
    scope: str | None = None,
    metadata: Mapping[str, Any] | None = None,
) -> _Call[Version]:
    """Record that ``source`` (dated ``observed_at``) says subject | relation | value."""
    body = {
        "subject": subject,
        "relation": relation,
        "value": value,
        "source": source,
        "observed_at": _time(observed_at),
        "valid_from": _time(valid_from),
        "scope": client._scope(scope),
        "metadata": metadata,
    }
    return _Call("POST", "/v1/memories", lambda r: _versions(r)[0], _drop_none(body))


def _add_messages(
    client: _Base,
    messages: Sequence[Mapping[str, Any]],
    *,
    session_id: str | None = None,
    observed_at: TimeLike | None = None,
    scope: str | None = None,
    speaker: str | None = None,
) -> _Call[IngestReport]:
    """Ingest one OpenAI-style message list as a session (defaults as in Memory)."""
    body = {
        "messages": list(messages),
        "session_id": session_id,
        "observed_at": _time(observed_at),
        "scope": client._scope(scope),
        "speaker": speaker,
    }
    return _Call("POST", "/v1/messages", _report, _drop_none(body))


def _ingest(
    client: _Base, sessions: Sequence[Mapping[str, Any]], *, scope: str | None = None
) -> _Call[IngestReport]:
    """Ingest tem sessions records (docs/formats.md) in one scope."""
    body = {"sessions": list(sessions), "scope": client._scope(scope)}
    return _Call("POST", "/v1/ingest", _report, _drop_none(body))


def _recall(
    client: _Base,
    query: str,
    k: int = 15,
    *,
    at: TimeLike | None = None,
    as_of: TimeLike | None = None,
    scope: str | None = None,
) -> _Call[Evidence]:
    """Find the facts relevant to ``query``; each hit comes with its whole group."""
    at_text, as_of_text = _time(at), _time(as_of)
    body = {
        "query": query,
        "k": k,
        "at": at_text,
        "as_of": as_of_text,
        "scope": client._scope(scope),
    }

    def parse(response: httpx.Response) -> Evidence:
        items = _results(response)
        versions = tuple(version_from_dict(item) for item in items)
        scores = {item["id"]: item["score"] for item in items if item.get("score") is not None}
        return Evidence(query, versions, scores, None, _moment(at_text), _moment(as_of_text))

    return _Call("POST", "/v1/recall", parse, _drop_none(body))


def _context(
    client: _Base,
    question: str,
    *,
    k: int = 15,
    at: TimeLike | None = None,
    as_of: TimeLike | None = None,
    scope: str | None = None,
    tag_style: TagStyle = "historical",
    dates: bool = False,
    answer_rules: bool = True,
    max_facts: int | None = None,
    budget_tokens: int | None = None,
) -> _Call[str]:
    """Return the prompt for ``question``: the ``<Memory>`` block, answer rules, question."""
    body = {
        "question": question,
        "k": k,
        "at": _time(at),
        "as_of": _time(as_of),
        "scope": client._scope(scope),
        "tag_style": tag_style,
        "dates": dates,
        "answer_rules": answer_rules,
        "max_facts": max_facts,
        "budget_tokens": budget_tokens,
    }
    return _Call("POST", "/v1/context", lambda r: str(_results(r)[0]["context"]), _drop_none(body))


def _reads(
    kind: str,
    client: _Base,
    subject: str,
    relation: str | None,
    at: TimeLike | None,
    as_of: TimeLike | None,
    scope: str | None,
) -> _Call[list[Version]]:
    params = {
        "relation": relation,
        "at": _time(at),
        "as_of": _time(as_of),
        "scope": client._scope(scope),
    }
    path = f"/v1/{kind}/{quote(subject, safe='')}"
    return _Call("GET", path, _versions, params=_drop_none(params))


def _history(
    client: _Base,
    subject: str,
    relation: str | None = None,
    *,
    at: TimeLike | None = None,
    as_of: TimeLike | None = None,
    scope: str | None = None,
) -> _Call[list[Version]]:
    """Return every version of a subject (or one of its relations), oldest first per group."""
    return _reads("history", client, subject, relation, at, as_of, scope)


def _current(
    client: _Base,
    subject: str,
    relation: str | None = None,
    *,
    at: TimeLike | None = None,
    as_of: TimeLike | None = None,
    scope: str | None = None,
) -> _Call[list[Version]]:
    """Return the current versions of a subject (or of one relation)."""
    return _reads("current", client, subject, relation, at, as_of, scope)


def _retract(
    client: _Base,
    subject: str,
    relation: str,
    value: str | None = None,
    *,
    source: str,
    observed_at: TimeLike,
    valid_to: TimeLike | None = None,
    scope: str | None = None,
    metadata: Mapping[str, Any] | None = None,
) -> _Call[list[Version]]:
    """End a fact with no replacement; returns the versions this made ``ended``."""
    body = {
        "subject": subject,
        "relation": relation,
        "value": value,
        "source": source,
        "observed_at": _time(observed_at),
        "valid_to": _time(valid_to),
        "scope": client._scope(scope),
        "metadata": metadata,
    }
    return _Call("POST", "/v1/retract", _versions, _drop_none(body))


def _forget(
    client: _Base,
    *,
    scope: str | None = None,
    subject: str | None = None,
    source: str | None = None,
) -> _Call[int]:
    """Hard-delete a scope, a subject or a source (as ``Memory.forget``)."""
    if scope is None and subject is None and source is None:
        raise UserError("forget: name a scope, a subject or a source")
    body = {
        "scope": client._scope(scope),
        "subject": subject,
        "source": source,
        "all": subject is None and source is None or None,
    }
    return _Call("POST", "/v1/forget", lambda r: int(_results(r)[0]["deleted"]), _drop_none(body))


def _export(client: _Base, *, scope: str | None = None) -> _Call[str]:
    """The scope as JSON Lines, lossless (``tem import`` reads it back)."""
    params = _drop_none({"scope": client._scope(scope)})
    return _Call("GET", "/v1/export", lambda r: r.text, params=params)


def _scopes(client: _Base) -> _Call[list[str]]:
    """The scopes this key may read (with keys off: every stored scope)."""
    return _Call("GET", "/v1/scopes", lambda r: [str(i["scope"]) for i in _results(r)])


def _subjects(client: _Base, *, scope: str | None = None) -> _Call[list[str]]:
    """The subjects of a scope that have versions, sorted case-insensitively."""
    params = _drop_none({"scope": client._scope(scope)})
    parse = lambda r: [str(i["subject"]) for i in _results(r)]  # noqa: E731
    return _Call("GET", "/v1/subjects", parse, params=params)


def _dated_events(
    client: _Base, query: str | None = None, *, k: int | None = None, scope: str | None = None
) -> _Call[list[DatedEvent]]:
    """What people did and when, dated from the stored turns (``Memory.dated_events``)."""
    params = _drop_none({"query": query, "k": k, "scope": client._scope(scope)})
    parse = lambda r: [DatedEvent.from_dict(i) for i in _results(r)]  # noqa: E731
    return _Call("GET", "/v1/dated-events", parse, params=params)


def _health(client: _Base) -> _Call[dict[str, Any]]:
    """The server's ``GET /health`` answer (no key needed)."""
    return _Call("GET", "/health", lambda r: dict(r.json()))


# -- the two clients: they only send -----------------------------------------------------


class _Base:
    def __init__(self, api_key: str | None, scope: str | None) -> None:
        self.scope = scope
        self._headers = {} if api_key is None else {"Authorization": f"Bearer {api_key}"}

    def _scope(self, scope: str | None) -> str | None:
        return self.scope if scope is None else scope


def _sync(
    build: Callable[Concatenate[_Base, P], _Call[R]],
) -> Callable[Concatenate[Client, P], R]:
    def run(self: Client, /, *args: P.args, **kwargs: P.kwargs) -> R:
        return self._send(build(self, *args, **kwargs))

    run.__name__, run.__doc__ = build.__name__.lstrip("_"), build.__doc__
    return run


def _async(
    build: Callable[Concatenate[_Base, P], _Call[R]],
) -> Callable[Concatenate[AsyncClient, P], Coroutine[Any, Any, R]]:
    async def run(self: AsyncClient, /, *args: P.args, **kwargs: P.kwargs) -> R:
        return await self._send(build(self, *args, **kwargs))

    run.__name__, run.__doc__ = build.__name__.lstrip("_"), build.__doc__
    return run


class Client(_Base):
    """tem's HTTP API with Memory's verbs (see the module docstring).

    ``scope`` is used by every call that names none (default: the key's only scope,
    or the server's). ``transport`` replaces the network (tests, ASGI apps).
    """

    def __init__(
        self,
        base_url: str = DEFAULT_URL,
        *,
        api_key: str | None = None,
        scope: str | None = None,
        timeout: float = 30.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        super().__init__(api_key, scope)
        self._http = httpx.Client(
            base_url=base_url, headers=self._headers, timeout=timeout, transport=transport
        )

    def _send(self, call: _Call[R]) -> R:
        try:
            response = self._http.request(
                call.method, call.path, json=call.body, params=call.params
            )
        except httpx.TransportError as exc:
            raise StoreError(f"cannot reach tem at {self._http.base_url}: {exc}") from exc
        _raise_for(response)
        return call.parse(response)

    def close(self) -> None:
        """Close the connections."""
        self._http.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    add = _sync(_add)
    add_messages = _sync(_add_messages)
    ingest = _sync(_ingest)
    recall = _sync(_recall)
    context = _sync(_context)
    history = _sync(_history)
    current = _sync(_current)
    retract = _sync(_retract)
    forget = _sync(_forget)
    export = _sync(_export)
    scopes = _sync(_scopes)
    subjects = _sync(_subjects)
    dated_events = _sync(_dated_events)
    health = _sync(_health)


class AsyncClient(_Base):
    """:class:`Client` for asyncio: the same verbs, awaited."""

    def __init__(
        self,
        base_url: str = DEFAULT_URL,
        *,
        api_key: str | None = None,
        scope: str | None = None,
        timeout: float = 30.0,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        super().__init__(api_key, scope)
        self._http = httpx.AsyncClient(
            base_url=base_url, headers=self._headers, timeout=timeout, transport=transport
        )

    async def _send(self, call: _Call[R]) -> R:
        try:
            response = await self._http.request(
                call.method, call.path, json=call.body, params=call.params
            )
        except httpx.TransportError as exc:
            raise StoreError(f"cannot reach tem at {self._http.base_url}: {exc}") from exc
        _raise_for(response)
        return call.parse(response)

    async def aclose(self) -> None:
        """Close the connections."""
        await self._http.aclose()

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    add = _async(_add)
    add_messages = _async(_add_messages)
    ingest = _async(_ingest)
    recall = _async(_recall)
    context = _async(_context)
    history = _async(_history)
    current = _async(_current)
    retract = _async(_retract)
    forget = _async(_forget)
    export = _async(_export)
    scopes = _async(_scopes)
    subjects = _async(_subjects)
    dated_events = _async(_dated_events)
    health = _async(_health)


__all__ = ["AsyncClient", "Client", "version_from_dict"]
