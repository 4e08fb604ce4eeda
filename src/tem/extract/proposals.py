"""A proposal accepted: the speaker is engaged, and to whom.

"Kofi proposed last night and I said yes", "I was proposed to by Kwame", "Popped the
question and Beatriz said yes", "Youssef asked me to marry him", "Kojo got down on one
knee", "Navid finally put a ring on it". The proposal is an event (:func:`_proposes`);
it makes the speaker engaged only when the speaker is in it, as the one who asks or
the one asked, and it was accepted: someone said yes when the speaker asked; asked of
the speaker (or of no one said: the speaker's own news, "Jack popped the question on
Arthur's Seat"), it stands unless a "no" is said.
The partner is the other one, when named. A question, a negation, a hypothetical or
a plan states nothing ("if he proposes", "he still hasn't popped the question"), and
a "no" undoes it; a proposal between other people ("my sister's boyfriend proposed to
her and she said yes") does not involve the speaker.
"""

from __future__ import annotations

from typing import Any

from tem.extract import filters, questions
from tem.extract.facts import Candidate
from tem.extract.partners import person_name
from tem.extract.subjects import SELF, subject_token
from tem.extract.values import children, pobjects

Token = Any

ACCEPTED_BY_SAYING = frozenset({"ring"})
"""Events whose words say the proposal was accepted: "put a ring on it"."""


def proposal_candidates(sentence: Any, speaker: str) -> list[Candidate]:
    """The engagement (and the partner) that an accepted proposal in ``sentence`` states."""
    event = next((t for t in sentence if _proposes(t)), None)
    if event is None or questions.is_question(sentence):
        return []
    verb = event
    while verb.pos_ not in ("VERB", "AUX") and verb.head.i != verb.i:
        verb = verb.head  # "got down on one *knee*" -> "got"
    if filters.is_negated(verb) or filters.is_hypothetical(verb) or filters.is_future(verb):
        return []
    answer = _answer(sentence)
    if answer is False:
        return []  # "... and I said no"
    asker, asked = _asker(verb), _asked(verb)
    speaker_asks = asker is None or _is_self(asker)  # "Popped the question": shorthand "I"
    if speaker_asks:
        accepted = answer is not None and not _is_self(answer)
        other = asked if asked is not None and not _is_self(asked) else answer
    else:
        # asked of the speaker (or of no one said, in the speaker's own news): a "no" is
        # said where it was declined ("Kofi proposed last night!", "I was proposed to by Alex")
        to_me = asked is None or _is_self(asked)
        accepted = (answer is not None and _is_self(answer)) or event.lemma_ in ACCEPTED_BY_SAYING
        accepted = accepted or to_me and person_name(asker) is not None
        other = asker
    if not accepted:
        return []
    found = [Candidate(speaker, "relationship status", "engaged", "assert", event.i)]
    name = None if other is None else person_name(other)
    if name is not None:
        found.insert(0, Candidate(speaker, "partner", name, "assert", event.i))
    return found


def _proposes(token: Token) -> bool:
    """A word that makes a marriage proposal of its clause."""
    lemma = token.lemma_.casefold()
    if lemma == "propose" and token.pos_ == "VERB":
        objects = children(token, ("dobj",))
        return not objects or objects[0].lemma_ == "marriage"  # not "proposed a plan"
    if lemma == "question" and token.head.lemma_ == "pop":
        return True  # "popped the question"
    if lemma == "ask" and any(c.lemma_ == "marry" for c in children(token, ("xcomp", "ccomp"))):
        return True  # "asked me to marry him"
    if lemma == "knee" and any(c.lower_ == "one" for c in token.children):
        return True  # "got down on one knee"
    return bool(lemma == "ring" and token.head.lemma_ == "put")  # "put a ring on it"


def _asker(verb: Token) -> Token | None:
    """Who proposed: the subject, or the agent of a passive ("proposed to by Kwame")."""
    if children(verb, ("nsubjpass",)):
        agents = pobjects(verb, ("agent",))
        return agents[0] if agents else None
    return subject_token(verb)


def _asked(verb: Token) -> Token | None:
    """Who was asked: the object ("asked me"), "to X", or a passive subject."""
    found = [
        *children(verb, ("nsubjpass", "dobj", "dative")),
        *pobjects(verb, ("prep",), ("to",)),
    ]
    found = [t for t in found if t.lemma_ not in ("question", "ring", "knee")]
    return found[0] if found else None


def _answer(sentence: Any) -> Token | None | bool:
    """Who said yes in ``sentence`` (None: nobody did; False: somebody said no)."""
    for token in sentence:
        if token.lemma_ != "say":
            continue
        said = {c.lower_ for c in token.subtree if c.i > token.i}
        if "no" in said:
            return False
        if "yes" in said:
            return subject_token(token)
    return None


def _is_self(token: Token) -> bool:
    return bool(token.lower_ in SELF)
