"""Facts stated without an action verb: "I'm now a senior engineer", "my go-to is a
flat white", "X is my favourite drink", "my dog Max", "my new flat in Leeds".
"""

from __future__ import annotations

from typing import Any

from tem.extract import lexicon as lx
from tem.extract.facts import Kind
from tem.extract.leisure import taste_relation
from tem.extract.readers import _named
from tem.extract.subjects import FIRST_POSSESSIVE, SELF, name_of, subject_token
from tem.extract.values import children, entity_text, objects_of, phrase, place_from, verb_phrase

Token = Any
Stated = list[tuple[str, str, str | None, Kind]]
STATUS_WORDS = frozenset({"single", "married", "engaged", "divorced", "widowed", "separated"})
SELF_LANGUAGE = frozenset({"native", "first", "mother", "home"})


def be_facts(be: Token, speaker: str) -> Stated:
    """Facts from a "be" clause, about its subject or about a "my ..." subject."""
    inverted = _inverted_my_noun(be, speaker)
    if inverted:
        return inverted
    subject = subject_token(be)
    if subject is None:
        return []
    owner = next((c for c in subject.children if c.dep_ == "poss"), None)
    if owner is not None and owner.lower_ in FIRST_POSSESSIVE:
        found = _my_noun_is(subject, be, speaker)
        if found:
            return found
    name = name_of(subject, speaker)
    if name is None:
        return []
    return [(name, r, v, k) for r, v, k in _person_is(be)]


def _person_is(be: Token) -> list[tuple[str, str | None, Kind]]:
    found: list[tuple[str, str | None, Kind]] = []
    for attr in children(be, ("attr", "acomp")):
        lower = attr.lower_
        if attr.lemma_ == "student":
            found.append(("job title", "student", "assert"))
            found += [("studies at", e, "assert") for e in _orgs(attr)]
        elif attr.lemma_ in lx.TITLE_HEADS and attr.dep_ == "attr":
            found.append(("job title", phrase(attr), "assert"))
            found += [("works at", e, "assert") for e in _orgs(attr)]
        elif lower in STATUS_WORDS:
            found.append(("relationship status", lower, "assert"))
        elif lower == "retired":
            found += [("job title", "retired", "assert"), ("works at", None, "end")]
        elif lower == "fluent":
            found += [("speaks", o.text, "assert") for o in objects_of(attr, ("in",))]
        elif lower == "based":
            found += _place(attr)
    found += [("hobby", v, "assert") for v in _values(objects_of(be, ("into",)))]
    found += [("works at", e, "assert") for e in _orgs(be)]
    return found


def _place(token: Token) -> list[tuple[str, str | None, Kind]]:
    value = place_from(token, ("in", "out"))
    return [] if value is None else [("lives in", value, "assert")]


def _orgs(token: Token) -> list[str]:
    found = [entity_text(o) for o in objects_of(token, ("at", "with", "for"))]
    return [f for f in found if f is not None and not any(ch.isdigit() for ch in f)]


def _values(tokens: list[Token]) -> list[str]:
    found = [verb_phrase(t) if t.tag_ == "VBG" else phrase(t) for t in tokens]
    return [f for f in found if f]


def _complement(be: Token) -> Token | None:
    found = children(be, ("attr", "acomp", "xcomp", "ccomp"))
    return found[0] if found else None


def _my_noun_is(noun: Token, be: Token, speaker: str) -> Stated:
    """ "my favourite drink is X", "my go-to is X", "my new role is X", "my plan is to X"."""
    target = _complement(be)
    if target is None:
        return []
    value = verb_phrase(target) if target.pos_ in ("VERB", "AUX") else phrase(target)
    relation = _my_noun_relation(noun, value)
    if relation is None or value is None:
        return []
    return [(speaker, relation, value, "assert")]


def _my_noun_relation(noun: Token, value: str | None) -> str | None:
    modifiers = {c.lower_ for c in noun.children}
    lemma = noun.lemma_.casefold()
    if modifiers & {"favorite", "favourite"} or lemma in ("favorite", "favourite"):
        return _favorite(noun)
    if lemma in ("go", "to", "usual", "go-to") or "go" in modifiers:
        return None if value is None else taste_relation(value) or "likes"
    if lemma in ("job", "role", "title", "position"):
        return "job title"
    if lemma in ("hobby", "passion"):
        return "hobby"
    if lemma == "plan":
        return "plan"
    if lemma in ("language", "tongue") and modifiers & SELF_LANGUAGE:
        return "speaks"
    return None


def _favorite(noun: Token) -> str:
    category = noun.lemma_.casefold()
    if category in ("favorite", "favourite"):
        return "likes"
    return lx.FAVORITE_CATEGORIES.get(category, f"favorite {category}")


def _inverted_my_noun(be: Token, speaker: str) -> Stated:
    """ "Oat lattes are my favourite drink", "Painting is my hobby": the subject is the value."""
    for attr in children(be, ("attr",)):
        owner = next((c for c in attr.children if c.dep_ == "poss"), None)
        if owner is None or owner.lower_ not in FIRST_POSSESSIVE:
            continue
        subjects = children(be, ("nsubj",))
        value = phrase(subjects[0]) if subjects else None
        relation = _my_noun_relation(attr, value)
        if relation is not None and value is not None:
            return [(speaker, relation, value, "assert")]
    return []


def possessive_facts(noun: Token, speaker: str) -> Stated:
    """ "my dog Max" -> has pet; "my girlfriend Anna" -> partner; "my flat in Leeds"."""
    owner = next((c for c in noun.children if c.dep_ == "poss"), None)
    if owner is None or owner.lower_ not in FIRST_POSSESSIVE:
        return []
    lemma = noun.lemma_.casefold()
    if lemma in lx.ANIMALS:
        name = _named(noun) or _compound_name(noun)
        return [] if name is None else [(speaker, "has pet", name, "assert")]
    if lemma in lx.PARTNER_NOUNS:
        name = _named(noun) or _compound_name(noun)
        return [] if name is None else [(speaker, "partner", name, "assert")]
    if lemma in lx.HOME_NOUNS:
        place = place_from(noun, ("in", "near"))
        return [] if place is None else [(speaker, "lives in", place, "assert")]
    return []


def _compound_name(noun: Token) -> str | None:
    """ "my husband Tom": spaCy often reads the name as the head, the noun as compound."""
    if noun.dep_ == "compound" and noun.head.pos_ == "PROPN":
        return phrase(noun.head)
    return None


def is_self(token: Token) -> bool:
    return token.lower_ in SELF
