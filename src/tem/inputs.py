"""What callers hand to :class:`tem.Memory` writes, checked before any write starts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from tem.core.model import Kind, Observation, Version, observation_id
from tem.core.times import TimeLike, parse_time
from tem.errors import UserError
from tem.store.base import Store, WriteReport


@dataclass(frozen=True)
class Fact:
    """One fact to add: the arguments of :meth:`Memory.add` as a value (for ``add_many``)."""

    subject: str
    relation: str
    value: str
    source: str
    observed_at: TimeLike
    valid_from: TimeLike | None = None
    scope: str | None = None
    metadata: Mapping[str, Any] = field(default_factory=dict)


def check_text(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise UserError(f"{name}: expected text, got {type(value).__name__}")
    cleaned = value.strip()
    if not cleaned:
        raise UserError(f"{name}: must not be empty")
    if cleaned.isascii():
        return cleaned
    try:  # a lone surrogate cannot be stored as UTF-8 by any store
        cleaned.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise UserError(f"{name}: not valid Unicode text ({exc.reason})") from exc
    return cleaned


def checked_observation(
    *,
    subject: object,
    relation: object,
    value: object,
    kind: Kind,
    source: object,
    observed_at: TimeLike,
    valid_from: TimeLike | None,
    scope: object,
    metadata: Mapping[str, Any] | None,
    recorded_at: datetime,
) -> Observation:
    """Check one statement and return it as an observation, with its content id.

    Raises :class:`~tem.errors.UserError` naming the first bad field; ``valid_from``
    defaults to ``observed_at``; an end marker (``kind="end"``) may name no value.
    """
    subject_text = check_text(subject, "subject")
    relation_text = check_text(relation, "relation")
    value_text = None if value is None and kind == "end" else check_text(value, "value")
    source_text = check_text(source, "source")
    observed = parse_time(observed_at, name="observed_at")
    valid = observed if valid_from is None else parse_time(valid_from, name="valid_from")
    scope_text = check_text(scope, "scope")
    if metadata is not None and not isinstance(metadata, Mapping):
        raise UserError("metadata: expected a mapping")
    oid = observation_id(
        scope=scope_text, subject=subject_text, relation=relation_text, value=value_text,
        kind=kind, source=source_text, observed_at=observed, valid_from=valid,
    )  # fmt: skip
    return Observation(
        id=oid, scope=scope_text, subject=subject_text, relation=relation_text,
        value=value_text, kind=kind, source=source_text, observed_at=observed,
        valid_from=valid, recorded_at=recorded_at, metadata=dict(metadata or {}),
    )  # fmt: skip


def as_fact(item: Fact | Mapping[str, Any], index: int) -> Fact:
    if isinstance(item, Fact):
        return item
    if not isinstance(item, Mapping):
        raise UserError(f"fact {index}: expected a Fact or a mapping")
    missing = [
        k for k in ("subject", "relation", "value", "source", "observed_at") if k not in item
    ]
    if missing:
        raise UserError(f"fact {index}: missing {', '.join(missing)}")
    unknown = set(item) - set(Fact.__dataclass_fields__)
    if unknown:
        raise UserError(f"fact {index}: unknown field {', '.join(sorted(unknown))}")
    return Fact(**{**item, "metadata": item.get("metadata") or {}})


@dataclass
class AddReport:
    """The outcome of :meth:`Memory.add_many`: one version per input fact, and counts."""

    results: list[Version]
    created: int
    reaffirmed: int
    superseded: int
    unchanged: int

    @classmethod
    def build(
        cls, report: WriteReport, observations: Sequence[Observation], store: Store
    ) -> AddReport:
        holder: dict[str, Version] = {}
        for version in report.versions.values():
            for support in version.sources:
                holder[support.observation_id] = version
        missing = [o for o in observations if o.id not in holder]
        if missing:
            groups = list(dict.fromkeys(o.group for o in missing))
            for versions in store.group_versions(groups).values():
                for version in versions:
                    for support in version.sources:
                        holder.setdefault(support.observation_id, version)
        results = [holder[o.id] for o in observations if o.id in holder]
        if len(results) != len(observations):
            raise UserError("an added fact is held by no version (was its source retired?)")
        return cls(
            results=results,
            created=len(report.created),
            reaffirmed=report.reaffirmed,
            superseded=len(report.superseded),
            unchanged=report.unchanged,
        )
