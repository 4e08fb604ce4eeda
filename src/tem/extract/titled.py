"""A job title said with its employer: "a flight attendant with Cathay", "a barmaid at
the Red Lion", "a metallurgist with South32", "a night porter at the Premier Inn".

A person noun is a job title when the lexicon lists it, when it is said to be over ("a
retired headteacher") or when a named employer follows it after "at", "with" or "for";
the employer is the name after it: an organisation the tagger knows, a firm's given
name ("a startup called PayLoop") or a capitalised name the tagger took for something
else. A time ("at 7am") is none.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from tem.extract import kinds
from tem.extract import lexicon as lx
from tem.extract.nlp import english_word
from tem.extract.values import entity_text, objects_of, phrase

Token = Any

CLOCK = re.compile(r"[\d:.]+\s*(?:am|pm|h)?", re.IGNORECASE)
"""A time, no employer: "at 7", "at 9am"; "South32" and "7-Eleven" are names."""


def title_head(attr: Token) -> bool:
    """ "a nurse", any person noun with a named employer ("a barmaid at the Red Lion") or
    said to be over ("a retired headteacher", "a former sea captain")."""
    if attr.lemma_ in lx.TITLE_HEADS or written_title(attr):
        return True
    over = any(c.dep_ == "amod" and c.lower_ in ("retired", "former") for c in attr.children)
    if over and kinds.person_noun(attr.text):
        return True
    employers = objects_of(attr, ("at", "with", "for"))  # "a flight attendant with Cathay"
    named = [
        o
        for o in employers
        if o.ent_type_ in ("ORG", "FAC") or _firm_called(o) or _employed_by_name(o)
    ]
    return bool(named) and kinds.person_noun(attr.text)


def written_title(attr: Token) -> bool:
    """An occupation the lexicon lacks that the span model's writers named job titles by
    ("a fishmonger", "a cheesemonger", "a florist", "a luthier") or a published list of
    occupations names ("a jockey", "a silversmith", "a milliner":
    :func:`tem.extract.occupations.listed_occupations`); no pastime's person ("a climber")
    and no other role. A listed word with "of" after it names a role of another kind ("her
    maid of honour", "secretary of the esports society")."""
    word = attr.lemma_.casefold()
    if word in written_titles():
        return True
    of = any(c.dep_ == "prep" and c.lower_ == "of" for c in attr.children)
    return word in occupation_words() and not of


@functools.cache
def occupation_words() -> frozenset[str]:
    """The occupations :func:`written_title` knows: the writers' and the listed ones (the
    rules' gate reads them too: :func:`tem.extract.triggers.lexicon_words`)."""
    from tem.extract.occupations import listed_occupations

    return written_titles() | (listed_occupations() - NOT_OCCUPATIONS)


def known_occupation(word: str) -> bool:
    """True for a casefolded word the lexicon or :func:`occupation_words` knows as an
    occupation ("engineer", "fishmonger", "auctioneer")."""
    return word in lx.OCCUPATIONS or word in occupation_words()


@functools.cache
def written_titles() -> frozenset[str]:
    """The writers' occupations: the last words of the job titles the span model's rows
    labelled (shipped with the model), those that are English person nouns."""
    from tem.extract.learned import head_words

    words = head_words().get("job title", frozenset()) - kinds.NOT_A_TITLE - NOT_OCCUPATIONS
    return frozenset(w for w in words if english_word(w) and kinds.person_noun(w))


NOT_OCCUPATIONS = (
    frozenset(
        """
    member partner owner player boss guy man lady king genius senior resident walker sister
    counter servant procurement leader master creator collector keeper fighter defender head
    """.split()
    )
    | lx.STUDENTS
)
"""Person nouns among the writers' titles' last words that name no occupation alone ("a
member", "a senior", "a guy", "a collector", "a student", "head over heels"): part of a
longer title ("a club member", "a team leader", "a goalkeeper", "head of PE") when they
were one."""


def _employed_by_name(obj: Token) -> bool:
    """A proper name after "at" or "with" on a person noun: "at the Premier Inn"; one
    joined to another ("at Slaughter and May") is left whole to the span model."""
    joined = any(c.dep_ in ("cc", "conj") for c in obj.children)
    named = obj.pos_ == "PROPN" or _capitalised_unknown(obj)
    return named and obj.head.lower_ in ("at", "with") and not joined


def _capitalised_unknown(obj: Token) -> bool:
    """A capitalised word mid-sentence that English has no word for, whatever the tagger
    took it for: "an ROV pilot with *Oceaneering*", "an apprentice electrician with *ESB*"."""
    capital = obj.is_title or obj.is_upper and len(obj) > 1
    return capital and obj.i > obj.sent.start and not english_word(obj.lower_)


def _firm_called(noun: Token) -> str | None:
    """The name a firm is given: "a startup called PayLoop", "a fintech called PayLoop"
    -> PayLoop: a common noun that is no person, given no person's name unless it is a
    firm's word ("a guy called Tom" is none)."""
    if noun.pos_ != "NOUN" or kinds.person_noun(noun.text):
        return None
    name = kinds.name_given(noun)
    if name is None or name.ent_type_ == "PERSON" and noun.lemma_ not in kinds.FIRMS:
        return None
    return phrase(name)


def organisations_of(token: Token, *, proper: bool = False, titled: bool = False) -> list[str]:
    """Named organisations after at/with/for; with ``proper``, untagged proper nouns too
    ("my job is at Aperture Science", which the tagger does not know); after a job
    title (``titled``), a name the tagger took for a person's is the employer's ("a night
    porter at the Premier Inn", "a civil engineer with Arup"), unless after "for" ("a
    nanny for Sarah")."""
    found = []
    for obj in objects_of(token, ("at", "with", "for")):
        if obj.ent_type_ == "PERSON" and not (titled and _employed_by_name(obj)):
            continue  # "I'm with Tom": a person, no employer
        name = entity_text(obj) or _firm_called(obj)
        if name is None and proper and obj.pos_ == "PROPN" and not obj.ent_type_:
            name = phrase(obj)
        if name is None and titled and _employed_by_name(obj):
            name = phrase(obj)  # "a metallurgist with South32", "a pilot with Oceaneering"
        found.append(name)
    return [f for f in found if f is not None and not CLOCK.fullmatch(f)]
