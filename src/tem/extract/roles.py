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
from tem.extract.lexicon import OCCUPATIONS
from tem.extract.subjects import SELF
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


def role_candidates(sentence: Any, speaker: str) -> list[Candidate]:
    """The job titles ``sentence`` gives the speaker through a verb of employment."""
    found = []
    for token in sentence:
        if token.lemma_ not in EMPLOYING or token.pos_ not in ("VERB", "AUX"):
            continue
        if not _given_to_speaker(token) or filters.blocked(token):
            continue
        for role in _roles(token):
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
