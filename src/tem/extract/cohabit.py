"""A couple told by a home shared: "moved in with Luca last month", "Wren and I moved in
together in Leeds", "moved to Melbourne to be with Chloe", "moved down to Cardiff to
live with Bethan", "Aya and I live together at last".

Moving in with someone named, or moving somewhere to be or to live with them, says the
speaker is in a couple with them: the one named is the partner, and the status is a
relationship's (unless the sentence already says one, "my wife Sara" married). The
person is named ("Luca", chat's lowercase "sofia"), never family or a flatmate ("moved
in with my sister", "live with two flatmates"); someone else moving in with someone
("my granddaughter's moved in with a lad called Josh"), a plan, a wish, a denial or a
question ("I never said I was moving in with Bia") say nothing.
"""

from __future__ import annotations

from typing import Any

from tem.extract import about, filters
from tem.extract.facts import Candidate
from tem.extract.kinhomes import FAMILY
from tem.extract.lexicon import KIN_NOUNS
from tem.extract.partners import couple_name, own_partner_word, partner_word, status_said
from tem.extract.places import known_place

Token = Any

SHARED = frozenset({"be", "live", "stay", "settle"})
"""Verbs of being with someone a move is made for: "to be with Chloe", "to live with
Bethan"."""
MOVES = frozenset({"move", "relocate", "emigrate", "leave", "land", "come", "go", "swap"})
"""Verbs of a move made to be with someone: "moved to Taipei to be with Mei-Ling", "left
Delhi after 28 years to be with Preet"."""
WITH = frozenset({"with", "w", "w/"})
"""How "with" is typed: chat's "w" or "w/" before a capitalised name ("moved in w Priya",
"w/ Priya"), which :func:`tem.extract.triggers.spoken` leaves as typed (a lowercase word
after it reaches the parser as "with": "moved in w sofia")."""
OTHERS = frozenset(
    """
    flatmate flatmates roommate roommates housemate housemates friend friends mate mates
    lodger lodgers family kids children host hosts landlord landlady
    """.split()
)
"""People a home is shared with who are no partner."""
ENDEARMENTS = frozenset("babe bae hun honey love darling sweetheart boo".split())
"""What a partner is called that is no name: "babe and i just moved in together"."""


def moved_in(sentence: Any, candidates: list[Candidate], speaker: str) -> list[Candidate]:
    """``candidates`` with the partner and status a home shared says (above), unless a
    partner or status of the speaker's is read here already."""
    mine = [c for c in candidates if c.subject == speaker]
    have_partner = any(c.relation == "partner" for c in mine)
    have_status = any(c.relation == "relationship status" for c in mine)
    if have_partner and have_status:
        return candidates
    for verb in sentence:
        named = _shared_with(verb, speaker)
        if named is None:
            continue
        found = [c for c in candidates if not _misread(c, named, speaker)]
        if not have_status:
            word = own_partner_word(sentence)
            status = (status_said(word) if word is not None else "") or "in a relationship"
            found.append(Candidate(speaker, "relationship status", status, "assert", verb.i))
        if named and not have_partner:
            found.append(Candidate(speaker, "partner", named, "assert", verb.i))
        return found
    return candidates


def _misread(candidate: Candidate, named: str, speaker: str) -> bool:
    """A value of the speaker's that is the partner's name misread as a place or a firm
    ("moved to Melbourne to be with Chloe": no employer Chloe)."""
    misread = candidate.relation in ("works at", "studies at", "lives in", "hobby")
    return misread and candidate.subject == speaker and (candidate.value or "") == named


def _shared_with(verb: Token, speaker: str) -> str | None:
    """The name of the one ``verb`` tells the speaker shares a home with, "" for a couple
    told with no name ("we moved in together"), None for no such verb."""
    if verb.lemma_ not in MOVES and verb.lemma_ != "live" or filters.blocked(verb):
        return None  # the lemma first: most verbs are no move, and a guard costs
    moved_in = verb.lemma_ == "move" and any(map(_moving_in, verb.children))
    together = any(c.lower_ == "together" for c in verb.children)
    if verb.lemma_ in MOVES and not moved_in:
        return _moved_for(verb, speaker)
    if not (moved_in or verb.lemma_ == "live" and together):
        return None
    people = _people(verb)
    if together:
        return _couple(people)
    if about.about_speaker(verb, speaker):
        return _with_whom(verb)
    named = [p for p in people if _name(p)]  # "Deniz, my girlfriend, moved in with me"
    if named and any(o.lower_ == "me" for o in _objects_with(verb)):
        return _name(named[0])
    return None


def _moving_in(word: Token) -> bool:
    """The "in" of moving in ("moved in with Luca", "moved in together"; chat's "moved
    in w Priya", read as "in" a "w Priya"), not "in" a place ("now in Borth")."""
    if word.lower_ != "in":
        return False
    if word.dep_ in ("prt", "advmod"):
        return True
    objects = [o for o in word.children if o.dep_ == "pobj"]
    return any(c.lower_ in WITH for o in objects for c in o.children)


def _couple(people: list[Token]) -> str | None:
    """The one named beside the speaker in "Wren and I moved in together" ("" for "we
    moved in together"), None when the speaker is not among them."""
    if not any(p.lower_ in ("i", "me", "we") for p in people) or any(map(_others, people)):
        return None  # "me and my mates moved in together"
    names = [n for p in people if (n := _name(p))]
    if names:
        return names[0]
    return "" if len(people) > 1 or people[0].lower_ == "we" else None


def _moved_for(verb: Token, speaker: str) -> str | None:
    """A move told with whom it was made to be: "moved to Melbourne to be with Chloe"."""
    for purpose in verb.subtree:  # the parser may hang it on a word of the move: "left
        # Lagos after ten years to live with Tunde" (a relative clause of "years")
        if purpose.lemma_ not in SHARED:
            continue
        infinitive = any(c.dep_ == "aux" and c.lower_ == "to" for c in purpose.children)
        own_subject = any(c.dep_.startswith("nsubj") for c in purpose.children)
        if not infinitive or own_subject or filters.is_negated(purpose):
            continue
        name = _with_whom(purpose)
        if name and about.about_speaker(verb, speaker):
            return name
    return None


def _people(verb: Token) -> list[Token]:
    """The subject of ``verb`` and those joined to it ("Wren and I"), also as the parser
    may leave them: "babe and i just moved in" (the verb joined to "babe"), "yes, Aya
    and I live together" (the name hung elsewhere)."""
    subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    people = [p for s in subjects for p in (s, *s.conjuncts)]
    head = verb.head
    if verb.dep_ == "conj" and head.i < verb.i and head.pos_ in ("PROPN", "NOUN"):
        people.append(head)  # "babe and i just moved in together"
    doc = verb.doc
    for person in list(people):
        before = doc[max(person.i - 2, 0) : person.i]
        joined = len(before) == 2 and before[1].lower_ in ("and", "n", "&")
        if person.lower_ == "i" and joined and before[0].pos_ == "PROPN":
            people.append(before[0])  # "Aya and I", the parser hanging "Aya" elsewhere
    return people


def _objects_with(verb: Token) -> list[Token]:
    """Who ``verb`` is done with: "moved in with Luca", chat's "moved in w Priya" (read
    as "in" a "w Priya")."""
    found = []
    for prep in verb.children:
        for person in (o for o in prep.children if o.dep_ == "pobj"):
            typed_w = any(c.lower_ in WITH and c.i < person.i for c in person.children)
            if prep.lower_ in WITH or prep.lower_ == "in" and typed_w:
                found.append(person)
    return found


def _with_whom(verb: Token) -> str | None:
    """The name after ``verb``'s "with", if it names a person who is no kin nor flatmate."""
    for person in _objects_with(verb):
        if name := _name(person):
            return name
    return None


def _others(person: Token) -> bool:
    """Family, friends or flatmates: "my sister", "two flatmates", "my mates"."""
    words = {t.lower_ for t in person.subtree} | {person.lemma_}
    return bool(words & (KIN_NOUNS | FAMILY | OTHERS))


def _name(person: Token) -> str | None:
    """A person's name ("Luca", "sofia", "my gf Clara"), not family, a friend or a pronoun."""
    if _others(person) or partner_word(person) or person.lower_ in ENDEARMENTS:
        return None  # "my sister", "babe and i"
    if any(c.dep_ == "det" for c in person.children):
        return None  # "moved in with the Murphys": a family, by its name
    if person.ent_type_ == "DATE" or known_place(person.text):
        return None
    return couple_name(person)
