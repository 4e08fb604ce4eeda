"""The pastime a person noun makes of the speaker: "I'm a keen sailor" (sailing), "I'm
an avid hiker" (hiking), "a keen fell walker" (fell walking).

A noun of one who does something for pleasure names the doing: the noun is one only
pastimes make (:data:`PASTIME_PEOPLE`), or any doer's noun that a word of enthusiasm
qualifies (:data:`ENTHUSIASM`: "keen", "avid"; "a keen nurse" stays a nurse, since a
nurse is an occupation). The doing is the noun's stem with "-ing" that English knows
("runner" running, "cyclist" cycling, "hiker" hiking), with the words before it kept
("fell walker" fell walking); a noun with no such doing ("pianist") gives none.
"""

from __future__ import annotations

from typing import Any

from tem.extract.lexicon import OCCUPATIONS
from tem.extract.nlp import english_word, frequency, known_nouns

Token = Any
PASTIME_PEOPLE = frozenset(
    """
    hiker rambler jogger trekker climber boulderer skier snowboarder surfer skater
    skateboarder cyclist golfer knitter crocheter birder birdwatcher kayaker angler
    """.split()
)
"""Nouns of people only a pastime makes: "an avid hiker"."""
ENTHUSIASM = frozenset(
    """
    keen avid passionate enthusiastic committed obsessive amateur devoted dedicated expert
    """.split()
)
"""Words that make a doer's noun a pastime: "a *keen* sailor", "an *amateur* astronomer"."""
LEISURE = frozenset({"amateur", "hobby", "hobbyist", "recreational"})
"""Words that make even an occupation's noun a pastime, and are no part of it: "an
*amateur* photographer" (photography); "a weekend tutor" may be paid."""
WHEN = frozenset({"weekend", "sunday", "saturday", "evening"})
"""Words of when a pastime is done, no part of its name: "a *weekend* surfer" (surfing),
"a weekend potter" (pottery); in a sentence of paid work a job ("three jobs: ...,
weekend tutor")."""
PAID = frozenset({"job", "gig", "work", "shift", "hustle", "pay", "wage", "income"})
SUFFIXES = ("er", "or", "ist", "r")
RARE = 100
"""Uses in the spelling corpus below which a doing is rarer than its game."""


def pastime_of(noun: Token) -> str | None:
    """The pastime ``noun`` (a person noun, the speaker's complement) names, or None."""
    lower = noun.lower_
    before = [t for t in noun.doc[noun.left_edge.i : noun.i] if t.pos_ != "DET"]
    keen = max(
        (i for i, t in enumerate(before) if t.lower_ in ENTHUSIASM | LEISURE | WHEN), default=None
    )
    word = before[keen].lower_ if keen is not None else ""
    paid = any(t.lemma_ in PAID for t in _told_with(noun))  # "My three jobs: weekend tutor"
    leisure = word in LEISURE or word in WHEN and not paid
    occupied = lower in OCCUPATIONS and not leisure
    if lower not in PASTIME_PEOPLE and (keen is None or occupied or word in WHEN and paid):
        return None
    doing = _doing(lower)
    if doing is None:
        return None
    kept = before[keen + 1 :] if keen is not None else [t for t in before if t.dep_ == "compound"]
    if any(t.pos_ not in ("NOUN", "PROPN", "ADJ") for t in kept):
        kept = []
    return " ".join([*(t.lower_ for t in kept), doing])


def _told_with(noun: Token) -> list[Token]:
    """The words of ``noun``'s sentence and of a heading before it ("My jobs: ...")."""
    from tem.extract.kinds import heading_before  # kinds imports this module

    return [*(heading_before(noun.sent) or ()), *noun.sent]


def _doing(word: str) -> str | None:
    """ "runner" running, "cyclist" cycling, "hiker" hiking, "sailor" sailing; the game
    itself where its "-ing" is rare ("cricketer" cricket, not "cricketing"); the study
    of a "-grapher" or "-nomer" ("photographer" photography)."""
    for suffix in SUFFIXES:
        if not word.endswith(suffix) or len(word) <= len(suffix) + 2:
            continue
        stem = word[: -len(suffix)]
        if stem.endswith(("graph", "nom")) and english_word(stem + "y"):
            return stem + "y"  # "photographer" photography, "astronomer" astronomy
        for doing in (stem + "ing", stem[:-1] + "ing" if stem.endswith("e") else ""):
            if not doing or not english_word(doing):
                continue
            rare = 0 < frequency(doing) < RARE and doing not in known_nouns()
            return stem if rare and stem in known_nouns() else doing
    return None
