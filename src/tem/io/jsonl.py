"""JSON Lines export and import: a lossless copy of a memory.

One JSON object per line, ``type`` first:

* ``{"type": "declare", "relation": ..., "cardinality": "one"|"many"}``: every declared
  relation cardinality (versions depend on it);
* ``{"type": "version", ...}``: :meth:`Version.to_dict` of every stored version, for
  readers; import re-derives versions and only *checks* them against these lines;
* ``{"type": "observation", ...}``: every observation with all its fields, retired ones
  and end markers included. Observations are the store's ground truth, so these lines
  are what import writes, with their original ids and times.

Export order is deterministic (declarations by relation, versions in group walk order,
observations in store order), and import keeps the file's order, so export -> import
into an empty memory -> export gives the same text.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TextIO

from tem.core.model import GroupKey, Observation, Version, content_id, normalize_key
from tem.core.relations import check_cardinality
from tem.core.times import parse_time, to_text
from tem.errors import UserError
from tem.io.report import ImportReport
from tem.memory import Memory

__all__ = ["export_jsonl", "import_jsonl", "observation_to_dict"]

OBSERVATION_FIELDS = (
    "id",
    "scope",
    "subject",
    "relation",
    "value",
    "kind",
    "source",
    "observed_at",
    "valid_from",
    "recorded_at",
    "expired_at",
    "metadata",
)
_DECLARE_FIELDS = ("relation", "cardinality")


def observation_to_dict(o: Observation) -> dict[str, Any]:
    """Return the JSON form of an observation: every field, times in canonical text."""
    return {
        "id": o.id,
        "scope": o.scope,
        "subject": o.subject,
        "relation": o.relation,
        "value": o.value,
        "kind": o.kind,
        "source": o.source,
        "observed_at": to_text(o.observed_at),
        "valid_from": to_text(o.valid_from),
        "recorded_at": to_text(o.recorded_at),
        "expired_at": None if o.expired_at is None else to_text(o.expired_at),
        "metadata": dict(sorted(o.metadata.items())),
    }


def _line(kind: str, body: Mapping[str, Any]) -> str:
    return json.dumps({"type": kind, **body}, ensure_ascii=False) + "\n"


def export_jsonl(memory: Memory, out: TextIO, *, scope: str | None = None) -> int:
    """Write the memory (every scope, or only ``scope``) to ``out``; return observations written.

    Declarations are global, so they are written whatever ``scope`` is.
    """
    for relation, cardinality in sorted(memory.declared().items()):
        out.write(_line("declare", {"relation": relation, "cardinality": cardinality}))
    for name in memory.scopes() if scope is None else [scope]:
        for version in memory.versions(scope=name):
            out.write(_line("version", version.to_dict()))
    count = 0
    for observation in memory.observations(scope=scope, every_scope=scope is None):
        out.write(_line("observation", observation_to_dict(observation)))
        count += 1
    return count


@dataclass
class _Parsed:
    """A validated input: nothing here has touched the store yet."""

    declares: dict[str, str] = field(default_factory=dict)
    versions: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    observations: list[Observation] = field(default_factory=list)


def import_jsonl(memory: Memory, lines: Iterable[str]) -> ImportReport:
    """Read what :func:`export_jsonl` wrote into ``memory``; return what happened.

    Every line is validated first (a bad one raises :class:`UserError` naming its
    line number, and nothing is written); then declarations are applied and all
    observations are written in one transaction with their original ids and times
    (ids already stored are skipped). Version lines are not written: the store
    re-derives them, and any difference is listed in ``mismatches``.
    """
    parsed = _parse(lines)
    report = ImportReport(observations=len(parsed.observations), versions=len(parsed.versions))
    declared = memory.declared()
    for relation, cardinality in parsed.declares.items():
        if declared.get(relation) != cardinality:
            memory.declare(relation, cardinality)
            report.declared += 1
    written = memory.write(parsed.observations)
    report.unchanged = written.unchanged
    report.written = len(parsed.observations) - written.unchanged
    if parsed.versions:
        report.mismatches = _compare(memory, parsed)
    return report


def _parse(lines: Iterable[str]) -> _Parsed:
    parsed = _Parsed()
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            _parse_line(line, parsed, number)
        except UserError as exc:
            raise UserError(f"line {number}: {exc}") from None
    return parsed


def _parse_line(line: str, parsed: _Parsed, number: int) -> None:
    try:
        item = json.loads(line)
    except json.JSONDecodeError as exc:
        raise UserError(f"not JSON: {exc.msg} (column {exc.colno})") from None
    if not isinstance(item, dict):
        raise UserError("expected a JSON object")
    kind = item.pop("type", None)
    if kind == "observation":
        parsed.observations.append(_observation(item))
    elif kind == "version":
        for name in ("id", "scope", "subject", "relation"):
            _text(item, name)
        parsed.versions.append((number, item))
    elif kind == "declare":
        _check_fields(item, _DECLARE_FIELDS)
        relation = normalize_key(_text(item, "relation"))
        parsed.declares[relation] = check_cardinality(_text(item, "cardinality"))
    else:
        raise UserError(f"type: expected declare, version or observation, got {kind!r}")


def _check_fields(item: Mapping[str, Any], expected: Sequence[str]) -> None:
    missing = [name for name in expected if name not in item]
    if missing:
        raise UserError(f"missing {', '.join(missing)}")
    unknown = sorted(set(item) - set(expected))
    if unknown:
        raise UserError(f"unknown field {', '.join(unknown)}")


def _text(item: Mapping[str, Any], name: str) -> str:
    value = item.get(name)
    if not isinstance(value, str) or not value.strip():
        raise UserError(f"{name}: expected non-empty text, got {value!r}")
    return value


def _time(item: Mapping[str, Any], name: str) -> datetime:
    value = item.get(name)
    if not isinstance(value, str):
        raise UserError(f"{name}: expected an ISO 8601 string, got {value!r}")
    return parse_time(value, name=name)


def _observation(item: Mapping[str, Any]) -> Observation:
    """Return the validated observation of one line; its id must match its content."""
    _check_fields(item, OBSERVATION_FIELDS)
    kind = item["kind"]
    if kind not in ("assert", "end"):
        raise UserError(f"kind: expected 'assert' or 'end', got {kind!r}")
    value = None if kind == "end" and item["value"] is None else _text(item, "value")
    metadata = item["metadata"]
    if not isinstance(metadata, dict):
        raise UserError("metadata: expected a JSON object")
    observation = Observation(
        id=_text(item, "id"),
        scope=_text(item, "scope"),
        subject=_text(item, "subject"),
        relation=_text(item, "relation"),
        value=value,
        kind=kind,
        source=_text(item, "source"),
        observed_at=_time(item, "observed_at"),
        valid_from=_time(item, "valid_from"),
        recorded_at=_time(item, "recorded_at"),
        expired_at=None if item["expired_at"] is None else _time(item, "expired_at"),
        metadata=metadata,
    )
    expected = content_id(observation)
    if observation.id != expected:
        raise UserError(f"id: {observation.id!r} does not match the content (expected {expected})")
    return observation


def _compare(memory: Memory, parsed: _Parsed) -> list[str]:
    """Return every difference between the version lines and the derived versions."""
    groups: dict[GroupKey, None] = {o.group: None for o in parsed.observations}
    for _, item in parsed.versions:
        subject, relation = normalize_key(item["subject"]), normalize_key(item["relation"])
        groups.setdefault(GroupKey(item["scope"], subject, relation), None)
    derived: dict[tuple[str, str], Version] = {
        (v.scope, v.id): v
        for versions in memory.group_versions(list(groups)).values()
        for v in versions
    }
    mismatches: list[str] = []
    for number, item in parsed.versions:
        version = derived.pop((item["scope"], item["id"]), None)
        if version is None:
            mismatches.append(f"line {number}: version {item['id']} was not derived")
            continue
        actual = version.to_dict()
        fields = sorted(k for k in set(actual) | set(item) if actual.get(k) != item.get(k))
        if fields:
            mismatches.append(f"line {number}: version {item['id']} differs in {', '.join(fields)}")
    mismatches.extend(
        f"version {v.id} ({v.subject} | {v.relation} | {v.value}) is not in the input"
        for v in derived.values()
    )
    return mismatches
