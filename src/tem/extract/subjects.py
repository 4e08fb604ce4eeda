"""Who a clause is about: the speaker for "I"/"we", "<Speaker>'s brother" for "my brother".

Statements about the listener ("you", "your sister") and pronouns we cannot resolve
without coreference ("he", "they") give no subject, so no fact.
"""

from __future__ import annotations

import re
from typing import Any

from tem.extract.lexicon import ANIMALS, KEPT_SUBJECT_MODIFIERS, KIN_NOUNS, OCCUPATIONS, YOU

Token = Any  # spacy.tokens.Token; spaCy ships no type information

SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass"})
SELF = frozenset({"i", "me", "we", "us", "myself"})
FIRST_POSSESSIVE = frozenset({"my", "our"})
EXTRA_PEOPLE = frozenset({"family", "folks", "grandparents", "in-laws", "twins", "baby", "bestie"})
PEOPLE_NOUNS = KIN_NOUNS | ANIMALS | OCCUPATIONS | EXTRA_PEOPLE
"""Possessed nouns that can be the subject of a fact: "my sister", "my dog", "my boss"."""
INHERITING_DEPS = frozenset({"conj", "xcomp", "advcl", "pcomp", "acl", "acomp"})
SINCE = frozenset({"after", "since", "upon"})
"""Prepositions whose gerund has happened, done by the clause's subject: "after moving to
Ipoh, I ..." (not "instead of moving", "before moving")."""
HIRING = frozenset({"pay", "hire", "employ"})
"""Verbs whose object does what follows for pay: "Mum pays me to be the receptionist"
(what one is asked, told or wanted to do is the asker's wish, not a fact)."""
LIFE_EVENTS = frozenset({"move", "relocate", "settle", "emigrate", "marry", "wed", "split"})
"""Gerunds of a move or a couple's start or end, read after "since"/"after"."""


LAUGHTER = re.compile(r"(?:a?h[ae]){2,}h?|lo+l|lmf?ao+|rofl|omg|yo+|ya+y|wo+w")
DISCOURSE = frozenset(
    "welp well ok okay k so anyway anyways yeah yep yup nah nope ugh oof phew whew meh hmm"
    " aw aww ah oh bruh bro dude ngl tbh btw fyi psa update guys y'all yall ayy"
    " jsut jst jus juss".split()
)
"""Chat's openers that stand before a clause, not in it: "*welp* just dropped out", and
chat's "just" typed in haste ("*jsut* moved to boise"), which the tagger takes for a name."""


def interjection(token: Token) -> bool:
    """True for a chat interjection the parser took for a noun: "*hahaha* me and Josh
    got engaged", "*yo* just quit infosys", "*welp* just dropped out": no one, so no
    subject."""
    if token.tag_ == "UH" or LAUGHTER.fullmatch(token.lower_):
        return True
    return token.lower_ in DISCOURSE and all(c.is_punct for c in token.children)  # "welp,"


def subject_token(verb: Token) -> Token | None:
    """Return the grammatical subject of ``verb``, borrowing it from a governing verb
    (also through a preposition: "After *moving* to Ipoh, I found a table"), or from
    where the parser hung it (:func:`_misplaced_subject`)."""
    gerund = verb
    for _ in range(4):
        found = [c for c in verb.children if c.dep_ in SUBJECT_DEPS and not interjection(c)]
        found = found or _misplaced_subject(verb)
        if found:
            before = [c for c in found if c.i < verb.i]
            own = [c for c in before if c.lower_ in SELF]  # "me and my husband moved":
            return (own or before)[-1] if before else found[0]  # two subjects, one "me"
        if opening_past(verb):
            return None  # "Broke up with Shira, tbh it was for the best": not "it"
        if verb.dep_ not in INHERITING_DEPS or verb.head.i == verb.i:
            return None
        if verb.dep_ == "xcomp" and verb.head.lemma_ in HIRING:  # not "asked me to"
            objects = ("dobj", "dative")
            hired = [c for c in verb.head.children if c.dep_ in objects and c.i < verb.i]
            hired = [c for c in hired if c.lower_ in ("me", "us")]
            if hired:
                return hired[0]  # "Mum pays me a pittance to be the receptionist"
        verb = verb.head
        if verb.lower_ in SINCE and verb.dep_ == "prep" and verb.head.i != verb.i:
            perfect = verb.lower_ == "after" and verb.head.lemma_ == "be"  # "I'm after leaving"
            if gerund.lemma_ not in LIFE_EVENTS and not perfect:
                return None  # "since retiring", "since starting at Imperial": read apart
            verb = verb.head  # "After moving to Ipoh, I found ...": the "I" of "found"
    return None


def _misplaced_subject(verb: Token) -> list[Token]:
    """A subject the parser hung on the verb's auxiliary ("My cousin Marisa [got]
    engaged": "cousin" the subject of "got"), or left before the verb as a noun of time
    ("My brother just got engaged": "brother" an npadvmod): a person said with an owner
    ("my brother", "my best friend") or a name opening the sentence ("Tom from accounts
    just got engaged"), not a time ("last night")."""
    auxiliaries = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    found = [c for a in auxiliaries for c in a.children if c.dep_ in SUBJECT_DEPS]
    for token in verb.children:
        owned = any(c.dep_ == "poss" for c in [*token.children, *verb.children])
        kin = owned and (token.lemma_.casefold() in KIN_NOUNS or token.lower_ in KIN_NOUNS)
        person = token.i == token.sent.start and named_person(token, verb)
        hung = token.dep_ == "npadvmod" or token.dep_ in ("amod", "advmod") and kin
        if hung and token.i < verb.i and (kin or person):  # "my youngest moved": an
            found.append(token)  # adjective the parser hung on the verb
    return [t for t in found if not interjection(t)]


def named_person(token: Token, verb: Token) -> bool:
    """A person's name before ``verb``, or a proper noun no tagger made a place, firm or
    time with no mark between it and the verb ("Emma from the NCT group just got
    engaged"; not "Ike my guy, been living in peckham", said to the listener)."""
    if token.ent_type_ == "PERSON":
        return True
    marked = any(t.is_punct for t in token.doc[token.i + 1 : verb.i])
    return token.pos_ == "PROPN" and not token.ent_type_ and not marked


def resolve_subject(verb: Token, speaker: str) -> str | None:
    """Return the name of whom ``verb``'s clause is about, or None to drop the clause.

    A main clause with no subject in the past or progressive ("Just moved to Austin!",
    "Gonna finish my degree") is chat shorthand for "I"; a bare verb (imperative) is not.
    """
    token = subject_token(verb)
    if token is None:
        return speaker if elided_first_person(verb) else None
    if described_self(token, verb) or joined_speaker(verb):
        return speaker
    return name_of(token, speaker)


def joined_speaker(verb: Token) -> bool:
    """True for someone moving in with the speaker: "my girlfriend Jess moved in with
    me in Greeley" says where the speaker lives."""
    if verb.lemma_ != "move" or not any(c.lower_ == "in" for c in verb.children):
        return False
    joined = (o for c in verb.children if c.lower_ == "with" for o in c.children)
    return any(o.lower_ in ("me", "us") for o in joined)


def described_self(subject: Token, verb: Token) -> bool:
    """True for a bare singular noun the parser made the subject of a verb in the first
    person's form, a comma between them: "Carpenter by trade, live in Aarhus",
    "software dev at Shopify, live in Ottawa" describe the speaker, whose "I" is left
    out (a carpenter *lives*; "live" agrees with "I" alone)."""
    bare = not any(c.dep_ in ("det", "poss", "nummod") for c in subject.children)
    between = verb.doc[subject.i : verb.i]
    return (
        subject.tag_ == "NN"
        and bare
        and verb.tag_ == "VBP"
        and verb.lower_ not in ("are", "'re", "re")
        and any(t.text == "," for t in between)
    )


def opening_past(verb: Token) -> bool:
    """True for a past verb with no subject opening its sentence, hung by the parser on a
    later clause: "Broke up with my gf Shira, tbh it was for the best" is chat that drops
    the speaker's "I", not a clause sharing "it"."""
    past = verb.tag_ == "VBD" or misread_base(verb)  # "Got a whippet called Dotty, she's ..."
    if not past or verb.dep_ not in ("advcl", "csubj", "ccomp") or verb.head.i < verb.i:
        return False
    if verb.dep_ == "ccomp" and (verb.head.lemma_ in REPORTING or not _comma_between(verb)):
        return False  # "Got engaged, she told me": hers; "broke up with Marek, he cheated"
    before = verb.doc[verb.sent.start : verb.i]
    return all(t.is_punct or interjection(t) or t.dep_ == "advmod" for t in before)


REPORTING = frozenset({"say", "tell", "write", "text", "announce", "post", "claim"})
"""Verbs that report another's words: the clause before them is what was said."""


def _comma_between(verb: Token) -> bool:
    """True for a comma between ``verb``'s clause and the verb it was hung on."""
    return any(t.text in (",", ";") for t in verb.doc[verb.i : verb.head.i])


def elided_first_person(verb: Token) -> bool:
    """True for a main clause with no subject in the past or progressive ("Moved to Oslo")."""
    if opening_past(verb):
        return True
    root = verb
    while root.dep_ in INHERITING_DEPS and root.head.i != root.i:
        root = root.head
    if root.dep_ != "ROOT" or root.lower_ in ("gon", "gonna"):
        return bool(root.dep_ == "ROOT")
    return bool(root.tag_ in ("VBD", "VBN", "VBG")) or misread_base(root)


def misread_base(verb: Token) -> bool:
    """True for a verb tagged as a bare form that is not one: "*Got* a flat in Leith"
    (an imperative is said in the verb's own lemma: "Get a flat")."""
    if verb.tag_ != "VB" or verb.pos_ not in ("VERB", "AUX"):
        return False
    from tem.extract.nlp import past_form

    form = verb.lower_  # five letters at least: "Need a flat" stays an imperative
    return form != verb.lemma_ or past_form(form, shortest=5) or _told_as_past(verb)


def said_by(verb: Token, pronouns: frozenset[str] = SELF) -> bool:
    """True when ``verb``'s subject is one of ``pronouns``: the speaker ("*I* lost",
    "*we* moved")."""
    return any(c.dep_ == "nsubj" and c.lower_ in pronouns for c in verb.children)


PAST_WORDS = frozenset({"yesterday", "ago", "last", "finally", "recently", "already", "officially"})
"""Words that tell a bare form as a past: "quit my job yesterday", "finally split with
my girlfriend Carla" (an order is not told as done at last)."""


def _told_as_past(verb: Token) -> bool:
    """ "quit my job at bosch yesterday", "quit nursing, moved to Brighton and started a
    business": a form that is also a past ("quit", "put", "cut") with a time gone by or
    beside past verbs is no order; nor is chat's "quit" opening a sentence that speaks to
    no one (77 of 77 such messages in every set tell of the speaker)."""
    near = [t for c in verb.children if c.dep_ in ("npadvmod", "advmod") for t in c.subtree]
    if any(t.lower_ in PAST_WORDS for t in near):
        return True
    if verb.lower_ in SAME_PAST and any(_own_object(c) for c in verb.children):
        return True  # "quit my job at gamestop today": no one is told to quit their own
    if verb.lower_ == "quit" and verb.i == verb.sent.start:
        return not any(t.lower_ in YOU for t in verb.sent)  # "quit tennis tbh, knees said no"
    return any(c.dep_ == "conj" and c.tag_ == "VBD" for c in verb.children)


SAME_PAST = frozenset({"quit", "split", "cut", "shut", "let"})
"""Verbs of ending whose past is their bare form."""


def _own_object(word: Token) -> bool:
    """ "my job", "our flat": an object the speaker owns."""
    owners = (c.lower_ for c in word.children if c.dep_ == "poss")
    return word.dep_ == "dobj" and any(o in ("my", "our") for o in owners)


def name_of(token: Token, speaker: str) -> str | None:
    """Return the subject name a noun phrase refers to, or None."""
    lower = token.lower_
    named = [token, *(c for c in token.children if c.dep_ == "appos")]  # "my fiancé Declan"
    if lower in SELF or any(
        c.dep_ == "conj" and c.lower_ in SELF for n in named for c in n.children
    ):
        return speaker  # "my wife and I", "my fiancé Declan and I"
    if token.pos_ == "PRON":
        return None
    owner = next((c for c in token.children if c.dep_ == "poss"), None)
    if owner is not None:
        return _possessed(token, owner, speaker)
    if token.pos_ == "PROPN":
        return _self_named(_proper_name(token), speaker)
    return None


def _self_named(name: str, speaker: str) -> str:
    """The speaker when ``name`` is theirs said longer or shorter ("Olu Adeyemi here,
    retired accountant, married to Funmi" from Olu), else ``name``."""
    said, own = name.casefold().split(), speaker.casefold().split()
    shorter, longer = sorted((said, own), key=len)
    return speaker if shorter and longer[: len(shorter)] == shorter else name


def _possessed(token: Token, owner: Token, speaker: str) -> str | None:
    """ "my brother" -> "Maria's brother"; "my job", "my flat" are no one (None)."""
    if token.lemma_.casefold() not in PEOPLE_NOUNS and token.lower_ not in PEOPLE_NOUNS:
        return None
    if owner.lower_ in FIRST_POSSESSIVE:
        base = speaker
    elif owner.pos_ == "PROPN":
        base = _proper_name(owner)
    else:
        return None
    kept = [
        c.lower_
        for c in token.children
        if c.i < token.i and c.dep_ in ("amod", "compound") and c.lower_ in KEPT_SUBJECT_MODIFIERS
    ]
    return f"{base}'s {' '.join([*kept, token.lower_])}"


def _proper_name(token: Token) -> str:
    parts = [c for c in token.children if c.dep_ in ("compound", "flat") and c.i < token.i]
    return " ".join(t.text for t in [*parts, token])


def first_possessed(token: Token) -> bool:
    """True when "my"/"our" owns ``token``, or the name it stands before: "our Labrador
    Max", "my boyfriend Kit", "my fiancée Ishita" (the parser hangs "our" on the name,
    the noun on it as a compound or, with an accent, as an adjective)."""
    named = (
        token.dep_ in ("compound", "nmod")
        or token.dep_ == "amod"
        and (
            token.pos_ == "NOUN" or token.head.pos_ == "PROPN"  # "my parrot Kiwi", "parrot" an ADJ
        )
    )
    owners = [token, token.head] if named else [token]
    return any(
        c.dep_ == "poss" and c.lower_ in FIRST_POSSESSIVE for t in owners for c in t.children
    )
