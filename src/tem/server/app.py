"""The HTTP API: each route is one :class:`tem.Memory` verb, in FastAPI's thread pool.

Routes parse a request model, ask the caller's key for the scope, call one library
verb and wrap the answer as ``{"results": [...]}``. Errors become responses in
:func:`_error` and nowhere else:

    Unauthorized 401, Forbidden 403, NotFound 404,
    UserError and request validation 422, StoreError 503

each as ``{"error": "<one line>"}``; a body over ``tem.limits.MAX_BODY_BYTES`` is
413 before any route runs (:mod:`tem.server.body`). Times are ISO 8601 text,
parsed by the library.
"""

from __future__ import annotations

import dataclasses
import io
import math
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import APIRouter, FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic_core import PydanticCustomError
from starlette.exceptions import HTTPException

from tem.core.model import Version
from tem.errors import NotFound, StoreError, TemError, UserError
from tem.ingest.formats import load_sessions, messages_session_id
from tem.ingest.pipeline import IngestReport
from tem.io import export_jsonl
from tem.memory import Memory
from tem.render import TagStyle
from tem.server.auth import Forbidden, Keys, Unauthorized
from tem.server.body import BodyLimit
from tem.server.deps import ERRORS, Mem, ScopeQ, Who
from tem.server.jobs import enqueue
from tem.server.jobs import router as jobs
from tem.server.ui import router as ui

if TYPE_CHECKING:
    from tem.jobs import JobQueue

STATUS: tuple[tuple[type[Exception], int], ...] = (
    (Unauthorized, 401),
    (Forbidden, 403),
    (NotFound, 404),
    (UserError, 422),
    (RequestValidationError, 422),
    (StoreError, 503),
)


# -- request models -------------------------------------------------------------------


def _unstorable(value: Any, path: str = "") -> str | None:
    """Say what in a JSON value no store can keep: lone surrogates, infinity, NaN.

    JSON text may carry ``"\\ud800"`` and ``1e999``; Python parses them into a str
    that cannot be encoded as UTF-8 and a float that JSON cannot write back.
    """
    problem = None
    if isinstance(value, str) and not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            problem = "not valid Unicode text (a lone surrogate such as \\ud800)"
    elif isinstance(value, float) and not math.isfinite(value):
        problem = f"must be a finite number, got {value}"
    elif isinstance(value, dict | list):
        pairs = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in pairs:
            inner = f"{path}.{key}" if isinstance(key, str) else f"{path}[{key}]"
            found = _unstorable(key, path) or _unstorable(item, inner)  # key first: `inner`
            if found:  # names it, so it must be printable
                return found
    if problem is None:
        return None
    return f"{path.lstrip('.')}: {problem}" if path else problem


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")
    scope: str | None = Field(None, description="Default: the key's only scope, or the server's.")

    @field_validator("*", mode="before")
    @classmethod
    def _storable(cls, value: Any) -> Any:
        problem = _unstorable(value)
        if problem:
            raise PydanticCustomError("unstorable", problem)
        return value


class AddRequest(_Body):
    subject: str
    relation: str
    value: str
    source: str
    observed_at: str
    valid_from: str | None = None
    metadata: dict[str, Any] | None = None


class MessagesRequest(_Body):
    messages: list[dict[str, Any]]
    session_id: str | None = Field(None, description="Default: a hash of the messages.")
    observed_at: str | None = Field(None, description="Default: now.")
    speaker: str | None = None
    background: bool = Field(False, description="Queue it: 202 with a job id (docs/jobs.md).")


class IngestRequest(_Body):
    sessions: list[dict[str, Any]] = Field(description="tem sessions records (docs/formats.md).")
    background: bool = Field(False, description="Queue them: 202, a job per session.")


class RecallRequest(_Body):
    query: str
    k: int = 15
    at: str | None = None
    as_of: str | None = None


class ContextRequest(_Body):
    question: str
    k: int = 15
    at: str | None = None
    as_of: str | None = None
    tag_style: TagStyle = "historical"
    dates: bool = False
    answer_rules: bool = True
    max_facts: int | None = None
    budget_tokens: int | None = None


class RetractRequest(_Body):
    subject: str
    relation: str
    value: str | None = None
    source: str
    observed_at: str
    valid_to: str | None = None
    metadata: dict[str, Any] | None = None


class ForgetRequest(_Body):
    subject: str | None = None
    source: str | None = None
    all: bool = Field(False, description="Delete the whole scope (with no subject or source).")


# -- helpers ------------------------------------------------------------------------------


def _results(items: list[dict[str, Any]]) -> dict[str, Any]:
    return {"results": items}


def _versions(versions: list[Version] | tuple[Version, ...]) -> dict[str, Any]:
    return _results([v.to_dict() for v in versions])


def _report(report: IngestReport) -> dict[str, Any]:
    return _results([dataclasses.asdict(report)])


def _error(request: Request, exc: Exception) -> JSONResponse:
    """The one place errors become responses."""
    status = next((code for kind, code in STATUS if isinstance(exc, kind)), 500)
    headers: Mapping[str, str] | None = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    if isinstance(exc, RequestValidationError):
        first = exc.errors()[0]
        loc = [str(p) for p in first.get("loc", ()) if p != "body"]
        where = "body" if not loc or first.get("type") == "json_invalid" else ".".join(loc)
        message = f"{where}: {first.get('msg', 'invalid')}"
    elif isinstance(exc, HTTPException):  # Starlette's own: unknown path or method, bad body
        status, message, headers = exc.status_code, str(exc.detail), exc.headers
    else:
        message = str(exc)
    message = message.encode("utf-8", "backslashreplace").decode()  # it may quote bad input
    return JSONResponse({"error": " ".join(message.split())}, status, headers=headers)


router = APIRouter(prefix="/v1", responses=ERRORS)
meta = APIRouter(tags=["meta"], responses={503: ERRORS[503]})

MemorySource = Memory | Callable[[], Memory]


def create_app(
    memory: MemorySource, keys: Keys | None = None, queue: JobQueue | None = None
) -> FastAPI:
    """Return the API app on one memory: a Memory (the caller closes it) or a factory.

    A factory is called once when the app starts and its memory closed when it
    stops. ``keys`` maps each API key to its scopes; None serves without keys.
    ``queue`` (the caller closes it) enables background ingestion (docs/jobs.md).
    """

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if isinstance(memory, Memory):
            app.state.memory = memory
            yield
            return
        app.state.memory = memory()
        try:
            yield
        finally:
            app.state.memory.close()

    app = FastAPI(
        title="tem",
        summary="Temporal state-tracking memory: versioned, bi-temporal facts.",
        version="1",
        lifespan=lifespan,
    )
    for kind in (TemError, RequestValidationError, HTTPException):  # subclasses: by MRO
        app.add_exception_handler(kind, _error)
    app.add_middleware(BodyLimit)
    app.state.keys = keys
    app.state.queue = queue
    app.include_router(router)
    app.include_router(meta)
    app.include_router(ui)
    if queue is not None:  # GET /v1/jobs/{id}, only where there are jobs to look up
        app.include_router(jobs)
    return app


# -- routes: one library verb each ------------------------------------------------------------


@meta.get("/health")
def health(memory: Mem) -> dict[str, Any]:
    """200 ``{"status": "ok"}`` when the server is up and its store answers (no key needed)."""
    memory.ping()  # a cheap read: a store that fails here is a 503
    return {"status": "ok"}


@router.post("/memories", tags=["write"])
def add(body: AddRequest, who: Who, memory: Mem) -> dict[str, Any]:
    """Add one fact; the result is the version now holding it."""
    version = memory.add(
        body.subject,
        body.relation,
        body.value,
        source=body.source,
        observed_at=body.observed_at,
        valid_from=body.valid_from,
        scope=who.scope(body.scope),
        metadata=body.metadata,
    )
    return _versions([version])


@router.post("/messages", tags=["write"])
def add_messages(
    body: MessagesRequest, who: Who, memory: Mem, request: Request, response: Response
) -> dict[str, Any]:
    """Ingest one OpenAI-style message list as a session; the result is the report."""
    if body.background:  # 202 with the job; a worker ingests it (docs/jobs.md)
        sessions = load_sessions(
            body.messages,
            format="messages",
            speaker=body.speaker,
            session_id=body.session_id or messages_session_id(body.messages, body.observed_at),
            observed_at=body.observed_at or memory.clock.now(),
        )
        return enqueue(request, response, sessions, who.scope(body.scope) or memory.scope)
    report = memory.add_messages(
        body.messages,
        session_id=body.session_id,
        observed_at=body.observed_at,
        scope=who.scope(body.scope),
        speaker=body.speaker,
    )
    return _report(report)


@router.post("/ingest", tags=["write"])
def ingest(
    body: IngestRequest, who: Who, memory: Mem, request: Request, response: Response
) -> dict[str, Any]:
    """Ingest tem sessions; every session must be in the request's scope."""
    scope = who.scope(body.scope) or memory.scope
    sessions = load_sessions(body.sessions, format="sessions", scope=scope)
    for session in sessions:
        who.scope(session.scope)
        if session.scope != scope:
            raise UserError(f"session {session.id!r}: scope must be {scope!r}")
    if body.background:  # 202 with a job per session (docs/jobs.md)
        return enqueue(request, response, sessions, scope)
    return _report(memory.ingest(sessions))


@router.post("/recall", tags=["read"])
def recall(body: RecallRequest, who: Who, memory: Mem) -> dict[str, Any]:
    """Find the facts relevant to a query; each hit with its group and ``score``."""
    found = memory.recall(
        body.query, body.k, at=body.at, as_of=body.as_of, scope=who.scope(body.scope)
    )
    return _results([{**v.to_dict(), "score": found.scores.get(v.id)} for v in found])


@router.post("/context", tags=["read"])
def context(body: ContextRequest, who: Who, memory: Mem) -> dict[str, Any]:
    """Return the prompt for a question as ``{"results": [{"context": ...}]}``."""
    text = memory.context(
        body.question,
        k=body.k,
        at=body.at,
        as_of=body.as_of,
        scope=who.scope(body.scope),
        tag_style=body.tag_style,
        dates=body.dates,
        answer_rules=body.answer_rules,
        max_facts=body.max_facts,
        budget_tokens=body.budget_tokens,
    )
    return _results([{"context": text}])


@router.get("/dated-events", tags=["read"])
def dated_events(
    who: Who,
    memory: Mem,
    scope: ScopeQ = None,
    query: str | None = None,
    k: Annotated[int | None, Query(ge=1)] = None,
) -> dict[str, Any]:
    """What people did and when, dated in code from the stored turns (``Memory.dated_events``)."""
    found = memory.dated_events(query, k=k, scope=who.scope(scope))
    return _results([e.to_dict() for e in found])


@router.get("/history/{subject}", tags=["read"])
def history(
    subject: str,
    who: Who,
    memory: Mem,
    scope: ScopeQ = None,
    relation: str | None = None,
    at: str | None = None,
    as_of: str | None = None,
) -> dict[str, Any]:
    """Every version of a subject (or one relation), oldest first per relation."""
    found = memory.history(subject, relation, at=at, as_of=as_of, scope=who.scope(scope))
    return _versions(found)


@router.get("/current/{subject}", tags=["read"])
def current(
    subject: str,
    who: Who,
    memory: Mem,
    scope: ScopeQ = None,
    relation: str | None = None,
    at: str | None = None,
    as_of: str | None = None,
) -> dict[str, Any]:
    """The current versions of a subject (or of one relation)."""
    found = memory.current(subject, relation, at=at, as_of=as_of, scope=who.scope(scope))
    return _versions(found)


@router.post("/retract", tags=["write"])
def retract(body: RetractRequest, who: Who, memory: Mem) -> dict[str, Any]:
    """End a fact with no replacement; the results are the versions it ended."""
    ended = memory.retract(
        body.subject,
        body.relation,
        body.value,
        source=body.source,
        observed_at=body.observed_at,
        valid_to=body.valid_to,
        scope=who.scope(body.scope),
        metadata=body.metadata,
    )
    return _versions(ended)


@router.post("/forget", tags=["write"])
def forget(body: ForgetRequest, who: Who, memory: Mem) -> dict[str, Any]:
    """Hard-delete a subject or a source in the scope, or with ``"all": true`` the scope."""
    if body.all == (body.subject is not None or body.source is not None):
        raise UserError('forget: name a subject or a source, or send "all": true for the scope')
    scope = who.scope(body.scope) or memory.scope
    deleted = memory.forget(scope=scope, subject=body.subject, source=body.source)
    return _results([{"deleted": deleted}])


@router.get("/export", tags=["read"], response_class=Response)
def export(who: Who, memory: Mem, scope: ScopeQ = None) -> Response:
    """The scope as JSON Lines, lossless (``tem import`` reads it back)."""
    out = io.StringIO()
    export_jsonl(memory, out, scope=who.scope(scope) or memory.scope)
    return Response(out.getvalue(), media_type="application/x-ndjson")
