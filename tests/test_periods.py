from datetime import UTC, datetime

import pytest

from tem.periods import Period, question_periods, relative_mentions

SAID = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)  # a Monday


@pytest.mark.parametrize(
    ("text", "expression", "described"),
    [
        ("I went to a support group yesterday.", "yesterday", "7 May 2023"),
        ("We went camping last weekend!", "last weekend", "the weekend of 6 May 2023"),
        ("I ran a race two weeks ago", "two weeks ago", "the week of 24 April 2023"),
        ("Last summer we went to Paris", "Last summer", "summer 2022"),
        ("I painted it last Friday", "last Friday", "5 May 2023"),
        ("We moved last month", "last month", "April 2023"),
        ("I graduated 3 years ago", "3 years ago", "2020"),
        ("It rained last night", "last night", "7 May 2023"),
    ],
)
def test_relative_times_resolve_against_the_session_date(
    text: str, expression: str, described: str
) -> None:
    [mention] = relative_mentions(text, SAID)
    assert (mention.expression, mention.describe()) == (expression, described)


def test_no_relative_time_no_mention() -> None:
    assert relative_mentions("I love painting sunsets on 7 May.", SAID) == []


@pytest.mark.parametrize(
    ("question", "inside", "outside"),
    [
        ("What did Maria share on 16 June, 2023?", datetime(2023, 6, 16), datetime(2023, 6, 17)),
        ("What did Tim say on November 6, 2023?", datetime(2023, 11, 6), datetime(2023, 11, 7)),
        (
            "Where did he go during the first weekend of August 2023?",
            datetime(2023, 8, 3),
            datetime(2023, 8, 20),
        ),
        (
            "Which tournament in the beginning of November 2022?",
            datetime(2022, 11, 5),
            datetime(2022, 11, 25),
        ),
        ("What did Calvin buy in March 2023?", datetime(2023, 3, 31), datetime(2023, 4, 1)),
        ("Which country did James visit in 2021?", datetime(2021, 12, 31), datetime(2022, 1, 1)),
        ("What did she paint in the summer of 2022?", datetime(2022, 8, 1), datetime(2022, 9, 1)),
    ],
)
def test_question_periods_cover_their_dates(
    question: str, inside: datetime, outside: datetime
) -> None:
    [period] = question_periods(question)
    assert period.near(inside.replace(tzinfo=UTC))
    assert not period.near(outside.replace(tzinfo=UTC))


def test_a_month_without_a_year_matches_every_year() -> None:
    [period] = question_periods("What did Ana do in March?")
    assert period == Period(3, None)
    assert period.near(datetime(2019, 3, 9, tzinfo=UTC))
    assert not period.near(datetime(2019, 4, 9, tzinfo=UTC))


def test_a_period_may_be_reported_some_days_after_its_end() -> None:
    [period] = question_periods("What happened on 7 July, 2023?")
    late = datetime(2023, 7, 9, tzinfo=UTC)
    assert not period.near(late) and period.near(late, after_days=2)


def test_a_date_is_read_once() -> None:
    assert len(question_periods("What did she do on 7 July, 2023?")) == 1
    assert question_periods("Who is Caroline's best friend?") == []
