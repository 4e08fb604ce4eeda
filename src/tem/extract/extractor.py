"""The offline extractor: spaCy parse, the rule tables and a learned fallback; no LLM."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from functools import partial
from typing import Any

from tem.core.model import Version, normalize_key
from tem.core.relations import DEFAULT_CARDINALITY, implied_ends
from tem.core.session import Session, Turn
from tem.errors import UserError
from tem.extract import (
    about,
    cohabit,
    farewells,
    filters,
    forms,
    institutions,
    kinds,
    learned,
    partners,
    questions,
    roles,
    timeline,
    trips,
    values,
)
from tem.extract.copula import answered_question, possessive_facts
from tem.extract.employers import WORK_VERBS
from tem.extract.facts import Candidate, CardinalityHint, ExtractedFact
from tem.extract.fluency import languages_held
from tem.extract.headings import ended_items, ending_heading, heading_candidates
from tem.extract.lexicon import PARTNER_NOUNS
from tem.extract.lists import list_mates
from tem.extract.nlp import load_pipeline
from tem.extract.returns import taken_up_again
from tem.extract.rules import PLAN_RELATIONS, sentence_candidates
from tem.extract.still import still_there
from tem.extract.supersession import superseded_by_now
from tem.extract.tidy import tidy_all
from tem.extract.timing import clause_time
from tem.extract.triggers import may_be_shorthand, may_state_fact, speaks_of_self, spoken
from tem.extract.workers import read_shared

Token = Any


class OfflineExtractor:
    """Turns dated sessions into candidate facts with spaCy, rules and a span model.

    Construction is free; the models load on first use, once per process.
    ``learned=False`` keeps to the rules alone (see :mod:`tem.extract.learned`);
    ``workers`` > 1 reads big batches in that many processes (:mod:`tem.extract.workers`).
    """

    def __init__(self, *, batch_size: int = 64, learned: bool = True, workers: int = 1) -> None:
        if workers < 1:
            raise UserError(f"workers: must be at least 1, got {workers}")
        self.batch_size = batch_size
        self.learned = learned
        self.workers = workers

    def extract(
        self,
        session: Session,
        *,
        speaker_names: Mapping[str, str] | None = None,
        current: Sequence[Version] = (),
    ) -> list[ExtractedFact]:
        """Return the facts stated in ``session``, in turn and sentence order.

        ``current`` (what memory holds now) is accepted for the common extractor
        interface and ignored: the rules read each sentence on its own.
        """
        del current
        return next(iter(self.extract_many([session], speaker_names=speaker_names)))

    def extract_many(
        self, sessions: Iterable[Session], *, speaker_names: Mapping[str, str] | None = None
    ) -> Iterator[list[ExtractedFact]]:
        """Like :meth:`extract` for many sessions, parsing all their turns in one stream.

        The span model reads the turns with a rule's trigger word, a first-person word,
        or a sentence that opens with a past verb (chat's dropped "I": "Tied the knot
        with Daniel in April!"); a turn is parsed only when a trigger word is in it or
        the model proposed something there. In a turn with neither a trigger nor a
        first-person word, only a past clause with its subject left out can state a
        fact: reading such turns unguarded added noise in LoCoMo's dialogue ("Thanks,
        Gina!" as a drink). Rules alone (``learned=False``) parse only the turns with a
        trigger word.
        """
        chosen = list(sessions)
        remote = partial(_read_here, batch_size=self.batch_size, learned=self.learned)
        yield from read_shared(chosen, dict(speaker_names or {}), self.workers, self._read, remote)

    def _gate(self, text: str) -> tuple[bool, bool]:
        """Whether a rule's trigger word is in ``text``, and whether (with the span model)
        it has neither that nor a first-person word: only shorthand can speak there."""
        fires = may_state_fact(text)
        return fires, not fires and self.learned and not speaks_of_self(text)

    def _read(
        self, chosen: Sequence[Session], names: Mapping[str, str]
    ) -> list[list[ExtractedFact]]:
        triggered = [
            (*self._gate(said), (said, (number, turn)))
            for number, session in enumerate(chosen)
            for turn in session.turns
            for said in (spoken(turn.text),)
        ]
        items = [
            (fires, shorthand, item)
            for fires, shorthand, item in triggered
            if fires or (self.learned and (not shorthand or may_be_shorthand(item[0])))
        ]
        results: list[list[ExtractedFact]] = [[] for _ in chosen]
        marks: list[list[learned.Proposal] | None] = [None] * len(items)
        if self.learned:
            texts = (item[0] for _, _, item in items)
            marks = list(learned.mark(texts, batch_size=self.batch_size))
        kept = [
            (item, marked, shorthand)
            for (fires, shorthand, item), marked in zip(items, marks, strict=True)
            if fires or marked
        ]  # no rule can fire and the model proposed nothing: no fact, no parse
        parsed = load_pipeline().pipe(
            (item for item, _, _ in kept), as_tuples=True, batch_size=self.batch_size
        )
        for (doc, (number, turn)), (_, marked, shorthand) in zip(parsed, kept, strict=True):
            speaker = names.get(turn.speaker, turn.speaker)
            reference = _reference(chosen[number], turn)
            found = facts_of_turn(doc, turn, speaker, reference, marked, shorthand=shorthand)
            results[number].extend(found)
        return results


def _read_here(
    sessions: Sequence[Session], names: Mapping[str, str], *, batch_size: int, learned: bool
) -> list[list[ExtractedFact]]:
    """A worker process's share: read in that process alone."""
    return OfflineExtractor(batch_size=batch_size, learned=learned)._read(sessions, names)


def _reference(session: Session, turn: Turn) -> datetime:
    moment = turn.time or session.observed_at
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def facts_of_turn(
    doc: Any,
    turn: Turn,
    speaker: str,
    reference: datetime,
    proposals: list[learned.Proposal] | None = None,
    *,
    shorthand: bool = False,
) -> list[ExtractedFact]:
    """Return the facts of one parsed turn, ordered by position.

    ``proposals`` are the span model's for the turn (None: rules only); those the
    guards admit add to what the rules found, never replace it. ``shorthand``: the
    turn has no first-person word (see :func:`learned.learned_candidates`).
    """
    found: list[ExtractedFact] = []
    seen: set[tuple[str, str, str | None, str]] = set()
    told: list[tuple[Candidate, str]] = []
    proposed = learned.learned_candidates(doc, proposals or [], speaker, shorthand=shorthand)
    question = previous = None
    for sentence in doc.sents:
        inside = [c for c in proposed if sentence.start <= c.anchor < sentence.end]
        if questions.is_question(sentence):
            candidates = [*inside, *_told_first(sentence, inside, speaker)]
            candidates += _taken_as_given(sentence, candidates, speaker)
            question = sentence
        else:
            candidates = _stated(sentence, question, previous, inside, speaker)
            question = None
        previous = sentence
        candidates = [
            c
            for c in candidates
            if not _none_of(c, sentence)
            and not _on_trip(c, doc)
            and not institutions.only_a_place(c.relation, c.value, sentence)
            and not roles.names_work(c, sentence)
        ]
        if about.heading_elsewhere(sentence) and not about.self_subject(sentence):
            candidates = [c for c in candidates if c.subject != speaker]  # "Jobs Dad had: ..."
        candidates = [_by_its_name(c, sentence) for c in candidates]
        candidates = [farewells.parted(c, doc) for c in candidates]
        candidates = partners.settled(sentence, candidates, speaker)
        candidates = partners.coupled(sentence, candidates, speaker)
        candidates = cohabit.moved_in(sentence, candidates, speaker)
        candidates = taken_up_again(sentence, candidates)
        tidied = tidy_all(candidates, sentence)
        ordered = sorted(_named_ends(tidied), key=lambda c: c.anchor)
        told += [(c, sentence.text.strip()) for c in ordered]
    timed = timeline.ended_before(doc, [c for c, _ in told], speaker)
    for candidate, (_, evidence) in zip(timed, told, strict=True):
        key = (candidate.subject, candidate.relation, candidate.value, candidate.kind)
        if key in seen:
            continue
        seen.add(key)
        found.append(_finish(candidate, doc, turn, reference, evidence))
    return partners.mourned(_unimplied(found))


def _unimplied(found: list[ExtractedFact]) -> list[ExtractedFact]:
    """``found`` without a valueless ending another of its facts implies: "we broke up"
    states the status single, and the partner's end is inferred from it where facts are
    written (:func:`tem.core.relations.implied_ends`), as it is for an LLM's facts."""
    implied = {
        (f.subject, relation)
        for f in found
        if f.kind == "assert"
        for relation in implied_ends(f.relation, f.value)
    }
    return [
        f
        for f in found
        if not (f.kind == "end" and f.value is None and (f.subject, f.relation) in implied)
    ]


def _told_first(sentence: Any, inside: list[Candidate], speaker: str) -> list[Candidate]:
    """The rules' facts of what a question sentence tells before it asks ("I'm studying
    architecture at UNAM, so when am I supposed to sleep?"); of the question itself, only
    what it takes as given (the span model's, ``inside``)."""
    start = questions.question_start(sentence)
    if start == sentence.start:
        return []
    found = [c for c in sentence_candidates(sentence, speaker) if c.anchor < start]
    return [c for c in found if not _known(c, inside)]


def _taken_as_given(sentence: Any, found: list[Candidate], speaker: str) -> list[Candidate]:
    """What a question takes as given in the speaker's possessives: "Do you think my
    dog Rex is cute?" (a dog, Rex), "anyone know a vet near my place in Zamalek?"
    (:mod:`tem.extract.presupposed`); those the span model read are not read twice."""
    start = questions.question_start(sentence)
    given = [
        Candidate(s, r, v, k, token.i)
        for token in sentence
        if token.i >= start and token.pos_ in ("NOUN", "PROPN")
        for s, r, v, k in possessive_facts(token, speaker)
    ]
    return [c for c in given if not _known(c, found)]


def _stated(
    sentence: Any, question: Any, previous: Any, inside: list[Candidate], speaker: str
) -> list[Candidate]:
    """The candidates of a sentence that asks nothing: the rules', the model's ``inside``
    it that no rule found, the mates of a list, a heading's items; and the answer to a
    ``question`` just asked ("My favourite drink? Definitely chai.")."""
    candidates = sentence_candidates(sentence, speaker)
    if not any(c.relation == "job title" and c.subject == speaker for c in candidates):
        candidates = [_schooled(c, sentence) for c in candidates]  # a title says work
    if question is not None:
        candidates += answered_question(question, sentence, speaker)
    candidates = [_lengthened(c, inside) for c in candidates]
    ended = ending_heading(sentence)
    if ended is not None:  # "Things I've quit: Safaricom, my boyfriend Brian"
        items = ended.text.casefold()
        candidates = [_ended(c, items) for c in candidates]
        inside = [_ended(c, items) for c in inside]
        drinks = ended_items(ended, speaker)
        candidates += [c for c in drinks if not _known(c, [*candidates, *inside])]
    said = sentence.text
    candidates = [c for c in candidates if not _read_otherwise(c, inside, sentence)]
    candidates += [
        c
        for c in inside
        if not _known(c, candidates, sentence.doc)
        and not _named(c, candidates, said)
        and not _taken(c, candidates)
    ]
    mates = list_mates(sentence, candidates)
    candidates += mates if ended is None else [_ended(c, ended.text.casefold()) for c in mates]
    before = farewells.homes_before(sentence, candidates, speaker)
    candidates = farewells.homes_left(sentence, candidates, speaker)
    candidates = [c for c in candidates if not _known(replace(c, kind="end"), before)]
    candidates += before
    there = still_there(sentence, speaker, candidates)
    candidates += [c for c in there if not _known(c, candidates)]
    candidates = [superseded_by_now(c, sentence, candidates) for c in candidates]
    headed = heading_candidates(sentence, previous, speaker)
    candidates = _in_history(candidates, headed)
    candidates += [c for c in headed if not _known(c, candidates)]
    return candidates + languages_held(sentence, candidates, speaker)


def _read_otherwise(found: Candidate, proposals: list[Candidate], sentence: Any) -> bool:
    """True for a place the rules took as an employer or a school from a mere "I'm at"
    ("I'm at NYU for film") that the span model reads as the other one: its reading
    stands. A verb of study or work ("study at", "hired by") is the rules' to judge."""
    if SLOT_KINDS.get(found.relation) != "institution" or not found.value:
        return False
    if sentence.doc[found.anchor].lemma_ != "be":
        return False
    value = found.value.casefold()
    return any(
        SLOT_KINDS.get(p.relation) == "institution"
        and p.relation != found.relation
        and (p.value or "").casefold() == value
        for p in proposals
    )


def _schooled(found: Candidate, sentence: Any) -> Candidate:
    """A place the rules read as an employer in a sentence of study, not work ("I'm in
    my final year at Trinity doing economics, drowning in coursework"): a school, as
    :func:`institutions.school_or_employer` judges the span model's places."""
    if found.relation != "works at" or not found.value:
        return found
    if sentence.doc[found.anchor].lemma_ in WORK_VERBS:
        return found  # "TCS let me go at 54, so I'm figuring out life on my own terms"
    span = kinds.span_of(sentence, found.value)
    if span is None or institutions.school_or_employer(found.relation, span) != "studies at":
        return found
    return replace(found, relation="studies at")


def _in_history(candidates: list[Candidate], headed: list[Candidate]) -> list[Candidate]:
    """A heading's history says which of its items ended, whoever read them ("Places
    I've lived: Nairobi, then Kampala, now Kigali": Nairobi and Kampala ended), and
    its items are one value each (not "Kochi, Bangalore")."""
    ended = {_item(c) for c in headed if c.kind == "end"}
    items = [_item(c) for c in headed if c.value]
    kept = [c for c in candidates if _items_in(c, items) < 2]
    return [replace(c, kind="end") if c.kind == "assert" and _item(c) in ended else c for c in kept]


def _item(found: Candidate) -> tuple[str, str, str]:
    """Whose, what relation, and which value (casefolded): one item of a heading."""
    return found.subject, found.relation, (found.value or "").casefold()


def _items_in(found: Candidate, items: list[tuple[str, str, str]]) -> int:
    subject, relation, value = _item(found)
    return sum(1 for s, r, v in items if (s, r) == (subject, relation) and v in value)


def _named_ends(candidates: list[Candidate]) -> list[Candidate]:
    """Without an ending of no value where the same ending names its value ("laid me
    off" beside "Lufthansa laid me off"): one job ended, not two; without holding
    what the same sentence ends ("broke up with my boyfriend Omid": Omid ended); and
    without "retired" as a job title where the job retired from is named ("retired
    after thirty years as a radiographer": the radiographer ended)."""
    ended = {
        (c.subject, c.relation, c.value.casefold())
        for c in candidates
        if c.kind == "end" and c.value
    }
    named = {(subject, relation) for subject, relation, _ in ended}
    return [
        c
        for c in candidates
        if (c.value or c.kind != "end" or (c.subject, c.relation) not in named)
        and (c.kind == "end" or (c.subject, c.relation, (c.value or "").casefold()) not in ended)
        and not (c.value == "retired" and (c.subject, c.relation) in named)
    ]


def _named(proposal: Candidate, candidates: list[Candidate], sentence: str) -> bool:
    """True when the rules read the same pet by its name: "my dog Biscuit" is one pet,
    Biscuit, not a second one called "dog"."""
    if proposal.relation != "has pet" or not proposal.value:
        return False
    kind = re.escape(proposal.value)
    for c in candidates:
        if c.relation == "has pet" and c.value and c.subject == proposal.subject:
            name = re.escape(c.value)
            if re.search(rf"{kind}\W+(?:(?:called|named|is)\W+)?{name}", sentence, re.I):
                return True
    return False


SLOT_KINDS = {
    "works at": "institution",
    "studies at": "institution",
    "lives in": "place",
    "favorite drink": "drink",
    "has pet": "animal",
    "speaks": "language",
    "job title": "occupation",
    "partner": "person",
    "relationship status": "status",
    "hobby": "activity",
}
"""What kind of thing each relation the span model reads has as its value."""


def _taken(proposal: Candidate, candidates: list[Candidate]) -> bool:
    """True when the rules read the same words as a value of another kind: one phrase
    is one thing ("hired by Greenfield Energy" is an employer, so not a drink; "study
    at IST" a school, so not an employer). Readings of relations the model does not
    read ("plays rugby" beside the hobby rugby) do not compete."""
    value = (proposal.value or "").casefold()
    kind = SLOT_KINDS.get(proposal.relation)
    return bool(value) and any(
        _other_reading(c.relation, proposal.relation, kind) and (c.value or "").casefold() == value
        for c in candidates
    )


def _other_reading(relation: str, proposed: str, kind: str | None) -> bool:
    """True when the rules' ``relation`` reads a value otherwise than the model's
    ``proposed``: another kind of thing, or the other of employer and school ("I study
    at IST and work weekends": the rules' school stands)."""
    if kind == "institution" and SLOT_KINDS.get(relation) == kind:
        return relation != proposed
    return SLOT_KINDS.get(relation, kind) != kind


PHRASED = frozenset({"favorite drink", "hobby", "job title", "has pet"})
"""Relations whose value is a description, not a name: more of it says more."""


def _lengthened(found: Candidate, proposals: list[Candidate]) -> Candidate:
    """A rule's value as the span model read it whole: "iced tea" in "hibiscus iced tea"
    (the rules cut a phrase at a word they do not know). Names stay as the rules read
    them: "Google" is not "Google campus"."""
    if found.relation not in PHRASED or not found.value:
        return found
    words = f" {found.value.casefold()} "
    for p in proposals:
        same = (p.subject, p.relation, p.kind) == (found.subject, found.relation, found.kind)
        longer = p.value is not None and words in f" {p.value.casefold()} " != words
        played = set((p.value or "").casefold().split()) - set(words.split()) <= {"playing", "the"}
        if same and longer and not played:  # "tabla" stays the pastime, not "playing the tabla"
            return replace(found, value=p.value)
    return found


def _ended(found: Candidate, items: str) -> Candidate:
    """A holding listed among ``items`` under a heading of ending, as ended; a couple by
    its partner's word ("I gave up three things this year: ..., and my husband")."""
    listed = found.value is not None and found.value.casefold() in items
    if found.relation == "relationship status" and found.value != "single":
        listed = bool(set(re.findall(r"[\w'-]+", items)) & PARTNER_NOUNS)
    return replace(found, kind="end") if listed and found.kind == "assert" else found


def _on_trip(found: Candidate, doc: Any) -> bool:
    """True for a drink or pastime of a trip: "Spent the week in Bali, drank coconut
    water every day" (:func:`trips.during_trip`), "I flew over to Boston to see my aunt
    and I ate clam chowder every day" (:func:`trips.told_on_trip`)."""
    if found.relation not in ("favorite drink", "hobby"):
        return False
    anchor = doc[found.anchor]
    if trips.during_trip(anchor):
        return True
    return found.kind == "assert" and (trips.told_on_trip(anchor) or trips.told_in_a_stay(anchor))


def _by_its_name(found: Candidate, sentence: Any) -> Candidate:
    """An employer or a school by the name it is given, not the kind of place it is: "a
    tiny bakery called Mugi" is Mugi; a name whole (:func:`forms.named_whole`)."""
    if found.value:
        found = replace(found, value=forms.named_whole(found.relation, found.value, sentence))
    if found.relation not in ("works at", "studies at") or not found.value:
        return found
    span = kinds.span_of(sentence, found.value)
    if span is None or span.root.lemma_ not in kinds.FIRMS | kinds.SCHOOL_HEADS:
        return found
    name = kinds.name_given(span.root)
    named = values.phrase(name) if name is not None else None
    return replace(found, value=named) if named else found


def _none_of(found: Candidate, sentence: Any) -> bool:
    """True for a value said with "no": "I'm no engineer", "I have no cats" hold nothing."""
    span = kinds.span_of(sentence, found.value or "")
    return span is not None and found.kind == "assert" and filters.said_with_no(span.root)


def _known(proposal: Candidate, candidates: list[Candidate], doc: Any = None) -> bool:
    """True when the rules already read this relation's value (or a longer one) here; an
    ending the rules read without its value ("quit") does not know which one ended, but
    it does know that nothing named with it holds ("broke up with my girlfriend Megan"),
    but for a clause joined to it by "and" ("laid off by Ericsson and I've been driving
    for Foodora since": ``doc`` given, a new job told apart)."""
    value = (proposal.value or "").casefold()
    return any(
        c.relation == proposal.relation
        and c.subject == proposal.subject
        and bool(c.value or c.kind != proposal.kind and not _apart(c, proposal, doc) or not value)
        and (value in (c.value or "").casefold() or (c.value or "").casefold() in value)
        for c in candidates
    )


def _apart(one: Candidate, other: Candidate, doc: Any) -> bool:
    """True when the two candidates' clauses are conjuncts: two things told."""
    if doc is None or one.anchor == other.anchor:
        return False
    first, second = doc[one.anchor], doc[other.anchor]
    return second in first.conjuncts


def _finish(
    candidate: Candidate, doc: Any, turn: Turn, reference: datetime, evidence: str
) -> ExtractedFact:
    valid_from = None
    if candidate.relation not in PLAN_RELATIONS:
        valid_from = clause_time(doc[candidate.anchor], reference)
    return ExtractedFact(
        subject=candidate.subject,
        relation=candidate.relation,
        value=candidate.value,
        kind=candidate.kind,
        valid_from=valid_from,
        cardinality=cardinality_hint(candidate.relation),
        turn_index=turn.index,
        evidence=evidence,
    )


def cardinality_hint(relation: str) -> CardinalityHint | None:
    return DEFAULT_CARDINALITY.get(normalize_key(relation))
