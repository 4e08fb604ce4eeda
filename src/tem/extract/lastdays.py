"""A place of work or study the speaker was last at, as ended: "I finished up at
Sainsbury's last month", "Finished at Cairo University in June, started as a junior
vet", "walked out of Dishoom on Friday", "Worked my last day at Leeds City Council",
"last day at zara was yesterday".

Three frames tell it: "finish (up) at X" with nothing finished named ("finished my
master's at UCL" is a degree done, :mod:`tem.extract.farewells`; "finished work at six"
says when); "walk out of X" (or "of the lab at X"); and the speaker's "last day at X",
past ("my last day at X is Friday" is still to come). X is a name (a proper noun, a
capitalised word, or any word of a message typed in lowercase) that is not a place the
list knows ("finished up at Leeds station"); whether it was a school or an employer is
judged by the sentence (:func:`tem.extract.institutions.study_or_work`). Nothing ends
in a clause that is negated, supposed, asked or still ahead, nor one whose subject is
someone else ("my sister finished at Monash").
"""

from __future__ import annotations

from typing import Any

from tem.extract import filters, institutions
from tem.extract.facts import Candidate
from tem.extract.forms import whole_name
from tem.extract.kinds import FIRMS, ORG_HEADS, STUDY_CUES, span_of
from tem.extract.places import known_place
from tem.extract.subjects import SELF
from tem.extract.values import children

Token = Any

SAID = ("finish", "walked out", "walking out", "walk out", "last day")
"""What a sentence with a last day contains, as typed."""
SCHOOL_HEADS = ORG_HEADS & STUDY_CUES | {"conservatoire", "uni"}
"""Words of a school's name (the organisations' heads that are words of study, as
:func:`tem.extract.institutions.school_or_employer` reads them, and "conservatoire",
"uni"): finishing there is finishing one's studies."""


def last_days(sentence: Any, speaker: str) -> list[Candidate]:
    """The places of work or study ``sentence`` says the speaker was last at."""
    typed = sentence.text.casefold()
    if not any(word in typed for word in SAID):
        return []  # most sentences tell no last day: no parse is walked for them
    found: list[Candidate] = []
    for token in sentence:
        verb, name = _frame(token)
        if name is None or verb is None or filters.blocked(verb) or not _speakers(verb):
            continue
        value = _value(name)
        if value is None or any(c.value == value for c in found):
            continue
        relation = _study_or_work(sentence, value, verb)
        if relation is None:
            continue
        found.append(Candidate(speaker, relation, value, "end", token.i))
    return found


def _study_or_work(sentence: Any, value: str, verb: Token) -> str | None:
    """A school by its name ("finished at Cairo University, started as a junior vet"),
    an employer by its ("the Met Office"), else as the sentence's words judge it. Where
    they say neither, one walked out of or had a last day at a workplace, but what one
    "finished at" is left unsaid (measured: "finished up at Deloitte", "at Tesco" as
    often as "finished at Monash", "at Trinity")."""
    words = set(value.casefold().split())
    if words & SCHOOL_HEADS:
        return "studies at"
    if words & (ORG_HEADS - SCHOOL_HEADS):
        return "works at"  # "the Met Office"
    span = span_of(sentence, value) or span_of(sentence, value.removesuffix("'s"))
    judged = None if span is None else institutions.school_or_employer("", span)
    if judged:
        return judged
    return None if verb.lemma_ == "finish" else "works at"


def _frame(token: Token) -> tuple[Token | None, Token | None]:
    """The verb of a last day and the word naming its place, when ``token`` opens one."""
    lemma = token.lemma_.casefold()
    if lemma == "finish" and token.pos_ == "VERB":
        if children(token, ("dobj", "ccomp", "xcomp")) or token.tag_ not in ("VBD", "VBN"):
            return None, None  # "finished my degree at UCL", "finished work at six",
            # "while I finish pre-med at UCLA" (still at it)
        return token, _at(token)
    if lemma == "walk" and token.pos_ == "VERB":
        out = [c for c in token.children if c.lower_ == "out"]
        of = [p for o in out for p in [*o.children, *token.children] if p.lower_ == "of"]
        places = [o for p in of for o in children(p, ("pobj",))]
        if not places:
            return None, None
        place = places[0]
        if place.lower_ in FIRMS:  # "out of the lab at novartis"
            return token, _at(place) or _at(token)
        return token, place if _named(place) else None
    if token.lower_ == "day" and any(c.lower_ == "last" for c in token.children):
        owners = [c for c in token.children if c.dep_ == "poss"]
        if any(o.lower_ not in ("my", "our") for o in owners):
            return None, None  # "her last day at Tesco"
        verb = token.head if token.head.pos_ in ("VERB", "AUX") else None
        if verb is None or verb.tag_ not in ("VBD", "VBN"):
            return None, None  # "my last day at Ikea is Friday": still ahead
        return verb, _at(token) or _at(verb)  # "Worked my last day at Leeds City Council"
    return None, None


def _at(word: Token) -> Token | None:
    """The name "at" ``word``: "finished up *at Sainsbury's*", "last day *at zara*"."""
    places = [o for p in children(word, ("prep",), ("at",)) for o in children(p, ("pobj",))]
    owners = [c for p in places for c in children(p, ("poss",)) if c.pos_ == "PROPN"]
    return next((p for p in [*places, *owners] if _named(p)), None)  # "at Sainsbury's last
    # month": the time the parser hung the name on


def _named(word: Token) -> bool:
    """A name: a proper noun or a capital, or in a message typed in lowercase any noun
    but a workplace's kind ("last day at zara"; not "the lab")."""
    if word.ent_type_ in ("DATE", "TIME") or word.like_num:
        return False
    capital = word.text[:1].isupper()
    lowercase = word.sent.text == word.sent.text.lower()
    common = word.lower_ in FIRMS
    return word.pos_ == "PROPN" or capital or lowercase and word.pos_ == "NOUN" and not common


def _speakers(verb: Token) -> bool:
    """The speaker's own: "I finished", or no subject at all ("Finished at Monash")."""
    subjects = children(verb, ("nsubj",))
    if verb.lemma_ == "be":  # "last day at zara was yesterday": the day is the subject
        return True
    return not subjects or any(s.lower_ in SELF for s in subjects)


def _value(word: Token) -> str | None:
    """The whole name, without "the" and a place the list knows ("Leeds station")."""
    span = whole_name(word.doc[word.i : word.i + 1])
    if len(span) == 0:
        span = word.doc[word.i : word.i + 1]
    if span[0].dep_ == "det" or span[0].lower_ == "the":
        span = span[1:]
    if len(span) == 0 or known_place(span.text) or not any(t.is_alpha for t in span):
        return None
    after = span.doc[span.end] if span.end < len(span.doc) else None
    if after is not None and after.lower_ in ("'s", "’s"):
        span = span.doc[span.start : span.end + 1]  # "Sainsbury's"
    return str(span.text)
