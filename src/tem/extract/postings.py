"""A home an employer moves the speaker to: "Shopee moved me to their Singapore office",
"I was transferred to the Denver office by Lockheed Martin", "they've relocated me to
their new site in Florianópolis", "the Ministry of Health posted me to a clinic in
Errachidia", "Ecobank shipped me off to Lomé".

A transfer, a relocation or a posting moves one's life, so the place it names is where
the speaker lives, as "I moved to" says. The speaker must be the one moved (the object,
or the subject of the passive); the place is the one the "to" phrase names, by itself
or inside it ("the *Denver* office", "a clinic in *Errachidia*"). A place come from
("transferred me out of Wrocław", "brought me over from Fukuoka") is a home left. Not a
trip ("sent me to Munich for two weeks", "keeps sending me to Munich": "send" and "fly"
are not here at all; nor "seconded"), a plan, a question or a negation, nor a move still
ahead in the sentence ("so I'll be moving out next month").
"""

from __future__ import annotations

from typing import Any

from tem.extract import filters
from tem.extract.facts import Candidate
from tem.extract.places import place_span
from tem.extract.subjects import SELF

Token = Any

MOVING_STAFF = frozenset({"transfer", "relocate", "move", "post", "station", "ship"})
"""Verbs of an employer moving someone for good ("ship" with "off": "shipped me off to");
not "second" ("seconded to the Harare office" is for a time)."""
SHORT = frozenset({"week", "weeks", "month", "months", "day", "days", "temporarily", "summer"})
"""Words of a stay that ends: "for two weeks", "temporarily"."""


def posted_homes(sentence: Any, speaker: str, homes: list[Candidate]) -> list[Candidate]:
    """The homes ``sentence`` says an employer moved the speaker to, or out of; only the
    one left where ``homes`` (read otherwise) name where the speaker lives ("TCS
    transferred me to their Pune campus, so I'm renting a flat in Baner now": Baner)."""
    found: list[Candidate] = []
    if any(t.lemma_ == "move" and filters.blocked(t) for t in sentence):
        return found  # "transferred to the Izmir office, so I'll be moving out next month"
    for verb in sentence:
        if verb.lemma_.casefold() not in MOVING_STAFF or verb.pos_ != "VERB":
            continue
        if not _moves_speaker(verb) or filters.blocked(verb) or _short(verb):
            continue
        for prep in verb.children:
            if prep.dep_ != "prep" and not (prep.dep_ == "prt" and prep.lower_ == "off"):
                continue
            to = prep if prep.lower_ == "to" else _to_after(prep)
            place = _place_in(to) if to is not None else None
            if place is not None and not homes:
                found.append(Candidate(speaker, "lives in", place, "assert", verb.i))
            elif prep.lower_ in ("from", "of", "out"):
                left = _place_in(prep)
                if left is not None:
                    found.append(Candidate(speaker, "lives in", left, "end", verb.i))
    return found


def _moves_speaker(verb: Token) -> bool:
    """ "moved *me*", "I was transferred"; "ship" only with "off"."""
    if verb.lemma_ == "ship" and not any(c.lower_ == "off" for c in verb.children):
        return False
    moved = [c for c in verb.children if c.dep_ in ("dobj", "nsubjpass")]
    return any(c.lower_ in SELF for c in moved)


def _short(verb: Token) -> bool:
    return any(t.lower_ in SHORT for t in verb.subtree)


def _to_after(prep: Token) -> Token | None:
    """The "to" right after a particle or a "from" phrase: "shipped me off *to* Lomé"."""
    doc = prep.doc
    after = doc[prep.i + 1] if prep.i + 1 < len(doc) else None
    return after if after is not None and after.lower_ == "to" else None


def _place_in(prep: Token) -> str | None:
    """The first place named in the phrase of ``prep`` ("to the Denver office", "to a
    clinic in Errachidia"), as the tagger or the list names it."""
    for token in prep.subtree:
        if token.i == prep.i or not token.is_alpha:
            continue
        if any(c.dep_ == "case" for c in token.children):
            continue  # an owner: "Toyota's Nagoya office"
        named = token.ent_type_ in ("GPE", "LOC") or token.pos_ == "PROPN"
        span = place_span(token) if named else None
        if span is not None:
            return str(span.text)
    return None
