"""Offers refused and jobs or places applied for: what the speaker was offered, tried
out for or applied to is not what they hold ("Got an offer from Accenture but I said no",
"I applied to Stripe", "Did a trial shift at Nobu")."""

from __future__ import annotations

from typing import Any

from tem.extract.subjects import SUBJECT_DEPS

Token = Any

APPLICATION_WORDS = frozenset(
    {"apply", "application", "applicant", "shortlist", "shortlisted", "interview", "candidate"}
    | {"superday"}  # the banks' day of interviews
)
OFFER_WORDS = frozenset({"offer", "want", "ask", "invite", "propose", "suggest"})


def offered_or_applied(sentence: Any, verb: Token | None = None) -> bool:
    """True for a job, place or school applied for, or an offer refused: "I applied to
    Stripe", "they offered me a flat in Shimokitazawa but I passed on it". With ``verb``,
    an application counts in its clause and the verbs above it, and in the sentence's main
    clause ("Applied to Accenture this week, dating is on hold"), not in another clause of
    its own ("Kenyatta enrolled me in their MBA, so I'm juggling lectures with job
    applications")."""
    lemmas = _words(sentence)
    told = sentence if verb is None else [*_clause_words(verb), *_clause_words(sentence.root)]
    applied = _words(told) & APPLICATION_WORDS
    if applied or any(_tried_out(t) or _put_in_for(t) for t in sentence):
        return True
    if any(
        t.lemma_ in ("decline", "reject", "refuse") and t.pos_ == "VERB" and _by_speaker(t)
        for t in sentence
    ):
        return True  # not the noun of "a refuse collector"
    if any(
        t.lemma_ in ("pass", "turn")
        and {c.lower_ for c in t.children} & {"on", "down"}
        and _by_speaker(t)
        for t in sentence
    ):
        return True  # "passed on it", "turned it down"
    refused = any(_said_no(t) for t in sentence)  # "said no", "had to say no"
    refused = refused or any(t.lower_ == "not" and t.head.lemma_ == "decide" for t in sentence)
    # "offered me a sales role but I passed" (not "I passed my exams")
    refused = refused or any(
        t.lemma_ == "pass"
        and t.pos_ == "VERB"
        and _by_speaker(t)
        and not any(c.dep_ == "dobj" for c in t.children)
        for t in sentence
    )
    # "accepted me and I still chose a gap year instead": something else was chosen
    refused = refused or {"choose", "instead"} <= lemmas
    return refused and bool(lemmas & (OFFER_WORDS | {"decide", "say", "get", "accept", "admit"}))


def _put_in_for(verb: Token) -> bool:
    """ "I've put in for the health visitor training with NHS Fife": applied for."""
    if verb.lemma_ != "put" or not _by_speaker(verb):
        return False
    after = [t.lower_ for t in verb.doc[verb.i + 1 : verb.i + 3]]
    return after == ["in", "for"]  # not "put down roots in Nelson for good"


def _words(tokens: Any) -> set[str]:
    """The lemmas and lowercase forms of ``tokens``."""
    return {t.lemma_.casefold() for t in tokens} | {t.lower_ for t in tokens}


def _clause_words(verb: Token) -> list[Token]:
    """``verb``'s own words (:func:`tem.extract.trips.own_words`) and the verbs above it."""
    from tem.extract.filters import governors
    from tem.extract.trips import own_words

    above = governors(verb)
    return [*own_words(verb), *above, *(c for g in above for c in g.children if c.dep_ == "dobj")]


def _said_no(token: Token) -> bool:
    """ "I said no", "had to say no", "said nah": a refusal by the speaker."""
    if token.lemma_ != "say" or not _by_speaker(token) or token.i + 1 >= len(token.doc):
        return False
    return token.doc[token.i + 1].lower_ in ("no", "nah", "nope")


def _tried_out(token: Token) -> bool:
    """ "a trial shift at Nobu", "my trial day at the garage": a try-out, no job yet."""
    return token.lower_ in ("shift", "day") and any(
        c.lower_ == "trial" and c.dep_ in ("amod", "compound") for c in token.children
    )


def _by_speaker(verb: Token) -> bool:
    """True when ``verb`` has no subject or "I"/"we" as its subject (not "the cat refuses")."""
    subjects = [c for c in verb.children if c.dep_ in SUBJECT_DEPS]
    return not subjects or any(c.lower_ in ("i", "we") for c in subjects)
