"""Pastimes told by the club, team or league the speaker belongs to: "I've been in the
Tel Aviv quiz league for years", "I captain the campus quiz club", "I play for the
Headingley chess club", "the local chess club has already roped me in", "the bowls club
keeps me busy", "my Wednesday sketch club"; and ended by leaving it ("I quit the
running club").

A group noun (:data:`GROUPS`) names a pastime by the word before it when that word is one
the writers named a pastime by (:func:`tem.extract.learned.known_head`): "quiz", "chess",
"running"; not "staff", "lunchtime" nor a place's name. The group is the speaker's when
they are in it, play or row for or with it (:data:`DOING`), join, captain or run it, are
its member or captain, or it has, keeps or ropes them in; "my book club" alone says
nothing of taking part ("zero time for my dance crew"). Its value is
the pastime as :func:`tem.extract.tidy.tidy` names it ("chess": playing chess). A clause
that is negated, supposed, asked or ahead, or of someone else, gives nothing; nor does a
group one works at or coaches (a teacher's school chess team).
"""

from __future__ import annotations

from typing import Any

from tem.extract import filters
from tem.extract.facts import Candidate, Kind
from tem.extract.forms import gerund
from tem.extract.kinds import clause_of
from tem.extract.subjects import SELF
from tem.extract.tidy import KEPT_GATHERINGS

Token = Any

GROUPS = frozenset({"club", "team", "league", "society", "crew", "squad"})
"""Nouns of a group that a pastime is done in."""
TYPED = ("club", "team", "league", "societ", "crew", "squad")
"""What a sentence that names such a group contains, as typed."""
BELONGING = frozenset({"in", "for", "with", "into"})
"""Prepositions by which one is in a group: "in the quiz league", "row for the club"."""
TAKING_PART = frozenset({"join", "captain", "run", "lead", "represent", "make", "found"})
"""Verbs by which the speaker takes part in a group named as their object."""
LEAVING = frozenset({"quit", "leave", "drop"})
"""Verbs by which the speaker leaves a group named as their object: the pastime ended."""
HOLDING = frozenset({"have", "keep", "rope", "draft", "want", "get", "drag"})
"""Verbs by which a group holds the speaker: "the club has me every Wednesday"."""
DOING = frozenset(
    "play compete race row sing dance swim run train ride cycle bowl box spend skate rope draft"
    " sign".split()
)
"""Verbs of doing a pastime in, for or with a group ("play for the chess club"), or of
being taken into one ("roped into the tennis league")."""
DONE_ITSELF = frozenset("row sing dance swim run ride cycle box skate".split())
"""Verbs that name the pastime done in a group themselves: "row for the boat club" (not
"bowl", which is cricket's as often: "bowling leg-spin for the Bradford club")."""
MEMBERS = frozenset({"member", "captain", "president", "part", "secretary", "treasurer"})
"""Nouns of one in a group: "a member of the bridge club"."""
NOT_PASTIMES = frozenset({"work", "staff", "office", "company", "sales", "project", "dev", *GROUPS})
"""Words before a group noun that name a group at work."""


def club_pastimes(sentence: Any, speaker: str) -> list[Candidate]:
    """The pastimes of the groups in ``sentence`` that are the speaker's (see above)."""
    typed = sentence.text.casefold()
    if not any(word in typed for word in TYPED):
        return []  # most sentences name no group: no parse is walked for them
    found = []
    for noun in sentence:
        if noun.lemma_.casefold() not in GROUPS or noun.pos_ != "NOUN":
            continue
        pastime = _pastime(noun)
        kind = _belongs(noun)
        if kind is not None and filters.ended_by_no_longer(clause_of(noun)):
            kind = "end"  # "I'm not in the chess club anymore"
        if kind is not None and noun.dep_ == "pobj" and noun.head.head.lemma_ in DONE_ITSELF:
            pastime = gerund(noun.head.head.lemma_)  # "I row for the college boat club": rowing
        if pastime is not None and kind is not None:
            found.append(Candidate(speaker, "hobby", pastime, kind, noun.i))
    return found


def _pastime(noun: Token) -> str | None:
    """The word before ``noun`` that names a pastime ("quiz league"), else None."""
    from tem.extract.learned import known_head

    before = [c for c in noun.lefts if c.dep_ in ("compound", "amod", "nmod")]
    if not before or before[-1].i != noun.i - 1:
        return None
    word = before[-1]
    if not word.is_lower or word.lower_ in NOT_PASTIMES or not word.is_alpha:
        return None  # a name ("the Headingley club") or a group at work
    if f"{word.lower_} {noun.lemma_}" in KEPT_GATHERINGS:
        return f"{word.lower_} {noun.lemma_}"  # "my book club": the pastime's own name
    return word.lower_ if known_head("hobby", word.lower_) else None


def _belongs(noun: Token) -> Kind | None:
    """ "assert" when the speaker is in ``noun``'s group, "end" when they left it, else
    None (see the module's words)."""
    if noun.dep_ == "pobj" and noun.head.lower_ in (*BELONGING, "at"):
        verb = noun.head.head
        spent = noun.head.lower_ != "at" or verb.lemma_ == "spend"  # "every Sunday at the club"
        doing = verb.lemma_.casefold() in DOING or verb.lemma_ == "be" and noun.head.lower_ == "in"
        if verb.pos_ in ("VERB", "AUX") and spent and doing and _speakers(verb):
            return "assert"
    if noun.dep_ == "pobj" and noun.head.lower_ == "of" and noun.head.head.lemma_ in MEMBERS:
        verb = clause_of(noun.head.head)
        if verb.lemma_ == "be" and _speakers(verb):
            return "assert"
    if noun.dep_ == "dobj" and _speakers(noun.head):
        lemma = noun.head.lemma_.casefold()
        return "assert" if lemma in TAKING_PART else "end" if lemma in LEAVING else None
    if noun.dep_ == "nsubj" and noun.head.lemma_ in HOLDING and not _not_said(noun.head):
        held = [c for c in noun.head.subtree if c.lower_ in ("me", "us")]
        return "assert" if held else None
    return None


def _speakers(verb: Token) -> bool:
    """True for a clause of the speaker's that states what holds."""
    subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    if not subjects and verb.dep_ in ("conj", "xcomp"):  # "... and play for the club"
        subjects = [c for c in verb.head.children if c.dep_ == "nsubj"]
    if not subjects or any(s.lower_ not in SELF for s in subjects):
        return False
    return not _not_said(verb)


def _not_said(verb: Token) -> bool:
    """True for a clause negated, supposed, asked or ahead, or of work ("I work at the
    golf club", "I coach the school chess team")."""
    return filters.blocked(verb) or verb.lemma_ in ("work", "coach", "teach", "manage")
