"""Pastimes taken up again.

"I finally went back to rock climbing", "I've gone back to falconry on weekends", "got
back into knitting", "returned to the violin" say a pastime the speaker holds again; the
place, school or work one goes back to ("went back to Lagos", "back to school", "back
to work", "gone back to the books" in a sentence of study) is none: the value must end
in a word the writers named pastimes by (:func:`tem.extract.learned.known_head`) and be
no name. A pastime given up and started
again in the same sentence ("I gave up knitting when the twins were born, but I started
again this winter", "stopped crocheting for a while, but I picked it back up") is held,
not ended (:func:`taken_up_again`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tem.extract import filters
from tem.extract.facts import Candidate
from tem.extract.kinds import STUDY_CUES
from tem.extract.learned import known_head
from tem.extract.subjects import resolve_subject
from tem.extract.values import phrase, verb_phrase

Token = Any
RETURNING = {"go": "back", "get": "back", "come": "back", "return": None}
"""Verbs of going back to a pastime, and the word each needs ("went *back* to")."""
RESTARTING = frozenset({"start", "begin", "pick", "take", "resume", "restart"})
"""Verbs that start a pastime again with "again" or "back": "started again", "picked it
back up"."""


def returned_pastimes(sentence: Any, speaker: str) -> list[Candidate]:
    """The pastimes ``sentence`` says the speaker went back to (see above)."""
    found = []
    for verb in sentence:
        if verb.lemma_ not in RETURNING or verb.pos_ != "VERB" or filters.blocked(verb):
            continue
        need = RETURNING[verb.lemma_]
        backs = [c for c in verb.children if c.lower_ == need] if need else [verb]
        if not backs or resolve_subject(verb, speaker) != speaker:
            continue
        preps = [p for b in [verb, *backs] for p in b.children if p.dep_ == "prep"]
        for prep in (p for p in preps if p.lower_ in ("to", "into")):
            for obj in (o for o in prep.children if o.dep_ in ("pobj", "pcomp")):
                value = _pastime(obj)
                if value is not None:
                    found.append(Candidate(speaker, "hobby", value, "assert", verb.i))
    return found


def _pastime(obj: Token) -> str | None:

    if obj.pos_ == "PROPN" or obj.ent_type_ or any(c.dep_ == "poss" for c in obj.children):
        return None  # "back to Lagos", "back to my desk"
    if any(t.lower_ in STUDY_CUES or t.lemma_ in STUDY_CUES for t in obj.sent):
        return None  # "gone back to the books ... to study social work": study
    value = verb_phrase(obj) if obj.tag_ == "VBG" else phrase(obj)
    return value if value and known_head("hobby", value) else None


def taken_up_again(sentence: Any, candidates: list[Candidate]) -> list[Candidate]:
    """``candidates`` with a pastime ended and then started again later in ``sentence``
    held instead ("I gave up knitting ..., but I started again this winter")."""
    again = [t.i for t in sentence if _restarted(t)]
    return [
        replace(c, kind="assert")
        if c.relation == "hobby" and c.kind == "end" and any(i > c.anchor for i in again)
        else c
        for c in candidates
    ]


def _restarted(verb: Token) -> bool:
    """ "started again", "picked it back up", "took it up again": no other object."""
    if verb.lemma_ not in RESTARTING or filters.blocked(verb):
        return False
    said = {c.lower_ for c in verb.children}
    objects = [c for c in verb.children if c.dep_ in ("dobj", "xcomp")]
    bare = all(o.lower_ == "it" for o in objects)
    return bare and ("again" in said or "back" in said)
