"""Fact extraction with an LLM: one call per session (or per window of a long session).

The model judges meaning (the prompt is :func:`tem.llm.prompts.extraction_messages`);
code checks the answer and does the time arithmetic: each ``when`` the model copied
verbatim is resolved by :func:`tem.extract.dates.resolve_time` against the turn's own
time, else the session date, never today's.

All or nothing per session: :meth:`LLMExtractor.extract` returns the facts of every
window or raises :class:`~tem.llm.errors.LLMError`, never a part.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime

from tem.core.model import Version, normalize_key, value_key
from tem.core.relations import DEFAULT_CARDINALITY
from tem.core.session import Session, Turn
from tem.extract.dates import resolve_time
from tem.extract.facts import CardinalityHint, ExtractedFact
from tem.llm.client import ChatModel, Message
from tem.llm.errors import LLMError, LLMResponseError, LLMUnreachable
from tem.llm.prompts import (
    AnswerFact,
    ExtractionAnswer,
    KnownFact,
    PromptTurn,
    extraction_messages,
    parse_extraction,
    repair_message,
)
from tem.llm.settings import LLMSettings

FIRST_PERSON = frozenset({"i", "me", "my", "myself", "mine"})


class LLMExtractor:
    """Turns dated sessions into :class:`ExtractedFact` s with a :class:`ChatModel`.

    A session of more than ``settings.window_turns`` turns is sent in windows of that
    many turns, one call each; every window sees the facts the earlier windows found
    as current facts, so an update in turn 90 of a fact stated in turn 10 reads as an
    update. Answers are validated with :class:`~tem.llm.prompts.ExtractionAnswer`, the
    model whose schema is the request's ``response_format``; an invalid answer gets
    one repair round in which the model is told what was wrong. Transport failures
    are retried by the SDK (:class:`~tem.llm.client.OpenAIChatModel`), not here.

    Once the server is unreachable (:class:`LLMUnreachable`), every later
    :meth:`extract` raises it again at once without a request: an ingestion run
    then fails fast instead of waiting on a dead server session after session.

    ``calls`` counts every request sent (retries and repairs included) and
    ``sessions`` every session extracted, for "LLM calls per session" reports.
    """

    def __init__(
        self,
        model: ChatModel,
        settings: LLMSettings,
        *,
        relations: Sequence[str] = tuple(DEFAULT_CARDINALITY),
    ) -> None:
        self.model = model
        self.settings = settings
        self.relations = tuple(relations)
        self.calls = 0
        self.sessions = 0
        self.unreachable: LLMUnreachable | None = None

    def extract(
        self,
        session: Session,
        *,
        speaker_names: Mapping[str, str] | None = None,
        current: Sequence[Version] = (),
    ) -> list[ExtractedFact]:
        """Return the facts stated in ``session``, in turn order within each window.

        ``speaker_names`` maps transcript labels ("user") to names ("Alice");
        ``current`` holds the versions already in memory for the groups the session
        may touch (only current ones are shown). Raises :class:`LLMError` when a
        window fails; then nothing of the session is returned.
        """
        if self.unreachable is not None:
            raise LLMUnreachable(f"session {session.id!r}: not sent: {self.unreachable}")
        names = dict(speaker_names or {})
        known = [
            KnownFact(v.subject, v.relation, v.value, v.valid_from) for v in current if v.is_current
        ]
        size = self.settings.window_turns
        windows = [session.turns[i : i + size] for i in range(0, len(session.turns), size)]
        facts: list[ExtractedFact] = []
        for number, window in enumerate(windows, start=1):
            where = f"session {session.id!r}, window {number}/{len(windows)}"
            found = self._window(session, window, names, known, where)
            known = advance(known, found, _utc(session.observed_at))
            facts.extend(found)
        self.sessions += 1
        return facts

    def _window(
        self,
        session: Session,
        window: Sequence[Turn],
        names: Mapping[str, str],
        known: Sequence[KnownFact],
        where: str,
    ) -> list[ExtractedFact]:
        labels = list(dict.fromkeys([*session.participants, *(t.speaker for t in window)]))
        messages = extraction_messages(
            session_date=_utc(session.observed_at),
            speakers=[(names.get(label, label), label) for label in labels],
            turns=[PromptTurn(t.index, names.get(t.speaker, t.speaker), t.text) for t in window],
            current=known,
            relations=self.relations,
        )
        by_index = {turn.index: turn for turn in window}
        answer = self._complete(messages, where)
        try:
            parsed = parse_extraction(answer, turns=by_index)
        except LLMResponseError as error:
            retry = [
                *messages,
                {"role": "assistant", "content": answer},
                repair_message(str(error)),
            ]
            try:
                parsed = parse_extraction(self._complete(retry, where), turns=by_index)
            except LLMResponseError as again:
                raise LLMError(f"{where}: invalid answer after one repair: {again}") from again
        facts = [_finished(fact, by_index[fact.turn], session, names) for fact in parsed]
        return list(dict.fromkeys(facts))

    def _complete(self, messages: list[Message], where: str) -> str:
        """Send one request; name the window in the error if it fails."""
        self.calls += 1
        try:
            return self.model.complete_json(messages, response_format=ExtractionAnswer)
        except LLMUnreachable as error:
            self.unreachable = error
            raise LLMUnreachable(f"{where}: {error}") from error
        except LLMError as error:
            raise type(error)(f"{where}: {error}") from error


def _finished(
    fact: AnswerFact, turn: Turn, session: Session, names: Mapping[str, str]
) -> ExtractedFact:
    speaker = names.get(turn.speaker, turn.speaker)
    subject = fact.subject
    if normalize_key(subject) in FIRST_PERSON:
        subject = speaker
    subject = names.get(subject, subject)
    relation = normalize_key(fact.relation)
    reference = _utc(turn.time or session.observed_at)
    valid_from = None if fact.when is None else resolve_time(fact.when, reference=reference)
    return ExtractedFact(
        subject=subject,
        relation=relation,
        value=fact.value,
        kind="end" if fact.action == "ending" else "assert",
        valid_from=valid_from,
        cardinality=cardinality_hint(relation, fact.cardinality),
        turn_index=turn.index,
        evidence=turn.text,
    )


def cardinality_hint(relation: str, said: CardinalityHint | None) -> CardinalityHint | None:
    """Return the vocabulary's cardinality of ``relation``, else what the model said."""
    return DEFAULT_CARDINALITY.get(normalize_key(relation), said)


def advance(
    known: Sequence[KnownFact], facts: Sequence[ExtractedFact], session_date: datetime
) -> list[KnownFact]:
    """Return the current facts after ``facts``, as context for the next window.

    A rough preview of the status rules, good enough for a prompt: an ending removes
    the group's value (or all its values), a ``many`` fact joins the group, any other
    fact replaces the group's value (undeclared relations are ``one``, as in the core).
    """
    result = list(known)
    for fact in facts:
        group = (normalize_key(fact.subject), normalize_key(fact.relation))
        value = None if fact.value is None else value_key(fact.value)

        def same(k: KnownFact, group: tuple[str, str] = group) -> bool:
            return (normalize_key(k.subject), normalize_key(k.relation)) == group

        if fact.kind == "end" or fact.cardinality == "many":
            result = [k for k in result if not (same(k) and value in (None, value_key(k.value)))]
        else:
            result = [k for k in result if not same(k)]
        if fact.kind == "assert" and fact.value is not None:
            since = fact.valid_from or session_date
            result.append(KnownFact(fact.subject, fact.relation, fact.value, since))
    return result


def _utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
