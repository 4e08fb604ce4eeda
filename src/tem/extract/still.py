"""What chat says still holds, its "I'm" dropped: "yeah still in Ghent, still at
Bakkerij Vandamme", "update: still vegan, still in Portland", "still at Nationwide, yes".

An answer to a question left implicit ("still in Ghent?") keeps only "still" and a
place: after "still in", a place is where the speaker lives; after "still at", a name
is where they work or study (judged by its words, :func:`institutions.school_or_employer`).
Only where "still" opens a fragment of its own (the message's start, after a comma, a
dash, a colon or a word of chat), so that "my sister is still in Lima" and "I'm still
in shock" say nothing; and a place in a sentence that tells a stay ("still in Bali for two
more days") is no home. When the sentence holds no other home, one is also told by the
years spent there ("four years in Graz now and I finally speak decent German"), by the
speaker being in a place now, back or for a while ("I'm now in Edinburgh", "so I'm back
in Bari", "been in Dubai almost two years"), or by a job title held there now or for
years ("now I'm a carpenter in Gävle").
"""

from __future__ import annotations

from typing import Any

from tem.extract import institutions
from tem.extract.facts import Candidate
from tem.extract.forms import capitalized
from tem.extract.kinds import clause_of, span_of
from tem.extract.lexicon import SPANS
from tem.extract.places import place_at
from tem.extract.trips import tells_a_stay
from tem.extract.values import entity_text

Token = Any

OPENERS = frozenset(",;:—–-")
CHAT = frozenset("yeah yes yep yup ya yea haha lol omg ok okay and but so nah".split())
"""Words a fragment may open with before "still" ("yeah still in Ghent")."""
NOT_NAMES = frozenset({"it", "home", "work", "school", "uni", "university", "college"})


def still_there(sentence: Any, speaker: str, held: list[Candidate]) -> list[Candidate]:
    """The homes and posts ``sentence`` says still hold in fragments of its own, and a
    home told otherwise (:func:`_years_there`, :func:`_settled`, :func:`_home_of_work`)
    when no other is held (``held``: what was read of the sentence already)."""
    homes = any(c.relation == "lives in" and c.subject == speaker for c in held)
    found = (
        []
        if homes
        else _years_there(sentence, speaker)
        or _settled(sentence, speaker)
        or _home_of_work(sentence, held, speaker)
    )
    for token in sentence:
        if token.lower_ != "still" or not _opens_fragment(token):
            continue
        after = token.doc[token.i + 1] if token.i + 1 < len(token.doc) else None
        if after is None or after.lower_ not in ("in", "at"):
            continue
        value = place_in(after) if after.lower_ == "in" else _name(after)
        if value is None:
            continue
        relation, text = value
        if relation == "lives in" and tells_a_stay(sentence):
            continue  # "still in Bali for two more days, flying home Sunday"
        found.append(Candidate(speaker, relation, text, "assert", token.i))
    return found


def _opens_fragment(token: Token) -> bool:
    """True when ``token`` opens a fragment: first in the sentence, or after a comma, a
    dash or a colon, or after the words of chat that open one ("yeah", "haha")."""
    before = [t for t in token.sent if t.i < token.i]
    while before and before[-1].lower_ in CHAT:
        before.pop()
    return not before or before[-1].text in OPENERS


def place_in(preposition: Token) -> tuple[str, str] | None:
    """ "still in Ghent", "still in tromsø": a known place or one the tagger names."""
    doc = preposition.doc
    if preposition.i + 1 >= len(doc):
        return None
    first = doc[preposition.i + 1]
    span = place_at(first)
    if span is not None and span.start == first.i:
        return "lives in", capitalized(span.text)
    if first.ent_type_ in ("GPE", "LOC"):
        return "lives in", entity_text(first) or first.text
    return None


def _name(preposition: Token) -> tuple[str, str] | None:
    """ "still at Bakkerij Vandamme", "still at Nationwide": an organisation's name."""
    doc = preposition.doc
    words: list[Token] = []
    for token in doc[preposition.i + 1 : preposition.i + 6]:
        if token.lower_ == "the" and not words:
            continue
        if not (token.pos_ == "PROPN" or token.ent_type_ in ("ORG", "FAC")) or token.is_lower:
            break
        words.append(token)
    if not words or words[0].lower_ in NOT_NAMES or place_at(words[0]) is not None:
        return None
    span = doc[words[0].i : words[-1].i + 1]
    relation = institutions.school_or_employer("works at", span) or "works at"
    return relation, span.text


YEARS = SPANS - {"month"}
"""Spans of time a home is told by; months and weeks may be a stay ("two months in Bali")."""


def _years_there(sentence: Any, speaker: str) -> list[Candidate]:
    """ "Four years in Graz now and I finally speak decent German", "three years in Lagos
    today", "after six years in Utrecht I can finally hold my own": years in a place,
    told of no one else and not in the past ("I spent three years in Lagos", "three
    years in Lagos was enough"), are the speaker's home."""
    for token in sentence:
        if token.lemma_ not in YEARS or not any(c.dep_ == "nummod" for c in token.children):
            continue
        after = token.doc[token.i + 1 : token.i + 2]
        if (
            not after
            or after.text.casefold() != "in"
            or any(c.dep_ == "poss" for c in token.children)
        ):
            continue
        place = place_in(after[0])
        if place is None or not _told_now(token):
            continue
        return [Candidate(speaker, "lives in", place[1], "assert", token.i)]
    return []


def _told_now(span: Token) -> bool:
    """True when the years are a fragment of their own or hang on a clause in the
    present, not on a verb of the past nor on someone else's ("my sister has been")."""
    head = span.head
    if span.dep_ == "pobj" and head.lower_ == "after":
        head = head.head  # "after six years in Utrecht I can finally ..."
    elif span.dep_ not in ("ROOT", "npadvmod", "nsubj", "appos", "dep"):
        return False
    verb = head if head.pos_ in ("VERB", "AUX") else None
    if span.dep_ == "ROOT" or verb is None:
        return True
    subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    past = verb.tag_ == "VBD" or any(c.lower_ in ("was", "were", "had") for c in verb.children)
    others = any(s.lower_ not in ("i", "we") and s.i != span.i for s in subjects)
    return not past and not others


SETTLED = frozenset({"now", "nowadays", "back", "since"})
"""Words by which being in a place tells a home: "I'm now in Edinburgh", "back in Bari"."""
BEING = frozenset({"'m", "am", "'re", "are", "been"})


def _settled(sentence: Any, speaker: str) -> list[Candidate]:
    """ "I'm now in Edinburgh, studying nursing", "so I'm back in Bari", "been in Dubai
    almost two years", "me and the missus have been in Cork about a year now": the
    speaker in a place now, back or for a span of years, in a sentence that tells no stay
    ("I'm in Paris now for the conference")."""
    for token in sentence:
        verb = token.head.head if token.head.lower_ in SETTLED else token.head  # "back in"
        if token.lower_ != "in" or verb.lower_ not in BEING or token.i < verb.i:
            continue
        subjects = [c for c in verb.children if c.dep_ == "nsubj"]
        if (
            any(s.lower_ not in ("i", "we", "me") for s in subjects)
            or not subjects
            and (verb.lower_ != "been")
        ):
            continue
        told = [c.lower_ for c in (*verb.children, *token.children, token.head)]
        spans = any(t.lemma_ in YEARS for t in verb.subtree)
        if not (SETTLED & set(told) or spans and verb.lower_ == "been"):
            continue
        place = place_in(token)
        if place is not None and not tells_a_stay(_clause(verb)):
            return [Candidate(speaker, "lives in", place[1], "assert", token.i)]
    return []


def _clause(verb: Token) -> list[Token]:
    """The words of ``verb``'s own clause, without the clauses that hang on it ("I'm now
    in Edinburgh, working weekends at Greggs": the weekends are the work's)."""
    inner = {t.i for c in verb.children if c.dep_ in CLAUSES for t in c.subtree}
    return [t for t in verb.subtree if t.i not in inner]


CLAUSES = frozenset({"advcl", "conj", "ccomp", "xcomp", "relcl", "parataxis"})


def _home_of_work(sentence: Any, held: list[Candidate], speaker: str) -> list[Candidate]:
    """The place a job title of the speaker's is told in, now or for years: "now I'm a
    carpenter in Gävle", "been a vet nurse in Ballarat for eleven years". The place hangs
    on the title's noun, in no clause of a stay ("a tour guide in Rome for the summer"),
    and not on an employer ("a teacher at a school in Leeds": the school's); the title is
    the speaker's now ("I'm", "been"), not a role given ("took me on as a manager in
    Boulder") nor one of the past ("I was a copper in Glasgow"). A title in
    a place told alone ("I'm a nurse in Rotorua") is left to the span model: writers
    read it as a home or not about evenly."""
    for title in held:
        if (title.subject, title.relation, title.kind) != (speaker, "job title", "assert"):
            continue
        span = span_of(sentence, title.value or "")
        if span is None:
            continue
        preps = [p for p in span.root.children if p.lower_ == "in" and p.i >= span.end]
        found = next(((p, place) for p in preps if (place := place_in(p)) is not None), None)
        if found is None:
            continue
        verb = clause_of(span.root)
        clause = _clause(verb)
        lasting = {t.lower_ for t in clause} & {"now", "nowadays", "since"} or any(
            t.lemma_ in YEARS and any(c.dep_ == "nummod" for c in t.children) for t in clause
        )
        being = verb.lemma_ == "be" and verb.tag_ != "VBD" or verb.pos_ not in ("VERB", "AUX")
        if not lasting or not being or tells_a_stay(clause):
            continue
        prep, (_, home) = found
        return [Candidate(speaker, "lives in", home, "assert", prep.i)]
    return []
