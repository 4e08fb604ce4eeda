"""The HTTP API: each route is one :class:`tem.Memory` verb, in FastAPI's thread pool.

Routes parse a request model, ask the caller's key for the scope, call one library
verb and wrap the answer as ``{"results": [...]}``. Errors become responses in
:func:`_error` and nowhere else:

    Unauthorized 401, Forbidden 403, NotFound 404,
    UserError and request validation 422, StoreError 503

each as ``{"error": "<one line>"}``. Times are ISO 8601 text, parsed by the library.
"""

from __future__ import annotations

import dataclasses
import io
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ConfigDict, Field

from tem.core.model import Version
from tem.errors import NotFound, StoreError, TemError, UserError
from tem.ingest.formats import load_sessions
from tem.ingest.pipeline import IngestReport
from tem.io import export_jsonl
from tem.memory import Memory
from tem.render import TagStyle
from tem.server.auth import Caller, Forbidden, Keys, Unauthorized, authenticate

_bearer = HTTPBearer(auto_error=False, description="An API key bound to scopes.")

STATUS: tuple[tuple[type[Exception], int], ...] = (
    (Unauthorized, 401),
    (Forbidden, 403),
    (NotFound, 404),
    (UserError, 422),
    (RequestValidationError, 422),
    (StoreError, 503),
)


# -- request models -------------------------------------------------------------------


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")
    scope: str | None = Field(None, description="Default: the key's only scope, or the server's.")


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
    session_id: str
    observed_at: str
    speaker: str | None = None


class IngestRequest(_Body):
    sessions: list[dict[str, Any]] = Field(description="tem sessions records (docs/formats.md).")


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
    if isinstance(exc, RequestValidationError):
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        message = f"{where}: {first.get('msg', 'invalid')}"
    else:
        message = str(exc)
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    return JSONResponse({"error": " ".join(message.split())}, status, headers=headers)


def _caller(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> Caller:
    token = None if credentials is None else credentials.credentials
    return authenticate(request.app.state.keys, token)


def _memory(request: Request) -> Memory:
    found: Memory = request.app.state.memory
    return found


Who = Annotated[Caller, Depends(_caller)]
Mem = Annotated[Memory, Depends(_memory)]
ScopeQ = Annotated[str | None, Query(description="Default: the key's only scope.")]
router = APIRouter(prefix="/v1")

MemorySource = Memory | Callable[[], Memory]


def create_app(memory: MemorySource, keys: Keys | None = None) -> FastAPI:
    """Return the API app on one memory: a Memory (the caller closes it) or a factory.

    A factory is called once when the app starts and its memory closed when it
    stops. ``keys`` maps each API key to its scopes; None serves without keys.
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
    for kind in (TemError, RequestValidationError):  # subclasses find their handler by MRO
        app.add_exception_handler(kind, _error)
    app.state.keys = keys
    app.include_router(router)
    return app


# -- routes: one library verb each ------------------------------------------------------------


@router.post("/memories", tags=["write"])
def add(body: AddRequest, who: Who, memory: Mem) -> dict[str, Any]:
    """Add one fact; the result is the version now holding it."""
    version = memory.add(
        body.subject, body.relation, body.value, source=body.source,
        observed_at=body.observed_at, valid_from=body.valid_from,
        scope=who.scope(body.scope), metadata=body.metadata,
    )  # fmt: skip
    return _versions([version])


@router.post("/messages", tags=["write"])
def add_messages(body: MessagesRequest, who: Who, memory: Mem) -> dict[str, Any]:
    """Ingest one OpenAI-style message list as a session; the result is the report."""
    report = memory.add_messages(
        body.messages, session_id=body.session_id, observed_at=body.observed_at,
        scope=who.scope(body.scope), speaker=body.speaker,
    )  # fmt: skip
    return _report(report)


@router.post("/ingest", tags=["write"])
def ingest(body: IngestRequest, who: Who, memory: Mem) -> dict[str, Any]:
    """Ingest tem sessions; every session must be in the request's scope."""
    scope = who.scope(body.scope) or memory.scope
    sessions = load_sessions(body.sessions, format="sessions", scope=scope)
    for session in sessions:
        who.scope(session.scope)
        if session.scope != scope:
            raise UserError(f"session {session.id!r}: scope must be {scope!r}")
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
        body.question, k=body.k, at=body.at, as_of=body.as_of, scope=who.scope(body.scope),
        tag_style=body.tag_style, dates=body.dates, answer_rules=body.answer_rules,
        max_facts=body.max_facts, budget_tokens=body.budget_tokens,
    )  # fmt: skip
    return _results([{"context": text}])


@router.get("/history/{subject}", tags=["read"])
def history(
    subject: str, who: Who, memory: Mem, scope: ScopeQ = None, relation: str | None = None,
    at: str | None = None, as_of: str | None = None,
) -> dict[str, Any]:  # fmt: skip
    """Every version of a subject (or one relation), oldest first per relation."""
    found = memory.history(subject, relation, at=at, as_of=as_of, scope=who.scope(scope))
    return _versions(found)


@router.get("/current/{subject}", tags=["read"])
def current(
    subject: str, who: Who, memory: Mem, scope: ScopeQ = None, relation: str | None = None,
    at: str | None = None, as_of: str | None = None,
) -> dict[str, Any]:  # fmt: skip
    """The current versions of a subject (or of one relation)."""
    found = memory.current(subject, relation, at=at, as_of=as_of, scope=who.scope(scope))
    return _versions(found)


@router.post("/retract", tags=["write"])
def retract(body: RetractRequest, who: Who, memory: Mem) -> dict[str, Any]:
    """End a fact with no replacement; the results are the versions it ended."""
    ended = memory.retract(
        body.subject, body.relation, body.value, source=body.source,
        observed_at=body.observed_at, valid_to=body.valid_to,
        scope=who.scope(body.scope), metadata=body.metadata,
    )  # fmt: skip
    return _versions(ended)


@router.post("/forget", tags=["write"])
def forget(body: ForgetRequest, who: Who, memory: Mem) -> dict[str, Any]:
    """Hard-delete a subject or a source in the scope; neither named: the whole scope."""
    scope = who.scope(body.scope) or memory.scope
    deleted = memory.forget(scope=scope, subject=body.subject, source=body.source)
    return _results([{"deleted": deleted}])


@router.get("/export", tags=["read"], response_class=Response)
def export(who: Who, memory: Mem, scope: ScopeQ = None) -> Response:
    """The scope as JSON Lines, lossless (``tem import`` reads it back)."""
    out = io.StringIO()
    export_jsonl(memory, out, scope=who.scope(scope) or memory.scope)
    return Response(out.getvalue(), media_type="application/x-ndjson")
