"""What the speaker's home life says through a noun without "my": the home pointed at
("this flat in Fitzroy is all mine now"), the animal beside the speaker ("just me and
the dog tonight") or of the house ("the collie's still sulking about it", "I walk the
beagle before work"), and the daily trip from home ("my commute from Woking").

Each reads one noun of a sentence, as :func:`tem.extract.copula.possessive_facts` does
for "my dog Max" or "my flat in Leeds", and gives the facts it states about the speaker.
"""

from __future__ import annotations

from typing import Any

from tem.extract import filters, kinds, trips
from tem.extract import lexicon as lx
from tem.extract.facts import Kind
from tem.extract.pets import disowned
from tem.extract.places import known_place
from tem.extract.presupposed import presupposed
from tem.extract.questions import is_question, question_start
from tem.extract.subjects import FIRST_POSSESSIVE, first_possessed, said_by
from tem.extract.values import place_from

Token = Any
Stated = list[tuple[str, str, str | None, Kind]]


def household_facts(noun: Token, speaker: str) -> Stated:
    """The facts ``noun`` states of the speaker's household, or none."""
    lemma = noun.lemma_.casefold()
    owner = next((c for c in noun.children if c.dep_ == "poss"), None)
    if owner is None and lemma in lx.ANIMALS and (_beside_speaker(noun) or _of_the_house(noun)):
        return [(speaker, "has pet", lemma, "assert")]
    if owner is None and lemma in lx.HOME_NOUNS and _home_at_hand(noun):
        place = place_from(noun, ("in",))
        return [] if place is None else [(speaker, "lives in", place, "assert")]
    if lemma == "commute" and owner is not None and owner.lower_ in FIRST_POSSESSIVE:
        return _commuted_from(noun, speaker)
    if owner is not None and _place_is_home(noun, owner):
        return [(speaker, "lives in", owner.text, "assert")]
    return []


def _place_is_home(noun: Token, owner: Token) -> bool:
    """ "Sevilla's home now": a place's "'s" that is chat's "is", read by the parser as
    its owning the home; only with no verb, a place every list knows, and nothing about
    the home but "now" ("Lagos's home market", "Leeds's homes are cheap" are not)."""
    if noun.lower_ != "home" or noun.dep_ != "ROOT" or not known_place(owner.text):
        return False
    said = any(c.dep_ == "case" and c.lower_ in ("'s", "’s") for c in owner.children)
    others = [c for c in noun.children if c.i != owner.i and not c.is_punct]
    return said and all(c.lower_ in ("now", "again") for c in others)


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


ELSEWHERE = frozenset(
    """
    shelter shelters zoo clinic kennel kennels pound ward rescue client clients customer
    customers neighbour neighbours neighbor neighbors owner owners sitting sitter minding
    boarding daycare farm photo photos pic pics picture video stories
    """.split()
)
"""Words of a message that put its animals with others than the speaker: "I don't work
at the shelter, I just walk the dogs", "overnight pet sitting ... the cats r better
company", "the dog in my pics"."""
EATEN = frozenset("fish chicken lamb duck turkey goat crab lobster prawn shrimp".split())
"""Animals a sentence may speak of as food: "close to the harbour so the fish is cheap"."""
TENDED = frozenset("walk feed brush groom take keep name bathe cuddle".split())
"""What a speaker does with the animal of their house: "walk the beagle", "feed the cats"."""


def _of_the_house(noun: Token) -> bool:
    """The animal a first-person message speaks of as the one at home, with "the" and no
    owner: what it does ("the collie's still sulking about it", "the cat ignores all
    three") or what the speaker does with it ("I still walk the dog round the rec"); not
    one with words of its own (:func:`elsewhere`), one in a message of others' animals
    (:func:`_others_message`), one someone else owns ("the dog isn't mine")."""
    dets = [c for c in noun.children if c.dep_ in ("det", "poss")]
    if [d.lower_ for d in dets] != ["the"] or noun.dep_ == "compound":
        return False
    if any(c.dep_ not in ("det", "amod", "punct") for c in noun.children) or elsewhere(noun):
        return False
    verb = noun.head
    felt = verb.lemma_ == "be" and any(c.dep_ == "acomp" and c.pos_ == "ADJ" for c in verb.children)
    felt = felt and noun.lemma_ not in EATEN  # "the fish is cheap" at the harbour
    acting = noun.dep_ == "nsubj" and (felt or verb.lemma_ not in ("be", "belong"))
    tended = noun.dep_ == "dobj" and verb.lemma_ in TENDED and said_by(verb)
    if not (acting or tended) or _unreal(verb, tended) or disowned(noun):
        return False
    said_again = noun.doc[noun.i + 1 : noun.i + 3]  # "keeping the dog, a greyhound called Bolt"
    if [t.lower_ for t in said_again][:1] == [","] and said_again[-1].lower_ in ("a", "an"):
        return False
    return not _others_message(noun)


def _others_message(noun: Token) -> bool:
    """A message whose animals are not the speaker's to have: one with no "I", of a trip
    ("I fed the goats" at a cousin's farm, "three days in Reykjavik and the hot dogs are
    unreal"), of others' animals ("I walk the dogs at the shelter", "pet sitting"), or
    with another's animal ("merging my ragdoll with Josh's labrador")."""
    doc = noun.doc
    if not any(t.lower_ in ("i", "me", "my", "we", "our", "i'm", "im") for t in doc):
        return True
    if kinds.eaten_as_named(noun):
        return True
    if any(t.lower_ in ELSEWHERE or trips.told_on_trip(t) for t in doc):
        return True
    if any(trips.is_trip(t) for t in doc if t.pos_ in ("VERB", "AUX")):
        return True
    return any(
        t.lemma_.casefold() in lx.ANIMALS
        and any(c.dep_ == "poss" for c in t.children)
        and not first_possessed(t)
        for t in doc
    )


def elsewhere(noun: Token) -> bool:
    """An animal with "the" that its own words put with others than the speaker: a place
    ("the spaniels down the road", "the cat from next door", "the pug at work"), someone
    else keeping it ("the basement cat they keep") or a word of whose it is ("the shelter
    greyhounds", "the office cat", "the stray dogs"); not "the cat on my lap", "the cats
    at home", "the dog we rescued" ("the beagle in my photos" is put elsewhere)."""
    dets = [c.lower_ for c in noun.children if c.dep_ in ("det", "poss")]
    if dets != ["the"] or first_possessed(noun):
        return False  # "a tabby called Tripod", "my own cat": the sentence says whose
    for child in noun.children:
        if child.dep_ in ("compound", "amod", "nmod") and child.lower_ in WHOSE:
            return True
        put = child.dep_ == "advmod" and child.lower_ in AWAY
        if put or child.dep_ == "prep" and _placed(child):
            return True
        if child.dep_ == "relcl" and not said_by(child, frozenset({"i", "we"})):
            return any(c.dep_.startswith("nsubj") for c in child.children if c.pos_ == "PRON")
    return False


def _placed(prep: Token) -> bool:
    """A preposition that puts an animal somewhere not the speaker's ("from next door",
    "at work", "on campus"; not "at home", "on my lap")."""
    places = [o for o in prep.children if o.dep_ == "pobj"]
    return not any(
        o.lemma_ in HOME_SPOTS
        or o.lemma_ in lx.HOME_NOUNS
        or o.ent_type_ in ("GPE", "LOC")
        or o.pos_ == "PROPN"
        for o in places
    )


HOME_SPOTS = frozenset("home lap sofa couch bed stair porch garden windowsill kitchen".split())
"""Where an animal of the house is found: "the cat on my lap", "the fluffy cat on the
stairs" ("the rabbit in a tiny flat in Montréal" is at home too)."""
AWAY = frozenset("down up upstairs downstairs there next over across outside around nearby".split())
"""Words after an animal that put it elsewhere: "the spaniels down the road"."""


WHOSE = frozenset(
    """
    stray street office class school family neighbours neighbour feral shelter basement
    campus ward clinic zoo farm resident wild
    """.split()
)
"""Words before an animal that give it to a place or to others: "the stray dogs"."""


def _unreal(verb: Token, tended: bool) -> bool:
    """A clause that states nothing of the house: asked, imagined, ahead, or (for what the
    speaker does with the animal) denied; what the animal does not do still says it is
    there ("the dachshund doesn't care either way")."""
    if tended or not filters.is_negated(verb):
        return filters.blocked(verb)
    ahead = filters.is_future(verb) or filters.is_hypothetical(verb)
    return ahead or is_question(verb.sent) and verb.i >= question_start(verb.sent)


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
