"""From sessions to observations: extraction, names, relations, times, provenance.

For each session the extractor proposes facts; this module maps them onto the
memory's vocabulary and subjects and dates them, so that the core can apply the
whole session in one transaction:

* subjects go through :class:`~tem.ingest.aliases.Aliases` ("Emma" -> "Emma Nilsson");
* relations through :func:`~tem.core.relations.canonical_relation`;
* a turn without its own time is taken to happen ``index`` seconds after the
  session starts, so two values of one relation in one session keep turn order;
* ``valid_from`` is the resolved event time, else the turn's time;
* every observation's source is the session id, and its metadata names the turn
  (provenance: ``session_id``, ``turn``, ``turn_id``, ``evidence``);
* a value that ends another relation of its subject adds that ending, marked
  ``implied_by`` (:func:`~tem.core.relations.implied_ends`: "I'm divorced" ends the
  partner memory holds), whichever extractor read it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any, Protocol

from tem.core.model import Version
from tem.core.relations import canonical_relation, implied_ends
from tem.core.session import Session, Turn
from tem.extract.facts import ExtractedFact
from tem.ingest.aliases import Aliases

SUMMARY_WORDS = 60


class Extractor(Protocol):
    """Anything that reads a session and proposes facts (offline rules, an LLM)."""

    def extract(
        self,
        session: Session,
        *,
        speaker_names: Mapping[str, str] | None = None,
        current: Sequence[Version] = (),
    ) -> list[ExtractedFact]:
        """Return the facts stated in ``session``; ``current`` is what memory holds now."""
        ...


@dataclass(frozen=True)
class Statement:
    """One extracted fact, mapped and dated, ready to become an observation."""

    kind: str
    subject: str
    relation: str
    value: str | None
    observed_at: datetime
    valid_from: datetime
    metadata: Mapping[str, Any]


@dataclass
class IngestReport:
    """What an ingestion did, counted over all its sessions."""

    sessions: int = 0
    turns: int = 0
    facts: int = 0
    created: int = 0
    reaffirmed: int = 0
    superseded: int = 0
    unchanged: int = 0
    llm_calls: int = 0
    skipped: int = 0
    """Sessions already stored as they are: not extracted again (a resumed run)."""
    failed: list[tuple[str, str]] = field(default_factory=list)
    """(session id, reason) of sessions that were not ingested at all."""

    def summary(self) -> str:
        """Return the one-paragraph summary the CLI prints."""
        text = (
            f"{self.sessions} sessions, {self.turns} turns, {self.facts} facts: "
            f"{self.created} versions created, {self.reaffirmed} re-affirmed, "
            f"{self.superseded} superseded, {self.unchanged} already known"
        )
        if self.skipped:
            text += f"; {self.skipped} sessions already stored, skipped"
        if self.llm_calls:
            text += f"; {self.llm_calls} LLM calls"
        if self.failed:
            text += f"; {len(self.failed)} sessions failed (first: {self.failed[0][1]})"
        return text


def turn_time(session: Session, turn: Turn) -> datetime:
    """Return when ``turn`` happened: its own time, else session start + index seconds."""
    return turn.time or session.observed_at + timedelta(seconds=turn.index)


def speaker_names(session: Session, aliases: Aliases) -> dict[str, str]:
    """Map each participant label to the subject name it stands for."""
    persona = session.metadata.get("persona")
    if isinstance(persona, str):
        aliases.add(persona)
    names: dict[str, str] = {}
    for label in session.participants or tuple(dict.fromkeys(t.speaker for t in session.turns)):
        names[label] = aliases.resolve(label)
    return names


def statements(
    session: Session, facts: Sequence[ExtractedFact], aliases: Aliases
) -> list[Statement]:
    """Map extracted facts onto subjects, relations and times; keep their provenance."""
    turns = {t.index: t for t in session.turns}
    made: list[Statement] = []
    for fact in facts:
        turn = turns.get(fact.turn_index)
        if turn is None:
            continue
        subject = aliases.resolve(fact.subject)
        aliases.add(subject)
        said_at = turn_time(session, turn)
        metadata: dict[str, Any] = {"session_id": session.id, "turn": turn.index}
        if turn.turn_id is not None:
            metadata["turn_id"] = turn.turn_id
        metadata["evidence"] = fact.evidence
        made.append(
            Statement(
                kind=fact.kind,
                subject=subject,
                relation=canonical_relation(fact.relation),
                value=fact.value,
                observed_at=said_at,
                valid_from=fact.valid_from or said_at,
                metadata=metadata,
            )
        )
    return made + _implied(made)


def _implied(made: Sequence[Statement]) -> list[Statement]:
    """The endings the statements imply (:func:`tem.core.relations.implied_ends`): "I'm
    divorced" ends the subject's partner, named or not, unless the same turn already
    ends it ("we broke up, Tom and I" names him)."""
    ended = {(s.subject, s.relation, s.metadata["turn"]) for s in made if s.kind == "end"}
    implied: list[Statement] = []
    for s in made:
        if s.kind != "assert":
            continue
        for relation in implied_ends(s.relation, s.value):
            key = (s.subject, relation, s.metadata["turn"])
            if key not in ended:
                ended.add(key)
                meta = {**s.metadata, "implied_by": s.relation}
                implied.append(replace(s, kind="end", relation=relation, value=None, metadata=meta))
    return implied


def summarize(facts: Sequence[ExtractedFact]) -> str:
    """Return the session's event summary: the sentences that stated facts ("" if none).

    An offline stand-in for an LLM-written summary: short, dated by the caller, and
    made of the session's own words. A session that stated no fact gets no summary
    (its opening small talk would only spend evidence budget); its turns stay
    searchable.
    """
    sentences = list(dict.fromkeys(f.evidence.strip() for f in facts if f.evidence.strip()))
    words = " ".join(sentences).split()
    text = " ".join(words[:SUMMARY_WORDS])
    return text + (" …" if len(words) > SUMMARY_WORDS else "")
