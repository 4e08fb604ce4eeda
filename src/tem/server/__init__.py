"""tem's HTTP API (``tem serve``): the library's verbs as FastAPI routes.

``create_app`` needs the ``server`` extra (FastAPI); :mod:`tem.server.auth` does
not, so the CLI can check its configuration before importing FastAPI.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tem.server.app import create_app


def __getattr__(name: str) -> Any:
    if name == "create_app":  # imported on first use: `import tem.server` never needs FastAPI
        from tem.server.app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["create_app"]
