"""Read a memory file into records: one per bullet, validated, nothing written yet."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from tem.core.model import (
    Cardinality,
    GroupKey,
    Kind,
    Observation,
    Status,
    Version,
    new_observation,
    normalize_key,
    observation_id,
)
from tem.errors import UserError
from tem.io.memfile_format import (
    DATE,
    RULES_HEADING,
    find_unescaped,
    parse_when,
    split_mark,
    unescape,
)

_META = re.compile(
    rf"source: (?P<source>.+), (?P<valid_from>{DATE})(?:, reported (?P<reported>{DATE}))?"
)
_TAIL = re.compile(
    rf"(?: \[historical\](?: — replaced by: .* as of (?P<replaced>{DATE}))?"
    rf"| \[ended (?P<ended>{DATE})\](?: — ended by: (?P<ended_by>.+))?)?"
)


@dataclass(frozen=True)
class Record:
    """One bullet: a version as the file states it."""

    line: int
    subject: str
    relation: str
    value: str
    source: str
    valid_from: datetime
    observed_at: datetime
    status: Status
    valid_to: datetime | None = None
    ended_by: str | None = None

    def group(self, scope: str) -> GroupKey:
        return GroupKey(scope, normalize_key(self.subject), normalize_key(self.relation))

    def observations(self, scope: str, now: datetime) -> list[Observation]:
        """Return the statement, and for an ``[ended]`` record the end marker after it."""
        found = [self._make(scope, "assert", self.source, self.observed_at, self.valid_from, now)]
        if self.status is Status.ENDED and self.valid_to is not None:
            source = self.ended_by or self.source
            found.append(self._make(scope, "end", source, self.valid_to, self.valid_to, now))
        return found

    def _make(
        self,
        scope: str,
        kind: Kind,
        source: str,
        observed: datetime,
        valid: datetime,
        now: datetime,
    ) -> Observation:
        return new_observation(
            scope=scope,
            subject=self.subject,
            relation=self.relation,
            value=self.value,
            kind=kind,
            source=source,
            observed_at=observed,
            valid_from=valid,
            recorded_at=now,
        )

    def version_id(self, scope: str) -> str:
        """Return the id the version of this record gets: that of its statement."""
        return observation_id(
            scope=scope,
            subject=self.subject,
            relation=self.relation,
            value=self.value,
            kind="assert",
            source=self.source,
            observed_at=self.observed_at,
            valid_from=self.valid_from,
        )

    def differs(self, version: Version) -> str | None:
        """Return how ``version`` differs from this record, or None."""
        if version.status is not self.status:
            found, stated = version.status.value, self.status.value
            return f"{self.value!r} is {found} in the store, {stated} here"
        if self.valid_to is not None and version.valid_to != self.valid_to:
            found = "open" if version.valid_to is None else version.valid_to.date().isoformat()
            return f"{self.value!r} ends {found} in the store, {self.valid_to.date()} here"
        return None


@dataclass
class ParsedFile:
    """A validated memory file."""

    records: list[Record] = field(default_factory=list)
    cardinalities: dict[str, Cardinality] = field(default_factory=dict)
    """Relation key -> the cardinality its heading marks (unmarked relations are absent)."""


@dataclass
class _State:
    """Where the reader is: which section, subject and relation."""

    parsed: ParsedFile = field(default_factory=ParsedFile)
    subject: str | None = None
    relation: str | None = None
    in_rules: bool = False
    seen_rules: bool = False
    seen_heading: bool = False
    marked_at: dict[str, int] = field(default_factory=dict)


def parse_memfile(text: str) -> ParsedFile:
    """Return the records of a memory file; raise UserError naming the first bad line.

    The first ``## Project memory rules`` section (before any subject) is skipped, as
    are the ``#`` title, prose lines and blank lines. Every ``-`` bullet under a
    ``###`` relation heading must be a record. Text with no ``#`` heading at all is
    not a memory file (``/etc/passwd`` is not an empty one).
    """
    state = _State()
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.rstrip()
        state.seen_heading = state.seen_heading or line.startswith(("# ", "## ", "### "))
        try:
            _read_line(line, number, state)
        except UserError as exc:
            raise UserError(f"line {number}: {exc}") from None
    if text.strip() and not state.seen_heading:
        raise UserError("not a memory file: no '# ' heading (see docs/memory-file.md)")
    return state.parsed


def _read_line(line: str, number: int, state: _State) -> None:
    if line.startswith("### "):
        if not state.in_rules:
            _relation_heading(line[4:], number, state)
    elif line.startswith("## "):
        name = _field(line[3:], "subject")
        rules = name == RULES_HEADING and state.subject is None and not state.seen_rules
        state.in_rules = rules
        state.seen_rules = state.seen_rules or rules
        state.subject, state.relation = (None if rules else name), None
    elif line.startswith("- ") and not state.in_rules:
        if state.subject is None:
            raise UserError("a record before any '## subject' heading")
        if state.relation is None:
            raise UserError("a record outside a '### relation' heading")
        state.parsed.records.append(_record(line[2:], number, state.subject, state.relation))


def _field(escaped: str, name: str) -> str:
    text = unescape(escaped).strip()
    if not text:
        raise UserError(f"{name}: must not be empty")
    return text


def _relation_heading(text: str, number: int, state: _State) -> None:
    if state.subject is None:
        raise UserError("a '### relation' heading before any '## subject' heading")
    escaped, cardinality = split_mark(text)
    state.relation = _field(escaped, "relation")
    if cardinality is None:
        return
    key = normalize_key(state.relation)
    known = state.parsed.cardinalities.get(key)
    if known is not None and known != cardinality:
        first = state.marked_at[key]
        raise UserError(f"{state.relation!r} is marked {cardinality} here, {known} on line {first}")
    state.parsed.cardinalities[key] = cardinality
    state.marked_at.setdefault(key, number)


def _record(text: str, number: int, subject: str, relation: str) -> Record:
    """Parse ``{value} (source: {source}, {date}[, reported {date}])[ tag]``."""
    opening = find_unescaped(text, "(")
    closing = find_unescaped(text, ")", opening + 1) if opening >= 0 else -1
    if opening < 1 or closing < 0 or text[opening - 1] != " ":
        raise UserError("expected '- value (source: ..., YYYY-MM-DD)'")
    meta = _META.fullmatch(text, opening + 1, closing)
    if meta is None:
        raise UserError("expected '(source: ..., YYYY-MM-DD)' after the value")
    tail = _TAIL.fullmatch(text, closing + 1)
    if tail is None:
        raise UserError(
            "after ')' expected nothing, ' [historical] — replaced by: ... as of DATE' "
            "or ' [ended DATE] — ended by: ...'"
        )
    valid_from = parse_when(meta["valid_from"])
    ended, replaced = tail["ended"], tail["replaced"]
    status = Status.CURRENT
    if ended is not None:
        status = Status.ENDED
    elif tail.group(0):
        status = Status.HISTORICAL
    stop = ended or replaced
    return Record(
        line=number,
        subject=subject,
        relation=relation,
        value=_field(text[: opening - 1], "value"),
        source=_field(meta["source"], "source"),
        valid_from=valid_from,
        observed_at=valid_from if meta["reported"] is None else parse_when(meta["reported"]),
        status=status,
        valid_to=None if stop is None else parse_when(stop),
        ended_by=None if tail["ended_by"] is None else _field(tail["ended_by"], "ended by"),
    )
