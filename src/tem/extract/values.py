"""Reading a fact's value out of the parse: places, organisations, noun phrases, names.

Values are the words of the text with determiners and possessives dropped ("my new
flat in Leeds" -> place "Leeds"; "a flat white" -> "flat white").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tem.extract.lexicon import DRINKS, HOME_NOUNS, KIN_NOUNS, TIME_PREPOSITIONS
from tem.extract.nlp import listed_word
from tem.extract.places import known_place, place_at

Token = Any

PLACE_ENTS = frozenset({"GPE", "LOC", "FAC"})
NAME_ENTS = frozenset({"ORG", "GPE", "LOC", "FAC", "PERSON", "NORP", "PRODUCT", "LANGUAGE"})
MODIFIER_DEPS = frozenset({"compound", "amod", "nmod", "flat"})
DIRECTION_WORDS = frozenset({"back", "out", "down", "over", "away", "up"})
TIME_WORDS = frozenset(
    {"spring", "summer", "fall", "autumn", "winter", "morning", "evening", "weekend", "future"}
)
DROPPED_WORDS = frozenset(
    {"new", "current", "own", "first", "old", "little", "very", "now", "much", "many", "more"}
)
NOT_VALUES = frozenset({"it", "this", "that", "them", "one", "something", "thing", "stuff"})


def children(token: Token, deps: Iterable[str], words: Iterable[str] | None = None) -> list[Token]:
    """Return the children of ``token`` with one of ``deps`` (and, if given, of ``words``)."""
    wanted, allowed = set(deps), None if words is None else set(words)
    return [
        c for c in token.children if c.dep_ in wanted and (allowed is None or c.lower_ in allowed)
    ]


def pobjects(token: Token, deps: Iterable[str], preps: Iterable[str] | None = None) -> list[Token]:
    """The objects of ``token``'s own preposition children with one of ``deps`` (and, if
    given, of ``preps``): ``pobjects(verb, ("agent",))`` -> "Lara" in "dumped by Lara"."""
    return [o for p in children(token, deps, preps) for o in children(p, ("pobj",))]


def objects_of(token: Token, preps: Iterable[str]) -> list[Token]:
    """Return the objects of ``token``'s prepositions among ``preps`` ("to" -> Austin)."""
    found = []
    heads = [token, *children(token, ("advmod", "prt", "prep"), DIRECTION_WORDS)]
    for head in heads:
        for prep in children(head, ("prep", "agent", "dative"), preps):
            found.extend(children(prep, ("pobj", "pcomp")))
    if "to" in preps:
        found += [
            c
            for c in children(token, ("xcomp", "advcl"))  # "to Raleigh over the weekend"
            if name_after_to(c) or _after_to(c) and lowercase_place(c)
        ]
    return found


def _after_to(token: Token) -> bool:
    """A word the parser read as the verb of an infinitive right after "to" (one with an
    object is a verb: "moved to *split* the rent"; a word that is no English verb is
    none, whatever hangs on it: "moved to *bushwick* my rent is insane")."""
    to = [c for c in token.children if c.dep_ == "aux" and c.lower_ == "to"]
    verb = listed_word(token.lower_, "verb")
    if verb and any(c.dep_ in ("dobj", "ccomp", "xcomp", "prt") for c in token.children):
        return False
    return bool(to) and token.tag_ == "VB" and to[0].i == token.i - 1


def name_after_to(token: Token) -> bool:
    """ "married to *Layla*": a capitalised name after "to" that the parser read as the
    verb of an infinitive (a sentence's first word is capitalised anyway)."""
    named = token.text[:1].isupper() and not token.text.isupper() and token.i > 0
    return named and _after_to(token)


def entity_text(token: Token) -> str | None:
    """Return the named entity ``token`` belongs to, without a leading "the"."""
    if token.ent_type_ not in NAME_ENTS:
        return None
    for entity in token.doc.ents:
        if entity.start <= token.i < entity.end:
            span = own_part(entity, token)
            words = [t for t in span if not (t.i == span.start and t.lower_ == "the")]
            words += name_tail(span[-1])
            return (join_tokens(words) + shop_s(span)) or None
    return None


def own_part(entity: Any, token: Token) -> Any:
    """The part of ``entity`` that holds ``token``, cut at a preposition the parser hung
    outside it (the tagger's one name "Pune to Hyderabad" in "moved from Pune to
    Hyderabad" is two places) or at a verb it took in ("Left Munich for Hamburg")."""
    outside = [
        t.i
        for t in entity
        if t.dep_ in ("prep", "agent") and not entity.start <= t.head.i < entity.end
    ]
    outside += [t.i for t in entity if t.pos_ == "VERB" and t.i != token.i]  # "Left Munich"
    outside += [t.i for t in entity if _where_after(t, entity)]  # "Careem | in Dubai"
    start = max((i + 1 for i in outside if i < token.i), default=entity.start)
    end = min((i for i in outside if i > token.i), default=entity.end)
    return token.doc[start:end]


def _where_after(token: Token, entity: Any) -> bool:
    """True for an "in" inside a name that the rest of the name is a listed place after:
    the tagger's one organisation "Careem in Dubai" is Careem, in Dubai."""
    if token.lower_ != "in" or token.i == entity.start:
        return False
    return known_place(token.doc[token.i + 1 : entity.end].text)


NAME_LINKS = frozenset(
    "da das de del della des di do dos du la le van von der den al el bin ibn".split()
)
"""Lowercase words inside names: "São José *dos* Campos", "Peso *da* Régua"."""


def name_tail(last: Token) -> list[Token]:
    """The words a name goes on with after ``last`` when the parser cut it short: a
    lowercase link and a capitalised word ("São José | dos Campos"), or the number of a
    numbered name ("District | 3", "Pho | 24"; not "Paris | 2 years ago"), or the rest of a
    hyphenated one ("Soo | -ah")."""
    doc, tail = last.doc, []
    i = last.i + 1
    while i + 1 < len(doc) and doc[i].text in "-‐" and _glued(doc[i - 1], doc[i], doc[i + 1]):
        tail += [doc[i], doc[i + 1]]  # "Soo | -ah", "Jean | -Luc": one hyphenated name
        i += 2
    while i < len(doc) and doc[i - 1].whitespace_:
        word = doc[i]
        after = doc[i + 1] if i + 1 < len(doc) else None
        if word.lower_ in NAME_LINKS and after is not None and after.text[:1].isupper():
            tail += [word, after]
            i += 2
        elif word.like_num and word.head.i == doc[i - 1].i and doc[i - 1].text[:1].isupper():
            tail.append(word)
            break
        else:
            break
    return tail


def shop_s(span: Token) -> str:
    """The "'s" that ends a name ("Sainsbury's on the tills", "based at Addenbrooke's."):
    one before a preposition, a conjunction, a date, an emoji or the end; "Nabil Bank's
    branch" owns the branch, and "Ferrari's had me" is "has", so neither is the name's."""
    doc, end = span.doc, span.end
    if end >= len(doc) or doc[end].tag_ != "POS" or span[-1].whitespace_:
        return ""
    after = doc[end + 1] if end + 1 < len(doc) else None
    owns = (
        after is not None
        and after.pos_ in ("NOUN", "PROPN", "ADJ", "NUM")
        and after.ent_type_ not in ("DATE", "TIME")  # not "Nando's last month"
    )
    if doc[end].ent_iob_ == "I" and not owns:
        return str(doc[end].text)  # in the tagger's name: "my boss at Trader Joe's begged"
    if after is not None and after.pos_ == "AUX" and after.tag_ in ("VBZ", "VBD", "VBP", "MD"):
        return str(doc[end].text)  # "Sainsbury's has got me on the early shift": no
        # "has" or "is" before another finite one ("Brixton's been sorted" is "has")
    if owns or after is not None and after.pos_ in ("VERB", "AUX", "PART", "PRON", "DET", "ADV"):
        return ""  # "Ferrari's had me", "the flat in Brixton's finally sorted": "has", "is"
    return str(doc[end].text)  # before "since", "last month", an emoji or the end


def phrase(token: Token, *, keep_adjectives: bool = True) -> str | None:
    """Return the noun phrase headed by ``token`` minus determiners and possessives.

    A named entity gives its own words, unless the tagger cut the phrase short: in
    "mango lassi" only "lassi" is (mis)tagged, so the compound is kept.
    """
    named = entity_text(token)
    if named is not None and not _cut_short(token):
        return named
    if token.lower_ in NOT_VALUES or token.pos_ == "PRON":
        return None
    left = _modifiers(token, keep_adjectives)
    right = [*_proper_tail(token), *name_tail(token)] if token.pos_ == "PROPN" else []
    return join_tokens([*left, token, *right])


def _cut_short(token: Token) -> bool:
    """True when a compound noun before ``token`` lies outside its (non-person) entity."""
    if token.ent_type_ == "PERSON":
        return False
    start = next((e.start for e in token.doc.ents if e.start <= token.i < e.end), token.i)
    return any(c.dep_ == "compound" and c.i < start for c in token.children)


def _glued(*tokens: Token) -> bool:
    """True for words written with no space between them: "Soo-ah"."""
    return not any(t.whitespace_ for t in tokens[:-1]) and tokens[-1].is_alpha


def join_tokens(tokens: Iterable[Token]) -> str:
    """Return the tokens' text in document order with their original spacing."""
    ordered = sorted(tokens, key=lambda t: t.i)
    parts: list[str] = []
    for before, token in zip([None, *ordered], ordered, strict=False):
        if before is not None and token.i > before.i + 1:
            gap = token.doc[before.i + 1 : token.i]
            glued = all(t.is_punct and not t.whitespace_ for t in gap) and not before.whitespace_
            parts.append(gap.text if glued else " ")  # keep "self-acceptance" whole
        parts.append(token.text + (token.whitespace_ if token is not ordered[-1] else ""))
    return " ".join("".join(parts).split()).strip(" \"'")


def _modifiers(token: Token, keep_adjectives: bool) -> list[Token]:
    found: list[Token] = []
    for child in token.children:
        if child.i < token.i and _numbered(child, found):
            found.append(child)  # "a Year 6 teacher", "a band 5 physio"
            continue
        if child.i > token.i or child.dep_ not in MODIFIER_DEPS:
            continue
        if child.lower_ in DROPPED_WORDS or (child.dep_ == "amod" and not keep_adjectives):
            continue
        found.extend([*_modifiers(child, keep_adjectives), child])
    return found


def _numbered(child: Token, found: list[Token]) -> bool:
    """True for the number of the noun just before it among ``found`` ("6" of "Year 6",
    "5" of "band 5"), part of that noun's name; a number that counts stays out ("two
    cats")."""
    before = found[-1] if found else None
    noun = before is not None and before.pos_ in ("NOUN", "PROPN") and before.i == child.i - 1
    return noun and child.dep_ == "nummod" and child.like_num


def _proper_tail(token: Token) -> list[Token]:
    for prep in children(token, ("prep",), ("of",)):
        for obj in children(prep, ("pobj",)):
            if obj.pos_ == "PROPN":
                return [prep, *_modifiers(obj, True), obj]
    return []


def is_place(token: Token) -> bool:
    """Places by NER, or proper nouns NER mislabels ("Austin" as a person, "Bergen" as an
    organisation, a known place as anything); the trigger verb ("moved to") already says
    it is a place. A word typed in lowercase is one when it is a known place ("just moved
    to austin")."""
    if token.ent_type_ in PLACE_ENTS:
        return True
    if token.pos_ == "PROPN" and token.ent_type_ in ("", "PERSON", "NORP", "ORG", "PRODUCT"):
        return True
    if token.pos_ == "PROPN" and place_at(token) is not None:
        return True  # a known place the tagger took for a date ("live in Montevideo")
    if name_after_to(token) and known_place(token.text):
        return True  # "moved from Atlanta to Raleigh over the weekend": "Raleigh" a verb
    return lowercase_place(token) is not None


DWELT_IN = frozenset({"van", "bus", "truck", "boat", "barge", "camper", "caravan", "tent"})
"""Things one lives in that share their word with a town ("the van": not Van, Turkey)."""
WHERE = frozenset({"in", "to", "from", "near", "at", "outside", "around"})
"""Prepositions after which a word is where someone is."""


def lowercase_place(token: Token) -> str | None:
    """The known place a word typed in lowercase is part of, capitalised ("austin" ->
    "Austin", "buenos aires" -> "Buenos Aires"); None for any other word."""
    misread = token.dep_ == "pobj" or _after_to(token)  # "live in leeds", "moved to boise"
    misread = misread or token.dep_ == "pcomp" and token.i == token.head.i + 1  # "to fresno"
    if not token.is_lower or token.pos_ not in ("NOUN", "PROPN", "ADJ") and not misread:
        return None
    where = token.dep_ == "pobj" and token.head.lower_ in WHERE
    if token.lower_ in DRINKS and not where:
        return None  # "swapped pálinka for oat lattes" (Lattes is a town); "moved to assam"
    before = [c for c in token.lefts if c.dep_ == "compound"]  # "boise idaho": the city
    some = any(c.dep_ == "det" and c.lower_ in ("a", "an") for c in token.lefts)
    dwelt_in = token.lower_ in DWELT_IN and any(c.dep_ in ("det", "poss") for c in token.lefts)
    thing = some or dwelt_in  # "a van in bristol", "into the van": no town Van; "the netherlands"
    for word in before if thing else [*before, token]:
        span = place_at(word)
        if span is not None:
            return str(span.text).title()
    return None


def place_text(token: Token) -> str | None:
    """The words of the place ``token`` names: its entity, its known name, or its phrase."""
    return entity_text(token) or lowercase_place(token) or phrase(token)


def place_from(token: Token, preps: Iterable[str], *, dwelling: bool = False) -> str | None:
    """Return the place after ``preps`` of ``token``, looking through home nouns (any
    common noun where ``dwelling``: what one lives in, "a caravan", "a converted bus")."""
    for obj in [*objects_of(token, preps), *children(token, ("dobj", "attr"))]:
        if is_place(obj):
            return place_text(obj)
        if obj.lemma_ in HOME_NOUNS or obj.lemma_ == "lease":
            inner = place_from(obj, ("in", "on", "near", "outside", "at"))
            if inner is not None:
                return inner
        elif dwelling and obj.pos_ == "NOUN" and obj.lemma_ not in SETTLEMENTS:
            inner = place_from(obj, ("in", "on"))  # "a caravan in Treviso"
            if inner is not None:
                return inner
        if obj.lemma_ in SETTLEMENTS and (named := _named_place(obj)) is not None:
            return named
    if dwelling:  # "I live rent-free in Croydon": the place hung on how one lives
        for how in children(token, ("acomp", "advmod")):
            inner = place_from(how, ("in", "on"))
            if inner is not None:
                return inner
    return None


SETTLEMENTS = frozenset(
    "town village city suburb hamlet island neighbourhood neighborhood district".split()
)
"""Nouns of a place a name is given to: "moved to a small town called Sequim"."""


def _named_place(noun: Token) -> str | None:
    """The name a settlement is given: "a tiny town *called* Sequim", "a village named
    Hallstatt"."""
    for given in children(noun, ("acl",)):
        if given.lemma_ not in ("call", "name"):
            continue
        for name in children(given, ("oprd", "dobj", "attr", "npadvmod", "xcomp")):
            if name.pos_ == "PROPN" or is_place(name):
                return place_text(name)
    return None


SETTLING = frozenset({"live", "reside", "settle", "base"})
ON_THE_WAY = frozenset("prep pobj advmod npadvmod compound amod det nummod quantmod".split())
"""Links of the words between a verb of living and the place its spot lies in."""


def nested_place(verb: Token) -> str | None:
    """The place a verb of living names through the spot it gives first: "live just up
    the road *in Hove*", "near the beach *in Coogee*"; not through a person ("with the
    parents of my friend Ana in Leeds" is theirs). Only prepositions, modifiers and
    adverbs lie between ("two streets from the sea in Brighton", whose "streets" is the
    verb's object, gives none)."""
    if verb.lemma_ not in SETTLING or objects_of(verb, ("in",)):
        return None  # "based in [a misread list ...]": its own "in" says where or nothing
    for token in verb.subtree:
        if token.dep_ != "pobj" or token.head.lower_ != "in" or not is_place(token):
            continue
        path = list(token.ancestors)
        path = path[: path.index(verb)] if verb in path else []
        if path and all(_on_the_way(t) for t in path):
            return place_text(token)
    return None


def _on_the_way(token: Token) -> bool:
    person = token.lemma_ in KIN_NOUNS or token.ent_type_ == "PERSON" or token.pos_ == "PRON"
    return token.dep_ in ON_THE_WAY and token.pos_ not in ("VERB", "AUX") and not person


def where_place(verb: Token) -> str | None:
    """The place a "where" clause hangs on: "Ottawa, where I rent a flat" -> Ottawa.

    spaCy attaches the clause to the place (relcl) or to the main verb (advcl); then
    the place is the nearest named place before "where".
    """
    where = children(verb, ("advmod",), ("where",))
    if not where or verb.dep_ not in ("relcl", "advcl"):
        return None
    if verb.dep_ == "relcl":
        head = verb.head
        return entity_text(head) or phrase(head) if is_place(head) else None
    for token in reversed(verb.doc[verb.sent.start : where[0].i]):
        if token.ent_type_ in PLACE_ENTS:
            return entity_text(token)
    return None


def verb_phrase(verb: Token) -> str:
    """Return ``verb`` with its objects and particles: "move to Denver", "learn pottery"."""
    keep = {"dobj", "prt", "prep", "pobj", "compound", "amod", "det", "poss", "dative", "acomp"}
    keep |= {"nummod", "attr", "pcomp", "xcomp", "aux", "advmod", "npadvmod", "conj", "cc"}
    tokens = [verb]
    for child in verb.children:
        if child.dep_ in keep and child.i > verb.i and not _is_time(child):
            tokens.extend(child.subtree)
    stop = next((t.i for t in verb.doc[verb.i :] if t.text in (",", ";", ":", "-", "(")), None)
    return join_tokens(t for t in tokens if t.pos_ != "PUNCT" and (stop is None or t.i < stop))


def _is_time(token: Token) -> bool:
    """True for "last year", "in the fall", "next month", "after my divorce": times, not
    part of an action."""
    if token.dep_ == "prep" and token.lower_ in TIME_PREPOSITIONS:
        return True
    return any(t.ent_type_ in ("DATE", "TIME") or t.lemma_ in TIME_WORDS for t in token.subtree)


def place_named_before(noun: Token) -> str | None:
    """The place a home is named by, before it: "my Brooklyn apartment", "my tiny Daegu
    studio" (a place by the tagger or a known place name; not "my Airbnb apartment")."""
    for child in noun.children:
        if child.dep_ != "compound" or child.i > noun.i:
            continue
        if child.ent_type_ in ("GPE", "LOC") or known_place(child.text):
            return place_text(child)
    return None


WEDDED_TO_THINGS = frozenset("job work career business craft desk phone laptop gym".split())
"""What one is "married to" in the idiom of devotion, no spouse: "married to the job"."""


def wedded_to_a_thing(word: Any) -> bool:
    """ "I've been married to the job at Toyota", "married to my work": no spouse."""
    things = objects_of(word, ("to",))
    return any(o.lemma_ in WEDDED_TO_THINGS and o.pos_ == "NOUN" for o in things)
