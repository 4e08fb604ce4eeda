"""Ingest sessions into a memory: extract, map, and write each session in one transaction.

A session is either fully ingested (its turns, event summary and every fact) or
not at all: extraction failures (an LLM timeout after retries, malformed answers)
skip the session and are listed in the report; nothing of it is written.
A session already stored as it is (same id, date and turns) is skipped before
extraction, so a run interrupted by a crash resumes where it stopped instead of
extracting everything again; a stored session whose turns changed is re-ingested
(its turns replaced, the same observations recognised by content id). To
re-extract an unchanged session, forget it first (``Memory.forget_session``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal, Protocol, runtime_checkable

from tem.core.model import Observation, Status, Version
from tem.core.session import Session
from tem.core.times import TimeLike
from tem.errors import TemError, UserError
from tem.extract.facts import ExtractedFact
from tem.extras import require
from tem.ingest.aliases import Aliases
from tem.ingest.formats import (
    InputFormat,
    load_sessions,
    messages_session_id,
    session_from_messages,
)
from tem.ingest.pipeline import (
    Extractor,
    IngestReport,
    speaker_names,
    statements,
    summarize,
)
from tem.inputs import statement_observation

if TYPE_CHECKING:
    from tem.memory import Memory

Progress = Callable[[int], None]
CURRENT_LIMIT = 60
BATCH = 32


@runtime_checkable
class BatchExtractor(Protocol):
    """An extractor that can read many sessions in one stream, without memory context."""

    def extract_many(self, sessions: Iterable[Session]) -> Iterator[list[ExtractedFact]]:
        """Yield each session's facts, in order."""
        ...


def default_extractor(workers: int | None = 1) -> Extractor:
    """Return the offline extractor (spaCy + rules), loaded on first use, reading big
    batches in ``workers`` processes (None: as many as are worth it here, at most 4).

    Raises :class:`~tem.extras.MissingExtra` when the ``extract`` extra is not installed.
    """
    require("extract", "offline extraction")
    from tem.extract import OfflineExtractor
    from tem.extract.workers import auto_workers

    return OfflineExtractor(workers=auto_workers() if workers is None else workers)


def ingest_input(
    memory: Memory,
    source: object,
    *,
    format: InputFormat | Literal["auto"],
    extractor: Extractor | None,
    progress: Progress | None,
    session_id: str | None,
    observed_at: TimeLike | None,
    speaker: str | None,
) -> IngestReport:
    """Ingest what :meth:`Memory.ingest` was given: Sessions as they are, anything else
    (a file path, parsed data) read by :func:`~tem.ingest.formats.load_sessions`."""
    if isinstance(source, Sequence) and source and all(isinstance(x, Session) for x in source):
        return ingest_sessions(memory, list(source), extractor=extractor, progress=progress)
    sessions = load_sessions(
        source,
        format=format,
        session_id=session_id,
        observed_at=observed_at,
        speaker=speaker,
        now=memory.clock.now(),
    )
    return ingest_sessions(memory, sessions, extractor=extractor, progress=progress)


def ingest_messages(
    memory: Memory,
    messages: Sequence[Mapping[str, Any]],
    *,
    session_id: str | None,
    observed_at: TimeLike | None,
    scope: str | None,
    speaker: str | None,
    extractor: Extractor | None,
) -> IngestReport:
    """Ingest one message list as a session, as :meth:`Memory.add_messages` says.

    Undated messages whose session (by default a hash of them) is stored already are
    skipped: the first copy keeps its date.
    """
    if session_id is None:
        session_id = messages_session_id(messages, observed_at)
    if observed_at is None and memory.turns(session_id, scope=scope):
        return IngestReport()  # sent again, undated: keep the first copy and its date
    session = session_from_messages(
        messages,
        session_id=session_id,
        scope=scope,
        observed_at=memory.clock.now() if observed_at is None else observed_at,
        speaker=speaker,
    )
    return ingest_sessions(memory, [session], extractor=extractor)


def ingest_sessions(
    memory: Memory,
    sessions: Sequence[Session],
    *,
    extractor: Extractor | None = None,
    progress: Progress | None = None,
) -> IngestReport:
    """Ingest ``sessions`` in order; see the module docstring."""
    extractor = extractor or default_extractor()
    report = IngestReport()
    todo = _not_stored(memory, sessions)
    report.skipped = len(sessions) - len(todo)
    if progress is not None and report.skipped:
        progress(report.skipped)
    sessions = todo
    aliases_by_scope: dict[str, Aliases] = {}
    for start in range(0, len(sessions), BATCH):
        chunk = sessions[start : start + BATCH]
        for session, facts in zip(chunk, _pre_extract(extractor, chunk), strict=True):
            scope = session.scope or memory.scope
            aliases = aliases_by_scope.get(scope)
            if aliases is None:
                aliases = aliases_by_scope[scope] = Aliases(memory.subjects(scope=scope))
            try:
                _one(memory, session, scope, aliases, extractor, facts, report)
            except TemError as exc:
                if isinstance(exc, UserError):
                    raise
                report.failed.append((session.id, f"{session.id}: {exc}"))
            if progress is not None:
                progress(1)
    report.llm_calls = int(getattr(extractor, "calls", 0))
    return report


def _not_stored(memory: Memory, sessions: Sequence[Session]) -> list[Session]:
    """The sessions not stored yet as they are: a stored one was written whole, facts too."""
    stored: dict[str, dict[str, datetime]] = {}
    todo: list[Session] = []
    for session in sessions:
        scope = session.scope or memory.scope
        if scope not in stored:
            stored[scope] = {e.session_id: e.observed_at for e in memory.sessions(scope=scope)}
        if stored[scope].get(session.id) != session.observed_at:
            todo.append(session)
            continue
        kept = [(t.index, t.speaker, t.text) for t in memory.turns(session.id, scope=scope)]
        if kept != [(t.index, t.speaker, t.text) for t in session.turns]:
            todo.append(session)
    return todo


def _pre_extract(
    extractor: Extractor, chunk: Sequence[Session]
) -> list[list[ExtractedFact] | None]:
    """Extract a chunk in one stream when the extractor needs no memory context.

    Offline rules read each sentence alone, so their sessions can be parsed together
    (much faster); an LLM extractor sees current facts and goes session by session.
    """
    if isinstance(extractor, BatchExtractor):
        return list(extractor.extract_many(chunk))
    return [None] * len(chunk)


def _current_for(memory: Memory, scope: str, names: Sequence[str]) -> list[Version]:
    current: list[Version] = []
    for name in names:
        current.extend(v for v in memory.current(name, scope=scope) if v.status is Status.CURRENT)
    return current[:CURRENT_LIMIT]


def _one(
    memory: Memory,
    session: Session,
    scope: str,
    aliases: Aliases,
    extractor: Extractor,
    facts: list[ExtractedFact] | None,
    report: IngestReport,
) -> None:
    names = speaker_names(session, aliases)
    if facts is None:
        current = _current_for(memory, scope, list(dict.fromkeys(names.values())))
        facts = extractor.extract(session, speaker_names=names, current=current)
    made = statements(session, facts, aliases)
    now = memory.clock.now()
    observations: list[Observation] = [
        statement_observation(s, scope=scope, source=session.id, recorded_at=now, i=i)
        for i, s in enumerate(made)
    ]
    written = memory.write_session(session, observations, scope=scope, summary=summarize(facts))
    report.sessions += 1
    report.turns += len(session.turns)
    report.facts += len(observations)
    report.created += len(written.created)
    report.reaffirmed += written.reaffirmed
    report.superseded += len(written.superseded)
    report.unchanged += written.unchanged
