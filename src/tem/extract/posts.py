"""The speaker's own post, named where it is: "my shift at Walmart", "my boss at Orange",
"my thesis seminar at Fudan" say where the speaker works or studies, whatever the clause
around them does (:mod:`tem.extract.presupposed`); "my old job at X" is no post now, and
a post that is over ends the work ("My contract with MTN was terminated")."""

from __future__ import annotations

from typing import Any

from tem.extract import filters, kinds
from tem.extract import lexicon as lx
from tem.extract.facts import Candidate, Kind
from tem.extract.presupposed import presupposed
from tem.extract.subjects import resolve_subject
from tem.extract.tidy import CHAT_TAGS
from tem.extract.values import entity_text, lowercase_place, objects_of, phrase

Token = Any
Stated = list[tuple[str, str, str | None, Kind]]

WORK_POSTS = (
    frozenset(
        """job shift boss manager colleague coworker desk office contract placement rota
        position role""".split()
    )
    | lx.TRAINING_POSTS
)
STUDY_POSTS = frozenset(
    "lecture seminar exam thesis dissertation degree coursework semester module tutorial".split()
)
"""Nouns of the speaker's own work or study: "my boss at Chipotle", "my exam at NTNU"."""
PAST_POSTS = lx.FORMER | {"last", "first"}
COMMON_PLACES = (
    lx.HOME_NOUNS
    | lx.EMPLOYER_NOUNS
    | lx.SCHOOL_WORDS
    | kinds.PLACE_OF_WORK
    | {"work", "uni", "church", "gym", "night", "noon", "weekend", "weekends", "midnight"}
)
"""Where a bare lowercase noun after "my shift at" is no name: "my shift at work"."""
ENDING_VERBS = frozenset("quit leave lose resign ditch pack hand finish end drop".split())


def posts_at(noun: Token, speaker: str) -> Stated:
    """ "my boss at Orange", "my thesis seminar at Fudan": the named place of the
    speaker's own work or study; not "my old job at X", nor a post still to come. A
    post that ended ends the work: "My contract with MTN was terminated", "Just finished
    my last shift at Walmart!!" (:func:`post_ended`)."""
    lemma = noun.lemma_.casefold()
    relation = "works at" if lemma in WORK_POSTS else "studies at" if lemma in STUDY_POSTS else None
    if relation is None:
        return []
    if relation == "works at" and post_ended(noun):
        return [(speaker, relation, name, "end") for name in _names(noun, relation)]
    past = PAST_POSTS if relation == "works at" else PAST_POSTS - {"last"}  # "my last exam"
    if any(c.lower_ in past for c in noun.children):
        return []
    if noun.head.lemma_.casefold() in ENDING_VERBS:
        return []  # "quit my job at Accenture": the verb's rule reads the ending
    if filters.names_future_day(noun.sent) or not presupposed(noun):
        return []  # but "I almost missed my shift at Walmart": the shift is given
    if noun.head.pos_ in ("VERB", "AUX") and filters.is_future(noun.head):
        return []
    return [(speaker, relation, name, "assert") for name in _names(noun, relation)]


def _names(noun: Token, relation: str) -> list[str]:
    preps = ("at",) if relation == "studies at" else ("at", "with", "for")
    return [
        name
        for obj in objects_of(noun, preps)
        if (name := entity_text(obj) or _name_here(obj))
        and not any(ch.isdigit() for ch in name)
        and not (relation == "works at" and set(name.casefold().split()) & lx.SCHOOL_WORDS)
    ]


POST_ENDINGS = frozenset("terminate eliminate end cut axe scrap cancel abolish".split())
"""What happens to a post that is over: "my contract was terminated", "my role was cut"."""
LAST_DONE = frozenset({"finish", "work", "do", "wrap"})


def post_ended(noun: Token) -> bool:
    """True when the speaker's post is said to be over: its subject of an ending
    ("My contract with MTN was terminated in March", "my position at Bosch was
    eliminated"), or the last one done ("Just finished my last shift at Walmart!!");
    not one denied, doubted or to come ("if my contract ends", "my contract ends in May")."""
    head = noun.head
    if noun.dep_ in ("nsubj", "nsubjpass") and head.lemma_.casefold() in POST_ENDINGS:
        return head.tag_ in ("VBD", "VBN") and not filters.blocked(head)
    if noun.dep_ in ("nsubj", "nsubjpass") and _gone(head):
        return not filters.blocked(head)
    last = any(c.lower_ == "last" for c in noun.children)
    done = (
        noun.dep_ == "dobj" and head.lemma_.casefold() in LAST_DONE and head.tag_ in ("VBD", "VBN")
    )
    return last and done and not filters.blocked(head)


def _gone(verb: Token) -> bool:
    """A post's verb in the past that says it is gone: "my position at Equinor was made
    redundant", "my old job at Dell went up in smoke" (or "went bust")."""
    if verb.tag_ not in ("VBD", "VBN"):
        return False
    said = {c.lower_ for c in verb.children}
    if verb.lemma_ == "make":
        return "redundant" in said
    smoke = any(o.lower_ == "smoke" for c in verb.children if c.lower_ == "in" for o in c.children)
    return verb.lemma_ == "go" and ("bust" in said or "under" in said or "up" in said and smoke)


def shut(verb: Token) -> bool:
    """A verb in the past that says a firm or school is no more: "Crumbs & Co. closed
    its doors", "the café shut down", "Wirecard went bust", "the studio folded"."""
    if verb.tag_ not in ("VBD", "VBN"):
        return False
    said = {c.lower_ for c in verb.children}
    if verb.lemma_ in ("close", "shut"):
        return "down" in said or "doors" in said
    return verb.lemma_ == "fold" and not said & {"clothes", "laundry"} or _gone(verb)


def _name_here(obj: Token) -> str | None:
    """The object of "my shift at" as a name: a proper noun, one that chat hung a tag on
    ("my shift at Foodland lol": "lol" the head), or in a message typed all in
    lowercase, a bare noun, capitalised ("my shift at walmart" -> "Walmart"; not "my
    shift at the hospital", "my job at work")."""
    if obj.pos_ == "PROPN" and not obj.is_lower or obj.lower_ in CHAT_TAGS:
        return phrase(obj)
    bare = not any(c.dep_ in ("det", "poss", "amod") for c in obj.children)
    common = obj.lower_ in COMMON_PLACES or obj.ent_type_ in ("DATE", "TIME")
    common = common or lowercase_place(obj) is not None  # "at gojek jakarta": the city
    if obj.pos_ not in ("NOUN", "PROPN") or not bare or common:
        return None
    if not _typed_lowercase(obj.sent):
        return phrase(obj) if obj.pos_ == "PROPN" else None
    name = phrase(obj)
    return name.title() if name else None


def _typed_lowercase(sentence: Any) -> bool:
    """True for a sentence typed without a capital letter ("i" aside)."""
    return not any(ch.isupper() for ch in sentence.text)


LAST_DAYS = frozenset({"day", "shift", "week"})
"""What the speaker's last one says their post ends: "Friday's my last day!"."""
STARTING = frozenset({"start", "begin", "join", "new"})


def last_days(doc: Any) -> list[Token]:
    """The speaker's last day, shift or week the turn announces ("Friday's my last
    day!", "today is my last shift"; not "my last day of the holiday", nor someone
    else's: "it's Tom's last day"), and "retirement" when it starts ("retirement starts
    Monday")."""
    found = []
    for token in doc:
        if token.lower_ == "last" and token.head.lemma_ in LAST_DAYS:
            owners = [c for c in token.head.children if c.dep_ == "poss"]
            of = [c for c in token.head.children if c.lower_ in ("of", "off", "on")]
            if any(o.lower_ in ("my", "our") for o in owners) and not of:  # "Friday's my"
                found.append(token.head)
        if token.lemma_ == "retirement" and token.head.lemma_ in ("start", "begin"):
            found.append(token)
    return found


def ended_by_last_day(relation: str, value: str | None, anchor: Token) -> bool:
    """True for the speaker's work in a turn that announces their last day: the one its
    "at" names ("my last day at Maersk"), or without one any, unless its clause starts
    something new ("my last day, and I start at DSV on Monday")."""
    if relation not in ("works at", "job title"):
        return False
    clause = kinds.clause_of(anchor)
    own = {c.lower_ for c in clause.children if c.dep_ != "conj"}  # not the next clause's
    if ({clause.lemma_} | own) & STARTING:
        return False
    for last in last_days(anchor.doc):
        named = [phrase(o) for o in objects_of(last, ("at", "with"))]
        if not named or relation == "works at" and value in named:
            return True
    return False


DISMISSALS = frozenset({"chop", "sack", "push", "boot", "axe", "elbow"})
"""What one is given on losing a job: "got the chop from Jaguar Land Rover"."""


def dismissals(sentence: Any, speaker: str) -> list[Candidate]:
    """Employers the speaker got "the chop" (sack, push, boot, axe) from: "Got the push
    from Admiral Insurance last week"; not another's ("Dave got the sack from Asda"),
    nor one feared ("I might get the boot from Aldi")."""
    found = []
    for noun in sentence:
        verb = noun.head
        given = verb.lemma_ in ("get", "give") or verb.lower_ == "got"  # "Got" tagged a name
        if noun.lemma_ not in DISMISSALS or noun.dep_ != "dobj" or not given:
            continue
        if not _got_it(verb, speaker) or filters.blocked(verb):
            continue
        for obj in objects_of(verb, ("from",)) + objects_of(noun, ("from",)):
            name = entity_text(obj) or (phrase(obj) if obj.pos_ == "PROPN" else None)
            if name:
                found.append(Candidate(speaker, "works at", name, "end", verb.i))
    return found


def _got_it(verb: Token, speaker: str) -> bool:
    """True when the speaker got it: said so, or told in the past with no subject ("Got
    the chop from JLR on Tuesday, so it's back to square one")."""
    if any(c.dep_ in ("nsubj", "nsubjpass") for c in verb.children):
        return resolve_subject(verb, speaker) == speaker
    return _past_untold(verb)


def _past_untold(verb: Token) -> bool:
    """A verb in the past with no subject, chat's "I": "Got the push", "got laid off"."""
    return verb.tag_ in ("VBD", "VBN") or verb.lower_ == "got"


def dismissed(sentence: Any) -> Token | None:
    """The verb by which ``sentence`` tells that the speaker lost a job ("got laid off",
    "was let go by Lufthansa", "Banfield hired me ... and fired me"), or None; not
    another's ("they fired Dave"), nor one feared or denied ("I might get fired")."""
    for verb in sentence:
        particles = {c.lower_ for c in verb.children if c.dep_ in ("prt", "xcomp", "oprd")}
        laid_off = verb.lemma_ == "lay" and "off" in particles
        let_go = verb.lemma_ == "let" and "go" in particles
        lost = verb.lemma_ in ("fire", "sack", "dismiss") or laid_off or let_go
        if not lost or filters.blocked(verb):
            continue
        objects = [c.lower_ for c in verb.children if c.dep_ in ("dobj", "nsubjpass")]
        mine = any(o in ("me", "us", "i", "we") for o in objects)
        untold = not objects and not any(c.dep_ == "nsubj" for c in verb.children)
        if mine or untold and _past_untold(verb):
            return verb
    return None
