"""Trips and visits: a place the speaker went to, stays at for a while or toured is no
home, and a school visited on an open day is none attended.

Each check takes the verb of a place clause ("I *stayed* in Rome for a week", "*got back*
from Hanoi") and reads the clause's own words, not those of a clause of its own inside
it.
"""

from __future__ import annotations

from typing import Any

from tem.extract.filters import governors, own_subject
from tem.extract.lexicon import SHORT_UNITS, TRIP_NOUNS
from tem.extract.places import known_place
from tem.extract.subjects import SELF, SUBJECT_DEPS
from tem.extract.values import lowercase_place

Token = Any

TRIP_VERBS = frozenset({"visit", "travel", "tour", "fly", "vacation", "holiday", "stay", "go"})


def is_trip(verb: Token, *, habits: bool = False) -> bool:
    """True when a place clause reads as a trip: "a week in Rome", "visiting my parents".

    ``habits``: plural trip nouns are habits, not trips ("rugby at weekends"), and
    going to do something is no trip ("I go climbing three times a week").
    """
    travels = verb.lemma_ in TRIP_VERBS and not (_rose_or_fell(verb) or stays(verb))
    if travels and not (habits and _goes_doing(verb)):
        return True
    if _back_from(verb) or _until(verb):
        return True
    words = own_words(verb)
    for token in words:
        if habits and (token.tag_ == "NNS" or _every(token)):
            continue  # "rugby at weekends", "fishing every weekend": a habit
        if _came_home_after(token, words) or _landmark(token, verb):
            continue
        if token.lemma_ in TRIP_NOUNS and token.pos_ == "NOUN" and token.ent_type_ != "DATE":
            return True
        if token.lower_ in SHORT_UNITS and (
            token.head.lower_ == "for" or (token.head.i == verb.i and token.dep_ == "dobj")
        ):
            return True
    return False


SETTLING = frozenset({"move", "live", "settle", "relocate"})


def _landmark(trip: Token, verb: Token) -> bool:
    """ "moved to Leicester right after the wedding", "living in Abuja since the
    wedding": an occasion that only says when a home began, not a stay there."""
    said = trip.head.lower_ in ("after", "since", "before") and trip.head.head.i == verb.i
    return said and verb.lemma_ in SETTLING


def _came_home_after(trip: Token, words: list[Token]) -> bool:
    """ "Back home in Durban after the Joburg trip", "back in Lyon after the holidays": a
    trip that is over, told by the speaker's coming home (the place named is home; the
    trip's own place, "after the trip to Paris", is under the trip and no home)."""
    if trip.head.lower_ not in ("after", "from") or trip.head.head.lemma_ == "return":
        return False
    return any(w.lower_ in ("back", "home") and w.dep_ in ("advmod", "ROOT") for w in words)


def during_trip(verb: Token) -> bool:
    """True for a past clause joined to a trip: "Spent the week at a retreat in Bali,
    drank coconut water every day" (what one drank or did there is no habit)."""
    if verb.tag_ != "VBD" or verb.dep_ != "conj" or own_subject(verb):
        return False
    head = verb.head
    if any(c.dep_ in ("prt", "advmod") and c.lower_ in ("off", "up") for c in head.children):
        return False  # "I've gone right off lager and switched to cider": no going
    return is_trip(head) or head.lemma_ == "spend" and _spent_away(head)


def told_on_trip(token: Token) -> bool:
    """True for what a past clause tells in a sentence that tells a trip: "I spent two
    weeks in Istanbul with my cousins, ate simit every morning and drank far too much
    Turkish tea"; "I flew over to Boston to see my aunt, and I ate clam chowder every
    day"; "I was in Chennai for a wedding, and the filter coffee at the hotel was
    incredible" (what one had there is no habit of one's own)."""
    verb = _verb_over(token)
    if verb is None or verb.tag_ != "VBD":
        return False
    return any(
        other.tag_ == "VBD" and _away(other)
        for other in token.sent
        if other.pos_ in ("VERB", "AUX")
    )


def told_in_a_stay(token: Token) -> bool:
    """True for what a clause tells, not in the present simple, in a sentence that names
    a short stay somewhere: "Three days in Kyoto and I've already drunk more hojicha than
    in my whole life", "Back from four days in Dubrovnik — the swimming was incredible"
    (a habit is said in the present: "Three weeks in Lisbon and I drink ginjinha daily"
    is read as one)."""
    verb = _verb_over(token)
    if verb is not None and verb.tag_ in ("VBP", "VBZ") and not _perfect(verb):
        return False
    return any(_short_stay(t) for t in token.sent)


def tells_a_stay(sentence: Any) -> bool:
    """True for a sentence that tells a stay with its end in sight, verb or none ("still
    in Bali for two more days, flying home Sunday"): a trip's word, a short span, an
    "until", a verb of travel."""
    for token in sentence:
        if token.lemma_ in TRIP_NOUNS and token.pos_ == "NOUN" or token.lower_ in SHORT_UNITS:
            return True
        if token.lower_ in ("until", "till", "til") or token.lemma_ in TRIP_VERBS:
            return True
    return False


def _verb_over(token: Token) -> Token | None:
    """The nearest verb at or above ``token``: the clause it is told in."""
    return next((t for t in (token, *token.ancestors) if t.pos_ in ("VERB", "AUX")), None)


def _perfect(verb: Token) -> bool:
    return any(c.dep_ == "aux" and c.lemma_ == "have" for c in verb.children)


def _short_stay(token: Token) -> bool:
    """ "three days in Kyoto", "a week in Oaxaca": a short span spent at a place."""
    if token.lower_ not in SHORT_UNITS:
        return False
    spent = token.head if token.dep_ == "dobj" and token.head.lemma_ == "spend" else token
    at = [token, spent]  # "Spending two weeks in Tbilisi": the place hung on the verb
    places = [o for t in at for p in t.children if p.lower_ == "in" for o in p.children]
    return any(
        o.ent_type_ in ("GPE", "LOC") or lowercase_place(o) or known_place(o.text) for o in places
    )


def _away(verb: Token) -> bool:
    """A past clause of a trip, as :func:`told_on_trip` reads it: "went" only to a
    named place ("went back to drinking zobo", "after my knee went" are none), and
    trip nouns in the plural are habits ("on weekends")."""
    if verb.lemma_ == "spend":
        return _spent_away(verb)
    if verb.lemma_ == "go":
        return any(
            o.pos_ == "PROPN" or o.ent_type_ in ("GPE", "LOC", "FAC")
            for p in verb.children
            if p.dep_ == "prep" and p.lower_ in ("to", "into")
            for o in p.children
            if o.dep_ == "pobj"
        )
    return is_trip(verb, habits=True)


def _spent_away(verb: Token) -> bool:
    """ "Spent the holidays at my aunt's": a season, not years, spent somewhere."""
    spans = [c for c in verb.children if c.dep_ in ("dobj", "npadvmod")]
    return any(c.lemma_ in TRIP_NOUNS | SHORT_UNITS or c.lower_ == "summer" for c in spans)


def _rose_or_fell(verb: Token) -> bool:
    """ "rent here in Nairobi just went up": going up or down is no journey."""
    return verb.lemma_ == "go" and any(
        c.dep_ == "prt" and c.lower_ in ("up", "down") for c in verb.children
    )


def own_words(verb: Token) -> list[Token]:
    """``verb``'s subtree without the clauses of their own in it ("I live in Kraków,
    and most weekends I'm climbing in the Jura": the weekends are the climbing's), nor
    a relative clause anywhere in it ("with our parrot Kiwi, who screams louder than
    any wedding band": the band is the parrot's)."""
    others = [
        c
        for c in verb.children
        if c.dep_ in ("conj", "ccomp", "advcl", "parataxis") and own_subject(c)
    ]
    others += [t for t in verb.subtree if t.dep_ == "relcl" and t.i != verb.i]
    skipped = {t.i for c in others for t in c.subtree}
    return [t for t in verb.subtree if t.i not in skipped]


def _until(verb: Token) -> bool:
    """ "I'm in Cape Town for work until Friday": a stay with its end in sight (not
    "Kharkiv until 2022", a home that ended)."""
    if verb.tag_ not in ("VBP", "VBZ", "VBG"):
        return False
    ends = [o for p in verb.children if p.lower_ in ("until", "till", "til") for o in p.children]
    return any(o.ent_type_ in ("DATE", "TIME") for o in ends)


def _back_from(verb: Token) -> bool:
    """ "got back from two weeks in Hanoi", "returned from Lima": a trip that ended; not
    a move ("moved back to Croydon from Bengaluru"), nor a time ago ("*back in March* I
    moved from Kumasi to Accra")."""
    if verb.lemma_ in ("move", "relocate"):
        return False
    near = [c for c in verb.children if c.dep_ in ("advmod", "prt", "prep")]
    back = [c for c in near if c.lower_ == "back" and not _time_ago(c)]
    words = {c.lower_ for c in [*near, *(g for b in back for g in b.children)]}
    return "from" in words and (bool(back) or verb.lemma_ == "return")


def _time_ago(back: Token) -> bool:
    """ "*back in* March", "back in 2019": a time told, not a return."""
    return any(
        p.lower_ in ("in", "when") and any(o.ent_type_ in ("DATE", "TIME") for o in p.children)
        for p in back.children
    )


def stays(verb: Token) -> bool:
    """ "I stay in Kampala": "stay" in the present with no length of stay is where one
    lives, as English is spoken in India, Africa and Singapore ("stayed in Rome for a
    week", "staying at a hostel" are visits, "stay in shape" is no place)."""
    if verb.lemma_ != "stay" or verb.tag_ not in ("VBP", "VBZ", "VBG"):
        return False
    lasting = _lasting(verb)  # "staying in Chennai since 2015", "for the past five years"
    dated = any(t.ent_type_ in ("DATE", "TIME") for t in verb.subtree)
    if verb.tag_ == "VBG" and dated and not lasting:
        return False  # "I'm staying in Rome this week": a visit; "I am staying in Pune" is home
    preps = [c for c in verb.children if c.dep_ == "prep"]
    said = {p.lower_ for p in preps}
    if said & {"at", "until", "till"} or "for" in said and not lasting:
        return False
    if any(t.lemma_ in TRIP_NOUNS - {"weekend"} for t in verb.sent):
        return False  # "in Edinburgh for the Fringe, staying in a tiny flat"
    places = [o for p in preps if p.lower_ == "in" for o in p.children if o.dep_ == "pobj"]
    hosts = [o for p in preps if p.lower_ in ("in", "with") for o in p.children]
    places += [o for h in hosts for p in h.children if p.lower_ == "in" for o in p.children]
    return any(
        o.pos_ == "PROPN" or o.ent_type_ in ("GPE", "LOC") or lowercase_place(o) for o in places
    )  # "i stay in pune", "staying with my cousin in Jamshedpur"


def _lasting(verb: Token) -> bool:
    """True for a stay told as lasting: "since 2015", "for good", "for the past five
    years"."""
    for prep in (c for c in verb.children if c.dep_ == "prep"):
        said = {t.lower_ for t in prep.subtree}
        if prep.lower_ == "since" or prep.lower_ == "for" and said & {"good", "past", "last"}:
            return True
    return False


def stay_of(place: Token) -> Token | None:
    """The verb of the stay whose "in" names ``place``, directly ("staying in Chennai")
    or through where or with whom ("staying in a PG in Chennai", "staying with my cousin
    in Jamshedpur"); None when no "stay" names it."""
    if place.dep_ != "pobj" or place.head.lower_ != "in":
        return None
    above = place.head.head
    hosted = above.dep_ == "pobj" and above.head.lower_ in ("in", "with")
    if above.pos_ in ("NOUN", "PROPN") and hosted:
        above = above.head.head
    return above if above.lemma_ == "stay" else None


def _every(token: Token) -> bool:
    return any(c.dep_ == "det" and c.lower_ in ("every", "each") for c in token.children)


def _goes_doing(verb: Token) -> bool:
    """ "I go climbing": "go" with an activity as its complement, as a habit ("went
    hiking to the lake" was one outing, "off to go swimming" is one to come)."""
    doing = any(c.dep_ in ("xcomp", "advcl") and c.tag_ == "VBG" for c in verb.children)
    return verb.lemma_ == "go" and doing and verb.tag_ in ("VBP", "VBZ", "VBG")


CALLING = frozenset({"drop", "stop", "pop", "swing"})
"""Verbs of a short call with "by"/"in": "dropped by", "popped into", "swung by"."""


def is_call(verb: Token) -> bool:
    """True for a short call at a place: "*visited* a mate at St Andrews", "*dropped by*
    the Google office" (the place is no school or employer of the speaker's)."""
    called = {c.lower_ for c in verb.children} & {"by", "in", "into"}
    return verb.lemma_ == "visit" or verb.lemma_ in CALLING and bool(called)


def is_visit(verb: Token) -> bool:
    """True when a clause is a visit to a place, not a stay: a trip noun ("a tour of
    the campus") or an open day in it. Unlike :func:`is_trip`, "go to Stanford" stays
    a school one attends; nor is a call (:func:`is_call`)."""
    if is_call(verb):
        return True
    for token in verb.subtree:
        if token.lemma_ in TRIP_NOUNS and token.pos_ == "NOUN" and token.ent_type_ != "DATE":
            return True
        if token.lemma_ == "day" and any(c.lower_ == "open" for c in token.children):
            return True
    return False


def anothers_clauses(verb: Token) -> list[Token]:
    """The words of the clauses beside ``verb``'s that tell of someone else, by a
    subject of their own: "my fiancé Kenji joins me next month", "my shifts are changing
    from next month" (not the speaker's own: "we have a launch next week")."""
    mine = {verb.i, *(g.i for g in governors(verb))}
    return [
        word
        for clause in verb.sent
        if clause.pos_ in ("VERB", "AUX")
        and clause.i not in mine
        and (subject := next((c for c in clause.children if c.dep_ in SUBJECT_DEPS), None))
        is not None
        and subject.lower_ not in SELF
        and subject.lower_ not in ("it", "there")
        for word in own_words(clause)
    ]
