"""A pastime listed with its recurring time: "My week: choir on Tuesdays, Pilates on
Thursdays", "English teacher, futsal on weekends, caipirinha whenever I can", "Sunday
bike rides", "brewing sake in my garage on weekends".

The item of a list or a fragment (the words between commas, semicolons, colons and
"and") that names a recurring time (:data:`RECURRING`: a plural day, weekends, "every"
or "most" before a time word, "twice a week", "daily"; a day before the item where the
sentence lists two or more such days: "Tuesday swing dancing, Thursday printmaking") is
a thing done again and again; what is left of it, once the time and any place or company
after it ("at the arts centre", "with the lads") are taken off, is a pastime when it is
a short name of one: at most three words, nouns or an activity's "-ing" form first,
ending in a word the writers named pastimes by (:func:`tem.extract.learned.known_head`),
and no drink ("iced coffee daily" is :mod:`tem.extract.idioms`'s to read). An item with a
verb of its own or a subject ("my son has swimming on Tuesdays") is a clause, read by
the verb rules; one denied or ended ("no more Pilates on Thursdays") is left to them too.
Whose list it is, the extractor decides (a heading of someone else's drops it:
:func:`tem.extract.about.heading_elsewhere`).
"""

from __future__ import annotations

import re
from typing import Any

from tem.extract.facts import Candidate
from tem.extract.routines import ADVERBS, DAYS, EVERY
from tem.extract.tidy import GATHERINGS

Token = Any

DAY = "(?:" + "|".join(sorted(DAYS)) + ")"
PART = r"(?:mornings?|evenings?|nights?|afternoons?|lunchtimes?)"
RECURRING = re.compile(
    rf"\b(?:on |at )?(?:the )?(?:{DAY}s|weekends)(?: {PART})?\b"
    rf"|\b(?:{'|'.join(sorted(EVERY))})(?: other| single)? (?:{DAY}|day|week|weekend|morning"
    rf"|evening|night|afternoon)s?(?: {PART})?\b"
    r"|\b(?:twice|once|three times|four times|\dx) (?:a|per) (?:week|month|day)\b"
    rf"|\b(?:{'|'.join(sorted(ADVERBS))})\b",
    re.IGNORECASE,
)
"""A recurring time said in an item, in the words :mod:`tem.extract.routines` reads a
verb's recurring time by."""
DAY_FIRST = re.compile(rf"^(?:{DAY})s?(?: {PART})?\s+(?=\w)", re.IGNORECASE)
"""A day before the item of a weekly list: "Tuesday swing dancing"."""
SPLITS = frozenset({",", ";", ":", "•", "|", "/", "(", ")", "–", "—", "and", "plus"})
"""The words and marks between the items of a list."""
AFTER = frozenset(("at", "in", "with", "for", "near", "on", "round", "around", "by", "from"))
"""Prepositions that start what is said of an item, not its name."""
DENIED = frozenset("no not never quit quitting stopped stop gave give dropped without".split())
"""Words by which an item says it is over or none: left to the verb rules."""
BEGUN = frozenset("learning starting trying taking".split())
"""Words before an item that say it is being learnt or tried, not yet a pastime."""
KEPT_TAGS = frozenset({"NN", "NNS", "NNP", "NNPS", "JJ", "VBG", "HYPH", "CC"})


def scheduled_pastimes(sentence: Any, speaker: str) -> list[Candidate]:
    """The pastimes ``sentence`` lists with a recurring time."""
    said = " ".join(t.text for t in sentence)  # an item's words, joined as its text is
    days = sum(1 for t in sentence if _a_day(t))
    if RECURRING.search(said) is None and days < 2:
        return []  # no item can be timed: not worth splitting
    items = _items(sentence)
    days_first = sum(1 for item in items if DAY_FIRST.match(_text(item)))
    found = []
    for item in items:
        said = _text(item)
        timed = RECURRING.search(said) is not None
        if not timed and not (days_first >= 2 and DAY_FIRST.match(said)):
            continue
        value = _name(item)
        if value is not None:
            found.append(Candidate(speaker, "hobby", value, "assert", item[0].i))
    return found


def _items(sentence: Any) -> list[list[Token]]:
    items: list[list[Token]] = [[]]
    for token in sentence:
        if token.lower_ in SPLITS or token.is_punct and token.text not in ("'", "’", "-", "&"):
            items.append([])
        else:
            items[-1].append(token)
    return [item for item in items if item]


def _text(item: list[Token]) -> str:
    return " ".join(t.text for t in item)


def _name(item: list[Token]) -> str | None:
    """The pastime an item names once its time, its place and its company are off."""
    from tem.extract.learned import known_head
    from tem.extract.leisure import taste_relation

    words = _words(item)
    if not words or words[0].lower_ in BEGUN or all(t.lower_ in GATHERINGS for t in words):
        return None  # "learning the cello on weekends", "classes on alternate weekends"
    value = str(words[0].doc[words[0].i : words[-1].i + 1].text)  # "bird-watching"
    if words[0].tag_ == "VBG" and not known_head("hobby", words[0].text):
        return None  # "eating mess food daily": no pastime's "-ing"
    if words[0].tag_ != "VBG" and not known_head("hobby", value):
        return None
    return value if taste_relation(value) is None else None


def _words(item: list[Token]) -> list[Token]:
    """The words of an item's name: none where the item is a clause, denied, or work."""
    inside = {t.i for t in item}  # "Monday Pilates, ...": a subject the parser hangs on a
    said = any(  # later item's noun is no clause of this one
        t.tag_ in ("VBZ", "VBP", "VBD", "MD") or t.dep_.startswith("nsubj") and t.head.i in inside
        for t in item
    )
    if said or any(t.lower_ in DENIED for t in item):
        return []  # "my son has swimming on Tuesdays", "no more Pilates on Tuesdays"
    if any(t.lower_ == "for" and t.i + 1 < len(t.doc) and t.nbor().pos_ == "PROPN" for t in item):
        return []  # "ride for Deliveroo most evenings": work done for a firm
    words: list[Token] = []
    for token in item:
        if token.lower_ in AFTER or RECURRING.match(token.text) or _a_day(token):
            if words:
                break
            continue  # "Sunday bike rides", "on weekends brewing sake"
        if token.lower_ not in ("the", "a", "an", "some", "more"):
            words.append(token)
    joined = [i for i, t in enumerate(words) if t.tag_ == "CC" and t.text != "&"]
    words = words[joined[-1] + 1 :] if joined else words  # "terrible but enthusiastic surfer"
    while len(words) > 1 and (words[0].tag_ == "JJ" or words[0].lower_ in ("playing", "doing")):
        words = words[1:]  # "a long walk", "playing water polo": the game's name
    if len(words) == 1 and words[0].tag_ in ("VB", "VBP"):
        after = [t for c in words[0].children if c.dep_ == "prep" for t in c.subtree if t.i != c.i]
        timed = all(_a_day(t) or t.pos_ in ("DET", "ADJ") for t in after)
        return words if timed else []  # "squash on weekends" (the parser's verb); "run on coffee"
    if len(words) > 3 or any(t.tag_ not in KEPT_TAGS for t in words):
        return []
    if words and words[0].tag_ == "VBG" and any(t.tag_ == "VBG" for t in words[1:]):
        return []
    return words


def _a_day(token: Token) -> bool:
    return re.fullmatch(rf"{DAY}s?|weekends?|{PART}", token.lower_) is not None
