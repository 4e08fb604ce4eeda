"""Slot readers: given a trigger verb and its rule, find the fact's value.

Each reader returns ``(relation, value, kind)`` triples, empty when the clause does
not carry the value the rule needs (then the rule simply does not fire).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tem.extract import kinds
from tem.extract import lexicon as lx
from tem.extract.facts import Kind
from tem.extract.firms import called_after
from tem.extract.languages import languages
from tem.extract.offers import offered_or_applied
from tem.extract.patterns import WORK_PREPS, VerbRule
from tem.extract.places import known_place, place_at
from tem.extract.subjects import SELF, subject_token
from tem.extract.titled import written_title
from tem.extract.values import (
    children,
    entity_text,
    is_place,
    lowercase_place,
    nested_place,
    objects_of,
    phrase,
    place_from,
    place_text,
    wedded_to_a_thing,
    where_place,
)

Token = Any
Found = list[tuple[str, str | None, Kind]]
Reader = Callable[[Token, VerbRule], Found]


def found_one(rule: VerbRule, value: str | None) -> Found:
    """``rule``'s one fact with ``value``, or none when no value was read."""
    return [] if value is None else [(rule.relation, value, rule.kind)]


def direct_object(verb: Token) -> Token | None:
    """The first direct object of ``verb``, if any."""
    found = children(verb, ("dobj",))
    return found[0] if found else None


def proper_name(noun: Token) -> str | None:
    """Return the name in "a puppy named Max", "my dog, Max", "a cat called Miso"."""
    for child in noun.children:
        if child.dep_ == "appos" and child.pos_ == "PROPN":
            return phrase(child)
        if kinds.naming(child):
            for name in children(child, ("oprd", "dobj", "attr", "xcomp")):
                return phrase(name)
    return None


DWELLING_VERBS = frozenset({"live", "reside"})
"""Verbs whose "in"/"on" names what one lives in, whatever it is: "live on a narrowboat"."""

YEAR = re.compile(r"^(19|20)\d\d$")
"""A year as written: "in 2015"."""


def place(verb: Token, rule: VerbRule) -> Found:
    """The place of "live in", "moved to"; a move also ends the home it left, in either
    order ("moved to Porto from Lisbon", "moved from Cairo to Berlin")."""
    dwelling = verb.lemma_ in DWELLING_VERBS  # "live in a caravan in Treviso"
    said = place_from(verb, rule.preps, dwelling=dwelling) or where_place(verb)
    found = found_one(rule, said or nested_place(verb))
    if verb.lemma_ in lx.MOVES and rule.kind == "assert":
        left = next((place_text(t) for t in objects_of(verb, ("from",)) if is_place(t)), None)
        if left is not None and all(value != left for _, value, _ in found):
            found.append(("lives in", left, "end"))
    return found


LODGINGS = frozenset({"room", "bedroom"})
"""A home that is part of another's, rented or found: "rent a room in Hounslow"."""


def home(verb: Token, rule: VerbRule) -> Found:
    """ "bought a flat in Leith", "signed a lease in Astoria", "renting a room in the
    Plateau" (a room is a home only where it is rented or found: no "got a room")."""
    obj = direct_object(verb)
    if obj is None:
        return []
    room = obj.lemma_ in LODGINGS and verb.lemma_ in ("rent", "find")
    if not room and obj.lemma_ not in lx.HOME_NOUNS and obj.lemma_ != "lease":
        return []
    if verb.lemma_ in SELLING and not _own_home(obj):
        return []  # "I sell houses in Leeds": a trade, no home
    found = place_from(verb, ("on", "in")) or place_from(obj, ("in", "on", "near"))
    return found_one(rule, found or where_place(verb))


SELLING = frozenset({"sell", "flog"})
"""Verbs that end a home: "flogged the flat in Brighton", "sold our house in Leeds"."""


def _own_home(obj: Token) -> bool:
    """One home of the speaker's: "the flat", "my house", "our place"; not "houses"."""
    owner = [c.lower_ for c in obj.children if c.dep_ in ("det", "poss")]
    return obj.tag_ == "NN" and bool(owner) and owner[0] in ("the", "my", "our")


def left_for(verb: Token, rule: VerbRule) -> Found:
    """ "left Porto for Lisbon" -> lives in Lisbon, and Porto ended; "left Google for Meta",
    "swapped Barclays for Monzo" -> works at Meta, and Google ended."""
    old = direct_object(verb)
    if old is None:
        return []
    new = objects_of(verb, ("for",)) or objects_of(old, ("for",))  # "left [Mexico City for X]"
    new = [t for t in new if "good" not in (w.text for w in t.subtree)]  # "left X for good"
    old, new = _described_place(old), [_described_place(t) for t in new]
    if not new and _moved_on(verb):
        left = place_text(old)  # "I left Gdańsk in May and live in Wrocław now"
        return [("lives in", left, "end")] if left and known_place(left) else []
    if not new or not (_named(old) and _named(new[0])):
        return []
    if entity_text(old) is not None and entity_text(old) == entity_text(new[0]):
        return []  # the tagger took "Florence for Atlanta" as one name
    old_place, new_place = (_place(t) for t in (old, new[0]))
    listed = place_at(new[0]) is not None  # "swapped Ankara for the quiet of Bodrum" (an ORG)
    both_listed = listed and place_at(old) is not None  # "left Harare for Bulawayo" (ORGs)
    if new_place or both_listed or (old_place and (new[0].ent_type_ != "ORG" or listed)):
        value, left = place_text(new[0]), place_text(old)
        ended: Found = [] if left is None else [("lives in", left, "end")]
        return [] if value is None else [("lives in", value, rule.kind), *ended]
    if old_place or old.ent_type_ == "PERSON":
        return []
    value, left = _employer(new[0]), _employer(old)
    ended = [] if left is None else [("works at", left, "end")]
    return [] if value is None else [("works at", value, rule.kind), *ended]


MOVED_ON = frozenset({"move", "relocate", "live", "settle", "shift"})
"""Verbs of a home that, joined to leaving a place, say the place was a home left:
"I left Gdańsk and live in Wrocław now", "i left kyiv and moved to lviv"."""


def _moved_on(verb: Token) -> bool:
    """True when leaving is joined to a verb of a new home, with no other subject."""
    subjects = ("nsubj", "nsubjpass")
    return any(
        other.lemma_ in MOVED_ON
        and not any(c.dep_ in subjects and c.lower_ not in SELF for c in other.children)
        for other in verb.conjuncts
    )


def _described_place(token: Token) -> Token:
    """The place a common noun describes ("traded the grey skies *of Rotterdam* for the
    sunshine *of Valencia*", "the quiet life *in Clarens*", "the *Seoul* rat race"), else
    ``token``."""
    if _named(token):
        return token
    named = [c for c in token.children if c.dep_ == "compound" and _named(c) and _place(c)]
    if len(named) == 1:
        return named[0]  # "ditching the Seoul rat race for Jeju"
    inside = objects_of(token, ("of", "in"))
    if len(inside) != 1 or not _named(inside[0]):
        return token
    return inside[0] if _place(inside[0]) or place_at(inside[0]) is not None else token


def _named(token: Token) -> bool:
    """A name: a proper noun, or a known place typed in lowercase ("left lyon for paris")."""
    return token.pos_ == "PROPN" or lowercase_place(token) is not None


def _place(token: Token) -> bool:
    """A place by the tagger, or a known place name it took for anything but a firm
    ("left Buenos Aires for Mendoza", "swapped Croydon for Hampstead")."""
    if token.ent_type_ in ("GPE", "LOC"):
        return True
    return token.ent_type_ != "ORG" and place_at(token) is not None


def long_stay(verb: Token, rule: VerbRule) -> Found:
    """ "spent two years in Lisbon" is a stay; "spent a week in Rome" or "a month in
    Havana" is a trip."""
    obj = direct_object(verb)
    if obj is None or obj.lemma_ not in ("year", "month", "decade"):
        return []
    if obj.lower_ == "month":
        return []  # one month: "spent a month in Lisbon last spring"
    return found_one(rule, place_from(verb, ("in",)))


def arrival(verb: Token, rule: VerbRule) -> Found:
    """ "came to Manchester in 2015", "came to Montreal at 19", "since I came to Vancouver":
    an arrival told with its year, the speaker's age or a "since" is a move; a bare "came
    to Rome" may be a visit."""
    if verb.tag_ != "VBD" and not any(c.lower_ == "since" for c in verb.children):
        return []
    told = [c for c in verb.subtree if c.i > verb.i]
    dated = any(t.ent_type_ == "DATE" and YEAR.match(t.text) for t in told)
    aged = any(t.lower_ == "at" and t.nbor().like_num for t in told if t.i + 1 < len(t.doc))
    since = any(c.lower_ == "since" and c.dep_ == "mark" for c in verb.children)
    if not (dated or aged or since):
        return []
    return found_one(rule, place_from(verb, rule.preps))


def call_home(verb: Token, rule: VerbRule) -> Found:
    obj = direct_object(verb)
    if obj is None or not is_place(obj) or not children(verb, ("oprd", "xcomp", "ccomp")):
        return []
    return found_one(rule, phrase(obj))


def _employer(token: Token) -> str | None:
    if token.lemma_ in lx.JOB_NOUNS or token.pos_ == "PRON":
        return None
    if token.text.casefold() in languages() and token.ent_type_ != "ORG":
        return None  # "I've lost all my Spanish": a language, lost
    if token.pos_ == "PROPN" or token.ent_type_ == "ORG":
        return phrase(token)
    named = _named_after_comma(token)
    if named is not None:
        return named  # "Dad's shop, Hendry & Sons", "my uncle's shop, Berber Salih"
    bare = not any(c.dep_ in ("det", "poss", "amod", "compound") for c in token.children)
    if called_after(token):
        return None  # "a startup called Finlytics": the name is the employer (firms.py)
    if token.lemma_ in lx.EMPLOYER_NOUNS and not bare:
        return phrase(token)  # "a call centre"; "left school at sixteen" names no employer
    return None


def _named_after_comma(token: Token) -> str | None:
    """The proper name set after a common noun of a workplace and a comma, as its
    apposition or the parser's conjunct ("my uncle's shop, Berber Salih, in Izmir"); a
    person's name there is the shop's when it has two words (one is the one addressed:
    "I work at a cafe, Marta")."""
    if token.pos_ != "NOUN" or token.lemma_ not in lx.EMPLOYER_NOUNS:
        return None
    after = token.nbor() if token.i + 1 < len(token.doc) else None
    if after is None or after.text != ",":
        return None
    for name in (c for c in token.children if c.dep_ in ("appos", "conj") and c.i > after.i):
        whole = len([t for t in name.subtree if t.pos_ == "PROPN"]) > 1  # no "..., Marta."
        if name.pos_ == "PROPN" and name.ent_type_ not in ("GPE", "DATE"):
            return phrase(name) if name.ent_type_ != "PERSON" or whole else None
    return None


def org(verb: Token, rule: VerbRule) -> Found:
    starting = verb.lemma_ in ("start", "begin")
    for obj in objects_of(verb, rule.preps):
        value = _employer(obj)
        if value is not None and not (starting and set(value.casefold().split()) & lx.SCHOOL_WORDS):
            return found_one(rule, value)
    return job_at(verb, rule)


NOT_FIRMS = frozenset({"PERSON", "GPE", "LOC", "NORP", "DATE", "TIME", "EVENT", "LANGUAGE"})
"""What a name after "for" is when it is no firm: "I nanny for Sam", "write for Mum"."""
ON_THE_ROAD = frozenset({"drive", "ride", "rid", "deliver", "haul", "courier"})
"""Work on the road, done for a firm, not a person: a name after "for" is the firm's
however it is tagged ("I ride for Rappi": a person to the tagger). "rid" is the
lemmatizer's lemma of "riding"."""
LOADS = ON_THE_ROAD | {"pick"}
"""Work whose goods may come between it and the firm: "hauling timber for Moelven",
"we pick lettuce for Primaflor" (not "packing for Glastonbury": a trip's packing)."""


def work_for(verb: Token, rule: VerbRule) -> Found:
    """The firm a trade's work is done for: "I ride for Glovo", "hauling timber for
    Moelven", "I write for The Guardian". Only a name, and no journey's: "I ride for fun",
    "drove for two hours", "a toast for my fiancée Liv", someone ("I nanny for Mrs
    Patel") and "drove down to Santa Fe for the Indian Market" name none."""
    if children(verb, ("prep",), ("to", "into")) or children(verb, ("prt",)):
        return []  # a journey somewhere, and what it was for
    road = verb.lemma_ in ON_THE_ROAD
    loads = children(verb, ("dobj",)) if verb.lemma_ in LOADS else []
    for obj in [*objects_of(verb, ("for",)), *(o for d in loads for o in objects_of(d, ("for",)))]:
        named = obj.pos_ == "PROPN" or obj.ent_type_ == "ORG"
        someone = any(c.dep_ == "poss" for c in obj.children) or obj.ent_type_ in NOT_FIRMS
        if named and (not someone or road and obj.ent_type_ == "PERSON"):
            return found_one(rule, _employer(obj))
    return []


def employer(verb: Token, rule: VerbRule) -> Found:
    obj = direct_object(verb)
    if obj is None or obj.lemma_ in lx.GROUP_NOUNS:
        return []
    return found_one(rule, _employer(obj))


def _job_actions(obj: Token) -> list[Token]:
    """ "an offer to *work* as a nurse", "a chance to *join* Acme": the job the noun names."""
    return [a for a in children(obj, ("acl", "relcl")) if a.lemma_ in ("work", "join", "serve")]


def job_at(verb: Token, rule: VerbRule) -> Found:
    """ "started a job at Acme", "accepted an offer from Acme"; an offer only got or
    landed is not yet taken ("Got an offer from Accenture but I said no")."""
    obj = direct_object(verb)
    if obj is None or obj.lemma_ not in lx.JOB_NOUNS | {"offer"}:
        return []
    if obj.lemma_ == "offer" and verb.lemma_ not in ("accept", "take") and not _taken(verb):
        return []
    inner = [*objects_of(obj, WORK_PREPS), *objects_of(verb, WORK_PREPS)]
    for action in _job_actions(obj):
        inner += [*objects_of(action, WORK_PREPS), *children(action, ("dobj",))]
    for token in inner:
        value = _employer(token)
        if value is not None:
            return found_one(rule, value)
    return []


def _taken(verb: Token) -> bool:
    """ "got an offer from Initech ... and I took it": the offer then taken."""
    return any(
        c.dep_ == "conj" and c.lemma_ in ("accept", "take") and children(c, ("dobj",))
        for c in verb.children
    )


def org_end(verb: Token, rule: VerbRule) -> Found:
    obj = direct_object(verb)
    moved = left_for(verb, rule)
    if moved and moved[0][0] == "lives in":
        return []  # "left Porto for Lisbon": a move, not a job
    if obj is not None and _place(obj):
        return []  # "left Lyon for Porto", "left Paris for a week in the Alps": a place
    if verb.lemma_ == "lose" and (obj is None or obj.lemma_ not in lx.JOB_NOUNS):
        return []  # "lost my job at Fiat" ends work; "I lose at FIFA" is a game
    if obj is not None and _pastime_group(obj):
        return []  # "quit the swim team at uni": a pastime's group left, no job
    if obj is not None and _a_drink(obj):
        return []  # "quit Diet Coke", "gave up the Guinness": a drink given up
    if "cold turkey" in verb.sent.text.casefold():
        return []  # "quit red bull cold turkey": a habit, not a job
    found = org(verb, rule) or employer(verb, rule)
    if found:
        return found
    if obj is None:  # "I quit last month": quitting with no object is quitting the job
        bare = verb.lemma_ in ("quit", "resign") and not children(verb, ("xcomp", "ccomp"))
        if verb.sent[-1].text == ":":
            bare = False  # "Stuff I quit in 2024:": what was quit follows the colon
        if _did_before(verb):
            bare = False  # "i used to play netball but i quit": netball was quit
        return [(rule.relation, None, "end")] if bare else []
    return [(rule.relation, None, "end")] if obj.lemma_ in lx.JOB_NOUNS else []


def _a_drink(obj: Token) -> bool:
    from tem.extract.leisure import taste_relation

    value = phrase(obj)
    return value is not None and taste_relation(value) == "favorite drink"


def _pastime_group(obj: Token) -> bool:
    """A group one does a pastime in: "the swim team", "the choir"; not "the team at
    Google" (colleagues)."""
    named = any(c.dep_ in ("compound", "amod") for c in obj.children)
    return obj.lemma_ in lx.GROUP_NOUNS and (named or obj.lemma_ in ("club", "choir", "band"))


def _did_before(verb: Token) -> bool:
    """True when the clause ``verb`` is joined to does something to a thing that is no
    job, which is what a bare "quit" then quits."""
    if verb.dep_ == "conj":
        before = [t for t in verb.head.subtree if t.i < verb.i]
    elif any(c.dep_ == "cc" for c in verb.children):  # parsed as a clause of its own
        before = list(verb.doc[: verb.i])[-12:]
    else:
        return False
    return any(t.dep_ == "dobj" and t.lemma_ not in lx.JOB_NOUNS for t in before)


def org_or_none(verb: Token, rule: VerbRule) -> Found:
    return org(verb, rule) or [(rule.relation, None, "end")]


def retirement(verb: Token, rule: VerbRule) -> Found:
    """ "retired from Toyota", "retired from teaching", "I retired last year": work
    ended. Not a pastime given up ("retired from skateboarding": no trade's verb;
    "retired from netball": a pastime's word) nor a thing put away ("retired the board")."""
    obj = direct_object(verb)
    if obj is not None and obj.lower_ not in SELF and obj.lemma_ not in lx.JOB_NOUNS:
        return []
    from tem.extract.learned import head_words

    trades: Found = []
    for left in objects_of(verb, ("from",)):
        if left.tag_ != "VBG":
            if left.lower_ in head_words().get("hobby", frozenset()):
                return []  # "retired from netball after twenty seasons": a pastime given up
            continue
        trade = kinds.agent_noun(left)
        if trade is None:
            return []
        trades.append(("job title", trade, "end"))  # "retired from teaching": the teacher ended
    return [*org_or_none(verb, rule), *trades]


def title(verb: Token, rule: VerbRule) -> Found:
    if offered_or_applied(verb.sent, verb):
        return []  # "Got an offer from McKinsey as an analyst but said no"
    targets = [*objects_of(verb, rule.preps)]
    obj = direct_object(verb)
    if verb.lemma_ == "join" and (obj is None or _employer(obj) is None):
        return []  # "joined the choir as a tenor" is no job
    if obj is not None and obj.lemma_ in lx.JOB_NOUNS | {"offer"}:
        targets.extend(objects_of(obj, ("as",)))
        for action in _job_actions(obj):
            targets.extend(objects_of(action, ("as",)))
    for target in targets:
        if target.pos_ in ("NOUN", "PROPN") and target.ent_type_ not in ("ORG", "GPE"):
            return found_one(rule, _with_stray_head(target, phrase(target)))
    return found_one(rule, _promoted_to(verb)) if verb.lemma_ == "promote" else []


def _with_stray_head(target: Token, value: str | None) -> str | None:
    """A title whose last word the parser hung elsewhere, kept whole: "hired me as a
    flight *dispatcher* in 2019" (read as a number), not "flight"."""
    after = target.doc[target.i + 1] if target.i + 1 < len(target.doc) else None
    if value is None or after is None or after.head.i == target.i or not after.is_lower:
        return value
    stray = after.is_alpha and not after.like_num and after.dep_ in ("advmod", "npadvmod", "dep")
    return f"{value} {after.text}" if stray and kinds.person_noun(after.text) else value


def _promoted_to(verb: Token) -> str | None:
    """ "promoted to team lead": the tagger reads "to team lead" as an infinitive; what
    one is promoted to is a role when it ends in a person noun and has no object."""
    for clause in children(verb, ("xcomp", "ccomp")):
        to = clause.left_edge  # "to" hangs on the verb or on the noun before it
        if to.lower_ != "to" or to.i + 1 > clause.i or not kinds.person_noun(clause.text):
            continue
        if any(c.dep_ in ("dobj", "prt", "ccomp") for c in clause.children):
            continue
        of = children(clause, ("prep",), ("of",))  # "head of logistics"
        end = of[0].right_edge.i if of else clause.i
        return str(verb.doc[to.i + 1 : end + 1].text)
    return None


def occupation(verb: Token, rule: VerbRule) -> Found:
    for attr in children(verb, ("attr", "acomp", "oprd")):
        if attr.lemma_ in lx.TITLE_HEADS or written_title(attr):
            return found_one(rule, phrase(attr))
    return []


def _person(token: Token) -> str | None:
    if token.pos_ == "PROPN" or token.ent_type_ == "PERSON":
        return phrase(token)
    return None


def partner(verb: Token, rule: VerbRule) -> Found:
    if wedded_to_a_thing(verb):
        return []  # "I've been married to the job at Toyota for twenty years"
    names = [_person(t) for t in [*children(verb, ("dobj",)), *objects_of(verb, rule.preps)]]
    subject = subject_token(verb)
    if subject is not None and (subject.lower_ in SELF or subject.pos_ == "PROPN"):
        names += [_person(t) for t in [subject, *subject.conjuncts] if t.lower_ not in SELF]
        couple = {t.lower_ for t in [subject, *subject.conjuncts]}
        if not couple & SELF:  # "Youssef asked me to marry him": not his own partner
            names = [n for n in names if n != _person(subject)]
    value = next((n for n in names if n), None)
    return [*found_one(rule, value), *rule.also]


def partner_or_none(verb: Token, rule: VerbRule) -> Found:
    """The partner a breakup names, or an unnamed one; nothing when the speaker broke up
    with a thing ("Coffee and I broke up in January": a drink given up, no couple) or a
    place (:mod:`tem.extract.breakups` reads the home left)."""
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    mates = [] if subject is None else [subject, *subject.conjuncts]
    if any(kinds.consumed(m) or m.ent_type_ in ("GPE", "LOC") for m in mates):
        return []  # a drink given up, or a city left ("Paris and I have broken up")
    found = partner(verb, rule)
    return found if len(found) > len(rule.also) else [(rule.relation, None, "end"), *rule.also]


def dating(verb: Token, rule: VerbRule) -> Found:
    if verb.tag_ != "VBG" and verb.head.lemma_ not in ("start", "begin"):
        return []
    obj = direct_object(verb)
    return found_one(rule, None if obj is None else _person(obj))
