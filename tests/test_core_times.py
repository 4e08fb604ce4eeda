from datetime import UTC, date, datetime, timedelta, timezone

import pytest

from tem.core.times import ManualClock, from_text, parse_time, short_date, to_text
from tem.errors import UserError


def test_naive_and_date_only_mean_utc() -> None:
    assert parse_time("2024-02-12") == datetime(2024, 2, 12, tzinfo=UTC)
    assert parse_time(datetime(2024, 2, 12, 9)) == datetime(2024, 2, 12, 9, tzinfo=UTC)
    assert parse_time(date(2024, 2, 12)) == datetime(2024, 2, 12, tzinfo=UTC)


def test_offsets_convert_to_utc() -> None:
    assert parse_time("2024-02-12T10:00:00+02:00") == datetime(2024, 2, 12, 8, tzinfo=UTC)
    east = timezone(timedelta(hours=5))
    assert parse_time(datetime(2024, 1, 1, 5, tzinfo=east)).hour == 0


@pytest.mark.parametrize("bad", ["last Tuesday", "2024-13-01", "", 12])
def test_unparsable_time_is_a_user_error(bad: object) -> None:
    with pytest.raises(UserError, match="ISO 8601"):
        parse_time(bad)  # type: ignore[arg-type]


def test_text_form_sorts_like_time_and_round_trips() -> None:
    early, late = parse_time("0999-01-01"), parse_time("2024-01-01T00:00:00.5")
    assert to_text(early) < to_text(late)
    assert from_text(to_text(late)) == late
    assert short_date(late) == "2024-01-01"


def test_manual_clock_ticks_and_jumps() -> None:
    clock = ManualClock()
    first, second = clock.now(), clock.now()
    assert second - first == timedelta(seconds=1)
    clock.set("2030-01-01")
    assert clock.now() == datetime(2030, 1, 1, tzinfo=UTC)
