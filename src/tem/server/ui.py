"""The timeline page at ``/ui``, and the two read routes it needs to fill its pickers.

The page is static: one HTML file, its CSS and its vanilla JS, shipped in
``tem/server/static`` and read from the package, so it works offline (no CDN, no
build step). It holds no data and needs no key; it calls the JSON API with the
key the user types (``/v1/history``, ``/v1/recall``, ``/v1/context``, and the
routes below), so every read goes through the same scope checks as any client.

    GET /v1/scopes                  the scopes the caller's key may read
    GET /v1/subjects?scope=...      the subjects of one scope

Both are in the OpenAPI schema with the library's verbs (``Memory.scopes`` and
``Memory.subjects``), and any client may call them.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from fastapi import APIRouter
from fastapi.responses import HTMLResponse, Response

from tem.errors import NotFound
from tem.inputs import check_text
from tem.server.deps import ERRORS, Mem, ScopeQ, Who

router = APIRouter()

STATIC: dict[str, str] = {
    "timeline.css": "text/css; charset=utf-8",
    "timeline.js": "text/javascript; charset=utf-8",
}
"""The page's assets and their media types; nothing else under ``static`` is served."""


def _static(name: str) -> str:
    return (resources.files("tem.server") / "static" / name).read_text(encoding="utf-8")


@router.get("/ui", include_in_schema=False, response_class=HTMLResponse)
def page() -> HTMLResponse:
    """The timeline page (public: it holds no data; the API calls it makes carry the key)."""
    return HTMLResponse(_static("index.html"))


@router.get("/ui/static/{name}", include_in_schema=False)
def asset(name: str) -> Response:
    """One of the page's assets, by exact name."""
    media_type = STATIC.get(name)
    if media_type is None:
        raise NotFound(f"no such asset: {name!r}")
    return Response(_static(name), media_type=media_type)


@router.get("/v1/scopes", tags=["read"], responses=ERRORS)
def scopes(who: Who, memory: Mem) -> dict[str, Any]:
    """The scopes the caller may read: the key's scopes, or with keys off every stored
    scope and the server's default."""
    names = {*memory.scopes(), memory.scope} if who.scopes is None else set(who.scopes)
    return {"results": [{"scope": name} for name in sorted(names)]}


@router.get("/v1/subjects", tags=["read"], responses=ERRORS)
def subjects(who: Who, memory: Mem, scope: ScopeQ = None) -> dict[str, Any]:
    """Every subject of a scope that has versions, sorted case-insensitively."""
    requested = None if scope is None else check_text(scope, "scope")
    found = memory.subjects(scope=who.scope(requested) or memory.scope)
    return {"results": [{"subject": subject} for subject in found]}
