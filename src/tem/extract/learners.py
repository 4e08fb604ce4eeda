"""English as its learners write it: a role said with "like" where English says "as".

Many languages have one word for both ("como", "comme", "jako", "als"), and learners
write "I work in Lidl like cashier", "Aga Khan Hospital hired me like a lab
technician", "employed by the Ministry of Health like a statistician". The parser
reads such a "like" as a comparison and the role is lost. :func:`as_for_like` says it
"as" where the clause speaks of work and the words after it name a person by what
they do (:func:`tem.extract.kinds.person_noun`); "I work like a dog" and "I like my
job" stay.
"""

from __future__ import annotations

import re

WORK = re.compile(
    r"\b(?:work|works|working|worked|employ|employs|employed|employer|hire|hires|hired|"
    r"job|joined|started)\b",
    re.IGNORECASE,
)
LIKE = re.compile(
    r"\blike(?= +(?:an? +)?(?P<role>[A-Za-z][\w-]*(?: +[A-Za-z][\w-]*){0,2}))", re.IGNORECASE
)
CLAUSE_END = re.compile(r"[.!?;,]")
LIKING = frozenset("i we you they he she also really would don't do 'd".split())
"""Words before "like" the verb: "I like a beer after work"."""


def as_for_like(text: str) -> str:
    """``text`` with a learner's "like" before a role after a word of work as "as"."""
    if "like" not in text.casefold() or not WORK.search(text):
        return text
    return LIKE.sub(lambda m: _as(m, text), text)


def _as(match: re.Match[str], text: str) -> str:
    clause = CLAUSE_END.split(text[: match.start()])[-1]
    before = clause.split()[-1:]
    if not WORK.search(clause) or (before and before[0].casefold() in LIKING):
        return match.group()
    words = match.group("role").split()[:2]  # "teller", "lab technician", "cabin crew"
    return "as" if any(_role(word) for word in words) else match.group()


def _role(word: str) -> bool:
    from tem.extract.kinds import person_noun

    folded = word.casefold()
    return (person_noun(word) or folded == "crew") and folded not in COMPARED


COMPARED = frozenset(
    """dog horse slave machine maniac robot donkey forever ever never whatever together
    rather other either neither after over under later""".split()
)
"""What one works "like" in English's own comparisons ("like a dog", "like forever"):
no role of the speaker, though some end as a role's name does."""
