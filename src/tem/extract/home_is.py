"""A home said with "be": "Home for me is Lisbon", "my home is in Lisbon", "Lisbon is home
now", "Kasoa is where I lay my head", "Bogotá has been my stomping ground for ten years".

The clause must be about now (:func:`present`: "is", "has been"), the home the speaker's
own ("home", "my home", "home for me"; not "a home", "my second home", "home to the
Louvre", "my brother's stomping ground"), and the other side of "be" a place.
"""

from __future__ import annotations

from typing import Any

from tem.extract import lexicon as lx
from tem.extract.facts import Kind
from tem.extract.subjects import FIRST_POSSESSIVE, SELF
from tem.extract.values import children, entity_text, is_place, objects_of, phrase, place_text

Token = Any
Stated = list[tuple[str, str, str | None, Kind]]
PRESENT_TAGS = frozenset({"VBZ", "VBP"})
OTHER_HOMES = frozenset({"second", "holiday", "vacation", "spiritual", "former", "old", "first"})
HOME_DETS = frozenset({"a", "an", "the", "this", "that", "no", "any"})
HOME_DEPS = frozenset({"nsubj", "csubj", "attr", "acomp", "advmod", "npadvmod"})


def present(be: Token) -> bool:
    """ "is", "'m", "has been": the clause is about now."""
    if be.tag_ in PRESENT_TAGS:
        return True
    return be.tag_ == "VBN" and bool(children(be, ("aux",), ("has", "have", "'s", "'ve")))


HOME_IDIOMS = {"ground": "stomping", "base": "home"}
"""Homes said by an idiom: "Lund has been my stomping ground", "my home base"."""


def _own_home(noun: Token) -> bool:
    """ "home", "my home", "home for me/us", "my stomping ground"; not "a home", "my second
    home", "home to X"."""
    idiom = HOME_IDIOMS.get(noun.lemma_) in {c.lower_ for c in noun.children}
    if noun.lower_ != "home" and not idiom or noun.pos_ not in ("NOUN", "ADV"):
        return False
    for child in noun.children:
        lower = child.lower_
        if child.dep_ == "det" and lower in HOME_DETS:
            return False
        if child.dep_ == "poss" and lower not in FIRST_POSSESSIVE:
            return False
        if child.dep_ in ("amod", "compound") and lower in OTHER_HOMES:
            return False
        objects = children(child, ("pobj",))
        how_long = all(o.lemma_ in lx.SPANS or o.ent_type_ == "DATE" for o in objects)
        lasting = idiom and lower in ("for", "since") and how_long  # "... for a decade"
        mine = lower == "for" and all(o.lower_ in SELF for o in objects)
        if child.dep_ == "prep" and not (mine or lasting):
            return False
    return True


LIVING = frozenset({"live", "reside", "stay", "sleep", "lay", "rest", "hang", "drop", "base"})
"""Verbs of "X is where I live", "where I lay my head", "where I drop anchor"."""


def home_is(be: Token, speaker: str) -> Stated:
    """ "Home for me is Lisbon", "my home is in Lisbon", "Lisbon is home now", "Kasoa is
    where I lay my head" (not "where I grew up")."""
    if not present(be):
        return []
    for clause in children(be, ("ccomp", "advcl", "attr")):
        where = children(clause, ("advmod",), ("where",))
        mine = children(clause, ("nsubj",), ("i", "we"))
        if where and mine and clause.lemma_ in LIVING and clause.tag_ in PRESENT_TAGS:
            places = [p for p in children(be, ("nsubj",)) if is_place(p)]
            return [(speaker, "lives in", place_text(p), "assert") for p in places[:1]]
    for home in be.children:
        if home.dep_ not in HOME_DEPS or not _own_home(home):
            continue
        if home.i < be.i:  # "home (for me) is X": the place follows
            places = [*children(be, ("attr", "acomp")), *objects_of(be, ("in",))]
        else:  # "X is home": the place is the subject
            places = children(be, ("nsubj", "csubj"))
        for place in places:
            if place.i != home.i and is_place(place):
                return [(speaker, "lives in", entity_text(place) or phrase(place), "assert")]
    return []
