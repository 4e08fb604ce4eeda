"""A couple that ended, and with whom: "Salim and I called it quits", "dumped by Ananya".

A verb of ending a couple (:func:`_ends_couple`: split up, break up, separate, divorce,
dump, part ways, go separate ways, call it quits or a day, end things; or "be done":
"Tuan and I are done")
ends the partner it names when the
speaker is one of the two: "X and I" / "me and X" as its subject, "with X" after it,
"by X" in the passive ("I was dumped by X"), or X as the subject that ended it with the
speaker ("X dumped me", "my girlfriend left me"): that partner ends, and the speaker is
single ("divorced" for a divorce). The nouns of an ending say so too ("after my
divorce", "the breakup with Owen": :func:`_breakup_nouns`). The idioms, which are said of jobs
and habits too, end a person, or what else the other is: a firm's job ("Nokia and I
parted ways", "Kuwait Oil Company and I went our separate ways"), a home ("Paris and I
have broken up"), a drink ("Red Bull and I have parted ways for good"). A blocked clause
(negated, hypothetical, a plan, a question) ends nothing, and a couple of two other
people ("my sister and Tom split up") is theirs.
"""

from __future__ import annotations

from typing import Any

from tem.extract import filters, institutions, kinds, partners, places, questions
from tem.extract import lexicon as lx
from tem.extract.facts import Candidate
from tem.extract.leisure import taste_relation
from tem.extract.partners import person_name
from tem.extract.subjects import SELF, elided_first_person, subject_token
from tem.extract.values import children, entity_text, pobjects

Token = Any

UP = {"break": "up", "split": "up"}
"""Verbs that end a couple with a particle: "broke up", "split up"."""
PLAIN = frozenset({"separate", "divorce", "dump"})


def breakup_candidates(sentence: Any, speaker: str) -> list[Candidate]:
    """The partner (and the status) an ended couple in ``sentence`` states."""
    found: list[Candidate] = []
    for verb in sentence:
        done = _done(verb)  # "Tuan and I are done", "me and marco are done for good"
        if not (verb.pos_ == "VERB" and _ends_couple(verb) or done) or filters.blocked(verb):
            continue
        other = _done_with(verb) if done else _other(verb, speaker) or _joined_name(verb)
        if other is None:
            continue
        thing = _thing_left(verb, other, speaker)
        if thing is not None:
            found.append(thing)
            continue
        firm = other.ent_type_ in ("ORG", "PRODUCT", "FAC")
        if firm and (verb.lemma_ == "part" or verb.lemma_ == "go" and not other.is_lower):
            name = entity_text(other) or other.text  # "Maersk and I parted ways": a job
            relation = institutions.study_or_work(verb.sent, name)
            found.append(Candidate(speaker, relation, name, "end", verb.i))
            continue
        idiom = verb.lemma_ in ("part", "call") and other.ent_type_ != "PERSON"
        if idiom and not _person_named(other, verb.lemma_ == "call"):  # "Dina and I called it"
            continue
        if verb.lemma_ == "part" and _owned_thing(other):
            continue  # "My old Vespa and I parted ways": a thing of one's own
        if kinds.consumed(other) or done and not _person_named(other, quits=True):
            continue  # "Tea and I broke up": a drink given up; "Oslo and I are done"
        name = person_name(other)
        if name is None and _person_named(other, verb.lemma_ == "call" or done):
            name = other.text  # "Rory and I called it quits": "Rory" read as an adjective
        status = "divorced" if verb.lemma_ == "divorce" else "single"
        if name is not None:
            found.append(Candidate(speaker, "partner", name, "end", verb.i))
            found.append(Candidate(speaker, "relationship status", status, "assert", verb.i))
        elif partners.partner_word(other):  # "my girlfriend left me": no name, still over
            status = "divorced" if partners.status_said(other) == "married" else "single"
            found.append(Candidate(speaker, "relationship status", status, "assert", verb.i))
    return found + [c for c in _breakup_nouns(sentence, speaker) if c not in found]


ENDINGS = {"breakup": "single", "break-up": "single", "divorce": "divorced"}
"""Nouns of a couple's end and the status they leave: "after my divorce", "the breakup
with Owen"."""


def _breakup_nouns(sentence: Any, speaker: str) -> list[Candidate]:
    """ "Cancelled after the breakup with Owen", "during my breakup with Dong-hyun",
    "finally started salsa again after the divorce": the speaker's own ending (with
    "my", "our" or "the", in a clause no one else is the subject of), and whom it
    ended with; not "my parents' divorce", "the divorce rate" or "if we ever divorce"."""
    found: list[Candidate] = []
    for noun in sentence:
        status = ENDINGS.get(noun.lemma_.casefold())
        if status is None or noun.pos_ != "NOUN" or noun.dep_ == "compound":
            continue
        owners = [c.lower_ for c in noun.children if c.dep_ in ("poss", "det")]
        if owners not in (["my"], ["our"], ["the"]) or questions.is_question(sentence):
            continue
        verb = kinds.clause_of(noun)
        subject = subject_token(verb) if verb.i != noun.i else None
        if filters.blocked(verb) or (subject is not None and subject.lower_ not in SELF):
            continue
        named = [person_name(o) for o in pobjects(noun, ("prep",), ("with", "from"))]
        found += [Candidate(speaker, "partner", n, "end", noun.i) for n in named if n]
        found.append(Candidate(speaker, "relationship status", status, "assert", noun.i))
    return found


def _city_left(verb: Token, other: Token) -> bool:
    """ "Paris and I have broken up", "Ankara and I parted ways": a known city joined to
    the speaker as the subject of a parting, not a person dumped or called it quits with
    ("dumped by Nour", "called it quits with Jordan")."""
    joined = other.dep_ in ("nsubj", "nsubjpass") and any(c.lower_ in SELF for c in other.conjuncts)
    return joined and other.ent_type_ in ("GPE", "LOC") and places.known_place(other.text)


def _determined(noun: Token) -> bool:
    """True when ``noun`` has an article or an owner: "the week", "our time"."""
    return any(c.dep_ == "poss" or c.lower_ in ("the", "a", "an") for c in noun.children)


OVER = frozenset({"done", "over", "finished", "through"})


def _owned_thing(other: Token) -> bool:
    """ "My old Vespa": a name the speaker owns with no word of a partner ("my ex Sam")."""
    owned = any(c.dep_ == "poss" and c.lower_ == "my" for c in other.children)
    return owned and not any(t.lower_ in lx.PARTNER_NOUNS for t in other.subtree)


def _done(verb: Token) -> bool:
    """ "X and I are done", "me and Josh are done, so no plus one": a couple said to be
    over (the parser reads "are done" as a passive, or "done" as what they are); not
    "done with the night trains" (a thing finished with)."""
    if verb.lemma_ == "be":
        said = [c for c in verb.children if c.dep_ in ("acomp", "attr") and c.lower_ in OVER]
    elif verb.lower_ in OVER and children(verb, ("auxpass",)):
        said = [verb]
    else:
        return False
    return bool(said) and not any(c.lower_ in ("with", "w") for s in said for c in s.children)


def _done_with(verb: Token) -> Token | None:
    """The other of the couple said to be done: "*Tom* and I", "me and *Malik*"."""
    subjects = children(verb, ("nsubj", "nsubjpass"))
    couple = [*subjects, *(c for s in subjects for c in s.conjuncts)]
    me = next((t for t in couple if t.lower_ in SELF), None)
    others = [t for t in couple if t.lower_ not in SELF]
    if me is None or not others:
        return None
    return min(others, key=lambda t: (abs(t.i - me.i), t.i < me.i))  # "welp, me and Giulia"


def _ends_couple(verb: Token) -> bool:
    lemma = verb.lemma_.casefold()
    particles = {c.lower_ for c in verb.children if c.dep_ == "prt"}
    if lemma == "split":  # "Since Andrés and I split", "split with Tom"; not "split the
        # bill", nor "split the week" (an object the parser took for a time); an emoji
        # the parser took for an object is none: "split with Carla 😮‍💨"
        shared = [c for c in verb.children if c.dep_ == "npadvmod" and _determined(c)]
        if not shared and not any(c.is_alpha for c in children(verb, ("dobj",))):
            return True
    if lemma in UP:
        return UP[lemma] in particles
    if lemma == "call":  # "called it quits", however parsed; "called it off", "a day"
        said = verb.doc[verb.i + 1 : verb.i + 4].text.casefold()
        ended = said.startswith(("it quits", "it off", "it a day"))
        return ended or any(t.lower_ == "quits" for t in verb.subtree)
    if lemma == "end":  # "Camille and I ended things", "ended it with Marc"
        return bool(children(verb, ("dobj",), ("things", "it")))
    if lemma == "leave":  # "my girlfriend left me", "Since Siobhan left me"; not "left me
        # a voicemail" nor "left me at the airport"
        objects = [c for c in verb.children if c.dep_ in ("dobj", "dative", "prep", "xcomp")]
        subject = subject_token(verb)
        person = subject is not None and (
            subject.ent_type_ == "PERSON" or bool(partners.partner_word(subject))
        )
        if person and [c.lower_ for c in objects] in (["me"], ["me", "for"]):
            return True
        agents = pobjects(verb, ("agent",))  # "I was left by my partner Jules"
        return any(a.ent_type_ == "PERSON" or partners.partner_word(a) for a in agents)
    if lemma == "part":  # "parted ways"
        return bool(children(verb, ("dobj",), ("ways",)))
    if lemma == "go":  # "went our separate ways"
        ways = children(verb, ("dobj", "npadvmod"), ("ways",))
        return any(c.lower_ == "separate" for w in ways for c in w.children)
    return lemma in PLAIN


def _other(verb: Token, speaker: str) -> Token | None:
    """The one the speaker ended the couple with (or who ended it with them)."""
    subject = subject_token(verb)
    passive = children(verb, ("nsubjpass",))
    if passive:
        if passive[0].lower_ not in SELF:
            return None
        agents = pobjects(verb, ("agent",))
        return agents[0] if agents else None  # "I was dumped by Lara"
    couple = [] if subject is None else [subject, *subject.conjuncts]
    with_whom = pobjects(verb, ("prep",), ("with", "w", "from"))  # "split from my fiancé Dan"
    for idiom in children(verb, ("ccomp", "dobj"), ("quits", "ways")):
        with_whom += pobjects(idiom, ("prep",), ("with", "w"))  # "Called it quits with X"
    if any(t.lower_ in SELF for t in couple):
        others = [t for t in couple if t.lower_ not in SELF] + _named_before(couple[0])
        agents = pobjects(verb, ("agent",))  # "made redundant and then left by Jules"
        return (others or with_whom or agents or [None])[0]  # "Salim and I", "with Omid"
    if subject is None and children(verb, ("auxpass",)):  # "Got dumped by Chelsea"
        agents = pobjects(verb, ("agent",))
        return agents[0] if agents and verb.i == verb.sent.start + 1 else None
    if subject is None:  # "Split up with Marco": chat drops the "I"
        said = elided_first_person(verb) or _gerund_of_self(verb)
        return with_whom[0] if with_whom and said else None
    if children(verb, ("dobj",), SELF) or any(t.lower_ in SELF for t in with_whom):
        return subject  # "Lara dumped me", "my boyfriend Jake broke up with me"
    return None


def _joined_name(verb: Token) -> Token | None:
    """ "*Dina* and I called it quits", "me and *Tony* broke up", "my girlfriend *Chiara*
    and me, we broke up", "*my girlfriend* and I went our separate ways": a name (or the
    speaker's partner word) joined to the speaker by "and" before the verb, however
    the parser attached the two (it reads "Dina" as a place, or "we" as the subject)."""
    doc = verb.doc
    for i in range(verb.sent.start + 1, verb.i - 1):
        if doc[i].lower_ not in ("and", "&"):
            continue
        left, right = doc[i - 1], doc[i + 1]
        for name, self_word in ((left, right), (right, left)):
            if self_word.lower_ in ("i", "me") and (_person_named(name) or _own_partner(name)):
                return name
    return None


def _own_partner(token: Token) -> bool:
    """ "*My girlfriend* and I went our separate ways": the speaker's partner by the word."""
    owned = any(c.dep_ == "poss" and c.lower_ in ("my", "me") for c in token.children)
    return owned and bool(partners.partner_word(token))


def _person_named(token: Token, quits: bool = False) -> bool:
    """A name that may be a person's: a proper noun that names no known place nor firm,
    nor a pastime or drink capitalised as its sentence's first word ("Salsa and I have
    parted ways"), nor another common noun there the tagger took for one; or a
    capitalised word English has no noun for, whatever the tagger took it for ("Rory and
    I called it quits", "Aya and I": an adjective, an interjection). ``quits``: "called
    it quits", which is said of people, so a name a town also has is the person's ("Kiri
    and I called it quits"), unless the tagger read a place."""
    from tem.extract.learned import head_words
    from tem.extract.leisure import DRINK_NAMES
    from tem.extract.nlp import known_nouns

    firm = token.ent_type_ in ("ORG", "PRODUCT", "FAC", "NORP")
    known = token.lower_ in known_nouns()
    heads = head_words()
    thing = token.lower_ in heads.get("hobby", frozenset()) | heads.get(DRINK_NAMES, frozenset())
    proper = token.pos_ == "PROPN" or token.ent_type_ == "PERSON"
    common = token.i == token.sent.start and (thing or known and not proper)
    unknown = token.is_title and token.is_alpha and not known and token.ent_type_ != "ORG"
    town = places.known_place(token.text) and (not quits or token.ent_type_ in ("GPE", "LOC"))
    return (proper or unknown) and not firm and not common and not town


def _thing_left(verb: Token, other: Token, speaker: str) -> Candidate | None:
    """A home or a drink the speaker parted with as with a partner: "Paris and I have
    broken up" (a home left), "Red Bull and I have parted ways for good" (given up)."""
    if _city_left(verb, other):
        return Candidate(speaker, "lives in", other.text, "end", verb.i)
    drink = _drink_left(other)
    return None if drink is None else Candidate(speaker, "favorite drink", drink, "end", verb.i)


def _drink_left(other: Token) -> str | None:
    """A drink joined to the speaker as the one a couple's ending is with: "Coffee and I
    broke up", "Red Bull and I have parted ways" (not a firm's job: the drink's name)."""
    joined = any(c.lower_ in SELF for c in [*other.conjuncts, *other.head.conjuncts])
    joined = joined or other.doc[other.i + 1 : other.i + 3].text.casefold() in ("and i", "& i")
    said = entity_text(other) or " ".join(
        t.text for t in other.subtree if t.dep_ == "compound" or t.i == other.i
    )
    return said if joined and taste_relation(said) == "favorite drink" else None


def _gerund_of_self(verb: Token) -> bool:
    """ "Since breaking up with Hanna I've moved back": a gerund whose doer is the
    subject of the clause it hangs on, here the speaker."""
    if verb.tag_ != "VBG":
        return False
    clause = verb.head
    while clause.pos_ not in ("VERB", "AUX") and clause.head.i != clause.i:
        clause = clause.head
    subject = subject_token(clause)
    return subject is not None and subject.lower_ in SELF


def _named_before(subject: Token) -> list[Token]:
    """ "*Salim* and I called it quits": a name joined to the subject that the parser
    attached elsewhere."""
    doc, i = subject.doc, subject.i
    if i >= 2 and doc[i - 1].lower_ == "and" and doc[i - 2].pos_ == "PROPN":
        return [doc[i - 2]]
    return []
