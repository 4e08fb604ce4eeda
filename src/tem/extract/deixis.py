"""A home pointed back to: "I was transferred to our Monterrey office in January and I
live *there* now", "Melbourne winters r killing me, I literally moved *here* from
Brisbane", "Curitiba born and still living here"; and a place the speaker says "here in": "Minus 48
this morning here in Yakutsk", "the men here in lima CAN dance" (where the speaker is,
whoever the clause is about; not on a trip: "here in Rome for the week"); and a place a
fragment says the speaker is back in ("Back in Zurich after five years in Shanghai: ...",
"Divorced since spring, back in Cluj, and ..."; not "Back in Addis for a fortnight").

A verb of living or moving whose place is "here" or "there" names no place itself; the
place is the one the turn named last before it (a listed place or one the tagger names),
not one the speaker came *from* ("transferred out of Nairobi to the Kisumu branch, so we
moved there": Kisumu). Only the speaker's own clause, not blocked (negated, modal,
asked or ahead): "I could live there", "my sister moved there" say nothing of a home.
"""

from __future__ import annotations

from typing import Any

from tem.extract import filters, trips
from tem.extract.facts import Candidate
from tem.extract.kinds import clause_of
from tem.extract.lexicon import SHORT_UNITS, TRIP_NOUNS
from tem.extract.places import place_at, place_span
from tem.extract.subjects import SELF, resolve_subject, subject_token

Token = Any
LIVING = frozenset({"live", "move", "settle", "relocate", "base"})
POINTING = frozenset({"here", "there"})
ORIGINS = frozenset({"from", "of", "leave", "left"})
"""Words before a place the speaker came from: "from Madrid", "out of Nairobi"."""


def pointed_homes(sentence: Any, speaker: str) -> list[Candidate]:
    """Homes ``sentence`` points back to with "here" or "there"."""
    found = []
    for word in sentence:
        if word.lower_ not in POINTING or word.dep_ != "advmod":
            continue
        verb = word.head
        if verb.lemma_.casefold() not in LIVING or filters.blocked(verb):
            continue
        if any(_place_said(c) for c in verb.children):
            continue  # "moved here to Lisbon": the place is said
        if resolve_subject(verb, speaker) != speaker:
            continue
        place = _named_before(word, verb)
        if place:
            found.append(Candidate(speaker, "lives in", place, "assert", verb.i))
    return found


def _place_said(child: Token) -> bool:
    """A "to"/"in" phrase of the verb that names a place ("to Lisbon"), not a time
    ("in June")."""
    if child.dep_ != "prep" or child.lower_ not in ("to", "in"):
        return False
    return any(o.ent_type_ not in ("DATE", "TIME") for o in child.children if o.dep_ == "pobj")


def _named_before(word: Token, verb: Token) -> str | None:
    """The place the turn named last before ``word``, not one come from nor a word of
    the verb's subject ("Karim and I have been living there")."""
    doc = word.doc
    own = {t.i for c in verb.children if c.dep_ in ("nsubj", "nsubjpass") for t in c.subtree}
    at = word.i - 1
    while at >= 0:
        token = doc[at]
        span = None if at in own else _place(token)
        if span is not None:
            before = doc[span.start - 1].lower_ if span.start > 0 else ""
            if before not in ORIGINS:
                return str(span.text)
            at = span.start
        at -= 1
    return None


def _place(token: Token) -> Any | None:
    return place_span(token) if token.ent_type_ in ("GPE", "LOC") or token.is_alpha else None


def here_homes(sentence: Any, speaker: str) -> list[Candidate]:
    """Places ``sentence`` says the speaker is "here in" or "now in": "Hail the size of
    marbles here in Monterrey!", "our market here in Gràcia", "left nairobi after 6 yrs
    now in mombasa" (not "my sister is now in Dubai"); not a trip's place ("here in Rome for
    the week", "on holiday here in Bali"), nor one in a blocked clause ("I wish I was
    here in Lisbon")."""
    found = []
    for word in sentence:
        after = word.doc[word.i + 1 : word.i + 3]
        if after and word.lower_ == "now" and after[0].lower_ in NOW_SAID:
            after = after[1:]  # "now back in iasi"
        if word.lower_ not in ("here", "now") or not after or after[0].lower_ != "in":
            continue
        if word.lower_ == "now" and not _mine(clause_of(word)):
            continue  # "my sister is now in Dubai"
        objects = [o for o in after[0].children if o.dep_ == "pobj"]
        place = place_span(objects[0]) if objects else None
        named = objects and (objects[0].ent_type_ == "GPE" or _listed(objects[0]))
        if place is None or not named:
            continue  # "up here in the valley", "here in September": no town named
        verb = clause_of(word)
        trip = trips.is_trip(verb) or any(trips.is_trip(t) for t in filters.governors(verb))
        if trip or filters.blocked(verb) or _on_a_trip(sentence):
            continue
        found.append(Candidate(speaker, "lives in", str(place.text), "assert", verb.i))
    return found


OPENERS = frozenset({"lol", "so", "and", "finally", "well", "ok", "okay", "anyway", "yeah", "now"})
"""Words a fragment may start with before "back in": "so back in Leeds now"."""


def opens_fragment(back: Token) -> bool:
    """True for "back" opening a fragment that tells where the speaker is: "Back in
    Zurich after five years in Shanghai: I speak Mandarin now", "Back in Bath and it's
    builder's tea", "Divorced since spring, back in Cluj, and ..."; not a past told
    ("Back in Riga I sang in a choir"), nor a clause with a subject of its own after a
    comma ("..., back in Dubai my sister works"), nor a place named in passing ("what I
    paid back in Mumbai")."""
    before = [t for t in back.sent if t.i < back.i]
    opening = all(t.is_punct or t.lower_ in OPENERS for t in before)
    if not (opening or before[-1].text in (",", ";", ":", "—", "-")):
        return False
    head = back.head
    if head.i == back.i or head.pos_ not in ("VERB", "AUX"):
        return True
    past = head.tag_ == "VBD" or any(c.lower_ in PAST_AUX for c in head.children)
    subject = any(c.dep_ in ("nsubj", "nsubjpass", "expl") for c in head.children)
    return not past and (opening or not subject)


PAST_AUX = frozenset({"was", "were", "had", "used", "did", "would", "could"})
STAYS = frozenset({"fortnight", "month", "months", "summer", "holidays", "christmas", "eid"})
"""Words after "for" that make "back in X" a stay: "Back in Addis for a fortnight"."""


def back_in_fragment(place: Token) -> Token | None:
    """The "back" of a place named in a fragment that opens with "back (home) in"
    (:func:`opens_fragment`), or None; not a visit ("Back in Kampala for two weeks
    visiting my parents") nor a time ("Back in 2019")."""
    preposition = place.head
    if place.dep_ != "pobj" or preposition.lower_ != "in":
        return None
    if place.ent_type_ == "DATE" and place_at(place) is None:
        return None  # "back in March"; but "Back in İzmir", which the tagger dates
    back = preposition.head
    if back.lower_ == "home" and back.head.lower_ == "back":
        back = back.head
    if back.lower_ != "back" or preposition.i - back.i not in (1, 2) or not opens_fragment(back):
        return None  # "Back in 2019, in Oslo": the place is not the one "back in" names
    for token in back.sent:
        over = token.head.lower_ in ("after", "from")  # "after the holidays in Recife"
        if token.lemma_ == "visit" or token.lemma_ in TRIP_NOUNS and not over:
            return None
        lasting = token.lower_ in SHORT_UNITS or token.lower_ in STAYS
        if lasting and any(t.lower_ == "for" for t in token.ancestors):
            return None
    return back


def back_homes(sentence: Any, speaker: str) -> list[Candidate]:
    """Places a fragment of ``sentence`` says the speaker is back in
    (:func:`back_in_fragment`): "Back in Zurich after five years in Shanghai: I speak
    Mandarin now" (a town named, as :func:`here_homes` asks)."""
    found = []
    for word in sentence:
        if word.lower_ != "in" or word.head.lower_ not in ("back", "home"):
            continue
        objects = [o for o in word.children if o.dep_ == "pobj"]
        if not objects or back_in_fragment(objects[0]) is None:
            continue
        place = place_span(objects[0])
        if place is not None and (objects[0].ent_type_ == "GPE" or _listed(objects[0])):
            found.append(Candidate(speaker, "lives in", str(place.text), "assert", word.i))
    return found


NOW_SAID = frozenset({"back", "based"})
"""Words between "now" and "in" that keep it a home said now: "now back in iasi"."""


def said_now_in(span: Any) -> bool:
    """True for a place said "now in" (:func:`here_homes`): "now in Bangalore", "now back
    in iasi"; what else its clause says of the past does not end it."""
    before = [t.lower_ for t in span.doc[max(span.start - 3, 0) : span.start]]
    if before[-1:] != ["in"]:
        return False
    return before[-2:-1] == ["now"] or before[-3:-2] == ["now"] and before[-2] in NOW_SAID


def _mine(verb: Token) -> bool:
    """A clause with no subject ("Now in Tbilisi, freelancing") or the speaker's."""
    subject = subject_token(verb)
    return subject is None or subject.lower_ in SELF


def _listed(word: Token) -> bool:
    """A place the list knows named bare, as a town is ("here in lima"), not a kind of
    place ("here in the valley")."""
    return place_at(word) is not None and not any(c.dep_ == "det" for c in word.children)


def _on_a_trip(sentence: Any) -> bool:
    """A sentence that tells of a trip anywhere in it ("visiting", "holiday")."""
    return any(t.lemma_ in TRIP_NOUNS or t.lemma_ == "visit" for t in sentence)
