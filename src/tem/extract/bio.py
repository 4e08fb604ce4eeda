"""A self-description without a verb: "Sushi chef in Osaka, single", "Paramedic here".

Chat introduces its speaker in fragments: an occupation with no "I am", perhaps where
("at Mercado Libre", "in Osaka", "Karachi-based") and a marker of self-description
("here", "by trade"). Only a sentence's opening stretch (up to its first comma, dash
or semicolon) is read, and only when it has no verb, pronoun or possessive: "Nurse at
the clinic told me to rest" has a verb, so its nurse is someone else; "my sister,
nurse at Guy's" is not an opening. The stretch must end in a person noun, optionally
followed by where: then the speaker holds that occupation (an occupation of study,
"grad student at McGill", names a school, not an employer), or held it ("retired
accountant"). A self-naming opening ("Olu Adeyemi here, retired accountant") is passed
over like a greeting.
"""

from __future__ import annotations

from typing import Any

from tem.extract import kinds
from tem.extract.facts import Candidate, Kind
from tem.extract.lexicon import OCCUPATIONS, SELF_HEADINGS
from tem.extract.titled import known_occupation
from tem.extract.values import NAME_LINKS

Token = Any

BREAKS = frozenset({",", ";", "—", "–", "!", ".", "?", ":", "("})
MARKERS = frozenset({"here", "life", "by", "trade", "day", "profession", "btw"})
"""Words after the occupation that mark a self-description: "nurse here", "by trade"."""
WHERE = {"at": "works at", "for": "works at", "with": "works at", "in": "lives in"}
LOCALS = frozenset({"based"})
SEQUELS = frozenset({"then", "later", "now", "before", "after"})
STUDENTS = frozenset({"student", "undergrad", "postgrad", "candidate", "fresher"})
DEFINITE = frozenset({"the", "this", "that", "our", "their"})
"""Words that open a fragment about someone the listener knows: "The new registrar"."""
FIELDS = frozenset({"occupation", "profession", "job", "title"})
"""A form's field name before its value: "occupation software tester"."""
FORMER = frozenset({"retired", "retierd", "former", "ex", "ex-"})
"""Words before a title that say it is over: "retired accountant"."""


def bio_candidates(sentence: Any, speaker: str) -> list[Candidate]:
    """The occupation (and its workplace or home) an opening fragment states."""
    words = _opening(sentence)
    if len(words) < 1 or len(words) > 10:
        return []
    if any(_refuses(t) for t in words):
        return []
    split = next((i for i, t in enumerate(words) if t.lower_ in WHERE or t.lower_ in MARKERS), None)
    title_words = words if split is None else words[:split]
    rest = [] if split is None else words[split:]
    home = _based(title_words)
    titled = _title(title_words, home)
    if titled is None or len(words) == 1 and _addressed(words[0]):
        return []
    title_words, kind = titled
    anchor = title_words[-1].i
    title = sentence.doc[title_words[0].i : anchor + 1].text  # "Long-haul trucker"
    studying = title_words[-1].lemma_.casefold() in STUDENTS
    found = [] if studying else [Candidate(speaker, "job title", title, kind, anchor)]
    if home:
        place = " ".join(t.text for t in home)
        found.append(Candidate(speaker, "lives in", place, "assert", anchor))
    if rest and rest[0].lower_ in WHERE:
        name = _name(rest[1:])
        relation = WHERE[rest[0].lower_]
        if relation == "lives in" and _jobs_listed(sentence):
            name = None  # "Jobs I've had: barman in Oban, ...": where the job was
        if name is not None:
            if relation == "works at" and studying:
                relation = "studies at"
            found.append(Candidate(speaker, relation, name, kind, anchor))
    return found


def _title(words: list[Token], home: list[Token]) -> tuple[list[Token], Kind] | None:
    """The occupation's words among the opening's, and whether it is held or over
    ("retired accountant"); None when they end in no occupation."""
    words = [t for t in words if t not in home and t.lower_ not in ("-", "based")]
    if words and words[0].lower_ in DEFINITE:
        return None  # "The new registrar, Tolu, has a bulldog": someone else
    while words and (words[0].pos_ == "DET" or words[0].lower_ in FIELDS or words[0].is_punct):
        words = words[1:]  # "a", "occupation software tester" (a form's field), a quote
    kind: Kind = "assert"
    if len(words) > 1 and words[0].lower_ in FORMER:
        words, kind = words[1:], "end"  # "retired accountant"
    if not words or not _occupation(words[-1]) or _plural(words[-1]):
        return None
    if not all(t.pos_ in ("NOUN", "PROPN", "ADJ", "PUNCT") for t in words):
        return None
    return words, kind


KNOWN = OCCUPATIONS | kinds.TITLE_WORDS | STUDENTS


def _occupation(word: Token) -> bool:
    """A word known as an occupation (the lexicon's, the writers' and the listed ones:
    :func:`tem.extract.titled.known_occupation`), or a student: no guess from the word's
    ending, which "German" and "Coffee" have too, nor from its spelling (a fuzzy match on
    every opening cost 3 % of LoCoMo's extraction time for no fact)."""
    forms = (word.lemma_.casefold(), word.lower_)
    return any(w in KNOWN or known_occupation(w) for w in forms)


def _plural(word: Token) -> bool:
    """A plural is no one's occupation: "Happy Friday makers!" greets a group."""
    return str(word.tag_) in ("NNS", "NNPS")


def _addressed(word: Token) -> bool:
    """A lone noun before a clause of the speaker's own is whom the speaker addresses:
    "Mentor, I said no to the internship", "Coach, my plan is ..."."""
    after = word.doc[word.i + 2] if word.i + 2 < len(word.doc) else None
    return after is not None and (after.pos_ == "PRON" or after.tag_ == "PRP$")


def _jobs_listed(sentence: Any) -> bool:
    """The fragment is an item under a heading that introduces no one: "Jobs I've had:"
    lists where each job was, not where the speaker lives."""
    heading = kinds.heading_before(sentence)
    return heading is not None and not any(t.lower_ in SELF_HEADINGS for t in heading)


def _opening(sentence: Any) -> list[Token]:
    """The sentence's words up to its first break (a comma, a dash, a semicolon); none
    when what follows the break is a history ("Waiter, then bartender")."""
    words: list[Token] = []
    for token in sentence:
        if token.text in BREAKS or (token.text == "-" and token.whitespace_):
            if words and all(t.pos_ == "INTJ" or t.lower_ in kinds.GREETINGS for t in words):
                words = []  # "Hi! Karachi-based radiographer here"
                continue
            if _self_named(words):
                words = []  # "Olu Adeyemi here, retired accountant, living in Peckham"
                continue
            after = token.doc[token.i + 1] if token.i + 1 < len(token.doc) else None
            return [] if after is not None and after.lower_ in SEQUELS else words
        words.append(token)
    return words


def _self_named(words: list[Token]) -> bool:
    """ "Olu Adeyemi here", "Hamid here": the speaker naming themself, no title yet."""
    if not words:
        return False
    names, last = words[:-1], words[-1]
    return (
        last.lower_ == "here"
        and 0 < len(names) <= 3
        and all(t.pos_ == "PROPN" and not _occupation(t) for t in names)
    )


def _refuses(token: Token) -> bool:
    """A word a verbless self-description never has: a verb, a pronoun, a possessive."""
    if token.lower_ in LOCALS:
        return False
    if token.pos_ in ("VERB", "AUX", "PRON") or token.tag_ == "PRP$":
        return not (token.pos_ == "VERB" and kinds.person_noun(token.text))
    return token.lower_ in ("my", "our", "his", "her", "their", "your")


def _based(words: list[Token]) -> list[Token]:
    """The place of "Karachi-based" among the opening words."""
    for i, token in enumerate(words):
        if token.lower_ == "based" and i >= 2 and words[i - 1].text == "-":
            return [t for t in words[: i - 1] if t.pos_ == "PROPN" or t.text[:1].isupper()]
    return []


def _name(words: list[Token]) -> str | None:
    """The name opening ``words``: "Mercado Libre", "Quinta da Pacheca"."""
    run: list[Token] = []
    for token in words:
        named = token.pos_ == "PROPN" or token.text[:1].isupper()
        if named or (run and token.lower_ in NAME_LINKS):
            run.append(token)
        elif token.pos_ == "DET" and not run:
            continue
        else:
            break
    while run and run[-1].lower_ in NAME_LINKS:
        run.pop()
    return run[0].doc[run[0].i : run[-1].i + 1].text if run else None
