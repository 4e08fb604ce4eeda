"""Time expressions in text: find them, resolve them, and say which dates they cover.

Two readers share the grammar of :mod:`tem.extract.dates`:

* :func:`relative_mentions` finds the relative expressions of a turn ("yesterday",
  "last week", "two months ago", "last summer") and resolves each against the
  session's date, with the precision it names (a day, a week, a month, a season, a
  year), so evidence can say "yesterday = 7 May 2023" instead of leaving the
  arithmetic to the model;
* :func:`question_periods` finds the calendar dates and periods a question names
  ("on 7 July, 2023", "in March 2023", "the first weekend of August 2023", "in
  2021", "last summer") as :class:`Period` s, so ranking can favour the sessions and
  events that fall in them. A year left out ("in March") matches every year.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from tem.extract.dates import MONTHS, NUMBER_WORDS, SEASON_START, resolve_time, subtract

_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
_COUNT = "|".join(sorted((re.escape(w) for w in NUMBER_WORDS), key=len, reverse=True))
_WEEKDAY = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_SEASON = "spring|summer|fall|autumn|winter"
_RELATIVE = re.compile(
    rf"\b(?:yesterday|the day before yesterday|last night|"
    rf"(?:last|this past|past) (?:week(?:end)?|month|year|{_SEASON}|{_WEEKDAY}|{_MONTH})|"
    rf"(?:\d+|{_COUNT}) (?:day|week|weekend|month|year)s? ago)\b",
    re.IGNORECASE,
)
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "last": 5}
_YEAR = r"((?:19|20)\d\d)"
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?"
_DAY_MONTH_YEAR = re.compile(rf"\b{_DAY} ({_MONTH}),? {_YEAR}\b", re.IGNORECASE)
_MONTH_DAY_YEAR = re.compile(rf"\b({_MONTH}) {_DAY},? {_YEAR}\b", re.IGNORECASE)
_WEEK_OF = re.compile(
    rf"\b(first|second|third|fourth|last) (week|weekend) of ({_MONTH})(?:,? {_YEAR})?\b",
    re.IGNORECASE,
)
_PART_OF = re.compile(
    rf"\b(beginning|start|early|middle|mid|end|late) (?:of )?({_MONTH})(?:,? {_YEAR})?\b",
    re.IGNORECASE,
)
_MONTH_YEAR = re.compile(rf"\b({_MONTH})(?: of)?,? {_YEAR}\b", re.IGNORECASE)
_IN_MONTH = re.compile(rf"\b(?:in|during|of) ({_MONTH})\b", re.IGNORECASE)
_SEASON_YEAR = re.compile(rf"\b(?:the )?({_SEASON})(?: of)? {_YEAR}\b", re.IGNORECASE)
_BARE_YEAR = re.compile(rf"\b(?:in|during|of|since) {_YEAR}\b", re.IGNORECASE)


@dataclass(frozen=True)
class Mention:
    """A relative time expression in a text and the moment it names."""

    expression: str
    start: datetime
    precision: str
    """"day", "weekend", "week", "month", "season" or "year"."""

    def describe(self) -> str:
        """Return the resolved moment in words, at the expression's precision."""
        day = self.start
        if self.precision == "day":
            return f"{day.day} {day:%B %Y}"
        if self.precision == "weekend":
            return f"the weekend of {day.day} {day:%B %Y}"
        if self.precision == "week":
            return f"the week of {day.day} {day:%B %Y}"
        if self.precision == "month":
            return f"{day:%B %Y}"
        if self.precision == "season":
            return f"{_season_name(day.month)} {day.year}"
        return str(day.year)


def _season_name(month: int) -> str:
    return next(name for name, start in SEASON_START.items() if start == month)


def _precision(expression: str) -> str:
    lowered = expression.casefold()
    for words, precision in (
        (("weekend",), "weekend"),
        (("week",), "week"),
        (("month", *MONTHS), "month"),
        (tuple(SEASON_START), "season"),
        (("year",), "year"),
    ):
        if any(re.search(rf"\b{w}", lowered) for w in words):
            return precision
    return "day"


def relative_mentions(text: str, reference: datetime) -> list[Mention]:
    """Return the relative time expressions of ``text``, resolved against ``reference``."""
    found: list[Mention] = []
    for match in _RELATIVE.finditer(text):
        expression = match.group(0)
        lowered = expression.casefold()
        spoken = "yesterday" if lowered == "last night" else lowered
        weekday = re.fullmatch(rf"(?:last|this past|past) ({_WEEKDAY})", lowered)
        if weekday:
            start: datetime | None = _last_weekday(reference, weekday.group(1))
        elif spoken.endswith("weekends ago") or spoken.endswith("weekend ago"):
            start = resolve_time(spoken.replace("weekend", "week"), reference=reference)
        else:
            start = resolve_time(spoken, reference=reference)
        if start is not None:
            found.append(Mention(expression, start, _precision(lowered)))
    return found


def _last_weekday(reference: datetime, name: str) -> datetime:
    wanted = _WEEKDAY.split("|").index(name)
    day = datetime(reference.year, reference.month, reference.day, tzinfo=UTC)
    return day - timedelta(days=(day.weekday() - wanted) % 7 or 7)


@dataclass(frozen=True)
class Period:
    """Dates a question names: ``[start, end)``; ``year`` None means any year."""

    month: int | None
    year: int | None
    first_day: int = 1
    last_day: int | None = None
    """Last day of the month covered (None: to the month's end); spans one month at most."""
    months: int = 1
    """How many months from ``month`` (a season: 3; a year: 12, with month 1)."""

    def bounds(self, year: int) -> tuple[datetime, datetime]:
        """Return ``[start, end)`` of the period in ``year`` (its own year when it has one)."""
        start = datetime(self.year or year, self.month or 1, self.first_day, tzinfo=UTC)
        if self.last_day is not None:
            return start, start.replace(day=self.last_day) + timedelta(days=1)
        end = subtract(start.replace(day=1), -self.months, "month")
        return start, end

    def near(self, moment: datetime, after_days: int = 0) -> bool:
        """Whether ``moment`` lies in the period or at most ``after_days`` after its end."""
        for year in {moment.year, moment.year - 1} if self.year is None else {self.year}:
            start, end = self.bounds(year)
            if start <= moment < end + timedelta(days=after_days):
                return True
        return False


def question_periods(question: str, reference: datetime | None = None) -> list[Period]:
    """Return the periods ``question`` names; relative ones need a ``reference`` date."""
    text = " ".join(question.split())
    found: list[Period] = []
    for pattern, make in _READERS:
        for match in pattern.finditer(text):
            found.append(make(match))
        text = pattern.sub(" ", text)  # a date read once is not read again as a month
    if reference is not None:
        for mention in relative_mentions(text, reference):
            found.append(_from_mention(mention))
    return found


def _from_mention(mention: Mention) -> Period:
    day = mention.start
    if mention.precision == "day":
        return Period(day.month, day.year, day.day, day.day)
    if mention.precision in ("week", "weekend"):
        end = day + timedelta(days=6)
        last = end.day if end.month == day.month else _month_end(day).day
        return Period(day.month, day.year, day.day, last)
    months = {"month": 1, "season": 3, "year": 12}[mention.precision]
    return Period(day.month, day.year, months=months)


def _month_end(day: datetime) -> datetime:
    return subtract(day.replace(day=1), -1, "month") - timedelta(days=1)


def _year_of(text: str | None) -> int | None:
    return None if text is None else int(text)


def _month(name: str) -> int:
    return MONTHS[name.casefold()]


def _week_of(match: re.Match[str]) -> Period:
    which, _, month, year = match.groups()
    if which.casefold() == "last":
        return Period(_month(month), _year_of(year), 22)
    first = 1 + 7 * (_ORDINALS[which.casefold()] - 1)
    return Period(_month(month), _year_of(year), first, min(first + 7, 28))


def _part_of(match: re.Match[str]) -> Period:
    part, month, year = match.groups()
    lowered = part.casefold()
    if lowered in ("beginning", "start", "early"):
        return Period(_month(month), _year_of(year), 1, 10)
    if lowered in ("middle", "mid"):
        return Period(_month(month), _year_of(year), 10, 20)
    return Period(_month(month), _year_of(year), 20)


def _day(match: re.Match[str], day: str, month: str, year: str) -> Period:
    return Period(_month(month), int(year), int(day), int(day))


_READERS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], Period]], ...] = (
    (_DAY_MONTH_YEAR, lambda m: _day(m, m[1], m[2], m[3])),
    (_MONTH_DAY_YEAR, lambda m: _day(m, m[2], m[1], m[3])),
    (_WEEK_OF, _week_of),
    (_PART_OF, _part_of),
    (_SEASON_YEAR, lambda m: Period(SEASON_START[m[1].casefold()], int(m[2]), months=3)),
    (_MONTH_YEAR, lambda m: Period(_month(m[1]), int(m[2]))),
    (_IN_MONTH, lambda m: Period(_month(m[1]), None)),
    (_BARE_YEAR, lambda m: Period(1, int(m[1]), months=12)),
)
