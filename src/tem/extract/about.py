"""Whom a clause is about: the speaker, or someone else.

The span model marks values; whether a clause states them of the speaker is read here
from its subject ("I", a left-out "I", a thing or an organisation in a sentence that
speaks of the speaker) and from the people it names ("my sister", "his cat", "my best
mate Rashid", "a guy named Murat").
"""

from __future__ import annotations

from typing import Any

from tem.extract import kinds, shapes
from tem.extract.lexicon import KIN_NOUNS
from tem.extract.subjects import (
    FIRST_POSSESSIVE,
    SELF,
    described_self,
    misread_base,
    name_of,
    named_person,
    subject_token,
)
from tem.extract.triggers import self_headed, speaks_of_self

Token = Any
ABOUT_OTHERS = frozenset({"he", "she", "they", "you", "u", "ya", "y'all", "someone", "everyone"})


def about_speaker(verb: Token, speaker: str) -> bool:
    """True when ``verb``'s clause is about the speaker.

    The subject is "I"/"we" (or "my wife and I"); or it is left out in chat shorthand
    ("Just moved to Austin"); or it is a thing or an organisation ("home is Porto now",
    "Deloitte took me on", "it's all hojicha now") in a sentence that speaks of the
    speaker. Another person ("he", "my sister", "Tom") never is.
    """
    subject = subject_token(verb)
    if subject is None:  # chat drops the "I": "speak khmer n english", "living in Cork"
        sentence = verb.sent
        addressed = any(_addressed_here(t, verb) for t in sentence) or (
            sentence[0].lower_.startswith(("congrat", "grats"))  # "Congrats on the job, Jess!"
        )
        bare = verb.tag_ == "VB" and not misread_base(verb)
        imperative = verb.dep_ == "ROOT" and bare and verb.i == sentence.start
        others = _others_heading(sentence) or _contracted_other(verb, speaker)
        return not (addressed or others or imperative and not _own_heading(sentence))
    lower = subject.lower_
    if lower in SELF or any(c.dep_ == "conj" and c.lower_ in SELF for c in subject.children):
        return True
    if described_self(subject, verb):
        return True  # "Carpenter by trade, live in Aarhus"
    if lower in ("who", "that") and verb.dep_ == "relcl" and _someone_else(verb.head, speaker):
        return False  # "my neighbour Hassan who just started at Careem"; not "the guy who"
    others = lower in ABOUT_OTHERS or lower in KIN_NOUNS or owned_by_other(subject)
    if not others and kinds.acts_on_speaker(verb):
        return True  # "Andela hired me", "a stray cat adopted us": the speaker is the object
    misplaced = subject.dep_ == "npadvmod" and named_person(subject, verb)  # "Emma ... got engaged"
    if lower in ABOUT_OTHERS or subject.ent_type_ == "PERSON" or misplaced:
        return bool(subject.text.casefold() == speaker.casefold())
    if _others_in(subject, speaker) or _introduced(subject):
        return False
    if any(c.dep_ == "poss" for c in subject.children):
        named = name_of(subject, speaker)  # "my sister" is someone; "my job" is no one
        if named is not None and named != speaker:
            return False
    heading = kinds.heading_before(verb.sent)  # "My week: three days as a florist"
    told = verb.sent.text if heading is None else f"{heading.text} {verb.sent.text}"
    return speaks_of_self(told) or any(map(_left_out_i, verb.sent))


def _someone_else(noun: Token, speaker: str) -> bool:
    """True for a noun that names another person: a name, or kin ("my neighbour")."""
    named = [noun, *(c for c in noun.children if c.dep_ == "appos")]
    if any(t.ent_type_ == "PERSON" and t.text.casefold() != speaker.casefold() for t in named):
        return True
    return noun.lower_ in KIN_NOUNS


def _addressed_here(token: Token, verb: Token) -> bool:
    """True for a "you" that is not inside a clause below ``verb``: "Been a porter for
    four years, so if *you* need directions, give us a shout" speaks to "you" in a clause
    of its own."""
    if token.lower_ not in ("you", "your", "u", "ur"):
        return False
    clause = kinds.clause_of(token)
    return clause.i == verb.i or all(t.i != verb.i for t in clause.ancestors)


def owned_by_other(token: Token) -> bool:
    """True for someone else's thing: "*Marta's* dog", "*his* cat", "*my sister's* dog"
    ("Google's office" and "our dog" are not another person's)."""
    for owner in token.children:
        if owner.dep_ != "poss":
            continue
        pronoun = owner.pos_ == "PRON" and owner.lower_ not in SELF | FIRST_POSSESSIVE
        # a name the tagger took for a place is still no firm ("Marta" as GPE)
        named = owner.pos_ == "PROPN" and owner.ent_type_ not in ("ORG", "FAC", "PRODUCT")
        if pronoun or named or owner.lower_ in KIN_NOUNS:
            return True
    return False


def _own_heading(sentence: Any) -> bool:
    """ "My CV in a nutshell: speak Italian, work as an interpreter": after the speaker's
    own heading, a bare verb is the speaker's shorthand, not an order."""
    heading = kinds.heading_before(sentence)
    if heading is None:
        return kinds.intro_item(sentence)  # "Quick intro: ...; mate all day"
    return any(t.lower_ in ("my", "me") for t in heading) or self_headed(heading.text)


def _contracted_other(verb: Token, speaker: str) -> bool:
    """ "Tom's studying law at UCL", "my son's studying at TU Delft": the "'s" is "is",
    and its person, whom the parser took for an owner, is the subject of the clause
    (which the parser may have hung on the noun after: "law"); before an article too: "my
    sister's a nurse at Alder Hey" (an owner's "'s" never comes before "a")."""
    for token in verb.subtree:
        after = token.doc[token.i + 1] if token.i + 1 < len(token.doc) else None
        said = token.lower_ in ("'s", "’s") and after is not None and after.lower_ in ("a", "an")
        if said and (token.head.lemma_ in KIN_NOUNS or token.head.ent_type_ == "PERSON"):
            return bool(token.head.text.casefold() != speaker.casefold())
        if token.tag_ != "VBG" or token.i == 0:
            continue
        before = token.doc[token.i - 1]
        owner = before.head
        if before.lower_ in ("'s", "’s") and owner.pos_ in ("NOUN", "PROPN"):
            return bool(owner.text.casefold() != speaker.casefold())
    return False


def _others_heading(sentence: Any) -> bool:
    """True after a heading about someone else ("My sister's hobbies:", "Dad's week:"):
    what follows it is theirs, not the speaker's shorthand."""
    heading = kinds.heading_before(sentence)
    return heading is not None and any(owned_by_other(t) for t in heading)


def _others_in(subject: Token, speaker: str) -> bool:
    """True when the subject phrase is about other people: "home *for my parents*"."""
    for token in subject.subtree:
        if token.i == subject.i:
            continue
        person = token.lower_ in KIN_NOUNS or token.ent_type_ == "PERSON"
        if person and pet_name(token):
            continue  # "a cat named Pirate": a name, not another person
        if person and token.text.casefold() != speaker.casefold():
            return True
    return False


def _introduced(subject: Token) -> bool:
    """True for a name the speaker introduces by what the person is to them: "my best
    mate Rashid", "our neighbour Kofi" (a word the kin list lacks says it as well)."""
    if subject.pos_ != "PROPN":
        return False
    return any(
        c.dep_ == "compound"
        and kinds.spelled(c.lower_, shapes.PARTNER_CUES) not in shapes.PARTNER_CUES
        and any(o.dep_ == "poss" and o.lower_ in FIRST_POSSESSIVE for o in c.children)
        for c in subject.children
    )  # "my husbnd carlos and I": the speaker's own pair


def pet_name(token: Token) -> bool:
    """True for the name of an animal: "a cat *named* Pirate", "my dog, Rex"."""
    head = token.head
    if kinds.naming(head):
        head = head.head
    return head.i != token.i and head.lemma_.casefold() in kinds.animal_words()


def _left_out_i(token: Token) -> bool:
    """A past or progressive clause with no subject: "*Kicked* the habit, it's all tea now"."""
    return (
        token.pos_ == "VERB"
        and token.tag_ in ("VBD", "VBN", "VBG")
        and token.dep_ in ("ROOT", "advcl", "conj", "ccomp")
        and not any(c.dep_ in ("nsubj", "nsubjpass", "expl") for c in token.children)
    )
