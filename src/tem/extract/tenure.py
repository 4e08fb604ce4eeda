"""Years the speaker has spent in a role or at a place of work, said without a verb of
work: "eleven years as a midwife hasn't made that any less magic", "Thirty years a
fisherman, and ...", "Thirty years at the post office", "Twelve years behind the bar
at Doyle's".

A span of time (a number of years, months or decades) names what filled it: a person
noun after "as" or beside it is the speaker's job title, an organisation after "at" or
"with" (also inside "behind the bar at") their employer, judged school or employer by
the sentence (:func:`tem.extract.institutions.school_or_employer`). It holds now, unless it
comes "after" those years in a sentence that says it ended ("After 34 years pouring
coffee at the Sunrise Diner, I finally called it a day"); "after" without such a word
says nothing of now and gives nothing. The clause must be the speaker's (a left-out
"I" counts, another person's never: "my dad did thirty years as a fisherman") and not
blocked (negated, hypothetical, a question).
"""

from __future__ import annotations

from typing import Any

from tem.extract import about, endings, filters, institutions, kinds
from tem.extract.facts import Candidate, Kind
from tem.extract.lexicon import KIN_NOUNS, SPANS
from tem.extract.values import children, entity_text, phrase

Token = Any
PLACE_PREPS = ("at", "with")
LEFT_JOB = frozenset("retired quit resigned redundant laid fired sacked gone".split())
"""Words of a sentence that end the years it counts: "laid off by Coupang: three years
as a warehouse supervisor, gone"."""


def tenure_candidates(sentence: Any, speaker: str) -> list[Candidate]:
    """The job titles and employers the spans of time in ``sentence`` name."""
    found: list[Candidate] = []
    for span in sentence:
        if span.lemma_.casefold() not in SPANS or not _counted(span):
            continue
        kind = _kind(span)
        if kind is None or not _speakers(span):
            continue
        found += [Candidate(speaker, r, v, kind, span.i) for r, v in _filled_by(span)]
    return found


def _counted(span: Token) -> bool:
    """ "eleven years", "30 yrs", "a decade": a number of them, not "this year", "a
    second-year" (a student), nor a length of something else ("a six-year relationship")."""
    if span.dep_ in ("compound", "amod", "nmod"):
        return False
    if any(c.dep_ in ("amod", "compound") for c in span.children):
        return False
    return any(c.dep_ == "nummod" or c.lower_ in ("a", "an") for c in span.children)


def _kind(span: Token) -> Kind | None:
    """Held now; ended when the years came before an ending ("after 22 years as an
    aircraft mechanic I was made redundant"); nothing for "after" alone."""
    head = span.head
    if span.dep_ == "pobj":
        if head.lower_ != "after":
            return None  # "for ten years as a nurse": the verb's rules read it
        said = {t.lemma_.casefold() for t in span.sent} | {t.lower_ for t in span.sent}
        return "end" if said & endings.END_CUES or "day" in said and "call" in said else None
    said = {t.lower_ for t in span.sent}
    return "end" if said & LEFT_JOB else "assert"  # "laid off: three years as X, gone"


def _speakers(span: Token) -> bool:
    """No one else is the subject of the clause the years are in ("my dad did thirty
    years as a fisherman"), and that clause states something."""
    clause = kinds.clause_of(span)
    # years that open the sentence or are its subject are told on their own: "eleven
    # years as a midwife hasn't made that any less magic", "Twelve years behind the bar
    # at Doyle's and I could pour a Guinness in my sleep"
    first = span.left_edge.i
    before = span.doc[first - 1] if first > span.sent.start else None
    told = span.dep_ == "nsubj" or before is None or before.is_punct or before.dep_ == "cc"
    if clause.pos_ in ("VERB", "AUX") and filters.blocked(clause) and not told:
        return False
    subjects = [] if span.dep_ == "nsubj" else children(clause, ("nsubj", "nsubjpass"))
    return not any(
        s.lower_ in about.ABOUT_OTHERS or s.lower_ in KIN_NOUNS or about.owned_by_other(s)
        for s in subjects
    )  # "Dad retired after 35 years as a machinist": his


def _filled_by(span: Token) -> list[tuple[str, str]]:
    """What the years were spent as or at, read from the words after them up to the
    next mark (the parser hangs them anywhere): "as a midwife", "a fisherman", "at the
    post office", "behind the bar at Doyle's", "pouring coffee at the Sunrise Diner"."""
    doc = span.doc
    after = []
    for token in doc[span.i + 1 : span.sent.end]:
        if token.is_punct or token.dep_ == "cc":
            break
        after.append(token)
    words = [t.lower_ for t in after]
    found: list[tuple[str, str]] = []
    start = 1 if words[:1] == ["as"] else 0
    role = after[start:]
    if role and role[0].lower_ in ("a", "an"):
        role = role[1:]
    if role and (start or after[0].lower_ in ("a", "an")) and _role(role) is not None:
        found.append(("job title", _role(role) or ""))
    at = next((t for t in after if t.lower_ in PLACE_PREPS), None)
    if at is not None:
        found += _employers(next(iter(children(at, ("pobj",))), None))
    return found


def _role(words: list[Token]) -> str | None:
    """The person noun that ends the first words ("aircraft mechanic"), if one does."""
    for end, token in enumerate(words[:4]):
        if token.pos_ not in ("NOUN", "PROPN", "ADJ"):
            return None
        if token.pos_ == "NOUN" and kinds.person_noun(token.text):
            return " ".join(t.text for t in words[: end + 1])
    return None


def _employers(obj: Token | None) -> list[tuple[str, str]]:
    if obj is None or obj.ent_type_ == "PERSON" and obj.head.lower_ == "with":
        return []  # "seven years with Matthias": a person ("eight years at Julius Berger")
    name = entity_text(obj) or (phrase(obj) if obj.pos_ == "PROPN" else None)
    named = any(c.dep_ == "compound" for c in obj.children)
    if name is None and obj.lemma_ in ("office", "council") and named:
        name = phrase(obj)  # "the post office", not "the office"
    if not name:
        return []
    relation = institutions.school_or_employer("works at", obj.doc[obj.i : obj.i + 1])
    return [(relation or "works at", name)]
