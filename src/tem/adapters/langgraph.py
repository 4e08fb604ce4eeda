"""``TemStore``: LangGraph's ``BaseStore`` on a tem memory, so old values stay as history.

LangGraph agents keep long-term memory in a store of items: ``put(namespace, key,
value)`` with a dict value. Here

* a **namespace is a scope**: ``("users", "ana")`` is scope ``"users.ana"`` (LangGraph
  forbids "." inside a label, so the mapping is one to one);
* a **key is a subject** and each **field of the value is a relation**:
  ``put(("users", "ana"), "profile", {"city": "Oslo"})`` records
  ``profile | city | Oslo``. Putting ``{"city": "Lisbon"}`` later makes Oslo
  ``historical`` (``Memory.history`` keeps it); a field left out of the new value,
  and ``delete``, end the old values (``ended``), they are not erased;
* ``get`` returns the current values as the dict; ``search`` with a ``query`` is
  tem's recall (subject names, relation synonyms, BM25), without one it lists the
  items; ``filter`` takes LangGraph's operators (``$eq $ne $gt $gte $lt $lte``).

Text values are stored as they are; other JSON values (numbers, lists, objects) as
JSON text, marked so that ``get`` gives back the same type. A field whose value did
not change is not written again. ``index`` is accepted and ignored (tem indexes every
field); TTLs are not supported. Keys, like subjects, match case-insensitively.
Each ``put`` is one transaction, with ``source`` (default ``"langgraph"``) as its
source: ``Memory.undo("langgraph")`` retires everything this store wrote.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta
from typing import Any

from tem.adapters import missing
from tem.core.model import Observation, Status, Version, normalize_key
from tem.errors import UserError
from tem.inputs import checked_observation
from tem.memory import Memory

try:
    from langgraph.store.base import (
        BaseStore,
        GetOp,
        Item,
        ListNamespacesOp,
        MatchCondition,
        Op,
        PutOp,
        Result,
        SearchItem,
        SearchOp,
    )
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise missing("langgraph", "tem.adapters.langgraph", exc) from exc

_KIND = "langgraph"
"""The metadata key that says whether a stored value is ``text`` or ``json``."""


def scope_of(namespace: tuple[str, ...]) -> str:
    """The tem scope a LangGraph namespace names."""
    return ".".join(namespace)


def namespace_of(scope: str) -> tuple[str, ...]:
    """The LangGraph namespace of a tem scope."""
    return tuple(scope.split("."))


def _encode(value: object) -> tuple[str, str]:
    if isinstance(value, str) and value.strip():
        return value, "text"
    return json.dumps(value, ensure_ascii=False, sort_keys=True), "json"


def _decode(version: Version) -> object:
    if version.metadata.get(_KIND) == "json":
        return json.loads(version.value)
    return version.value


class TemStore(BaseStore):
    """A LangGraph ``BaseStore`` whose items are tem facts (see the module docstring)."""

    def __init__(self, memory: Memory, *, source: str = "langgraph") -> None:
        self.memory = memory
        self.source = source

    # -- the two methods BaseStore asks for ---------------------------------------------

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        """Run the operations in order; each result is at its operation's position."""
        return [self._run(op) for op in ops]

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        """``batch`` on a worker thread, so the event loop never waits on the store."""
        return await asyncio.to_thread(self.batch, list(ops))

    def _run(self, op: Op) -> Result:
        if isinstance(op, GetOp):
            return self._get(scope_of(op.namespace), op.namespace, op.key)
        if isinstance(op, PutOp):
            if op.ttl is not None:
                raise NotImplementedError("TemStore does not support TTLs; pass ttl=None")
            self._put(op.namespace, op.key, op.value)
            return None
        if isinstance(op, SearchOp):
            return self._search(op)
        if isinstance(op, ListNamespacesOp):
            return self._namespaces(op)
        raise TypeError(f"unknown store operation: {op!r}")

    # -- reads ------------------------------------------------------------------------

    def _get(self, scope: str, namespace: tuple[str, ...], key: str) -> Item | None:
        history = self.memory.history(key, scope=scope)
        current = [v for v in history if v.status is Status.CURRENT]
        if not current:
            return None
        value: dict[str, Any] = {}
        for version in current:  # a "many" relation written outside this store: a list
            field, decoded = version.relation, _decode(version)
            if field in value:
                old = value[field]
                value[field] = [*old, decoded] if isinstance(old, list) else [old, decoded]
            else:
                value[field] = decoded
        times = [s.recorded_at for v in history for s in v.sources]
        return Item(
            value=value,
            key=key,
            namespace=namespace,
            created_at=min(times),
            updated_at=max(times),
        )

    def _search(self, op: SearchOp) -> list[SearchItem]:
        found: list[tuple[float | None, SearchItem]] = []
        for scope in self.memory.scopes():
            namespace = namespace_of(scope)
            if namespace[: len(op.namespace_prefix)] != tuple(op.namespace_prefix):
                continue
            for key, score in self._keys(scope, op.query, op.offset + op.limit):
                item = self._get(scope, namespace, key)
                if item is not None and matches(item.value, op.filter):
                    found.append((score, _search_item(item, score)))
        if op.query:
            found.sort(key=lambda pair: -(pair[0] or 0.0))
        return [item for _, item in found[op.offset : op.offset + op.limit]]

    def _keys(self, scope: str, query: str | None, wanted: int) -> list[tuple[str, float | None]]:
        """The subjects to look at, best first for a query, by name without one."""
        if not query:
            return [(subject, None) for subject in self.memory.subjects(scope=scope)]
        evidence = self.memory.recall(query, max(15, 4 * wanted), scope=scope)
        best: dict[str, float] = {}
        for version in evidence.versions:
            score = evidence.scores.get(version.id, 0.0)
            best[version.subject] = max(score, best.get(version.subject, score))
        return list(best.items())

    def _namespaces(self, op: ListNamespacesOp) -> list[tuple[str, ...]]:
        found: set[tuple[str, ...]] = set()
        for scope in self.memory.scopes():
            namespace = namespace_of(scope)
            if all(_matches_condition(namespace, c) for c in op.match_conditions or ()):
                found.add(namespace if op.max_depth is None else namespace[: op.max_depth])
        return sorted(found)[op.offset : op.offset + op.limit]

    # -- writes -----------------------------------------------------------------------

    def _put(self, namespace: tuple[str, ...], key: str, value: Mapping[str, Any] | None) -> None:
        """Write the difference between the item's current values and ``value``, at once."""
        scope = scope_of(namespace)
        current: dict[str, list[Version]] = {}
        for version in self.memory.current(key, scope=scope):
            current.setdefault(version.group.relation_key, []).append(version)
        now = self.memory.clock.now()
        statements: list[tuple[str, str | None, str, str]] = []  # relation, value, kind, type
        fields: dict[str, str] = {}
        for field, raw in (value or {}).items():
            relation = normalize_key(field)
            if relation in fields:
                raise UserError(f"fields {fields[relation]!r} and {field!r} name one relation")
            fields[relation] = field
            text, kind = _encode(raw)
            olds = current.get(relation, [])
            if [(v.value, v.metadata.get(_KIND)) for v in olds] == [(text, kind)]:
                continue  # unchanged: nothing to record
            statements += [(field, v.value, "end", "") for v in olds if v.cardinality == "many"]
            statements.append((field, text, "assert", kind))
        for relation, olds in current.items():
            if relation not in fields:  # left out of the new value: it ended
                statements.append((olds[0].relation, None, "end", ""))
        observations = [
            self._observation(key, s, scope, now, now + timedelta(microseconds=i))
            for i, s in enumerate(statements)
        ]
        if observations:
            self.memory.write(observations)

    def _observation(
        self,
        key: str,
        statement: tuple[str, str | None, str, str],
        scope: str,
        now: datetime,
        recorded_at: datetime,
    ) -> Observation:
        relation, value, kind, value_type = statement
        return checked_observation(
            subject=key,
            relation=relation,
            value=value,
            kind="assert" if kind == "assert" else "end",
            source=self.source,
            observed_at=now,
            valid_from=None,
            scope=scope,
            metadata={_KIND: value_type} if value_type else None,
            recorded_at=recorded_at,
        )


def _search_item(item: Item, score: float | None) -> SearchItem:
    return SearchItem(item.namespace, item.key, item.value, item.created_at, item.updated_at, score)


def _matches_condition(namespace: tuple[str, ...], condition: MatchCondition) -> bool:
    path = tuple(condition.path)
    if len(path) > len(namespace):
        return False
    side = namespace[: len(path)] if condition.match_type == "prefix" else namespace[-len(path) :]
    return all(want in ("*", have) for want, have in zip(path, side, strict=True))


_COMPARE = {
    "$eq": lambda a, b: a == b,
    "$ne": lambda a, b: a != b,
    "$gt": lambda a, b: a > b,
    "$gte": lambda a, b: a >= b,
    "$lt": lambda a, b: a < b,
    "$lte": lambda a, b: a <= b,
}


def matches(value: Mapping[str, Any], wanted: Mapping[str, Any] | None) -> bool:
    """Whether an item's value passes a LangGraph filter (exact values or ``$`` operators)."""
    for field, condition in (wanted or {}).items():
        have = value.get(field)
        tests = condition.items() if isinstance(condition, Mapping) else [("$eq", condition)]
        for op, operand in tests:
            if op not in _COMPARE:
                raise UserError(f"filter {field!r}: unknown operator {op!r}")
            try:
                if not _COMPARE[op](have, operand):
                    return False
            except TypeError:  # None or another type compared with < or >
                return False
    return True


__all__ = ["TemStore", "matches", "namespace_of", "scope_of"]
