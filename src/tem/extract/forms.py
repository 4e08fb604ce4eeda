"""The value a proposed span stands for: a name whole, a status, an activity, a kind.

The span model marks words; :func:`canonical` turns them into the value memory keeps:
"my wife" is married, "I swim" is swimming, "Quinta" in "Quinta da Pacheca" stands for
the whole name, "porto" typed in lowercase is Porto.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Callable
from typing import Any

from tem.extract import kinds, languages, partners
from tem.extract.lexicon import ANIMALS, CUE_STATUS, OCCUPATIONS
from tem.extract.nlp import english_word, frequency, known_nouns, known_verbs
from tem.extract.values import own_part, shop_s

LEADING = frozenset({"a", "an", "the", "my", "our", "some", "this", "that", "based", "-"})
BASE_VERB_TAGS = frozenset({"VB", "VBP"})
NAMED = frozenset({"works at", "studies at", "lives in", "partner"})
"""Relations whose value is a name: a proposal inside a name stands for all of it."""
NAME_TYPES = frozenset({"ORG", "GPE", "FAC", "LOC", "PERSON"})
NAME_JOINERS = frozenset({"of", "de", "da", "di", "del", "der", "van", "von", "&", "and", "la"})
MAX_NAME = 7
VOWELS = frozenset("aeiou")


def canonical(relation: str, span: Any) -> str:
    """The value a proposed span stands for: "my wife" is married, "I swim" is swimming."""
    if relation == "relationship status":  # "my late husband" is widowed
        said = partners.status_said(span.root) if span.root.lower_ in CUE_STATUS else ""
        return said or status_of(span.text) or status_of(_completed(span.root))
    if relation == "speaks":  # a language no list knows, as written; a people is none
        language = languages.language_of(span.text)
        head = span.root.head  # "I speak Hawaiian", not "I'm Filipino and speak Tagalog"
        spoken = {head.lower_, head.lemma_} & languages.LANGUAGE_CUES
        people = span.root.ent_type_ == "NORP" and not (
            spoken and languages.living_language(span.text)
        )
        return language or ("" if people else capitalized(_value(span)))
    if relation in NAMED:
        name = whole_name(span)
        if len(name) > 1 and name[-1].tag_ == "POS":
            name = name[:-1]  # its "'s" is the name's or an owner's: shop_s decides
        return capitalized(_value(name) + (shop_s(name) if relation != "partner" else ""))
    doer = kinds.agent_noun(span[0]) if span[0].tag_ in ("VBP", "VBZ") else None
    title_verb = span.root.i == span.start and not kinds.misread_title(span)
    if relation == "job title" and doer is not None and title_verb:
        objects = [t.lemma_ if _counted(t) else t.text for t in span[1:]]  # trams: tram
        return " ".join([*objects, doer])  # "teach maths": maths teacher
    if relation == "has pet" and _named_after_kind(span):
        span = span.doc[span.start : span.root.i]  # "my golden retriever Bruno": the kind
    if relation in ("job title", "has pet"):
        known = OCCUPATIONS if relation == "job title" else ANIMALS
        value = _value(span)
        head, lemma = span.root.text, span.root.lemma_.casefold()
        english = english_word(head.casefold()) and lemma not in known
        fixed = head if english else kinds.spelled(head, known)  # "plumbr"; "maker" no "baker"
        return value if fixed == head else value.replace(head, fixed)
    first = span[0]
    base = first.tag_ in BASE_VERB_TAGS or first.lower_ == first.lemma_  # "I knit" (VBD)
    if relation == "hobby" and base and first.pos_ == "VERB" and _is_verb(first):
        named = _doing_named(span)
        if named is not None:
            return named
        rest = span.doc[first.i + 1 : span.end].text
        return " ".join(w for w in (gerund(first.lower_), rest) if w)
    return _value(span)


def _doing_named(span: Any) -> str | None:
    """The pastime when the verb the parser found first only names its kind: "trail
    running", "fly fishing" (a doing after it, kept as said), "I trail run", "I
    cross-country ski" (the doing last: "trail running", "cross-country skiing")."""
    nouns = known_nouns()
    second = span[1] if len(span) > 1 else None
    if second is not None and (second.tag_ == "VBG" or second.lower_.endswith("ing")):
        return str(span.text) if second.lower_ in nouns or second.tag_ == "VBG" else None
    last = span[-1]
    kind = [t for t in span[:-1] if not t.is_punct or t.text == "-"]
    if not 1 <= len(kind) <= 3 or last.tag_ not in ("VB", "VBP", "NN"):
        return None
    doing = gerund(last.lower_)
    if last.lower_ not in known_verbs() or doing not in nouns:
        return None
    if not all(t.lower_ in nouns or t.text == "-" for t in kind):
        return None
    return f"{span.doc[span.start : last.i].text.rstrip()} {doing}"


def _named_after_kind(span: Any) -> bool:
    """ "my golden retriever Bruno": a pet's name after the animal it is; an animal's
    word is a name too when capitalised after one in lowercase ("retriever Moose")."""
    root = span.root
    if root.i == span.start or not kinds.is_animal(before := root.doc[root.i - 1]):
        return False
    return not kinds.is_animal(root) or root.text[:1].isupper() and before.text.islower()


def _is_verb(token: Any) -> bool:
    """True for a verb the tagger did not invent: a known verb, or a word with a subject
    ("I boulder"); "badminton twice a week" in a list is the sport."""
    from tem.extract.nlp import known_verbs

    if any(c.lower_ == "got" for c in token.children):
        return False  # "I've got salsa in my blood": what one has, no verb
    return token.lemma_.casefold() in known_verbs() or any(
        c.dep_ == "nsubj" for c in token.children
    )


def capitalized(name: str) -> str:
    """A name typed in lowercase, capitalised: "porto" -> "Porto", "uni of lagos" ->
    "Uni of Lagos"; a name with any capital stays as typed ("iPhone", "McGill")."""
    if name != name.casefold():
        return name
    return " ".join(w if w in NAME_JOINERS else w[:1].upper() + w[1:] for w in name.split())


def whole_name(span: Any) -> Any:
    """The name ``span`` is part of: "Quinta" in "Quinta da Pacheca", "Lincoln" in "Lincoln
    High". The pipeline's entity that holds it, else the run of proper nouns around it."""
    doc = span.doc
    for ent in doc.ents:
        inside = ent.start <= span.start and span.end <= ent.end
        if inside and ent.label_ in NAME_TYPES and len(ent) <= MAX_NAME:
            part = own_part(ent, span.root)
            if part.start <= span.start and span.end <= part.end:
                return part
            where = doc[part.end] if part.end < len(doc) else None
            placed = where is not None and where.lower_ == "in" and span.start >= part.start
            return part if placed else span  # "De Krook | in Ghent": the model's whole span
    if not all(t.pos_ == "PROPN" for t in span):
        return span
    grown = _grown(span, _name_part, doc[:])
    return span if grown is None else grown


def _grown(span: Any, part: Callable[[Any, int, int], bool], within: Any) -> Any | None:
    """``span`` with the tokens of ``within`` either side that ``part`` says continue the
    name; None when that makes a name longer than :data:`MAX_NAME`."""
    doc, start, end = span.doc, span.start, span.end
    while start > within.start and part(doc, start - 1, -1):
        start -= 1
    while end < within.end and part(doc, end, 1):
        end += 1
    return doc[start:end] if end - start <= MAX_NAME else None


def named_whole(relation: str, value: str, sentence: Any) -> str:
    """A rule's name with the capitalised proper nouns of it that the parse left off
    either side: "Dubai Marina" for "Marina", "Médecins du Monde" for "Monde". Only a
    name said once in the sentence, all capitalised proper nouns."""
    span = kinds.span_of(sentence, value)
    said_once = sentence.text.casefold().count(value.casefold()) == 1
    if relation not in NAMED - {"partner"} or span is None or not said_once:
        return value
    if not all(t.pos_ == "PROPN" and t.text[:1].isupper() for t in span):
        return value
    grown = _grown(span, _capital_part, sentence)
    return value if grown is None else str(grown.text)


def _capital_part(doc: Any, i: int, step: int) -> bool:
    """True when token ``i`` continues a capitalised name: a capitalised proper noun, or
    a joiner before one ("du" in "Médecins du Monde")."""
    token = doc[i]
    if token.pos_ == "PROPN" and token.text[:1].isupper() and token.ent_type_ != "DATE":
        return not (i == token.sent.start and kinds.inflected(token))
    beyond = i + step  # "and" joins two names more often than it names one
    joined = token.lower_ in NAME_JOINERS - {"and"} and 0 <= beyond < len(doc)
    return joined and doc[beyond].pos_ == "PROPN" and doc[beyond].text[:1].isupper()


def _name_part(doc: Any, i: int, step: int) -> bool:
    """True when token ``i`` continues a name: a proper noun, or a joiner before one."""
    token = doc[i]
    if i == token.sent.start and kinds.inflected(token):
        return False  # "Joined Canva as a designer": the verb only wears a capital
    if token.pos_ == "PROPN":
        return True
    beyond = i + step
    joined = token.lower_ in NAME_JOINERS and 0 <= beyond < len(doc)
    return joined and doc[beyond].pos_ == "PROPN"


def _completed(head: Any) -> str:
    """The words that complete a span's head: a span cut short ("Tied the") still says
    what its verb's object does ("knot")."""
    return " ".join(c.text for c in head.children if c.dep_ in ("dobj", "prt", "attr", "acomp"))


def status_of(text: str) -> str:
    """The status a phrase says ("hubby" -> married, "girlfreind" -> dating); "" if none."""
    for word in re.findall(r"[\w'é]+", text.casefold()):
        if word in CUE_STATUS:
            return CUE_STATUS[word]
        close = difflib.get_close_matches(word, CUE_STATUS, n=1, cutoff=0.8)
        if close:
            return CUE_STATUS[close[0]]
    return ""


def gerund(verb: str) -> str:
    """ "swim" -> "swimming", "bake" -> "baking", "paint" -> "painting"."""
    if verb.endswith("ie"):
        return verb[:-2] + "ying"
    if verb.endswith("e") and not verb.endswith(("ee", "ye", "oe")) and len(verb) > 2:
        return verb[:-1] + "ing"
    short_cvc = (
        len(verb) <= 4
        and len(verb) >= 3
        and verb[-1] not in VOWELS | set("wxy")
        and verb[-2] in VOWELS
        and verb[-3] not in VOWELS
    )
    return verb + verb[-1] + "ing" if short_cvc else verb + "ing"


def _value(span: Any) -> str:
    tokens = list(span)
    while tokens and (tokens[0].lower_ in LEADING or tokens[0].is_punct):
        tokens = tokens[1:]
    while (
        tokens
        and (tokens[-1].is_punct or tokens[-1].tag_ == "POS")
        and tokens[-1].text
        not in (
            ")",
            "+",
        )
    ):
        tokens = tokens[:-1]
    if not tokens:
        return ""
    return str(span.doc[tokens[0].i : tokens[-1].i + 1].text).strip()


def _counted(token: Any) -> bool:
    """A plural that a compound says in the singular ("trams" in "tram driver"); a
    subject's name is none ("maths", "physics", "economics")."""
    lower = token.lower_
    return bool(token.tag_ == "NNS" and not lower.endswith(("ics", "maths")))


@functools.lru_cache(maxsize=4096)
def closed_compound(word: str, heads: frozenset[str]) -> bool:
    """A pastime written as one word of an English word and a known pastime's doing,
    spelled right: "kitesurfing" (kite, surfing), "stepdancing" (not "parkruning")."""
    return any(
        word[i:] in heads
        and word[i:].endswith("ing")
        and frequency(word[i:]) > 0
        and english_word(word[:i])
        for i in range(3, len(word) - 4)
    )
