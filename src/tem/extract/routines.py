"""A pastime said as a routine: "I run along the river most mornings", "I do Pilates twice
a week", "I've been swimming every morning since spring", "I used to row on Sundays".

An activity the speaker does at a recurring time is a pastime. The recurring time is
what the frame rests on (:func:`recurring`): "every"/"each"/"most" before a time word
("every morning", "most weekends", "each fall"), a day or part of the week made plural
after "on"/"at" ("on Sundays", "at weekends"), a count per span ("twice a week", "three
times a month") or "daily"/"nightly"/"weekly". Without it "I run" says little ("I run
late", "I run a café"), and "I swam on Saturday" was one outing.

The activity is the verb itself when nothing is done to anything ("swim" -> swimming,
named as :func:`tem.extract.activities.activity` names a verb's pastime), or what one does or
practises ("do Pilates"); either must end in a word the writers named pastimes by
(:func:`tem.extract.learned.known_head`), so "I work every Saturday" and "I commute
daily" name none. A way to somewhere ("I cycle to work every day") is a commute, not a
pastime. The speaker does it now ("I swim", "I've been swimming"); "I used to swim every
morning" is one given up. A blocked clause (negated, supposed, asked) says nothing.

Chat also names a pastime and how often it comes with no verb at all ("pickleball 3x a
week", "surfing every morning b4 standup calls"): :func:`fragment_pastimes` reads a word
or two at the start of a sentence or of a part of it, before a recurring time.
"""

from __future__ import annotations

import re
from typing import Any

from tem.extract import filters, trips
from tem.extract.facts import Candidate, Kind
from tem.extract.questions import is_question
from tem.extract.subjects import resolve_subject
from tem.extract.values import phrase

Token = Any

TIME_WORDS = frozenset(
    "morning evening night afternoon day week weekend month fall autumn spring summer winter"
    " lunchtime lunch break season weekday".split()
)
DAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())
EVERY = frozenset({"every", "each", "most"})
SPANS = frozenset({"day", "week", "month", "fortnight", "year"})
ADVERBS = frozenset({"daily", "nightly", "weekly"})
COUNTS = frozenset({"twice", "once", "thrice", "times"})
PLURALS = DAYS | {"weekend"}
DOING = frozenset({"do", "practise", "practice"})
"""Verbs whose object is the pastime: "I do Pilates twice a week"."""
NO_PASTIME = frozenset({"work", "shop", "sleep", "eat", "drink", "pray", "study", "commute"})
"""Routines that are no pastime even where the writers named one so ("shopping")."""


def routine_candidates(sentence: Any, speaker: str) -> list[Candidate]:
    """The pastimes ``sentence`` says the speaker does at a recurring time."""
    found: list[Candidate] = []
    if not any(map(_timely, sentence)):
        return found  # no word of a recurring time: nothing to walk
    for verb in sentence:
        if verb.pos_ != "VERB" or not recurring(verb):
            continue
        kind = _habit(verb)
        value = None if kind is None else _activity(verb)
        if kind is None or value is None or filters.blocked(verb) or filters.is_negated(verb):
            continue
        if verb.dep_ in ("relcl", "acl") or trips.is_trip(verb):
            continue  # "the languages I juggle daily", "on holiday, swimming every morning"
        if resolve_subject(verb, speaker) != speaker:
            continue
        found.append(Candidate(speaker, "hobby", value, kind, verb.i))
    return found


def _timely(token: Token) -> bool:
    """A word without which no recurring time is said (:func:`_recurs` needs one)."""
    lower = token.lower_
    return lower in ADVERBS | EVERY | COUNTS or lower.endswith("s") and lower[:-1] in PLURALS


def recurring(verb: Token) -> bool:
    """True when ``verb``'s own clause names a recurring time."""
    return any(_recurs(token) for token in _own_words(verb))


def _own_words(verb: Token) -> list[Token]:
    """The words of ``verb``'s clause, leaving out the clauses inside it."""
    words = []
    for token in verb.subtree:
        head = token
        while head.i != verb.i and head.pos_ not in ("VERB", "AUX"):
            head = head.head
        if head.i == verb.i:
            words.append(token)
    return words


def _recurs(token: Token) -> bool:
    lower = token.lower_
    if lower in ADVERBS:
        return True
    if lower in EVERY:  # "every morning", "most weekends", "every other Thursday"
        head = token.head
        return head.lemma_.casefold() in TIME_WORDS | DAYS or head.lower_.rstrip("s") in DAYS
    if lower in COUNTS:  # "twice a week", "three times a month"
        spans = [token.head, *token.subtree]
        return any(t.lower_ in SPANS for t in spans) or _span_after(token)
    if token.head.lower_ in ("on", "at") and token.dep_ == "pobj":  # "on Sundays"
        day = lower.removesuffix("s")
        return lower.endswith("s") and (day in DAYS or day == "weekend")
    return False


def _a_time(word: Token) -> bool:
    """ "mornings", "every Sunday", "most weekends": a time, not a thing done."""
    lemma = word.lemma_.casefold()
    return lemma in TIME_WORDS or lemma in DAYS or any(map(_recurs, word.children))


def _span_after(token: Token) -> bool:
    """ "twice a week" where the parser hangs "week" off the verb."""
    doc = token.doc
    after = [t.lower_ for t in doc[token.i + 1 : min(token.i + 3, len(doc))]]
    return len(after) == 2 and after[0] in ("a", "an", "per") and after[1] in SPANS


def _habit(verb: Token) -> Kind | None:
    """ "assert" for a habit kept ("I swim", "I've been swimming"), "end" for one given up
    ("I used to swim"), None for any other tense ("I swam", "I'll swim")."""
    auxes = {c.lower_ for c in verb.children if c.dep_ == "aux"}
    if verb.tag_ == "VB" and verb.dep_ == "conj" and not auxes:
        return _habit(verb.head)  # "I live in Podil and run along the river"
    if verb.tag_ == "VBP":
        return "assert"
    if verb.tag_ == "VBG" and "been" in auxes:
        return "assert"
    if verb.tag_ == "VB" and verb.dep_ == "xcomp" and verb.head.lemma_ == "use":
        return "end"
    return None


def _elsewhere(word: Token) -> bool:
    """A word that makes the verb a way or a means, not the pastime: a particle ("paddle
    out", "fly back", "trek over"), an object put first ("Languages I juggle daily"), a
    way to somewhere ("cycle to work"), whom one does it for ("ride for Deliveroo") or
    what one runs on ("run on coffee")."""
    fronted = word.dep_ == "npadvmod" and word.i < word.head.i and not _a_time(word)
    if word.dep_ == "prt" or fronted:
        return True  # a particle, or an object put first ("Languages I juggle daily")
    if word.dep_ != "prep" or word.lower_ not in ("to", "on", "for"):
        return False  # "ride for Deliveroo most evenings": work
    return word.lower_ != "on" or not any(map(_recurs, word.children))


def _activity(verb: Token) -> str | None:
    """The pastime ``verb`` does: itself when it acts on nothing, or what one does."""
    from tem.extract.activities import activity
    from tem.extract.learned import known_head

    lemma = verb.lemma_.casefold()
    objects = [
        c
        for c in verb.children
        if c.dep_ in ("dobj", "ccomp", "xcomp", "dative") and not _a_time(c)
    ]
    if lemma in NO_PASTIME or any(map(_elsewhere, verb.children)):
        return None
    if lemma in DOING:
        value = phrase(objects[0]) if len(objects) == 1 and objects[0].dep_ == "dobj" else None
        return value if known_head("hobby", value) else None
    if objects:
        return None
    value = activity(lemma)
    return value if value.endswith("ing") and known_head("hobby", value) else None


FREQUENCY = re.compile(
    r"(?:every|each|most) (?:other )?(?:morning|evening|night|day|week|weekend|sunday|monday"
    r"|tuesday|tues|wednesday|wed|thursday|thurs|friday|saturday|sat|sun)\w*"
    r"|(?:\d+ ?x|twice|once|three times|four times) (?:a|per) (?:week|day|month)",
    re.IGNORECASE,
)
FRAGMENT = re.compile(
    r"(?:^|[,;:—]\s*)(?P<pastime>[a-z][\w-]*(?: [a-z][\w-]*)?)"
    r"(?P<where> (?:at|on|in|with) (?:the |my )?[\w-]+(?: [\w-]+)?)? (?P<when>"
    + FREQUENCY.pattern
    + ")",
    re.IGNORECASE,
)
"""A pastime told with how often, no verb: "pickleball 3x a week", "hoops every sunday at
the rec center", "Squash at the leisure centre twice a week keeps me sane"."""


def fragment_pastimes(sentence: Any, speaker: str) -> list[Candidate]:
    """The pastimes told at the start of ``sentence`` or of a part of it with how often
    and no verb of their own; each must end in a word the writers named pastimes by
    (:func:`tem.extract.learned.known_head`) and be no drink ("matcha every morning" is
    the drinks' to read), in a sentence that asks, denies or tells of no one else."""
    from tem.extract.kinds import is_drink
    from tem.extract.languages import language_of
    from tem.extract.learned import known_head

    text = sentence.text
    if FREQUENCY.search(text) is None or is_question(sentence):
        return []
    if filters.blocked(sentence.root):
        return []  # "In another life I'd be ... diving every weekend"
    found: list[Candidate] = []
    for match in FRAGMENT.finditer(text):
        start = sentence[0].idx + match.start("pastime")
        end = sentence[0].idx + match.end("pastime")
        said = [t for t in sentence if start <= t.idx < end]
        if not said or said[0].lower_ in NOT_OPENING:
            continue  # "I boulder three times a week" is the verbs' to read; "a bowl every"
        while len(said) > 1 and said[0].tag_ not in NAMING_TAGS:
            said = said[1:]  # "been birding", "still surfing", "plays padel": the doing
        if said[0].tag_ not in NAMING_TAGS | {"VB", "VBP"} or said[0].lower_ in NOT_OPENING:
            continue  # one word the tagger took for a verb may name it: "pickleball 3x a week"
        value = sentence.doc[said[0].i : said[-1].i + 1].text
        words = value.casefold().split()
        drink = is_drink(words) and match.group("where") is None  # "squash at the centre"
        spoken = language_of(value) is not None  # "speaking Korean w my grandma"
        if not known_head("hobby", value) or drink or spoken or _denied(said[0]):
            continue
        if _someone_elses(said[0]):
            continue
        found.append(Candidate(speaker, "hobby", value, "assert", said[0].i))
    return found


NAMING_TAGS = frozenset({"NN", "NNS", "NNP", "NNPS", "VBG"})
"""Tags of the words a pastime is named by: "pickleball", "footy training", "surfing"."""


NOT_OPENING = frozenset(
    "i we you he she they it my our your his her their the a an and but so then now also"
    " just like work school class classes shift shifts".split()
)
"""Words a pastime told bare never opens with: a subject, an owner, an article, a joiner,
or work ("shifts every sunday")."""


def _denied(token: Token) -> bool:
    before = token.doc[max(token.sent.start, token.i - 3) : token.i]
    return any(t.lower_ in ("no", "not", "never", "without") for t in before)


def _someone_elses(token: Token) -> bool:
    """A sentence with another's pronoun as a subject or another's possessive: "he's got
    rugby every sunday", "my son's rugby every sunday"."""
    from tem.extract.subjects import SELF

    subjects = [t for t in token.sent if t.dep_ in ("nsubj", "nsubjpass") and t.pos_ == "PRON"]
    others = [s for s in subjects if s.lower_ not in SELF | {"it", "that", "this", "u", "you"}]
    owned = [t for t in token.sent if t.dep_ == "poss" and t.lower_ not in ("my", "our")]
    return bool(others or owned)
