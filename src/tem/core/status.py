"""The status rules: derive a group's versions from its observations.

This is the heart of tem and pure code: no I/O, no clock. Given every observation
of one group (scope + subject + relation), :func:`derive` returns its versions with
status, valid-time intervals, system-time retirement and the version chain.

Rules (``cardinality="one"``):

* Observations are walked in *order*: ``valid_from``, then source order
  (``observed_at``), then recording order (``recorded_at``), then id. Under the
  paper's ``source_order`` rule, ``valid_from`` is ignored for ordering.
* A statement of the value that is open right now re-affirms it (its source joins
  the version); repetition never fakes a history.
* A statement of another value opens a new version; the open one becomes
  ``historical``, its ``valid_to`` is the new version's ``valid_from`` and the two are
  chained (``superseded_by`` / ``supersedes``).
* An end marker closes the open version (when it names no value or the open value):
  ``ended``, with ``valid_to`` at the marker. Other end markers change nothing.
* The last version, if still open, is ``current``.

A late report of an older state therefore slots into the chain by event time and
is born historical, and since the walk is a function of the *set* of observations,
the result does not depend on ingestion order. ``many`` relations walk each value
separately, so coexisting values are never tagged historical; an end marker with
no value ends every value open at that time.

``expired_at`` (system time the store retired a version) is the first moment the
store held an observation that closes the version; it is never earlier than the
version's own ``recorded_at``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from tem.core.model import Cardinality, Observation, Rule, Status, Support, Version

OrderKey = tuple[datetime, datetime, datetime, str]


def order_key(rule: Rule) -> Callable[[Observation], OrderKey]:
    """Return the sort key that defines "later" in a group under ``rule``."""
    if rule == "source_order":
        return lambda o: (o.observed_at, o.observed_at, o.recorded_at, o.id)
    return lambda o: (o.valid_from, o.observed_at, o.recorded_at, o.id)


@dataclass(slots=True)
class _Run:
    """A version being built: consecutive observations of one value."""

    support: list[Observation]
    status: Status = Status.CURRENT
    valid_to: datetime | None = None
    supersedes: str | None = None
    superseded_by: str | None = None
    ended_by: str | None = None
    last_index: int = 0

    @property
    def first(self) -> Observation:
        return self.support[0]


def derive(
    observations: Iterable[Observation],
    cardinality: Cardinality,
    rule: Rule = "valid_time",
) -> list[Version]:
    """Return the versions of one group, in walk order; see the module docstring.

    Retired observations (``expired_at`` set) must be filtered out by the caller,
    which alone knows the system time it asks about.
    """
    ordered = sorted(observations, key=order_key(rule))
    keys = [o.value_key for o in ordered]
    if cardinality == "one":
        return _walk(ordered, keys, cardinality, rule)
    # One lane per asserted value, in order of first assertion; an end marker naming no
    # value belongs to every lane.
    lanes: dict[str, tuple[list[Observation], list[str | None]]] = {}
    for o, key in zip(ordered, keys, strict=True):
        if o.kind == "assert" and key is not None and key not in lanes:
            lanes[key] = ([], [])
    for o, key in zip(ordered, keys, strict=True):
        if o.kind == "end" and key is None:
            for lane, lane_keys in lanes.values():
                lane.append(o)
                lane_keys.append(key)
        elif key is not None and key in lanes:
            lane, lane_keys = lanes[key]
            lane.append(o)
            lane_keys.append(key)
    versions: list[Version] = []
    for lane, lane_keys in lanes.values():
        versions.extend(_walk(lane, lane_keys, cardinality, rule))
    return versions


def _walk(
    ordered: Sequence[Observation],
    keys: Sequence[str | None],
    cardinality: Cardinality,
    rule: Rule,
) -> list[Version]:
    """Walk one lane; ``keys`` are the observations' value keys, computed once."""
    runs: list[_Run] = []
    effective: list[Observation] = []
    open_run: _Run | None = None
    open_key: str | None = None
    for o, key in zip(ordered, keys, strict=True):
        if o.kind == "assert":
            if open_run is not None and open_key == key:
                open_run.support.append(o)
                effective.append(o)
                open_run.last_index = len(effective) - 1
                continue
            run = _Run(support=[o])
            effective.append(o)
            run.last_index = len(effective) - 1
            if open_run is not None:
                _close(open_run, by=run, rule=rule)
            runs.append(run)
            open_run, open_key = run, key
        elif open_run is not None and key in (None, open_key):
            effective.append(o)
            open_run.status = Status.ENDED
            open_run.valid_to = max(o.valid_from, open_run.first.valid_from)
            open_run.ended_by = o.id
            open_run = None
    expired = _suffix_min_recorded(effective)
    return [_to_version(run, cardinality, expired) for run in runs]


def _close(old: _Run, *, by: _Run, rule: Rule) -> None:
    start = by.first.valid_from if rule == "valid_time" else by.first.observed_at
    old.status = Status.HISTORICAL
    old.valid_to = max(start, old.first.valid_from)
    old.superseded_by = by.first.id
    by.supersedes = old.first.id


def _suffix_min_recorded(effective: Sequence[Observation]) -> list[datetime | None]:
    """Entry i: earliest recording time among effective observations from i on."""
    result: list[datetime | None] = [None] * (len(effective) + 1)
    for i in range(len(effective) - 1, -1, -1):
        later = result[i + 1]
        here = effective[i].recorded_at
        result[i] = here if later is None or here < later else later
    return result


def _to_version(run: _Run, cardinality: Cardinality, expired: list[datetime | None]) -> Version:
    first, support = run.first, run.support
    if len(support) == 1:  # most versions were stated once: skip the merging
        recorded_at = first.recorded_at
        metadata = dict(first.metadata)
        sources: tuple[Support, ...] = (
            Support(first.id, first.source, first.observed_at, recorded_at),
        )
    else:
        recorded_at = min(o.recorded_at for o in support)
        metadata = {}
        for o in support:
            metadata.update(o.metadata)
        sources = tuple(Support(o.id, o.source, o.observed_at, o.recorded_at) for o in support)
    expired_at: datetime | None = None
    if run.status is not Status.CURRENT:
        closer = expired[run.last_index + 1]
        if closer is not None:
            expired_at = max(closer, recorded_at)
    assert first.value is not None
    return Version(
        id=first.id,
        scope=first.scope,
        subject=first.subject,
        relation=first.relation,
        value=first.value,
        status=run.status,
        cardinality=cardinality,
        source=first.source,
        observed_at=first.observed_at,
        valid_from=first.valid_from,
        valid_to=run.valid_to,
        recorded_at=recorded_at,
        expired_at=expired_at,
        supersedes=run.supersedes,
        superseded_by=run.superseded_by,
        sources=sources,
        metadata=metadata,
        ended_by=run.ended_by,
    )


def visible(
    observations: Iterable[Observation],
    *,
    at: datetime | None = None,
    as_of: datetime | None = None,
) -> list[Observation]:
    """Return the observations a read at valid time ``at`` and system time ``as_of`` sees.

    ``as_of`` hides what was recorded later and undoes retirements made later;
    ``at`` hides what became true later. Without ``as_of`` retired observations
    are hidden.
    """
    seen: list[Observation] = []
    for o in observations:
        if as_of is None:
            if o.expired_at is not None:
                continue
        elif o.recorded_at > as_of or (o.expired_at is not None and o.expired_at <= as_of):
            continue
        if at is not None and o.valid_from > at:
            continue
        seen.append(o)
    return seen
