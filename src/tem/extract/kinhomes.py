"""A family's home the speaker went back to or moved out of: "back at my mum's in
Wollongong", "moved back in w my parents in bendigo", "back to my moms in campinas"
(lives in, held); "moved out of my mum's in Swindon", "left my parents' place in Lyon"
(ended).

The home is the speaker's own family's ("my", or chat's "me": "me mum's") named with a
place after "in", its owner's "'s" typed or not ("my moms in campinas"). Going back,
moving in with them or living with them makes it the speaker's home now; moving out or
leaving it ends it. A stay for a holiday or a visit ("back at my parents' in Cork for
Christmas") is a trip's, and a blocked clause (a plan, a wish, a question) says nothing.
"""

from __future__ import annotations

from typing import Any

from tem.extract import about, filters, kinds, trips
from tem.extract import lexicon as lx
from tem.extract.facts import Candidate, Kind
from tem.extract.places import place_span
from tem.extract.values import lowercase_place

Token = Any

FAMILY = frozenset(
    """
    mum mom mam ma dad da parents parent folks nan nana gran granny grandma grandpa
    grandparents aunt auntie uncle cousin sister brother in-laws
    """.split()
)
"""Family whose home the speaker may share."""
UNMARKED = {"mums": "mum", "moms": "mom", "mams": "mam", "dads": "dad", "nans": "nan"}
"""The owner's form typed without its apostrophe: "back at my mums in wollongong"."""
HOLIDAYS = frozenset(
    "christmas xmas easter holiday holidays thanksgiving diwali eid ramadan summer".split()
)
"""Seasons of a stay with family that is a visit: "for Christmas"."""
OWNERS = frozenset({"my", "our", "me"})


def family_homes(sentence: Any, speaker: str) -> list[Candidate]:
    """The homes ``sentence`` tells the speaker shares with family, or has left."""
    found = []
    for token in sentence:
        if token.lower_ not in OWNERS or token.i + 1 >= sentence.end:
            continue
        kin = token.doc[token.i + 1]
        if UNMARKED.get(kin.lower_, kin.lower_) not in FAMILY:
            continue
        place = _place_after(kin, sentence.end)
        kind = _how_reached(token, sentence)
        clause = kinds.clause_of(kin)
        if place is None or kind is None or filters.blocked(clause):
            continue
        if not about.about_speaker(clause, speaker):
            continue  # "my sister moved back in with my parents in Leeds"
        if kind == "assert" and _visit(sentence, clause):
            continue
        found.append(Candidate(speaker, "lives in", place, kind, clause.i))
    return found


def _place_after(kin: Token, end: int) -> str | None:
    """The place in "my mum's (place) in X" after ``kin``."""
    doc, at = kin.doc, kin.i + 1
    if at < end and doc[at].text in ("'s", "'", "’s", "’"):
        at += 1
    if at < end and doc[at].lemma_ in lx.HOME_NOUNS:
        at += 1
    if at + 1 >= end or doc[at].lower_ != "in":
        return None
    named = doc[at + 1]
    lowercase = lowercase_place(named)
    if lowercase is not None:
        return lowercase
    span = place_span(named)
    return None if span is None else str(span.text)


def _how_reached(owner: Token, sentence: Any) -> Kind | None:
    """ "back at", "moved in with", "living with" my family's: held; "moved out of",
    "left" it: ended; any other way ("lunch at my mum's in Leeds", "the drive back
    from my mum's", "left Paris for my sister's place"): none."""
    before = list(owner.doc[max(sentence.start, owner.i - 6) : owner.i])
    words = {t.lower_ for t in before}
    lemmas = {t.lemma_.casefold() for t in before}
    just_before = before[-1] if before else None
    if just_before is None or just_before.lower_ in ("from", "for"):
        return None
    out = "out" in words and "move" in lemmas or "outta" in words
    if out or just_before.lemma_.casefold() == "leave":
        return "end"
    moved_in = "move" in lemmas and "in" in words
    if "back" in words or moved_in or lemmas & {"live", "kip"}:
        return "assert"
    return None


def _visit(sentence: Any, clause: Token) -> bool:
    """A stay with family that is a visit: for a holiday, a few days, or a trip's verb."""
    said = {t.lower_ for t in sentence}
    return bool(said & (HOLIDAYS | lx.SHORT_UNITS)) or trips.is_trip(clause)
