"""Refuse request bodies over a size limit with 413, before any route reads them.

A declared ``Content-Length`` over the limit is refused at once; a chunked body
is counted as it arrives and refused as soon as it passes the limit, so the
server never holds more than the limit of one request in memory.
"""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tem.limits import MAX_BODY_BYTES


class BodyLimit:
    """ASGI middleware: 413 ``{"error": ...}`` for a body over ``limit`` bytes."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = Headers(scope=scope).get("content-length", "")
        if declared.isdigit() and int(declared) > self.limit:
            await self._refuse(scope, receive, send)
            return
        chunks: list[Message] = []
        size = 0
        while True:
            message = await receive()
            chunks.append(message)
            if message["type"] != "http.request":
                break
            size += len(message.get("body", b""))
            if size > self.limit:
                await self._refuse(scope, receive, send)
                return
            if not message.get("more_body", False):
                break

        async def replay() -> Message:
            return chunks.pop(0) if chunks else await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        text = f"request body: at most {self.limit:,} bytes (tem.limits.MAX_BODY_BYTES)"
        await JSONResponse({"error": text}, 413)(scope, receive, send)


__all__ = ["BodyLimit"]
