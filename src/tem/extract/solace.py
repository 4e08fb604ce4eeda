"""A pastime said as what keeps the speaker well: "Kayaking is my happy place", "Salsa
is my church", "Dancing is my therapy", "Running keeps me sane", "I've been kept sane by
long-distance cycling", "stargazing is my thing".

An activity that is the speaker's own refuge (:data:`SOLACE`: "my therapy", "my happy
place", "my church", "my escape", "my thing"...) or that keeps the speaker sane, going
or grounded (:data:`KEPT`) is one they do again and again. The activity must be named
in a pastime's words (:func:`tem.extract.learned.known_head`) and be no drink ("coffee
is my therapy" is a taste, :mod:`tem.extract.idioms`), person or place ("my wife keeps
me sane"). Said in the past ("Running was my therapy for fifteen years") it has ended.
A blocked clause (denied, supposed, asked) says nothing.
"""

from __future__ import annotations

from typing import Any

from tem.extract import filters
from tem.extract.facts import Candidate, Kind
from tem.extract.subjects import SELF
from tem.extract.values import children, join_tokens, phrase

Token = Any

SOLACE = frozenset(
    "therapy church religion escape lifeline sanctuary outlet refuge medicine meditation"
    " zen jam thing sanity anchor valve blanket reset passion obsession lifeblood".split()
)
"""What a pastime is to its doer: "my therapy", "my church", "my thing", "my anchor",
"my pressure valve", "my security blanket", "my passion" (not "my life", "my oxygen":
what a fan or a reader says of a team or of books)."""
LOOSE = frozenset({"thing", "jam"})
"""Refuges said of anything ("late nights are kinda my thing"): only an activity's
"-ing" form is a pastime there ("stargazing is my thing")."""
WHEN = frozenset("weekend weekly sunday saturday morning evening daily nightly".split())
"""Time words before a pastime's name: "the Sunday swim", "weekend birdwatching"."""
PLACES_OF_PEACE = frozenset({"place", "space"})
"""With "happy": "my happy place"."""
WORDS = SOLACE | PLACES_OF_PEACE
PERFECT = frozenset({"'s", "has", "have", "'ve", "’s", "’ve"})
"""Words of the present perfect the parser may hang elsewhere: "gardening's kept me sane"."""
KEPT = frozenset("sane going grounded alive busy balanced fit happy human".split())
"""What a pastime keeps its doer: "keeps me sane"."""


def solace_pastimes(sentence: Any, speaker: str) -> list[Candidate]:
    """The pastimes ``sentence`` says keep the speaker well."""
    found: list[Candidate] = []
    if not any(t.lemma_.casefold() in WORDS or t.lower_ in KEPT for t in sentence):
        return found  # no refuge and nothing kept: no verb to read
    for verb in sentence:
        if verb.lemma_ not in ("be", "keep") or filters.blocked(verb) or filters.is_negated(verb):
            continue
        doing = _refuge(verb) if verb.lemma_ == "be" else _keeper(verb)
        value = None if doing is None else _activity(doing)
        if value is None or verb.lemma_ == "be" and _loose(verb, value):
            continue
        perfect = {t.lower_ for t in verb.doc[max(verb.i - 2, 0) : verb.i]} & PERFECT
        past = verb.tag_ == "VBD" and not children(verb, ("aux",)) and not perfect
        kind: Kind = "end" if past else "assert"  # "Running was my therapy", not "has kept"
        found.append(Candidate(speaker, "hobby", value, kind, verb.i))
    return found


def _refuge(be: Token) -> Token | None:
    """The subject of "X is my therapy", "X is my happy place"."""
    attrs = children(be, ("attr",))
    if len(attrs) != 1 or not _owned(attrs[0]):
        return None
    attr = attrs[0]
    happy = attr.lemma_ in PLACES_OF_PEACE and any(c.lower_ == "happy" for c in attr.children)
    if attr.lemma_.casefold() not in SOLACE and not happy:
        return None
    subjects = children(be, ("nsubj", "csubj", "nsubjpass"))  # "Hula's been my anchor"
    return subjects[0] if len(subjects) == 1 else None


def _loose(be: Token, value: str) -> bool:
    """A loose refuge said of what is no activity: "late nights are kinda my thing"."""
    loose = any(a.lemma_ in LOOSE for a in children(be, ("attr",)))
    return loose and not value.casefold().endswith("ing")


def _owned(noun: Token) -> bool:
    return any(c.dep_ == "poss" and c.lower_ == "my" for c in noun.children)


def _keeper(keep: Token) -> Token | None:
    """What keeps the speaker sane: "Running keeps me sane", "I'm kept sane by cycling"."""
    kept = [c for c in keep.children if c.dep_ in ("ccomp", "oprd", "acomp", "xcomp")]
    if not any(k.lower_ in KEPT for k in kept):
        return None
    passive = children(keep, ("nsubjpass",))
    if passive:
        if passive[0].lower_ not in SELF:
            return None
        agents = [o for a in children(keep, ("agent",)) for o in children(a, ("pobj",))]
        return agents[0] if agents else None
    speaker = [t for k in kept for t in k.subtree if t.lower_ == "me"]
    speaker += children(keep, ("dobj",), ("me",))
    subjects = children(keep, ("nsubj", "csubj"))
    return subjects[0] if speaker and len(subjects) == 1 else None


def _activity(doing: Token) -> str | None:
    """The pastime ``doing`` names, if it is one and no drink, person or place."""
    from tem.extract.learned import known_head
    from tem.extract.leisure import taste_relation
    from tem.extract.nlp import english_word
    from tem.extract.places import known_place

    person = doing.ent_type_ == "PERSON" and not english_word(doing.lower_)  # not "Crochet"
    if person or doing.lower_ in SELF or known_place(doing.text):
        return None  # "Nadia keeps me sane", "Lisbon is my happy place"
    if any(c.dep_ == "poss" and c.lower_ != "my" for c in doing.children):
        return None  # "his running keeps me sane"
    named = [c for c in doing.lefts if c.dep_ in ("compound", "npadvmod")]  # "Trail running"
    value = phrase(doing) if doing.pos_ != "VERB" else join_tokens([*named, doing])
    words = str(value or "").split()
    while len(words) > 1 and words[0].casefold() in WHEN:
        words = words[1:]  # "weekend birdwatching", "the Sunday swim"
    if len(words) > 1 and words[-1].casefold() == "gym":
        words = words[:-1]  # "the climbing gym is my only escape": climbing
    value = " ".join(words)
    if not words or value.casefold() == "gym" or not known_head("hobby", value):
        return None  # "the gym is my only escape from the library": a place
    return value if taste_relation(value) is None else None
