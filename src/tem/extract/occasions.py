"""A couple's own occasion: what "our wedding anniversary" says of the speaker.

"Kwame and I just celebrated our sixth wedding anniversary" states that the speaker is
married, to Kwame; "my wedding to Álvaro next month" that they are engaged to Álvaro;
"since our wedding" married; "our anniversary" a couple, married or not; "our
engagement" engaged. The occasion must be the speaker's own ("our", "my", "this
marriage"), not another's ("my sister's wedding", "our friends' anniversary") nor one
of work ("our tenth work anniversary"). The partner is the one named beside the speaker
("Kwame and I", "me n jamal") or after the occasion ("my wedding to Álvaro", "the
honeymoon with Dana"); without a name only the status is read. A wedding still ahead
("next month", "planning our wedding", "the flower boy at our wedding") says engaged;
one behind ("last Saturday", "since our wedding") married. A question, a negation or
a hypothetical says nothing ("if we ever have a wedding"), nor an occasion ended ("our
engagement was called off"); a partner word or a proposal says the status better than
"our anniversary" ("my husband Iker and I celebrated our first anniversary").
"""

from __future__ import annotations

from typing import Any

from tem.extract import filters, questions
from tem.extract.endings import END_VERBS
from tem.extract.facts import Candidate, Kind
from tem.extract.forms import capitalized
from tem.extract.kinds import clause_of, heading_before
from tem.extract.nlp import english_word
from tem.extract.partners import couple_name, own_partner_word
from tem.extract.places import known_place
from tem.extract.subjects import SELF, subject_token

Token = Any

MARRIED = frozenset({"honeymoon", "marriage"})
"""Occasions a married couple has."""
AHEAD = frozenset(
    "next upcoming planning plan plans organising organizing organize organise prep "
    "prepping countdown booked book invite invites invitation invitations will 'll "
    "gonna going soon".split()
)
"""Words that put a wedding ahead: "planning our wedding", "our wedding next June"."""
BEHIND = frozenset({"since", "after", "last", "ago", "anniversary", "photos", "pics"})
"""Words that put a wedding behind: "since our wedding", "our wedding last Saturday"."""
OCCASIONS = MARRIED | {"anniversary", "wedding", "engagement"}
WEDDED = frozenset({"marry", "married", "propose", "proposed", "wed", "engaged"})
"""Words that say the couple's status better than "our anniversary"."""
CALLED_OFF = frozenset(
    {"end", "cancel", "annul", "dissolve", "finish", "collapse", "crumble", "fail", "cost"}
)
"""Verbs that end an occasion: "our engagement ended", "the wedding was cancelled", "my
marriage failed", "it cost me my marriage"."""
PARTICLES_OFF = {"call": "off", "break": "off up down", "fall": "apart through"}
"""Verbs that end an occasion with their particle: "called off", "fell apart"."""


def _called_off(noun: Token) -> bool:
    """ "Our engagement was called off", "my marriage ended", "my marriage fell apart",
    "Things that ended this year: my engagement to Klara" (an ending heading)."""
    verb = clause_of(noun)
    particles = {c.lower_ for c in verb.children if c.dep_ in ("prt", "advmod")}
    off = bool(particles & set(PARTICLES_OFF.get(verb.lemma_, "").split()))
    heading = heading_before(noun.sent)
    ended = heading is not None and any(t.lemma_ in END_VERBS for t in heading)
    return verb.lemma_ in CALLED_OFF or off or ended


def occasion_candidates(sentence: Any, speaker: str) -> list[Candidate]:
    """The status and the partner the speaker's own couple occasion in ``sentence`` says."""
    if questions.is_question(sentence):
        return []
    for noun in sentence:
        if noun.lemma_.casefold() not in OCCASIONS or noun.pos_ != "NOUN" or not _ours(noun):
            continue
        verb = clause_of(noun)
        if filters.is_negated(verb) or filters.is_hypothetical(verb) or _supposed(sentence):
            continue
        status = _status(noun)
        name = _named_after(noun) or _paired(sentence)
        kind: Kind = "assert"
        if _called_off(noun):  # "Our engagement was called off", "my marriage fell apart"
            if noun.lemma_.casefold() not in ("marriage", "engagement"):
                return []  # "the wedding was cancelled": a day, not the couple, is off
            kind = "end"
        found = (
            []
            if status is None
            else [Candidate(speaker, "relationship status", status, kind, noun.i)]
        )
        if name is not None:
            found.append(Candidate(speaker, "partner", name, kind, noun.i))
        return found
    return []


def _supposed(sentence: Any) -> bool:
    """ "If Ana and I ever get married, our wedding will be tiny": a condition anywhere."""
    return any(t.lower_ in ("if", "would", "'d", "might", "could") for t in sentence)


def _ours(noun: Token) -> bool:
    """ "our wedding", "my wedding to Álvaro", "this marriage"; not "my sister's wedding",
    "our work anniversary", nor "my wedding speech" (the occasion only a compound; "our
    wedding anniversary" is read at "anniversary"); "the honeymoon" only of a couple named
    with the speaker ("Anjali and I are stretching the honeymoon")."""
    if noun.dep_ == "compound":
        return False
    if any(c.dep_ == "compound" and c.lower_ != "wedding" for c in noun.children):
        return False
    poss = [c.lower_ for c in noun.children if c.dep_ == "poss"]
    this = noun.lemma_ == "marriage" and any(c.lower_ == "this" for c in noun.children)
    the = noun.lemma_ == "honeymoon" and any(c.lower_ == "the" for c in noun.children)
    ours = poss in (["our"], ["my"]) or this or the and _paired(noun.sent) is not None
    return ours or _ended_by_us(noun)


def _ended_by_us(noun: Token) -> bool:
    """ "Carla and I called off the engagement": the couple's own, ended by the speaker."""
    if noun.lemma_ not in ("engagement", "marriage") or noun.dep_ != "dobj":
        return False
    subject = subject_token(noun.head)
    couple = [] if subject is None else [subject, *subject.conjuncts]
    return _called_off(noun) and any(t.lower_ in SELF for t in couple)


def _status(noun: Token) -> str | None:
    lemma = noun.lemma_.casefold()
    if lemma in MARRIED:
        return "married"
    if lemma == "engagement":
        return "engaged"
    if lemma == "anniversary":
        if any(c.lower_ == "wedding" for c in noun.children):
            return "married"
        said = own_partner_word(noun.sent) is not None or any(
            t.lemma_ in WEDDED or t.lower_ in WEDDED for t in noun.sent
        )  # "my husband Iker and I ... our first anniversary": the word says more
        return None if said else "in a relationship"
    return _wedding_status(noun)


def _wedding_status(noun: Token) -> str | None:
    """Engaged for a wedding ahead, married for one behind, None when nothing says."""
    verb = clause_of(noun)
    near = {t.lower_ for t in verb.subtree} | {noun.head.lower_}
    if near & AHEAD or filters.is_future(verb):
        return "engaged"
    if near & BEHIND or verb.tag_ in ("VBD", "VBN"):
        return "married"
    return "engaged" if verb.tag_ in ("VBZ", "VBP") and verb.lemma_ == "be" else None


def _named_after(noun: Token) -> str | None:
    """ "my wedding to Álvaro", "our honeymoon with Dana": the one wed (also where the
    parser hung the "to" on the verb)."""
    doc = noun.doc
    after = doc[noun.i + 1] if noun.i + 1 < len(doc) else None
    preps = [c for c in noun.children if c.dep_ == "prep"] + ([after] if after is not None else [])
    for prep in preps:
        if prep.lower_ in ("to", "with"):
            for person in prep.children:
                if person.dep_ == "pobj" and (name := couple_name(person)):
                    return name
    return None


def _paired(sentence: Any) -> str | None:
    """The one named beside the speaker: "Kwame and I", "me n jamal", read off the words
    (the parser often takes "Raj and I" for an interjection); not "me and my wife" (the
    partner word says that), "Mum and I" (a word of English) or a place."""
    words = list(sentence)
    for first, joint, last in zip(words, words[1:], words[2:], strict=False):
        if joint.lower_ not in ("and", "n", "&"):
            continue
        if last.lower_ in ("i", "me") and first.lower_ not in SELF:
            other = first
        elif first.lower_ in ("i", "me") and last.lower_ not in SELF:
            other = last
        else:
            continue
        plain = other.is_alpha and not english_word(other.lower_)
        if plain and other.ent_type_ in ("", "PERSON") and not known_place(other.text):
            return capitalized(other.text)
    return None
