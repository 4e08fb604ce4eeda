"""Habits given up: "I quit smoking", "gave up coffee", "packed in the Guinness",
"stopped going to netball". A drink given up is a favourite ended, and a pastime given
up a hobby ended, named as the writers name pastimes (:func:`_pastime_ended`).
"""

from __future__ import annotations

from typing import Any

from tem.extract import lexicon as lx
from tem.extract.leisure import AMOUNTS, drink, plain_object, taste_relation
from tem.extract.nlp import known_verbs
from tem.extract.patterns import VerbRule
from tem.extract.readers import Found, found_one
from tem.extract.values import children, join_tokens, objects_of

Token = Any


PACKED_IN = frozenset({"pack", "chuck", "jack"})
"""Verbs that quit with "in": "packed in the Guinness", "chucked in golf", "jacked in"."""


def _crammed(obj: Token) -> bool:
    """What "packed in" crams rather than quits: a time or an amount ("packed in twelve
    hours of rugby", "packed in a lot this week")."""
    counted = any(c.dep_ == "nummod" for c in obj.children)
    return counted or obj.ent_type_ in ("DATE", "TIME") or obj.lemma_ in AMOUNTS


def habit_end(verb: Token, rule: VerbRule) -> Found:
    """ "I quit smoking", "gave up coffee", "stopped drinking soda": a habit ended; a
    drink given up is a favourite ended ("gave up the Guinness", "quit oat lattes")."""
    if verb.lemma_ == "give" and not children(verb, ("prt",), ("up",)):
        return []
    objects = children(verb, ("xcomp", "dobj", "pcomp"))
    if verb.lemma_ in PACKED_IN:  # "Packed in the Irn-Bru after New Year", "chucked in golf"
        if not children(verb, ("prt", "prep"), ("in",)):
            return []  # "packed my bags"
        objects += [o for o in objects_of(verb, ("in",)) if not _crammed(o)]
    for obj in objects:
        if obj.pos_ == "PROPN" and obj.lemma_ not in lx.JOB_NOUNS:
            value = plain_object(obj)  # "quit Diet Coke": a drink, or no habit at all
            if value is None or taste_relation(value) != "favorite drink":
                return []
            return [*found_one(rule, value), ("favorite drink", value, rule.kind)]
        if obj.tag_ == "VBG" or (obj.lemma_ not in lx.JOB_NOUNS and obj.pos_ == "NOUN"):
            value = plain_object(obj)
            if value is None:
                return []
            drunk = drink(obj, rule) if obj.lemma_ == "drink" else []  # "stopped drinking arak"
            ended = [("favorite drink", drunk[0][1], rule.kind)] if drunk else []
            if not drunk and obj.tag_ != "VBG" and taste_relation(value) == "favorite drink":
                named = value.split(maxsplit=1)  # "gave up coffee", "quit drinkin coffee"
                gerund = len(named) == 2 and named[0].casefold() in ("drinking", "drinkin")
                ended = [("favorite drink", named[1] if gerund else value, rule.kind)]
            return [*found_one(rule, value), *ended, *_pastime_ended(obj, rule)]
    return []


def _pastime_ended(obj: Token, rule: VerbRule) -> Found:
    """The pastime a habit ended is ("quit tennis", "stopped rock climbing", "stopped
    brewing my own beer": brewing beer; "stopped playing rugby", "doing yoga": rugby,
    yoga, as "I play rugby" names it; "my volleyball team": volleyball), by a last word
    the writers named pastimes by; no drink, no smoking, no place ("quit the gym"), but
    British "packed in the rugby" names the sport with "the")."""
    from tem.extract.learned import known_head

    if obj.lemma_ in ("drink", "smoke", "vape") or taste_relation(obj.lower_) is not None:
        return []
    if obj.tag_ == "VBG" and obj.lemma_ == "go":  # "stopped going to netball"
        return _gone_to(obj, rule)
    packed = obj.head.lower_ == "in" and obj.head.head.lemma_ in PACKED_IN
    the = [c for c in obj.children if c.dep_ == "det"]  # "packed in the rugby": the sport
    # "the gym", "league of": a place or a group, no pastime
    named = any(c.dep_ == "prep" for c in obj.children) or bool(the) and not packed
    if obj.tag_ != "VBG" and (obj.pos_ != "NOUN" or named):
        return []
    before = [c for c in obj.lefts if c.dep_ in ("compound", "amod", "npadvmod", "nmod")]
    if obj.tag_ != "VBG":  # "my ikebana class", "my volleyball team": the pastime's name
        words = before if obj.lemma_ in lx.GROUP_NOUNS and before else [*before, obj]
    else:
        done = [t for o in children(obj, ("dobj",)) for t in o.subtree if _named_part(t)]
        played = obj.lemma_ in ("play", "do", "learn", "practise", "practice") and done
        words = done if played else [*before, obj, *done]
    value = join_tokens(sorted(words, key=lambda t: t.i))  # "cross-country skiing" whole
    return [("hobby", value, rule.kind)] if known_head("hobby", value) else []


def _gone_to(going: Token, rule: VerbRule) -> Found:
    """The pastime no longer gone to: "stopped going to capoeira", "going to the climbing
    gym" (climbing), by a last word the writers named pastimes by."""
    from tem.extract.learned import known_head

    misread = [  # "going to netball": the parser's infinitive of no English verb
        c
        for c in children(going, ("xcomp",))
        if children(c, ("aux",), ("to",)) and c.lower_ not in known_verbs()
    ]
    for place in [*objects_of(going, ("to",)), *misread]:
        before = [c for c in place.lefts if c.dep_ in ("compound", "amod", "nmod")]
        words = before if place.lemma_ in lx.GROUP_NOUNS else [*before, place]
        value = join_tokens(sorted(words, key=lambda t: t.i)) if words else ""
        if value and known_head("hobby", value):
            return [("hobby", value, rule.kind)]
    return []


def _named_part(token: Token) -> bool:
    return token.dep_ not in ("poss", "det") and token.lower_ != "own"
