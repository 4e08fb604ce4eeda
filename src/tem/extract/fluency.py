"""A language the speaker has, said without "speak": "my Twi is getting a real workout",
"my Punjabi is better than my Hindi", "I'm an Arabic interpreter", "a Hebrew-English
translator".

Two frames say it. The speaker's command of a language is spoken of as theirs: the
language itself owned by "my" or "our" ("my Welsh is finally fluent", "better than my
Hindi"), not a thing named after it ("my Spanish class", "my French teacher") nor one
worked on ("correct my English", "brush up my Italian": a learner's). And a person noun of language
work (:data:`LANGUAGE_WORK`: interpreter, translator, speaker) with the language before
it ("an Arabic interpreter", "a Korean-English translator") names a
language its holder has, when the holder is the speaker: a job title read of them, or
what the speaker is ("I'm a native Twi speaker"). Who else has it ("my mum is a Twi
speaker", "my Spanish teacher") says nothing of the speaker.

A command said as lost ("my German went out the window", "my Spanish is long gone") is
an ending.
"""

from __future__ import annotations

from typing import Any

from tem.extract import filters
from tem.extract.facts import Candidate, Kind
from tem.extract.languages import languages
from tem.extract.subjects import SELF, subject_token

Token = Any

LANGUAGE_WORK = frozenset(
    "interpreter translator speaker interpreters translators speakers".split()
)
"""Person nouns whose language word is one the person has. Not a teacher's or a tutor's
("an English teacher"): the writers of the labelled sets do not take one to say it."""
NOT_NAMES = frozenset({"language", "sign", "languages"})
"""Words in the list of language names that name none alone ("my first language")."""
LOST = frozenset("gone forgotten lost vanished".split())
LOST_VERBS = frozenset({"go", "forget", "vanish", "disappear", "fade"})
"""Words by which a language one had is said to be lost: "my German is gone"."""


def languages_held(sentence: Any, candidates: list[Candidate], speaker: str) -> list[Candidate]:
    """The languages ``sentence`` says the speaker has, beyond ``candidates``."""
    known = {(c.value or "").casefold() for c in candidates if c.relation == "speaks"}
    found = []
    titles = [c for c in candidates if c.subject == speaker and c.relation == "job title"]
    for token in sentence:
        if token.lower_ not in languages() or token.lower_ in known | NOT_NAMES:
            continue
        kind = _owned(token) or ("assert" if _worked(token, titles) else None)
        if kind is not None and not filters.blocked(token.head):
            found.append(Candidate(speaker, "speaks", _named(token), kind, token.i))
            known.add(token.lower_)
    return found


def _named(token: Token) -> str:
    return str(token.text if token.text[:1].isupper() else token.text.title())


def _owned(token: Token) -> Kind | None:
    """ "my Twi", "our Cantonese": the language itself owned by the speaker, "end" when
    said as lost ("my German went out the window", "my Spanish is gone")."""
    owner = [c for c in token.children if c.dep_ == "poss"]
    if len(owner) != 1 or owner[0].lower_ not in ("my", "our"):
        return None
    if token.dep_ in ("compound", "dobj"):
        return None  # "my Spanish class"; "correct my English", "improve my Spanish"
    if token.pos_ not in ("PROPN", "NOUN") or any(c.dep_ == "nummod" for c in token.children):
        return None  # "our two maltese"
    head = token.head
    if token.dep_ == "nsubj" and (
        head.lemma_ in LOST_VERBS
        or any(c.dep_ == "acomp" and c.lower_ in LOST for c in head.children)
    ):
        return "end"
    return "assert"


def _worked(token: Token, titles: list[Candidate]) -> bool:
    """ "an Arabic interpreter", "Korean-English translator": the language before a
    person noun of language work that is the speaker's job title or what they are."""
    person = token.head
    while person.dep_ in ("conj", "compound", "amod", "npadvmod") and person.lemma_ not in (
        LANGUAGE_WORK
    ):
        if person.i == person.head.i:
            return False
        person = person.head
    if person.lower_ not in LANGUAGE_WORK or person.i < token.i:
        return False
    if any(_covers(t, person) for t in titles):
        return True
    be = person.head
    if person.dep_ != "attr" or be.lemma_ != "be" or filters.is_negated(be):
        return False  # "I'm not the Greek speaker on the team"
    subject = subject_token(be)
    return subject is not None and subject.lower_ in SELF


def _covers(title: Candidate, person: Token) -> bool:
    """Whether the job title's words include the person noun."""
    return person.lower_ in (title.value or "").casefold().split()
