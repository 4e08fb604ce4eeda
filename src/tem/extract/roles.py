"""A role the speaker was given: "took me on as a stagehand", "made me a first officer".

Employers hire, sign, post and promote people *as* something, and the verb rules read
the employer, not the role. The role is a person noun (:func:`tem.extract.kinds.person_noun`)
after "as" on a verb of employment whose object or passive subject is the speaker, or
the complement of "made me". A verb of employment keeps out "dressed up as a pirate" and
"I see him as a brother"; a blocked clause (negated, hypothetical, a question) states none.
A student is enrolled, not employed ("took me on as a doctoral student": a school).
"""

from __future__ import annotations

from typing import Any

from tem.extract import filters, kinds
from tem.extract.facts import Candidate
from tem.extract.institutions import NOT_ROLES
from tem.extract.lexicon import KIN_NOUNS, OCCUPATIONS, STUDENTS, TITLE_HEADS
from tem.extract.subjects import SELF, said_by
from tem.extract.values import children, phrase, pobjects

Token = Any
EMPLOYING = frozenset(
    """
    hire take bring sign employ post promote appoint recruit contract station place keep
    retain rehire make name have start join work serve train qualify certify onboard poach
    """.split()
)
"""Verbs that give someone a role: "took me on as", "promoted me to", "posted as"."""
SPEAKER = frozenset({"me", "us"})
NOT_WORK = (
    frozenset(
        """
        student client patient woman man person parent mother father mum mom dad kid child
        teenager teen adult
        foreigner immigrant expat migrant refugee local visitor tourist guest beginner
        newbie volunteer survivor believer speaker native
        scholar undergraduate postgraduate graduate
        fan supporter ultra fiend sucker stickler glutton addict junkie nut freak fanatic
        enthusiast buff geek nerd jack creature
        """.split()
    )
    | NOT_ROLES
    | KIN_NOUNS
    | STUDENTS
)
"""Person nouns that say who someone is, not their work: those no place is a role "at"
(:data:`tem.extract.institutions.NOT_ROLES`), kin and students among them, and those of
what one loves ("a fiend for masala chai", "a Rapid Wien ultra", "a jack of all trades")."""


def role_candidates(sentence: Any, speaker: str) -> list[Candidate]:
    """The job titles ``sentence`` gives the speaker through a verb of employment."""
    found = []
    for token in sentence:
        if token.pos_ not in ("VERB", "AUX"):
            continue
        if token.lemma_ in EMPLOYING:
            roles = _roles(token) if _given_to_speaker(token) else []
        else:
            roles = _working_as(token)
        if not roles or filters.blocked(token):
            continue
        for role in roles:
            value = phrase(role)
            if value:
                found.append(Candidate(speaker, "job title", value, "assert", token.i))
    return found


def _given_to_speaker(verb: Token) -> bool:
    """ "took *me* on", "*I* was posted", "*I* started as"."""
    if children(verb, ("dobj", "dative"), SPEAKER):
        return True
    if verb.lemma_ in ("make", "name") and any(
        children(c, ("nsubj",), SPEAKER) and c.lemma_ in OCCUPATIONS
        for c in children(verb, ("ccomp", "xcomp"))
    ):
        return True  # "made me store manager": the parser's "me" is the role's subject
    return bool(children(verb, ("nsubj", "nsubjpass"), SELF))


def _roles(verb: Token) -> list[Token]:
    """The person nouns ``verb`` makes of the speaker: after "as" or "to" (promoted to),
    or the complement of "made me"."""
    preps = ("as", "to") if verb.lemma_ == "promote" else ("as",)
    found = pobjects(verb, ("prep",), preps)
    if verb.lemma_ in ("make", "name", "appoint"):
        found += [c for c in verb.children if c.dep_ in ("oprd", "ccomp", "xcomp", "attr")]
    return [
        r for r in found if r.pos_ == "NOUN" and r.lemma_ != "student" and kinds.person_noun(r.text)
    ]


NOT_WORKING = frozenset(
    """
    want picture imagine see view regard treat know describe introduce think feel dress
    disguise pose go come look apply offer retrain train volunteer cosplay play act
    spend quit leave retire resign finish stop end step
    """.split()
)
"""Verbs whose "as a nurse" is no work of the speaker's now: a wish, a picture, a
costume, a role applied or trained for, a job left or years spent."""


def _working_as(verb: Token) -> list[Token]:
    """The occupation a speaker's verb of anything else is done "as": "I'm burning the
    candle at both ends as a night-shift midwife", "I'm paid by the hour as a teacher
    aide", "freelancing as a translator". The speaker is the subject and the noun an
    person by what they do (:func:`tem.extract.kinds.person_noun`), not by who they
    are (:data:`NOT_WORK`: "as a mother", "as a foreigner", "as a student")."""
    if verb.lemma_.casefold() in NOT_WORKING or children(verb, ("prt",), ("out",)):
        return []  # "I burned out as a corporate lawyer": a job left
    if verb.tag_ == "VBD":
        return []  # "I cut my teeth as a junior reporter in 2004": what the speaker was
    if not children(verb, ("nsubj", "nsubjpass"), SELF):
        return []
    return [
        r
        for r in pobjects(verb, ("prep",), ("as",))
        if r.pos_ == "NOUN" and _occupation(r) and r.lemma_.casefold() not in NOT_WORK
    ]


DOERS = ("er", "or", "ist", "ian", "eer", "man", "woman", "wife")
"""Endings of a person named by what they do ("keeper", "editor", "florist"); not those of
anything else "kombucha as a replacement" may be."""


def _occupation(noun: Token) -> bool:
    """An occupation of the lexicon, or a noun of a doer (:data:`DOERS`)."""
    lemma = noun.lemma_.casefold()
    return lemma in OCCUPATIONS or kinds.person_noun(noun.text) and lemma.endswith(DOERS)


def said_to_be(noun: Token) -> bool:
    """True when the speaker says they are "a" ``noun`` ("I'm a mime in Montréal", "I am
    a session guitarist"): the complement of the speaker's own "be" with an indefinite
    article, a common noun that says no more than who someone is (:data:`NOT_WORK`)."""
    be = noun.head
    if noun.dep_ != "attr" or be.lemma_ != "be" or noun.tag_ != "NN":
        return False
    if noun.lower_.endswith("ing"):
        return False  # "a sparky living in Geelong", "living" taken for a noun
    if not said_by(be) or noun.lemma_.casefold() in NOT_WORK:
        return False
    return any(c.dep_ == "det" and c.lower_ in ("a", "an") for c in noun.children)


def names_work(found: Candidate, sentence: Any) -> bool:
    """True for a pastime whose words only say which work the noun after them is: "a
    hockey *referee*", "a full-time boxing referee", "youth football coach" (the job,
    not a pastime; "a keen hockey player" stays one)."""
    if found.relation != "hobby" or not found.value:
        return False
    span = kinds.span_of(sentence, found.value)
    if span is None:
        return False
    head = span.root.head
    work = head.lemma_.casefold() in TITLE_HEADS
    return span.root.dep_ in ("compound", "amod", "nmod") and head.i >= span.end and work
