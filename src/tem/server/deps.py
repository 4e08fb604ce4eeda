"""What every router of the HTTP API shares: the error responses and the route dependencies.

:mod:`tem.server.app`, :mod:`tem.server.jobs` and :mod:`tem.server.ui` import these;
this module imports none of them, so the app can import its routers at the top.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Query, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel

from tem.memory import Memory
from tem.server.auth import Caller, authenticate

_bearer = HTTPBearer(auto_error=False, description="An API key bound to scopes.")


class ErrorBody(BaseModel):
    """Every error response: one line saying what is wrong."""

    error: str


ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorBody, "description": text}
    for code, text in (
        (400, "The body cannot be decoded (e.g. a charset other than UTF-8)"),
        (401, "No API key, or an unknown one"),
        (403, "The API key may not use this scope"),
        (404, "Nothing to act on (NotFound)"),
        (413, "The request body is over 10 MiB (tem.limits.MAX_BODY_BYTES)"),
        (422, "Bad input: a malformed body, a bad date, an empty or too long field (UserError)"),
        (503, "The store failed (StoreError)"),
    )
}
"""The error responses each route declares in the OpenAPI schema: what the app's one
error handler (:mod:`tem.server.app`) sends."""


def caller(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> Caller:
    """The caller that a request's bearer key names (:func:`tem.server.auth.authenticate`)."""
    token = None if credentials is None else credentials.credentials
    return authenticate(request.app.state.keys, token)


def app_memory(request: Request) -> Memory:
    """The memory the app serves."""
    found: Memory = request.app.state.memory
    return found


Who = Annotated[Caller, Depends(caller)]
Mem = Annotated[Memory, Depends(app_memory)]
ScopeQ = Annotated[str | None, Query(description="Default: the key's only scope.")]
