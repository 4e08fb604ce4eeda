"""API keys bound to scopes, and where the server may listen: no I/O, no FastAPI.

A key reads and writes only the scopes it is bound to. With no keys configured
the server has no authentication, so it listens on loopback only.

    Unauthorized   no key, or a key not configured       401
    Forbidden      a known key asks for another scope    403
"""

from __future__ import annotations

import hmac
import ipaddress
from collections.abc import Mapping
from dataclasses import dataclass

from tem.errors import TemError, UserError

Keys = Mapping[str, frozenset[str]]
"""API key -> the scopes it may read and write."""

LOOPBACK_NAMES = ("localhost",)


class Unauthorized(TemError):
    """The request carries no API key, or one that is not configured."""


class Forbidden(TemError):
    """The API key is valid but not bound to the scope the request names."""


def parse_keys(text: str, *, where: str = "TEM_API_KEYS") -> dict[str, frozenset[str]]:
    """Parse ``key1=scopeA,scopeB;key2=scopeC`` (``;`` or newlines between keys).

    Blank entries and lines starting with ``#`` are skipped. Raises UserError on an
    entry without ``=``, an empty key, a key without scopes, or a repeated key.
    """
    keys: dict[str, frozenset[str]] = {}
    entries = [e.strip() for line in text.splitlines() for e in line.split(";")]
    for entry in entries:
        if not entry or entry.startswith("#"):
            continue
        key, sep, scopes_text = entry.partition("=")
        key = key.strip()
        scopes = frozenset(s.strip() for s in scopes_text.split(",") if s.strip())
        if not sep or not key or not scopes:
            raise UserError(f"{where}: expected key=scope[,scope...], got {_masked(entry)!r}")
        if key in keys:
            raise UserError(f"{where}: key {_masked(key)!r} is given twice")
        keys[key] = scopes
    return keys


def _masked(text: str) -> str:
    """Hide most of a secret in error messages."""
    return text[:3] + "..." if len(text) > 3 else "..."


def load_keys(env_value: str | None, file_text: str | None) -> dict[str, frozenset[str]] | None:
    """Return the configured keys from the env value and/or a keys file; None when none."""
    keys: dict[str, frozenset[str]] = {}
    for text, where in ((env_value, "TEM_API_KEYS"), (file_text, "keys file")):
        if text is None:
            continue
        for key, scopes in parse_keys(text, where=where).items():
            keys[key] = keys.get(key, frozenset()) | scopes
    return keys or None


def is_loopback(host: str) -> bool:
    """True for ``localhost`` and loopback addresses (127.0.0.0/8, ::1)."""
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def listen_address(host: str) -> str:
    """The address to bind for ``--host``: lower case, an IPv6 address without brackets.

    ``[::1]`` is how URLs and Host headers write it; uvicorn's bind wants ``::1``.
    """
    return host.strip().lower().removeprefix("[").removesuffix("]")


def check_bind(host: str, keys: Keys | None) -> None:
    """Refuse to serve beyond loopback without API keys (UserError, one line)."""
    if keys is None and not is_loopback(host):
        raise UserError(
            f"--host {host}: without API keys tem serves loopback only "
            "(set TEM_API_KEYS or --keys-file, or use --host 127.0.0.1)"
        )


@dataclass(frozen=True)
class Caller:
    """Who is asking: the scopes their key allows, or None when keys are off."""

    scopes: frozenset[str] | None

    def scope(self, requested: str | None) -> str | None:
        """Return the scope a request may use; None means the memory's default scope.

        A key bound to one scope may leave ``scope`` out; one bound to several must
        name it.
        """
        if self.scopes is None:
            return requested
        if requested is None:
            if len(self.scopes) == 1:
                return next(iter(self.scopes))
            raise UserError("scope: this key is bound to several scopes; name one")
        if requested not in self.scopes:
            raise Forbidden(f"this API key may not use scope {requested!r}")
        return requested

    def allows(self, scope: str) -> bool:
        """True when this caller may read and write ``scope``."""
        return self.scopes is None or scope in self.scopes


def authenticate(keys: Keys | None, token: str | None) -> Caller:
    """Return the caller for a bearer token; Unauthorized when keys are on and it is unknown."""
    if keys is None:
        return Caller(None)
    if token is None:
        raise Unauthorized("missing API key: send Authorization: Bearer <key>")
    found: frozenset[str] | None = None
    for key, scopes in keys.items():  # compare every key in constant time
        if hmac.compare_digest(key.encode(), token.encode()):
            found = scopes
    if found is None:
        raise Unauthorized("unknown API key")
    return Caller(found)
