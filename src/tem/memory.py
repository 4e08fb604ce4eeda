"""The :class:`Memory` facade: the library's whole public verb set.

``Memory`` validates input, turns it into observations, and lets the store apply
them in one transaction with the pure status rules bound to this memory's rule.
Reads at another valid time (``at``) or system time (``as_of``) replay the stored
observations through the same rules (:mod:`tem.replay`), so the past is never a
separate code path.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tem.conversations import ConversationVerbs
from tem.core.model import (
    DEFAULT_SCOPE,
    Cardinality,
    GroupKey,
    Observation,
    Rule,
    Status,
    Version,
    normalize_key,
    value_key,
)
from tem.core.relations import DEFAULT_CARDINALITY, check_cardinality
from tem.core.session import Session
from tem.core.status import derive
from tem.core.times import Clock, SystemClock, TimeLike, parse_time
from tem.errors import NotFound, UserError
from tem.hybrid import HybridEvidence, render_hybrid
from tem.hybrid import build as build_hybrid
from tem.inputs import (
    AddReport,
    Fact,
    as_fact,
    check_positive,
    check_query,
    check_rule,
    check_text,
    check_times,
    end_observation,
    fact_observation,
    store_target,
)
from tem.render import RenderOptions, TagStyle, render_context
from tem.replay import read_versions
from tem.retrieve import Evidence, Query, recall_evidence
from tem.store.base import Store, WriteReport
from tem.store.open import open_store
from tem.turn_index import TurnIndexes

if TYPE_CHECKING:
    from tem.embed import Embedder
    from tem.embed.recall import SemanticIndex

EVENT_LIMIT = 8


class Memory(ConversationVerbs):
    """A temporal fact memory: versions with status, on both time axes.

    ``path=None`` keeps everything in memory; a path opens (or creates) a SQLite
    file; a ``postgresql://`` URL opens a PostgreSQL database (docs/postgres.md);
    ``store=`` plugs in any :class:`~tem.store.base.Store`. ``rule`` picks the
    status rule: ``"valid_time"`` (default: the latest ``valid_from`` is current) or
    ``"source_order"`` (the TEM paper's rule: the latest source is current), which
    exists for ablations. ``clock`` supplies system time (``recorded_at``). An
    ``embedder`` adds semantic recall (see :mod:`tem.embed.recall`).
    """

    def __init__(
        self,
        path: str | Path | None = None,
        *,
        store: Store | None = None,
        scope: str = DEFAULT_SCOPE,
        rule: Rule = "valid_time",
        clock: Clock | None = None,
        embedder: Embedder | None = None,
    ) -> None:
        check_rule(rule)
        target = store_target(path, store)
        self.store: Store = store if store is not None else open_store(target)
        self.scope = check_text(scope, "scope")
        self.rule: Rule = rule
        self.clock: Clock = clock or SystemClock()
        self._semantic: SemanticIndex | None = None
        self._turn_indexes = TurnIndexes(self.store, embedder)
        if embedder is not None:  # imported only here: plain memories never load numpy
            from tem.embed.recall import EmbeddingStore, SemanticIndex

            self.store = EmbeddingStore(self.store, embedder)
            self._semantic = SemanticIndex(self.store, embedder)

    # -- lifecycle --------------------------------------------------------------------

    def close(self) -> None:
        """Close the store."""
        self.store.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- vocabulary -------------------------------------------------------------------

    def declare(self, relation: str, cardinality: Cardinality | str) -> None:
        """Declare ``relation`` as ``"one"`` (values replace) or ``"many"`` (values coexist).

        Existing groups of that relation are re-derived at once. Undeclared relations
        use the shipped defaults, and unknown ones are ``"one"``.
        """
        key = normalize_key(check_text(relation, "relation"))
        self.store.declare(key, check_cardinality(cardinality), self._derive)

    def cardinality(self, relation: str) -> Cardinality:
        """Return the cardinality in force for ``relation``."""
        key = normalize_key(relation)
        return self.declared().get(key) or DEFAULT_CARDINALITY.get(key, "one")

    def declared(self) -> dict[str, Cardinality]:
        """Return every declared cardinality by relation key (the shipped defaults are not)."""
        return self.store.declared()

    def _derive(
        self, group: GroupKey, observations: Sequence[Observation], declared: Cardinality | None
    ) -> list[Version]:
        cardinality = declared or DEFAULT_CARDINALITY.get(group.relation_key, "one")
        return derive(observations, cardinality, self.rule)

    def _scope(self, scope: str | None) -> str:
        """The scope a call names (checked), or this memory's when it names none."""
        return self.scope if scope is None else check_text(scope, "scope")

    # -- writes -----------------------------------------------------------------------

    def add(
        self,
        subject: str,
        relation: str,
        value: str,
        *,
        source: str,
        observed_at: TimeLike,
        valid_from: TimeLike | None = None,
        scope: str | None = None,
        metadata: Mapping[str, Any] | None = None,
    ) -> Version:
        """Record that ``source`` (dated ``observed_at``) says subject | relation | value.

        ``valid_from`` is when it became true (default: ``observed_at``). Restating the
        value in force re-affirms it; another value becomes a new version; an older
        ``valid_from`` slots in as history. Returns the version now holding the fact.
        """
        report = self.add_many(
            [Fact(subject, relation, value, source, observed_at, valid_from, scope, metadata or {})]
        )
        return report.results[0]

    def add_many(self, facts: Iterable[Fact | Mapping[str, Any]]) -> AddReport:
        """Add many facts in one transaction: all are stored, or none (on any bad input)."""
        now = self.clock.now()
        # One microsecond apart: "recording order" inside a batch is the caller's order,
        # which breaks ties between groups and values first seen at the same moment.
        observations = [
            self._from_fact(as_fact(f, i), now + timedelta(microseconds=i))
            for i, f in enumerate(facts)
        ]
        report = self.write(observations)
        return AddReport.build(report, observations, self.store)

    def _from_fact(self, fact: Fact, now: datetime) -> Observation:
        return fact_observation(fact, scope=self._scope(fact.scope), recorded_at=now)

    def write(self, observations: Sequence[Observation]) -> WriteReport:
        """Write prepared observations in one transaction, derived under this memory's rules.

        The write path under ``add_many``, imports and adapters: the observations are
        already checked (:func:`~tem.inputs.checked_observation`) and carry their ids and
        times; ids already stored are skipped.
        """
        return self.store.write(observations, self._derive)

    def write_session(
        self, session: Session, observations: Sequence[Observation], *, scope: str, summary: str
    ) -> WriteReport:
        """Store ``session`` (its turns and ``summary``) and write its observations, atomically.

        A session id already stored in ``scope`` is replaced (idempotent re-ingestion).
        """
        return self.store.write_session(session, scope, summary, observations, self._derive)

    def retract(
        self,
        subject: str,
        relation: str,
        value: str | None = None,
        *,
        source: str,
        observed_at: TimeLike,
        valid_to: TimeLike | None = None,
        scope: str | None = None,
        metadata: Mapping[str, Any] | None = None,
    ) -> list[Version]:
        """End a fact with no replacement: it stopped being true at ``valid_to``.

        ``value=None`` ends whatever is open in the group (every value of a ``many``
        relation). Returns the versions this made ``ended``; raises NotFound when
        nothing was open.
        """
        ends_at = None if valid_to is None else parse_time(valid_to, name="valid_to")
        scope_text, now = self._scope(scope), self.clock.now()
        observation = end_observation(
            subject, relation, value, source, observed_at, ends_at, scope_text, metadata, now
        )
        before = {
            v.id
            for v in self._stored(observation.group)
            if v.status is Status.CURRENT and observation.value_key in (None, value_key(v.value))
        }
        if not before:
            what = relation if value is None else f"{relation} | {value}"
            raise NotFound(f"nothing current for {subject} | {what} to retract")
        report = self.store.write([observation], self._derive)
        return [
            v for v in report.versions.values() if v.ended_by == observation.id and v.id in before
        ]

    def undo(self, source: str, *, scope: str | None = None) -> WriteReport:
        """Retire everything ``source`` said, as a recorded system-time change.

        Versions only that source supported disappear and what they had superseded
        re-opens; reads with ``as_of`` before now still see the old belief.
        """
        scope_text = self._scope(scope)
        report = self.store.retire(
            scope_text, check_text(source, "source"), self.clock.now(), self._derive
        )
        if not report.versions and not report.removed:
            raise NotFound(f"source {source!r} has nothing live in scope {scope_text!r}")
        return report

    def forget(
        self, *, scope: str | None = None, subject: str | None = None, source: str | None = None
    ) -> int:
        """Hard-delete a scope, a subject or a source: rows and index entries, no residue.

        Returns the number of observations deleted. ``subject``/``source`` apply inside
        ``scope`` (default: this memory's scope); a bare ``scope=`` deletes the scope.
        """
        if scope is None and subject is None and source is None:
            raise UserError("forget: name a scope, a subject or a source")
        scope_text = self._scope(scope)
        subject_key = None if subject is None else normalize_key(check_text(subject, "subject"))
        source_text = None if source is None else check_text(source, "source")
        return self.store.delete(
            self._derive, scope=scope_text, subject_key=subject_key, source=source_text
        )

    # -- reads ------------------------------------------------------------------------

    def scopes(self) -> list[str]:
        """Return every scope that holds observations, sorted."""
        return sorted(self.store.scopes())

    def subjects(self, *, scope: str | None = None) -> list[str]:
        """Return the subjects of a scope that have versions, sorted case-insensitively."""
        return sorted(self.store.subjects(self._scope(scope)), key=lambda s: (s.casefold(), s))

    def versions(self, *, scope: str | None = None) -> list[Version]:
        """Return every stored version of a scope, in group walk order (what export writes)."""
        return self.store.versions(self._scope(scope))

    def group_versions(self, groups: Sequence[GroupKey]) -> dict[GroupKey, list[Version]]:
        """Return the stored versions of each group, in one read (imports check them so)."""
        return self.store.group_versions(groups)

    def observations(
        self, *, scope: str | None = None, every_scope: bool = False
    ) -> Iterator[Observation]:
        """Return the stored observations of a scope (or of every scope), in recording order.

        Retired ones and end markers too: the ground truth a lossless export writes.
        """
        if not every_scope:
            return iter(self.store.observations(self._scope(scope)))
        if scope is not None:
            raise UserError("observations: give scope or every_scope, not both")
        return self.store.all_observations()

    def ping(self) -> None:
        """Read from the store once, cheaply: raises StoreError when it does not answer."""
        self.store.data_version()

    def lexical(self) -> Memory:
        """Return a memory on the same store, scope, rule and clock that reads without the
        embedder (an ablation's lexical half). Closing either closes the store."""
        return Memory(store=self.store, scope=self.scope, rule=self.rule, clock=self.clock)

    def _stored(self, group: GroupKey) -> list[Version]:
        return self.store.group_versions([group])[group]

    def history(
        self,
        subject: str,
        relation: str | None = None,
        *,
        at: TimeLike | None = None,
        as_of: TimeLike | None = None,
        scope: str | None = None,
    ) -> list[Version]:
        """Return every version of a subject (or one of its relations), oldest first per group.

        ``at``: what was true at that valid time. ``as_of``: what the store believed
        then (later recordings invisible, later retirements undone).
        """
        scope_text = self._scope(scope)
        subject_key = normalize_key(check_text(subject, "subject"))
        relation_key = None if relation is None else normalize_key(check_text(relation, "relation"))
        at_t, as_of_t = check_times(at, as_of)
        return read_versions(
            self.store, scope_text, subject_key, relation_key, at_t, as_of_t, self._derive
        )

    def current(
        self,
        subject: str,
        relation: str | None = None,
        *,
        at: TimeLike | None = None,
        as_of: TimeLike | None = None,
        scope: str | None = None,
    ) -> list[Version]:
        """Return the current versions of a subject (or of one relation); see history."""
        versions = self.history(subject, relation, at=at, as_of=as_of, scope=scope)
        return [v for v in versions if v.status is Status.CURRENT]

    def recall(
        self,
        query: str,
        k: int = 15,
        *,
        at: TimeLike | None = None,
        as_of: TimeLike | None = None,
        scope: str | None = None,
    ) -> Evidence:
        """Find the facts relevant to ``query``; each hit comes with its whole group.

        ``k`` is the most versions returned (see :mod:`tem.retrieve`). The result is
        ordered as the ``<Memory>`` block shows it and carries its token count.
        """
        check_query(query)
        check_positive(k, "k")
        scope_text = self._scope(scope)
        at_t, as_of_t = check_times(at, as_of)
        return recall_evidence(
            self.store, self._semantic, query, k, scope_text, at_t, as_of_t, self._derive
        )

    # -- evidence ---------------------------------------------------------------------

    def context(
        self,
        question: str,
        *,
        k: int = 15,
        at: TimeLike | None = None,
        as_of: TimeLike | None = None,
        scope: str | None = None,
        tag_style: TagStyle = "historical",
        dates: bool = False,
        answer_rules: bool = True,
        max_facts: int | None = None,
        budget_tokens: int | None = None,
    ) -> str:
        """Return the prompt for ``question``: the ``<Memory>`` block, answer rules, question.

        By default in the TEM seed's exact words; the knobs change the tag style,
        show source dates, drop the answer rules or cap the number of fact lines.
        With ``budget_tokens`` the evidence is TEM-Hybrid (see :meth:`hybrid`).
        """
        options = RenderOptions(
            tag_style=tag_style, dates=dates, answer_rules=answer_rules, max_facts=max_facts
        )
        if budget_tokens is not None:
            evidence = self.hybrid(
                question, budget_tokens, k=k, at=at, as_of=as_of, scope=scope, options=options
            )
            return render_hybrid(question, evidence)
        found = self.recall(question, k, at=at, as_of=as_of, scope=scope)
        return render_context(question, found.versions, options)

    def hybrid(
        self,
        question: str,
        budget_tokens: int,
        *,
        k: int = 15,
        at: TimeLike | None = None,
        as_of: TimeLike | None = None,
        scope: str | None = None,
        options: RenderOptions | None = None,
    ) -> HybridEvidence:
        """Return TEM-Hybrid evidence: facts, event summaries and original turns.

        Pieces are admitted whole by relevance (see :mod:`tem.hybrid`) until none
        fits in ``budget_tokens``; the evidence never exceeds it. Turns are ranked
        over context windows (:mod:`tem.turn_index`), semantically too with an
        embedder, and shown under a dated header per session.
        """
        check_positive(budget_tokens, "budget_tokens")
        scope_text = self._scope(scope)
        facts = self.recall(question, k, at=at, as_of=as_of, scope=scope_text)
        terms = Query.parse(question).content  # the words asked, not relation synonyms
        events = self.store.search_sessions(scope_text, terms, limit=EVENT_LIMIT)
        turns = self._turn_indexes(scope_text).rank(question)
        return build_hybrid(
            facts.versions,
            events,
            turns,
            budget_tokens,
            options,
            fact_scores=facts.scores,
            question=question,
        )


__all__ = ["AddReport", "Fact", "Memory"]
