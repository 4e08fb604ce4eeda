"""Time values: parsing user input into UTC datetimes, the canonical text form, clocks.

Naive datetimes and date-only strings are taken as UTC. The canonical text form
(:func:`to_text`) is fixed-width ISO 8601 in UTC, so comparing two such strings
compares the instants; stores rely on that.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from functools import lru_cache
from typing import Protocol

from tem.errors import UserError

TimeLike = str | datetime | date


def parse_time(value: TimeLike, *, name: str = "time") -> datetime:
    """Return ``value`` as an aware UTC datetime.

    Accepts datetimes, dates and ISO 8601 strings ("2024-02-12", "2024-02-12T09:30",
    "2024-02-12T09:30:00Z", "2024-02-12T09:30:00+02:00"). Naive means UTC.
    """
    try:
        if isinstance(value, str):
            return _parse_text(value)
        if isinstance(value, datetime):
            return _as_utc(value)
        if isinstance(value, date):
            return datetime(value.year, value.month, value.day, tzinfo=UTC)
    except ValueError:
        raise UserError(
            f"{name}: cannot parse {value!r}; use ISO 8601 such as 2024-02-12 "
            "or 2024-02-12T09:30:00Z"
        ) from None
    except OverflowError:  # 0001-01-01T00:00+01:00 is before the first representable UTC instant
        raise UserError(f"{name}: {value!r} is out of range once converted to UTC") from None
    raise UserError(f"{name}: expected an ISO 8601 string or a datetime, got {value!r}")


@lru_cache(maxsize=1 << 16)  # batches repeat their dates; the parse is pure
def _parse_text(text: str) -> datetime:
    return _as_utc(datetime.fromisoformat(text.strip()))


def _as_utc(parsed: datetime) -> datetime:
    return parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed.astimezone(UTC)


# Timestamps repeat a lot (a batch shares its dates, sources share days, rows read back
# share them): format and parse each distinct one once. Both are pure functions.
@lru_cache(maxsize=1 << 16)
def to_text(moment: datetime) -> str:
    """Return the canonical, sortable text of an aware datetime (UTC, microseconds)."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


@lru_cache(maxsize=1 << 16)
def from_text(text: str) -> datetime:
    """Inverse of :func:`to_text`."""
    return datetime.fromisoformat(text)


def short_date(moment: datetime) -> str:
    """Return ``YYYY-MM-DD``, the date shown in rendered memory blocks."""
    return moment.astimezone(UTC).strftime("%Y-%m-%d")


class Clock(Protocol):
    """Where system time (``recorded_at``, ``expired_at``) comes from."""

    def now(self) -> datetime:
        """Return the current instant as an aware UTC datetime."""
        ...


class SystemClock:
    """The wall clock; the default outside tests."""

    def now(self) -> datetime:
        return datetime.now(UTC)


@dataclass
class ManualClock:
    """A clock that moves only when told to: ``tick`` after every reading by default.

    Tests use it to make system time explicit and repeatable.
    """

    current: datetime = field(default_factory=lambda: datetime(2026, 1, 1, tzinfo=UTC))
    tick: timedelta = timedelta(seconds=1)

    def now(self) -> datetime:
        reading = self.current
        self.current = self.current + self.tick
        return reading

    def set(self, value: TimeLike) -> None:
        """Jump to ``value``."""
        self.current = parse_time(value)
