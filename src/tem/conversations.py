"""The conversation verbs of :class:`tem.memory.Memory`: sessions, turns and dated events.

Conversations are stored as sessions of original turns beside the facts extracted
from them; these verbs ingest them, read them back and forget them. They live apart
from the fact verbs only to keep each module to one concept; ``Memory`` inherits them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal, cast

from tem.core.model import Version
from tem.core.session import SessionSummary, TurnRecord
from tem.core.times import TimeLike
from tem.events import DatedEvent, dated_events
from tem.ingest.formats import InputFormat
from tem.ingest.pipeline import Extractor, IngestReport
from tem.ingest.run import Progress, ingest_input, ingest_messages
from tem.inputs import check_positive, check_query, check_text

if TYPE_CHECKING:
    from tem.memory import Memory
    from tem.store.base import Store
    from tem.turn_index import TurnIndexes


class ConversationVerbs:
    """Ingest conversations and read their sessions, turns and dated events."""

    store: Store
    _turn_indexes: TurnIndexes

    if TYPE_CHECKING:  # Memory's own; declared for the type checker only

        def _scope(self, scope: str | None) -> str: ...

        def forget(
            self,
            *,
            scope: str | None = None,
            subject: str | None = None,
            source: str | None = None,
        ) -> int: ...

    def ingest(
        self,
        source: object,
        *,
        format: InputFormat | Literal["auto"] = "auto",
        extractor: Extractor | None = None,
        progress: Progress | None = None,
        session_id: str | None = None,
        observed_at: TimeLike | None = None,
        speaker: str | None = None,
    ) -> IngestReport:
        """Ingest conversations: a file path, parsed data in any supported format, or Sessions.

        Formats: OpenAI messages, tem sessions JSON/JSONL, LoCoMo (see docs/formats.md).
        Each session is stored with its turns and event summary, and its facts are
        extracted (offline rules by default, or ``extractor=`` such as an LLM one)
        and written in the same transaction. Sessions without a scope go to this
        memory's scope.
        """
        return ingest_input(
            cast("Memory", self),
            source,
            format=format,
            extractor=extractor,
            progress=progress,
            session_id=session_id,
            observed_at=observed_at,
            speaker=speaker,
        )

    def add_messages(
        self,
        messages: Sequence[Mapping[str, Any]],
        *,
        session_id: str | None = None,
        observed_at: TimeLike | None = None,
        scope: str | None = None,
        speaker: str | None = None,
        extractor: Extractor | None = None,
    ) -> IngestReport:
        """Ingest one OpenAI-style message list as a session (mem0's ``add``).

        The user's ``name`` (or ``speaker=``) is who "I" refers to. ``observed_at``
        defaults to now; ``session_id`` to a hash of the messages (and of
        ``observed_at`` when given), so sending the same messages twice stores them once.
        """
        return ingest_messages(
            cast("Memory", self),
            messages,
            session_id=session_id,
            observed_at=observed_at,
            scope=scope,
            speaker=speaker,
            extractor=extractor,
        )

    def forget_session(self, session_id: str, *, scope: str | None = None) -> int:
        """Hard-delete a session: its turns, summary and the facts only it supported.

        The conversation spelling of ``forget(source=session_id)`` (an ingested
        session's id is its facts' source): versions it re-affirmed keep their other
        sources; what its facts had superseded re-opens. Returns the observations deleted.
        """
        return self.forget(scope=scope, source=check_text(session_id, "session_id"))

    def sessions(self, *, scope: str | None = None) -> list[SessionSummary]:
        """Return the stored sessions (event memory) of a scope, oldest first."""
        return self.store.sessions(self._scope(scope))

    def turns(self, session_id: str, *, scope: str | None = None) -> list[TurnRecord]:
        """Return the original turns of one session, in order."""
        scope_text = self._scope(scope)
        return self.store.session_turns(scope_text, check_text(session_id, "session_id"))

    def dated_events(
        self, query: str | None = None, *, k: int | None = None, scope: str | None = None
    ) -> list[DatedEvent]:
        """Return what people did and when: sentences of the stored turns that place
        something in time ("I went to a support group yesterday"), each with who said it,
        the date it resolves to against its session's date, and its turn.

        With ``query``, the events of the turns most relevant to it come first, and a
        period it names ("in May 2023", "last summer") keeps only the events inside it;
        without, every event, oldest first. ``k`` caps the number returned.
        """
        index = self._turn_indexes(self._scope(scope))
        if query is None or not query.strip():
            found = sorted(dated_events(index.turns), key=lambda e: (e.when, e.said_at))
        else:
            found = index.ranked_events(check_query(query))
        return found if k is None else found[: check_positive(k, "k")]

    def provenance(self, version: Version) -> list[TurnRecord]:
        """Return the original turns that stated ``version`` (first source first)."""
        wanted = {s.observation_id for s in version.sources}
        found: list[TurnRecord] = []
        for o in self.store.observations(
            version.scope, version.group.subject_key, version.group.relation_key
        ):
            session_id, turn = o.metadata.get("session_id"), o.metadata.get("turn")
            if o.id not in wanted or not isinstance(session_id, str) or not isinstance(turn, int):
                continue
            found.extend(t for t in self.turns(session_id, scope=version.scope) if t.index == turn)
        return found
