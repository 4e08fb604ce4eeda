"""A home said as who one is: "I'm a Busan girl now", "Lautoka girl through and
through", "I've been a Lisbon boy since 2018".

A person word of belonging (:data:`LOCAL_PEOPLE`: girl, boy, guy, lad, lass, local...)
with a place before it names where the speaker lives, when it is what the speaker is
("I'm a Busan girl", the attribute of "be" with "I" as subject, now or since) or opens a
self-description with no verb before it ("Lautoka girl through and through"), set off
from what follows ("Kyle man the wings were mid" hails Kyle). The place must be one the
tagger or the place list knows ("a material girl" names none). What one was ("I was a
Lisbon boy") is no home now, and a blocked clause (negated, hypothetical, a question)
says nothing.
"""

from __future__ import annotations

from typing import Any

from tem.extract import filters
from tem.extract.facts import Candidate
from tem.extract.places import place_span
from tem.extract.subjects import SELF, subject_token

Token = Any

LOCAL_PEOPLE = frozenset("girl boy guy lad lass gal local native woman man kid bloke chick".split())
"""Person words that say where one belongs: "a Busan girl", "a Cork man"."""


def native_homes(sentence: Any, speaker: str) -> list[Candidate]:
    """The homes ``sentence`` says the speaker belongs to."""
    found = []
    for person in sentence:
        if person.lemma_.casefold() not in LOCAL_PEOPLE or person.pos_ != "NOUN":
            continue
        place = _place_before(person)
        if place is None or not (_is_speaker(person) or _opens(person) and _set_off(person)):
            continue
        found.append(Candidate(speaker, "lives in", place, "assert", person.i))
    return found


def _place_before(person: Token) -> str | None:
    """The place in the compound before ``person`` ("Busan girl", "Cape Town lad")."""
    before = [c for c in person.children if c.dep_ == "compound" and c.i < person.i]
    if not before:
        return None
    span = place_span(before[0])
    return str(span.text) if span is not None and span.end <= person.i else None


def _is_speaker(person: Token) -> bool:
    """ "I'm a Busan girl now", "I've been a Lisbon boy since 2018"; not "I was one"."""
    be = person.head
    if person.dep_ != "attr" or be.lemma_ != "be" or filters.blocked(be):
        return False
    subject = subject_token(be)
    past = be.tag_ == "VBD"
    return subject is not None and subject.lower_ in SELF and not past


def _opens(person: Token) -> bool:
    """ "Bucharest girl, studying medicine": the fragment that opens the sentence, with
    no verb before it."""
    start = person.sent.start
    before = person.doc[start : person.i]
    return all(t.pos_ in ("PROPN", "NOUN", "DET", "ADJ", "PUNCT") for t in before) and (
        person.i - start <= 3 and person.dep_ in ("ROOT", "nsubj", "npadvmod", "appos")
    )


def _set_off(person: Token) -> bool:
    """The opening fragment ends at the person word ("Lautoka girl, never lived anywhere
    else", "Lautoka girl through and through"), not runs on as a hail ("Kyle man the
    wings were mid")."""
    doc = person.doc
    after = doc[person.i + 1] if person.i + 1 < len(doc) else None
    return after is None or after.is_punct or after.lower_ in ("through", "born", "here")
