"""resolve_time reads expressions against the session date, never today's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tem.extract.dates import parse_duration, resolve_time

SESSION = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)


def day(year: int, month: int, dom: int) -> datetime:
    return datetime(year, month, dom, tzinfo=UTC)


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("last March", day(2023, 3, 1)),
        ("last May", day(2022, 5, 1)),
        ("in March", day(2023, 3, 1)),
        ("in June", day(2022, 6, 1)),
        ("three weeks ago", day(2023, 4, 17)),
        ("two years ago", day(2021, 5, 8)),
        ("a couple of months ago", day(2023, 3, 8)),
        ("since 2019", day(2019, 1, 1)),
        ("in 2019", day(2019, 1, 1)),
        ("back in 2019", day(2019, 1, 1)),
        ("March 2021", day(2021, 3, 1)),
        ("yesterday", day(2023, 5, 7)),
        ("last year", day(2022, 1, 1)),
        ("last month", day(2023, 4, 1)),
        ("last summer", day(2022, 6, 1)),
        ("last weekend", day(2023, 5, 6)),
    ],
)
def test_rules_resolve_against_the_session_date(expression: str, expected: datetime) -> None:
    assert resolve_time(expression, reference=SESSION) == expected


def test_dateparser_fallback_uses_the_session_date() -> None:
    assert resolve_time("last Tuesday", reference=SESSION) == day(2023, 5, 2)


def test_old_reference_is_not_today() -> None:
    old = datetime(2010, 2, 15, tzinfo=UTC)
    assert resolve_time("yesterday", reference=old) == day(2010, 2, 14)
    assert resolve_time("last March", reference=old) == day(2009, 3, 1)


def test_naive_reference_is_utc_and_results_are_aware() -> None:
    found = resolve_time("two weeks ago", reference=datetime(2023, 5, 8))
    assert found == day(2023, 4, 24)
    assert found is not None and found.tzinfo is not None


@pytest.mark.parametrize("expression", ["recently", "these days", "now", ""])
def test_present_or_empty_gives_none(expression: str) -> None:
    assert resolve_time(expression, reference=SESSION) is None


def test_parse_duration() -> None:
    assert parse_duration("two years") == (2, "year")
    assert parse_duration("6 months") == (6, "month")
    assert parse_duration("last year") is None
