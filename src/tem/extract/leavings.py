"""What the speaker left, said by an idiom of leaving that names it: "threw in the towel
on Cathay", "closed the book on Lagos", "cut the cord with Brooklyn", "pulled the plug on
my MBA at Wharton", "called time on Sunday league", "flew the nest from Prague and landed
in Dublin", "Karachi is in my rear-view mirror now", "hung up my auditor hat".

The idiom is its verb and the word that makes it one (:data:`IDIOMS`); the thing left
is the object of the preposition it takes ("on", "with", "from"), or the subject of a
clause that puts it in the rear-view mirror. What it was to the speaker is judged by its
kind as a farewell's is (:func:`tem.extract.goodbyes.ended_as`): a drink, a place the
list of places knows, or a named organisation (a school or an employer). Where the nest
was flown, the place landed in is the new home. A clause the speaker is not the subject
of, or that is negated, supposed, asked or ahead, leaves nothing.
"""

from __future__ import annotations

from typing import Any

from tem.extract import filters
from tem.extract.facts import Candidate
from tem.extract.goodbyes import ended_as
from tem.extract.kinds import STUDY_CUES, WORK_CUES, word_forms
from tem.extract.lexicon import OCCUPATIONS
from tem.extract.places import known_place
from tem.extract.subjects import SELF
from tem.extract.values import place_text, pobjects

Token = Any

IDIOMS = {
    "throw": ("towel", ("on",)),
    "close": ("book", ("on",)),
    "cut": ("cord", ("with", "from")),
    "pull": ("plug", ("on",)),
    "call": ("time", ("on",)),
    "fly": ("nest coop", ("from", "in")),
}
"""An idiom of leaving by its verb: the word that makes it one, and the prepositions
after which the thing left is named."""
TYPED = ("towel", "book on", "cord", "plug", "time on", "nest", "coop", "rear", "hung up")
"""What a sentence with such an idiom contains, as typed."""
PAST = {"flew": "fly", "flown": "fly", "threw": "throw", "thrown": "throw", "hung": "hang"}
"""Past forms the lemmatizer keeps as they are when capitalised ("Flew the nest")."""
MIRRORS = frozenset({"rear-view", "rearview", "rear"})


def left_by_idiom(sentence: Any, speaker: str) -> list[Candidate]:
    """The ended holdings an idiom of leaving in ``sentence`` names (see above)."""
    typed = sentence.text.casefold()
    if not any(word in typed for word in TYPED):
        return []  # most sentences hold no such idiom: no parse is walked for them
    found: list[Candidate] = []
    for token in sentence:
        if token.lower_ in MIRRORS:
            found += _in_the_mirror(token, sentence, speaker)
            continue
        lemma = token.lemma_.casefold()
        lemma = PAST.get(lemma, lemma)
        if lemma == "hang" and _the_speakers(token):
            found += _hung_up(token, speaker)
        idiom = IDIOMS.get(lemma)
        if idiom is None or token.pos_ != "VERB" or not _the_speakers(token):
            continue
        marks, preps = idiom
        if not any(t.lower_ in marks.split() for t in token.subtree if t.i > token.i):
            continue
        things = pobjects(token, ("prep",), preps)
        for mark in (t for t in token.children if t.lower_ in marks.split()):
            things += pobjects(mark, ("prep",), preps)  # "the towel on Cathay"
        for thing in things:
            said = _said(thing)
            nest = lemma == "fly" and thing.pos_ == "PROPN"  # a nest is a home, any name
            home = nest or known_place(said.text) and not _studied_or_worked(sentence)
            ended = _left(said, sentence, speaker, token.i, home=home)
            if ended is not None and (home or ended not in found):
                found.append(ended)
        if lemma in ("fly", "cut") and things:
            found += _landed(token, speaker)  # "... and landed in Dublin"
    return found


def _studied_or_worked(sentence: Any) -> bool:
    """True for a sentence with words of study or work: "cut the cord with Columbia after
    sophomore year" left a school, not a town of that name."""
    return bool(word_forms(sentence) & (STUDY_CUES | WORK_CUES))


def _the_speakers(verb: Token) -> bool:
    """True for a clause of the speaker's, or of no subject said ("Flew the nest ..."),
    that states what happened."""
    subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    if any(s.lower_ not in SELF for s in subjects):
        return False
    return not filters.blocked(verb)


def _said(thing: Token) -> Any:
    """The words of the thing named, without "my", "the" and what precedes them."""
    words = [t for t in thing.subtree if t.i <= thing.i and t.dep_ not in ("det", "poss")]
    start = min((t.i for t in words), default=thing.i)
    return thing.doc[start : thing.i + 1]


def _hung_up(verb: Token, speaker: str) -> list[Candidate]:
    """ "Hung up my auditor hat", "hung up my chef's whites": the gear of a trade hung up
    ends the trade's title (the occupation named on it)."""
    if not any(c.dep_ == "prt" and c.lower_ == "up" for c in verb.children):
        return []
    found = []
    for gear in (c for c in verb.children if c.dep_ == "dobj"):
        named = [c for c in gear.children if c.dep_ in ("compound", "poss") and c.pos_ == "NOUN"]
        for trade in named:
            if trade.lemma_.casefold() in OCCUPATIONS:
                found.append(Candidate(speaker, "job title", trade.lemma_, "end", verb.i))
    return found


def _landed(verb: Token, speaker: str) -> list[Candidate]:
    """ "... and landed in Dublin": the place landed in after flying the nest or cutting
    the cord."""
    found = []
    for other in verb.conjuncts:
        if other.lemma_ != "land" or filters.blocked(other):
            continue
        for place in pobjects(other, ("prep",), ("in",)):
            value = place_text(place)
            if value and known_place(value):
                found.append(Candidate(speaker, "lives in", value, "assert", other.i))
    return found


def _in_the_mirror(word: Token, sentence: Any, speaker: str) -> list[Candidate]:
    """ "Karachi is in my rear-view mirror now": the subject of the clause left."""
    mirror = next((a for a in list(word.ancestors)[:2] if a.lower_ == "mirror"), None)
    if mirror is None or mirror.dep_ != "pobj" or mirror.head.lower_ != "in":
        return []
    owner = [c for c in mirror.children if c.dep_ == "poss"]
    if owner and owner[0].lower_ not in ("my", "our"):
        return []
    verb = mirror.head.head
    if verb.lemma_ != "be" or filters.blocked(verb):
        return []
    subjects = [c for c in verb.children if c.dep_ == "nsubj"]
    if not subjects:
        return []
    said = _said(subjects[0])  # "Karachi is in my rear-view mirror": a home, whatever the tagger
    ended = _left(said, sentence, speaker, verb.i, home=known_place(said.text))
    return [] if ended is None else [ended]


def _left(said: Any, sentence: Any, speaker: str, anchor: int, *, home: bool) -> Candidate | None:
    """What ``said`` was to the speaker, ended: a home where ``home``, else as a
    farewell's thing is judged (:func:`tem.extract.goodbyes.ended_as`)."""
    if home:
        return Candidate(speaker, "lives in", said.text, "end", anchor)
    return ended_as(said, sentence, speaker, anchor)
