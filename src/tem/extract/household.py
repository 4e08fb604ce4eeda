"""What the speaker's home life says through a noun without "my": the home pointed at
("this flat in Fitzroy is all mine now"), the animal beside the speaker ("just me and
the dog tonight"), and the daily trip from home ("my commute from Woking").

Each reads one noun of a sentence, as :func:`tem.extract.copula.possessive_facts` does
for "my dog Max" or "my flat in Leeds", and gives the facts it states about the speaker.
"""

from __future__ import annotations

from typing import Any

from tem.extract import filters, kinds, trips
from tem.extract import lexicon as lx
from tem.extract.facts import Kind
from tem.extract.presupposed import presupposed
from tem.extract.subjects import FIRST_POSSESSIVE
from tem.extract.values import place_from

Token = Any
Stated = list[tuple[str, str, str | None, Kind]]


def household_facts(noun: Token, speaker: str) -> Stated:
    """The facts ``noun`` states of the speaker's household, or none."""
    lemma = noun.lemma_.casefold()
    owner = next((c for c in noun.children if c.dep_ == "poss"), None)
    if owner is None and lemma in lx.ANIMALS and _beside_speaker(noun):
        return [(speaker, "has pet", lemma, "assert")]
    if owner is None and lemma in lx.HOME_NOUNS and _home_at_hand(noun):
        place = place_from(noun, ("in",))
        return [] if place is None else [(speaker, "lives in", place, "assert")]
    if lemma == "commute" and owner is not None and owner.lower_ in FIRST_POSSESSIVE:
        return _commuted_from(noun, speaker)
    return []


def _beside_speaker(noun: Token) -> bool:
    """An animal joined to the speaker as the one they live with: "the cockatiel and I
    watched the rain", "just me and the dog tonight" (the animal of the house; not "a
    dog and I", nor "the neighbours' dog and me")."""
    dets = [c for c in noun.children if c.dep_ in ("det", "poss")]
    if [d.lower_ for d in dets] != ["the"] or filters.blocked(kinds.clause_of(noun)):
        return False
    if any(c.dep_ in ("relcl", "acl") for c in noun.children):
        return False  # "me and the husky I'm dog-sitting": told apart from the house's
    return any(m.lower_ in ("i", "me") for m in noun.conjuncts)


def _home_at_hand(noun: Token) -> bool:
    """A home pointed at as the one the speaker is in, told in the present: "this flat
    in Fitzroy is all mine now", "the new apt in Atlanta has a gym", "new flat in
    fitzroy = zero parking" (not "the flat in Paris was lovely", nor "a new flat", nor
    one in a message to its owner)."""
    dets = {c.lower_ for c in noun.children if c.dep_ == "det"}
    new = any(c.dep_ == "amod" and c.lower_ == "new" for c in noun.children)
    if not ("this" in dets or new and dets <= {"the"}):
        return False
    clause = kinds.clause_of(noun)
    present = clause.tag_ in ("VBZ", "VBP") or clause.pos_ not in ("VERB", "AUX")
    if not present or any(t.lower_ in lx.YOU for t in noun.sent):
        return False  # "your kids are so big, and the new flat looks amazing"
    return not filters.blocked(clause) and not trips.is_trip(clause)


def _commuted_from(noun: Token, speaker: str) -> Stated:
    """ "my commute from Woking to Waterloo takes an hour": the commute starts at home
    ("my old commute from Slough" left it; a commute to come states nothing)."""
    place = place_from(noun, ("from",))
    if place is None or not presupposed(noun) or filters.names_future_day(noun.sent):
        return []
    old = any(c.dep_ == "amod" and c.lower_ in lx.FORMER for c in noun.children)
    return [(speaker, "lives in", place, "end" if old else "assert")]
