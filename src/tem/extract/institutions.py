"""School or employer: which relation a named place of study or work serves.

The span model and the rules find a name ("Wits", "Hospital Clínic", "KNUST") and a
guess; the words around it decide. First the word the name is "at": a role held there
is work ("I'm head of maths *at* Kingsdown School"), a year of study or a degree is
study ("Final year at Wits", "my MBA at Oxford Brookes"). Then the sentence's words of
study and of work (:data:`tem.extract.kinds.STUDY_CUES`, :data:`~tem.extract.kinds.WORK_CUES`);
with both or neither, a name headed "University" / "College" / "Academy" is a school,
and the guess stands otherwise. A city is neither (:func:`only_a_place`).
"""

from __future__ import annotations

import re
from typing import Any

from tem.extract.kinds import (
    ORG_HEADS,
    SCHOOL_HEADS,
    STUDY_CUES,
    WORK_CUES,
    heading_before,
    person_noun,
    span_of,
    word_forms,
)
from tem.extract.lexicon import KIN_NOUNS
from tem.extract.places import named_place
from tem.extract.subjects import SELF, SUBJECT_DEPS

PART_TIME = re.compile(
    r"\b(?:part|full)[- ]time\b(?! (?:mba|master|msc|phd|degree|student|course|study))",
    re.IGNORECASE,
)
"""Part-time work, not a part-time course ("a part-time MBA at Wharton")."""
YEARS_OF_STUDY = frozenset("final first second third fourth fifth 1st 2nd 3rd 4th".split())


def _year_of_study(token: Any) -> bool:
    """ "final year at Wits", "third-year at UNM", "2nd yr": a year of a course."""
    if token.lower_ not in ("year", "yr", "semester", "quarter"):
        return False
    before = token.doc[max(token.i - 2, 0) : token.i]
    return any(t.lower_ in YEARS_OF_STUDY for t in before)


NOT_ROLES = frozenset("fresher learner member owner partner lover fan user customer".split())


def _frame_at(span: Any) -> str | None:
    """The frame of the word a name is "at": "a radiographer *at* Hospital Clínic",
    "head of maths at Kingsdown School" (a role: work), "final year at Wits", "my MBA at
    Lagos Business School" (study). A role someone else holds ("my thesis advisor at
    Tsinghua") says nothing of the speaker."""
    root = span.root
    if root.dep_ != "pobj" or root.head.lower_ not in ("at", "with"):
        return None
    word = root.head.head
    if word.pos_ == "VERB":
        return _verb_frame(word)
    if word.pos_ not in ("NOUN", "PROPN"):
        return None
    said = [word, *(t for t in word.subtree if t.i < word.i)]  # "second-year medic"
    if word.lower_ in STUDY_CUES or word.lemma_ in STUDY_CUES:
        return "studies at"
    if any(_year_of_study(t) for t in said):
        return "studies at"
    if word.dep_ in ("pobj", "nsubj", "nsubjpass", "dobj"):
        return None  # "supervised by a professor at Sciences Po": someone else
    owned = any(c.dep_ == "poss" and c.lower_ not in ("my", "our") for c in word.children)
    role = word.lower_ not in NOT_ROLES and not word.text.isupper() and person_noun(word.text)
    mine = not any(c.dep_ == "poss" for c in word.children) or word.dep_ == "attr"
    return "works at" if role and mine and not owned else None


TEACHING = frozenset("teach lecture tutor".split())
"""Verbs of teaching: where one teaches or lectures is an employer."""


def _verb_frame(verb: Any) -> str | None:
    """The frame of the verb a name is "at": "reading medicine at Edinburgh", "studying
    law at UCT" (a subject read, bare: study); "lecturing at Lagos Business School",
    "teach maths at Westfield Academy" (work). Not "reading a book at the library"."""
    lemma = verb.lemma_.casefold()
    if lemma in TEACHING and verb.tag_ != "VBZ":  # not "Tue/Thu lectures at NYU"
        return "works at"
    if lemma in ("read", "study"):
        subjects = [c for c in verb.children if c.dep_ == "dobj"]
        bare = all(not any(d.dep_ in ("det", "poss") for d in c.children) for c in subjects)
        return "studies at" if subjects and bare else None
    return None


def study_or_work(sentence: Any, name: str) -> str:
    """The relation of a place ``name``d in ``sentence`` that the speaker left or holds:
    "studies at" where its words say study (:func:`school_or_employer`), else "works at"
    ("Maersk and I parted ways", "goodbye Monash")."""
    span = span_of(sentence, name)
    judged = None if span is None else school_or_employer("works at", span)
    return judged or "works at"


def school_or_employer(relation: str, span: Any) -> str | None:
    """The relation a named place of study or work serves, judged by the word it is "at"
    (:func:`_frame_at`), then by its sentence.

    Study words ("degree", "second year", "enrolled") make it a school, work words
    ("hired", "shift", "colleagues", an occupation, a role held "as", "part-time") an
    employer; a study the job came after says neither ("straight out of college"). With
    both or neither, a name headed "University" / "College" / "Academy" is a school and the model's
    label stands otherwise (an airline that "made me redundant" is an employer).
    """
    from tem.extract.lexicon import OCCUPATIONS

    if local := _frame_at(span):
        return local
    named = {t.lower_ for t in span}
    words = _beside(span)
    roles = [t for t in words if _role_as(t)]  # "took me on as a station master"
    aside = {w.i for t in [*roles, *(t for t in words if _study_over(t))] for w in t.subtree}
    context = word_forms([t for t in words if t.i not in aside]) - named
    others = [t for t in words if not span.start <= t.i < span.end]
    study = bool(context & STUDY_CUES) or any(_year_of_study(t) for t in others)
    occupied = bool((context - {"student"}) & OCCUPATIONS) or bool(roles)
    work = bool(context & WORK_CUES) or occupied or bool(PART_TIME.search(span.sent.text))
    school_name = bool(named & (ORG_HEADS & STUDY_CUES | SCHOOL_HEADS))
    if study and not work:
        return "studies at"
    if work and not study:
        return "works at"
    if school_name and (not work or study and not occupied):
        return "studies at"  # a college beside study words and no occupation
    return relation


def _role_as(token: Any) -> bool:
    """A person noun after "as", a role held: "as a station master" (whose "master" is
    no degree), "as an elephant keeper"; not "as a student"."""
    if token.dep_ != "pobj" or token.head.lower_ != "as" or token.pos_ != "NOUN":
        return False
    said = {token.lemma_.casefold(), *(c.lower_ for c in token.children if c.dep_ == "compound")}
    return person_noun(token.text) and not said & LEARNERS  # not "a student nurse"


LEARNERS = frozenset("student undergrad undergraduate postgrad graduate fresher freshman".split())
"""Person nouns of study: "took me on as a doctoral student" is enrolment."""
OVER = frozenset({"after", "out", "since"})
"""Prepositions by which a study is a time gone by: "straight out of college"."""
STRAIGHT = frozenset({"straight", "right", "fresh", "just"})
"""Words by which "out of" a study is the time one came out of it: "straight out of uni"."""


def _study_over(token: Any) -> bool:
    """ "took me on straight *out of college*", "*after graduation*": study as the time
    a job began, not the place's."""
    if token.lower_ not in OVER or token.dep_ != "prep":
        return False
    if token.lower_ == "out" and not any(c.lower_ in STRAIGHT for c in token.children):
        return False  # "kicked me out of the DPhil", "dropped out of UCSB": no time
    inner = [o for c in token.children for o in (c, *c.children) if o.dep_ == "pobj"]
    return any(o.lemma_.casefold() in STUDY_CUES for o in inner)


def _beside(span: Any) -> list[Any]:
    """The words of ``span``'s sentence and of the heading before it, less those of a
    clause joined to it that tells of someone or something else by a subject of its own:
    "Emirates has had me flying as cabin crew, and rosters around school terms are a
    nightmare" (the school terms are the rosters'), "let go from HSBC ... while the kids
    are at school" (the kids'), or that names a place of its own (:func:`_named_apart`);
    the speaker's own clauses count ("I
    got a place at Wits and I'm enrolled on the nursing degree")."""
    apart: set[int] = set()
    for clause in span.sent:
        subject = next((c for c in clause.children if c.dep_ in SUBJECT_DEPS), None)
        verb = clause.dep_ in ("conj", "advcl") and clause.pos_ in ("VERB", "AUX")
        joined = verb and subject is not None and subject.lower_ not in SELF
        if clause.dep_ == "advcl" and joined:
            joined = _someone(subject)  # "till the essay's done" is the speaker's still
        inside = clause.left_edge.i <= span.root.i <= clause.right_edge.i
        if (joined or _named_apart(clause, span)) and not inside:
            apart |= {t.i for t in clause.subtree}
    heading = heading_before(span.sent)
    own = _joined_clause(span)
    if own is not None:  # "I dropped out of the University of Porto ..., and now I'm
        kept = {t.i for t in own.subtree}  # second mate with CMA CGM": the first is Porto's
        apart |= {t.i for t in span.sent if t.i not in kept}
    return [*(t for t in span.sent if t.i not in apart), *(heading or ())]


def _joined_clause(span: Any) -> Any | None:
    """The clause of its own (:func:`_named_apart`'s) that ``span`` is in, joined to one
    that names another place, whose words are that place's; None if there is none."""
    clause = span.root
    while clause.dep_ not in APART and clause.head.i != clause.i:
        clause = clause.head
    if clause.dep_ not in APART or not any(t.pos_ in ("VERB", "AUX") for t in clause.subtree):
        return None
    inside = {t.i for t in clause.subtree}
    outside = [t for t in span.sent if t.i not in inside]
    named = any(t.pos_ == "PROPN" and t.dep_ in ("pobj", "nsubj") for t in outside)
    return clause if named and any(t.pos_ == "VERB" for t in outside) else None


def _someone(subject: Any) -> bool:
    """A subject that is someone else: a pronoun, a kin word, a person's name."""
    if subject.pos_ == "PRON":
        return subject.lower_ not in ("it", "that", "this", "which")
    return subject.lemma_.casefold() in KIN_NOUNS or subject.ent_type_ == "PERSON"


APART = frozenset({"conj", "advcl", "parataxis"})
"""Dependencies that join a clause of its own to the one a name is in."""


def _named_apart(clause: Any, span: Any) -> bool:
    """True for a clause joined to the name's that names a place of its own, whose words
    are that place's: "Left the Army last year, now a security guard at Westfield mall
    and studying criminology at Georgia State" (the study is Georgia State's)."""
    if clause.dep_ not in APART or not any(t.pos_ == "VERB" for t in clause.subtree):
        return False  # a list's item is no clause: "four years at Intel Haifa, and now ..."
    return any(
        t.pos_ == "PROPN" and t.dep_ in ("pobj", "nsubj") and not span.start <= t.i < span.end
        for t in clause.subtree
    )


def only_a_place(relation: str, value: str | None, sentence: Any) -> bool:
    """True for an employer or a school that is a city the tagger names and the list
    knows, said as where one is ("working remotely from Pune", "a semester abroad in
    Toronto"), not as where one works ("reading history at Durham")."""
    span = span_of(sentence, value or "") if relation in ("works at", "studies at") else None
    where = span is not None and span.root.head.lower_ in ("from", "in", "near")
    return where and named_place(span)
