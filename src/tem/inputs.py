"""What callers hand to :class:`tem.Memory`, checked before any write (or read) starts."""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tem.core.model import RULES, Kind, Observation, Version, new_observation, normalize_key
from tem.core.times import TimeLike, parse_time
from tem.errors import UserError
from tem.limits import (
    MAX_METADATA_BYTES,
    MAX_METADATA_DEPTH,
    MAX_NAME_BYTES,
    MAX_NAME_CHARS,
    MAX_QUERY_CHARS,
    MAX_QUERY_WORDS,
    MAX_VALUE_CHARS,
)
from tem.store.base import Store, WriteReport
from tem.store.open import is_url

if TYPE_CHECKING:
    from tem.ingest.pipeline import Statement


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


def check_text(value: object, name: str, *, limit: int = MAX_NAME_CHARS) -> str:
    """Return ``value`` stripped: text, not empty, storable, at most ``limit`` characters.

    The default limit is a name's, which also bounds its UTF-8 size (tem.limits).
    """
    if not isinstance(value, str):
        raise UserError(f"{name}: expected text, got {type(value).__name__}")
    cleaned = value.strip()
    if not cleaned:
        raise UserError(f"{name}: must not be empty")
    if len(cleaned) > limit:
        raise UserError(f"{name}: at most {limit:,} characters, got {len(cleaned):,}")
    if "\x00" in cleaned:  # PostgreSQL text cannot hold it: refused on every store alike
        raise UserError(f"{name}: contains a NUL character")
    if cleaned.isascii():
        return cleaned
    try:  # a lone surrogate cannot be stored as UTF-8 by any store
        size = len(cleaned.encode("utf-8"))
    except UnicodeEncodeError as exc:
        raise UserError(f"{name}: not valid Unicode text ({exc.reason})") from exc
    if limit == MAX_NAME_CHARS and size > MAX_NAME_BYTES:
        raise UserError(f"{name}: at most {MAX_NAME_BYTES} bytes as UTF-8, got {size:,}")
    return cleaned


def check_name(value: object, name: str) -> str:
    """Check a subject or relation: also its matching key must be neither empty nor too long.

    ``"_-_"`` normalises to ``""``: such names would all share one group.
    """
    cleaned = check_text(value, name)
    key = normalize_key(cleaned)
    if not key:
        raise UserError(f"{name}: {cleaned!r} has no letters or digits to match on")
    if not key.isascii() and len(key.encode("utf-8")) > MAX_NAME_BYTES:
        raise UserError(f"{name}: its matching key is over {MAX_NAME_BYTES} bytes as UTF-8")
    return cleaned


def check_query(query: object, name: str = "query") -> str:
    """Check a recall query or a question: text, at most so many characters and words."""
    if not isinstance(query, str):
        raise UserError(f"{name}: expected text, got {type(query).__name__}")
    if len(query) > MAX_QUERY_CHARS:
        raise UserError(f"{name}: at most {MAX_QUERY_CHARS:,} characters, got {len(query):,}")
    words = len(query.split())
    if words > MAX_QUERY_WORDS:
        raise UserError(f"{name}: at most {MAX_QUERY_WORDS} words, got {words:,}")
    return query


def check_positive(value: int, name: str) -> int:
    """Check a count a read asks for (``k``, a token budget): at least 1."""
    if value < 1:
        raise UserError(f"{name}: must be at least 1, got {value}")
    return value


def check_times(
    at: TimeLike | None, as_of: TimeLike | None
) -> tuple[datetime | None, datetime | None]:
    """Parse the valid time ``at`` and the system time ``as_of`` of a read (None: now)."""
    at_t = None if at is None else parse_time(at, name="at")
    return at_t, None if as_of is None else parse_time(as_of, name="as_of")


def check_rule(rule: object) -> None:
    """Check a status rule name: one of :data:`~tem.core.model.RULES`."""
    if rule not in RULES:
        raise UserError(f"rule: expected one of {', '.join(RULES)}, got {rule!r}")


def store_target(path: str | Path | None, store: Store | None) -> str | Path | None:
    """Return what a memory opens: ``path`` with ``~`` expanded (a URL as it is), or None.

    Refuses both a path and a store.
    """
    if store is not None and path is not None:
        raise UserError("give either path or store, not both")
    if isinstance(path, Path) or (isinstance(path, str) and not is_url(path)):
        return os.path.expanduser(path)  # "~/agent.db" is the user's, not a "~" folder
    return path


def check_metadata(metadata: object) -> dict[str, Any]:
    """Return metadata as a plain JSON object, or raise UserError saying what is wrong.

    JSON types only (mappings with text keys, lists, text, finite numbers, booleans,
    None), at most ``MAX_METADATA_DEPTH`` deep and ``MAX_METADATA_BYTES`` as JSON.
    Walked without recursion, so any depth is refused cleanly.
    """
    if metadata is None:
        return {}
    if not isinstance(metadata, Mapping):
        raise UserError(f"metadata: expected a mapping, got {type(metadata).__name__}")
    stack: list[tuple[object, str, int]] = [(metadata, "metadata", 1)]
    while stack:
        stack.extend(_metadata_children(*stack.pop()))
    try:
        plain: dict[str, Any] = json.loads(json.dumps(metadata))
    except ValueError as exc:  # an int too long to write (Python caps int-to-text)
        raise UserError(f"metadata: {exc}") from exc
    size = len(json.dumps(plain, separators=(",", ":")).encode())
    if size > MAX_METADATA_BYTES:
        raise UserError(f"metadata: at most {MAX_METADATA_BYTES:,} bytes as JSON, got {size:,}")
    return plain


def _metadata_children(item: object, where: str, depth: int) -> list[tuple[object, str, int]]:
    """Check one metadata item; return the items inside it, one level deeper."""
    if isinstance(item, Mapping | list | tuple):
        if depth > MAX_METADATA_DEPTH:
            raise UserError(f"metadata: nested deeper than {MAX_METADATA_DEPTH} levels")
        if isinstance(item, list | tuple):
            return [(inner, f"{where}[{i}]", depth + 1) for i, inner in enumerate(item)]
        for key in item:
            if not isinstance(key, str):
                raise UserError(f"{where}: keys must be text, got {key!r}")
            _check_leaf_text(key, f"{where} key")
        return [(inner, f"{where}.{key}", depth + 1) for key, inner in item.items()]
    if isinstance(item, str):
        _check_leaf_text(item, where)
    elif isinstance(item, float) and not math.isfinite(item):
        raise UserError(f"{where}: must be a finite number, got {item}")
    elif item is not None and not isinstance(item, bool | int | float):
        raise UserError(f"{where}: {type(item).__name__} is not a JSON value")
    return []


def _check_leaf_text(text: str, where: str) -> None:
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise UserError(f"{where}: not valid Unicode text ({exc.reason})") from exc


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
    subject_text = check_name(subject, "subject")
    relation_text = check_name(relation, "relation")
    value_text = (
        None
        if value is None and kind == "end"
        else check_text(value, "value", limit=MAX_VALUE_CHARS)
    )
    source_text = check_text(source, "source")
    observed = parse_time(observed_at, name="observed_at")
    valid = observed if valid_from is None else parse_time(valid_from, name="valid_from")
    scope_text = check_text(scope, "scope")
    plain_metadata = check_metadata(metadata)
    return new_observation(
        scope=scope_text,
        subject=subject_text,
        relation=relation_text,
        value=value_text,
        kind=kind,
        source=source_text,
        observed_at=observed,
        valid_from=valid,
        recorded_at=recorded_at,
        metadata=plain_metadata,
    )


def fact_observation(fact: Fact, *, scope: str, recorded_at: datetime) -> Observation:
    """Check one :class:`Fact` and return it as an assertion in ``scope`` (the caller resolves
    the fact's own scope against its default)."""
    return checked_observation(
        subject=fact.subject,
        relation=fact.relation,
        value=fact.value,
        kind="assert",
        source=fact.source,
        observed_at=fact.observed_at,
        valid_from=fact.valid_from,
        scope=scope,
        metadata=fact.metadata,
        recorded_at=recorded_at,
    )


def end_observation(
    subject: object,
    relation: object,
    value: object,
    source: object,
    observed_at: TimeLike,
    ends_at: datetime | None,
    scope: str,
    metadata: Mapping[str, Any] | None,
    recorded_at: datetime,
) -> Observation:
    """Check one retraction and return it as an end marker in ``scope``: the fact (any
    value when ``value`` is None) stopped being true at ``ends_at`` (None: ``observed_at``)."""
    return checked_observation(
        subject=subject,
        relation=relation,
        value=value,
        kind="end",
        source=source,
        observed_at=observed_at,
        valid_from=ends_at,
        scope=scope,
        metadata=metadata,
        recorded_at=recorded_at,
    )


def statement_observation(
    statement: Statement, *, scope: str, source: str, recorded_at: datetime, i: int
) -> Observation:
    """Check one extracted statement and return it as an observation of ``source``.

    ``i`` is its place in the session: recorded ``i`` microseconds after ``recorded_at``,
    so recording order inside a session is the statements' order.
    """
    return checked_observation(
        subject=statement.subject,
        relation=statement.relation,
        value=statement.value,
        kind="end" if statement.kind == "end" else "assert",
        source=source,
        observed_at=statement.observed_at,
        valid_from=statement.valid_from,
        scope=scope,
        metadata=statement.metadata,
        recorded_at=recorded_at + timedelta(microseconds=i),
    )


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
