"""Subject aliases within a scope: one person, one subject name.

Case and spacing never split a subject (the core's keys ignore them). On top of
that a bare first name is read as the one known full name it starts ("Emma" ->
"Emma Nilsson") when exactly one known name fits, also inside possessives
("Emma's brother" -> "Emma Nilsson's brother"). "I"/"me" are resolved to the
speaker by the extractors before names reach this module.
"""

from __future__ import annotations

from collections.abc import Iterable

from tem.core.model import normalize_key

_POSSESSIVE = "'s "


class Aliases:
    """Known subject names of one scope, and the rule that maps a mention onto them."""

    def __init__(self, known: Iterable[str] = ()) -> None:
        self._by_key: dict[str, str] = {}
        self._by_first: dict[str, set[str]] = {}
        for name in known:
            self.add(name)

    def add(self, name: str) -> None:
        """Remember ``name`` as a subject of this scope."""
        key = normalize_key(name)
        if not key or key in self._by_key:
            return
        self._by_key[key] = name
        parts = key.split()
        if len(parts) > 1:
            self._by_first.setdefault(parts[0], set()).add(key)

    def resolve(self, mention: str) -> str:
        """Return the subject name ``mention`` refers to (itself when unknown)."""
        owner, sep, rest = mention.partition(_POSSESSIVE)
        if sep and owner:
            return f"{self._resolve_name(owner)}{sep}{rest}"
        return self._resolve_name(mention)

    def _resolve_name(self, name: str) -> str:
        key = normalize_key(name)
        if key in self._by_key and " " in key:
            return self._by_key[key]
        fuller = self._by_first.get(key, set())
        if len(fuller) == 1:
            return self._by_key[next(iter(fuller))]
        return self._by_key.get(key, name)
