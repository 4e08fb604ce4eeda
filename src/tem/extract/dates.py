"""Resolving time expressions against a session's own date, never today's.

Rules come first for the forms dateparser gets wrong or does not know ("last March",
"a couple of months ago", bare years, seasons); dateparser handles the rest with the
reference date as its base. Results are aware UTC datetimes truncated to midnight:
an expression that names a period ("2019", "last March", "last year") resolves to
the period's first day; one that counts back ("three weeks ago") to that day.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

MONTHS = {
    name: number
    for number, names in enumerate(
        [
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ],
        start=1,
    )
    for name in names
}
SEASON_START = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}
NUMBER_WORDS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "a couple of": 2,
    "couple of": 2,
    "a couple": 2,
    "a few": 3,
    "few": 3,
    "several": 3,
}
UNITS = ("day", "week", "month", "year", "decade")
FILLERS = re.compile(
    r"^(?:back in|back|since|in|around|about|from|as of|starting in|starting|during|on|"
    r"at the start of|at the end of|early|late|mid|the)\s+"
)
PRESENT = {"now", "right now", "currently", "these days", "nowadays", "lately", "recently"}
_MONTH = "|".join(MONTHS)
_NUMBER = "|".join(sorted((re.escape(w) for w in NUMBER_WORDS), key=len, reverse=True))
DURATION = re.compile(rf"^(\d+|{_NUMBER})\s+(?:more\s+)?({'|'.join(UNITS)})s?$")


def resolve_time(expression: str, *, reference: datetime) -> datetime | None:
    """Return the moment ``expression`` names, read relative to ``reference``.

    None when the expression names no resolvable moment (or only "now").
    """
    reference = _as_utc(reference)
    text = _clean(expression)
    if not text or text in PRESENT:
        return None
    for rule in RULES:
        found = rule(text, reference)
        if found is not None:
            return found
    return _dateparser(text, reference)


def parse_duration(expression: str) -> tuple[int, str] | None:
    """Return ``(amount, unit)`` for a bare duration such as "two years", else None."""
    match = DURATION.match(_clean(expression))
    if match is None:
        return None
    amount, unit = match.groups()
    return int(amount) if amount.isdigit() else NUMBER_WORDS[amount], unit


def subtract(reference: datetime, amount: int, unit: str) -> datetime:
    """Return ``reference`` minus a calendar duration, at midnight UTC."""
    day = _midnight(reference)
    if unit in ("day", "week"):
        return day - timedelta(days=amount * (7 if unit == "week" else 1))
    months = amount * {"month": 1, "year": 12, "decade": 120}[unit]
    year, month = divmod(day.year * 12 + day.month - 1 - months, 12)
    return day.replace(year=year, month=month + 1, day=min(day.day, 28))


def _clean(expression: str) -> str:
    text = " ".join(re.sub(r"[^\w\s'-]", " ", expression.casefold()).split())
    previous = None
    while previous != text:
        previous, text = text, FILLERS.sub("", text)
    return text


def _as_utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _midnight(moment: datetime) -> datetime:
    return datetime(moment.year, moment.month, moment.day, tzinfo=UTC)


def _first_of(year: int, month: int = 1) -> datetime:
    return datetime(year, month, 1, tzinfo=UTC)


def _year(text: str, reference: datetime) -> datetime | None:
    match = re.fullmatch(r"(?:the year )?((?:19|20)\d\d)", text)
    return _first_of(int(match.group(1))) if match else None


def _month_year(text: str, reference: datetime) -> datetime | None:
    match = re.fullmatch(rf"({_MONTH})(?: of)? ((?:19|20)\d\d)", text)
    return _first_of(int(match.group(2)), MONTHS[match.group(1)]) if match else None


def _last_month_name(text: str, reference: datetime) -> datetime | None:
    """ "last March": the most recent March strictly before the reference month."""
    match = re.fullmatch(rf"(?:last|this past|past) ({_MONTH})", text)
    if match is None:
        return None
    month = MONTHS[match.group(1)]
    year = reference.year if month < reference.month else reference.year - 1
    return _first_of(year, month)


def _month_name(text: str, reference: datetime) -> datetime | None:
    """ "in March": the most recent March, the reference month included."""
    match = re.fullmatch(rf"(?:this )?({_MONTH})", text)
    if match is None:
        return None
    month = MONTHS[match.group(1)]
    year = reference.year if month <= reference.month else reference.year - 1
    return _first_of(year, month)


def _season(text: str, reference: datetime) -> datetime | None:
    """ "last summer": the latest season that had ended by the reference date."""
    match = re.fullmatch(r"(?:last|this past|past|this) (spring|summer|fall|autumn|winter)", text)
    if match is None:
        return None
    start = _first_of(reference.year, SEASON_START[match.group(1)])
    while subtract(start, -3, "month") > reference:
        start = start.replace(year=start.year - 1)
    return start


def _last_period(text: str, reference: datetime) -> datetime | None:
    if text in ("last year", "past year", "a year ago"):
        return (
            _first_of(reference.year - 1) if text == "last year" else subtract(reference, 1, "year")
        )
    if text == "last month":
        return subtract(_first_of(reference.year, reference.month), 1, "month")
    if text in ("last week", "a week ago"):
        return subtract(reference, 1, "week")
    return None


def _ago(text: str, reference: datetime) -> datetime | None:
    match = re.fullmatch(r"(.+?) ago", text)
    duration = parse_duration(match.group(1)) if match else None
    return subtract(reference, *duration) if duration else None


def _day_words(text: str, reference: datetime) -> datetime | None:
    offsets = {"today": 0, "tonight": 0, "this morning": 0, "yesterday": 1}
    offsets["the day before yesterday"] = 2
    if text in offsets:
        return _midnight(reference) - timedelta(days=offsets[text])
    if text in ("last weekend", "this past weekend", "past weekend", "over the weekend"):
        return _midnight(reference) - timedelta(days=(reference.weekday() - 5) % 7 or 7)
    if text in ("this year", "earlier this year"):
        return _first_of(reference.year)
    return None


RULES: tuple[Callable[[str, datetime], datetime | None], ...] = (
    _year,
    _month_year,
    _last_month_name,
    _month_name,
    _season,
    _last_period,
    _ago,
    _day_words,
)


def _dateparser(text: str, reference: datetime) -> datetime | None:
    found = _parse_cached(text, reference.replace(tzinfo=None))
    return None if found is None else _midnight(_as_utc(found))


@functools.lru_cache(maxsize=4096)
def _parse_cached(text: str, base: datetime) -> datetime | None:
    import dateparser

    settings = {
        "RELATIVE_BASE": base,
        "PREFER_DATES_FROM": "past",
        "PREFER_DAY_OF_MONTH": "first",
        "RETURN_AS_TIMEZONE_AWARE": True,
        "TIMEZONE": "UTC",
        "TO_TIMEZONE": "UTC",
    }
    result: datetime | None = dateparser.parse(text, languages=["en"], settings=settings)
    return result
