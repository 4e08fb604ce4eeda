"""Ingest sessions into a memory: extract, map, and write each session in one transaction.

A session is either fully ingested (its turns, event summary and every fact) or
not at all: extraction failures (an LLM timeout after retries, malformed answers)
skip the session and are listed in the report; nothing of it is written.
Re-ingesting a session id replaces its turns and re-adds the same observations,
which the store recognises by content id, so ingestion is idempotent per session.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from tem.core.episode import Session
from tem.core.model import Observation, Status, Version
from tem.errors import TemError, UserError
from tem.extract.facts import ExtractedFact
from tem.ingest.aliases import Aliases
from tem.ingest.pipeline import (
    Extractor,
    IngestReport,
    speaker_names,
    statements,
    summarize,
)

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


def default_extractor() -> Extractor:
    """Return the offline extractor (spaCy + rules), loaded on first use."""
    try:
        from tem.extract import OfflineExtractor
    except ImportError as exc:  # pragma: no cover - the extract dependencies are core
        raise UserError(f"offline extraction needs spaCy and its English model: {exc}") from exc
    return OfflineExtractor()


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
    aliases_by_scope: dict[str, Aliases] = {}
    for start in range(0, len(sessions), BATCH):
        chunk = sessions[start : start + BATCH]
        for session, facts in zip(chunk, _pre_extract(extractor, chunk), strict=True):
            scope = session.scope or memory.scope
            aliases = aliases_by_scope.get(scope)
            if aliases is None:
                aliases = aliases_by_scope[scope] = Aliases(memory.store.subjects(scope))
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
        memory._statement_observation(s, scope=scope, source=session.id, recorded_at=now, i=i)
        for i, s in enumerate(made)
    ]
    written = memory.store.write_session(
        session, scope, summarize(facts), observations, memory._derive
    )
    report.sessions += 1
    report.turns += len(session.turns)
    report.facts += len(observations)
    report.created += len(written.created)
    report.reaffirmed += written.reaffirmed
    report.superseded += len(written.superseded)
    report.unchanged += written.unchanged
