"""Lists under a heading: "Languages I speak: Urdu, English and a bit of Pashto."

Chat often names a kind of thing once and lists its items after a colon (or after a
one-word question: "Hobbies? Climbing, sourdough and the occasional jigsaw."). The
heading says what every item is, so an item needs no verb of its own: the heading's
noun gives the relation (:data:`HEADINGS`), and each item gives one value of it.

A heading speaks of the speaker only when nothing in it points elsewhere: its noun has
no owner but "my"/"our", a verb in it has the speaker as subject, is not negated or
modal, and is one of the verbs that say the speaker has or does the items
(:data:`HOLDING_VERBS`: "languages I *speak*", not "languages I *want to learn*").
Places need a verb of living ("places I've lived"; "places I've been" are trips).

For a relation with one value at a time (a home, a job, a school), the item marked
"now" is current and the others ended ("Kochi, Bangalore, and now Toronto"); without
such a mark, a list of homes or jobs asserts every item only when the heading says they
are held together ("two jobs", "I work"); otherwise it is a history without a present
and gives nothing.

A heading that says the speaker ended what it lists ("Things I've quit this year:
Safaricom, my boyfriend Brian") ends every item after it, whichever reader (rule or
span model) read the item (:func:`ending_heading`).
"""

from __future__ import annotations

from typing import Any

from tem.extract import filters, kinds, languages, shapes, values
from tem.extract import lexicon as lx
from tem.extract.facts import Candidate, Kind
from tem.extract.items import (
    CURRENT,
    CUTS,
    NAMING,
    TIMES,
    animal_of,
    cut_at_link,
    first_name,
    is_named,
    is_occupation,
    lowered,
    split_items,
    stripped,
    text_of,
)
from tem.extract.places import known_place
from tem.extract.subjects import FIRST_POSSESSIVE, SAME_PAST, said_by

Token = Any

HEADINGS = {
    "hobby": "hobby",
    "pastime": "hobby",
    "passion": "hobby",
    "interest": "hobby",
    "instrument": "hobby",
    "language": "speaks",
    "drink": "favorite drink",
    "beverage": "favorite drink",
    "pet": "has pet",
    "place": "lives in",
    "city": "lives in",
    "town": "lives in",
    "country": "lives in",
    "home": "lives in",
    "job": "job title",
    "gig": "job title",
    "role": "job title",
    "degree": "studies at",
    "school": "studies at",
    "university": "studies at",
    "uni": "studies at",
    "college": "studies at",
    "employer": "works at",
    "weekend": "hobby",
    "fun": "hobby",
    "routine": "hobby",
}
"""The noun of a heading and the relation of the items under it. A heading of free
time ("My weekends:", "Things I do for fun:", "Weekly routine:") lists pastimes among
other things: only an item shaped as an activity is one (:data:`LEISURE`; in a routine,
only a pastime's doing)."""
LEISURE = frozenset({"weekend", "fun", "routine"})
HOLDING_VERBS = frozenset(
    "be live speak know play drink have own keep love enjoy do work hold use study enrol enroll"
    " attend".split()
)
"""Verbs by which a heading says the speaker has or does its items."""
TAKING_UP = frozenset({"pick", "take", "learn"})
"""Verbs by which a heading says the speaker took its items up ("pick up", "take up")."""
HELD_ONE_AT_A_TIME = frozenset({"lives in", "job title", "studies at", "works at"})
"""Relations whose listed items are a history: one now, the rest before (a favourite
drink is one too, but a list of drinks one lives on is held at once)."""
NEEDS_LIVING = frozenset({"place", "city", "town", "country"})
WORKPLACES = frozenset({"place", "company", "firm", "organisation", "organization"})
"""Nouns of a heading that lists employers when its verb is "work": "Places I've worked"."""
TOGETHER = frozenset({"two", "three", "both", "several", "multiple", "work", "hold"})
"""Words of a heading that holds its single-valued items at once: "I work two jobs"."""
BYGONE = frozenset({"past", "former", "previous", "old", "ex"})
"""Words of a heading whose items all ended: "Past jobs: lifeguard, line cook"."""


def heading_candidates(sentence: Any, before: Any | None, speaker: str) -> list[Candidate]:
    """The facts of a list under a heading in ``sentence`` (or ending ``before`` it)."""
    heading, items = _split(sentence, before)
    if heading is None or items is None:
        return []
    found = _heading(heading)
    if found is None:
        return []
    noun, relation = found
    pieces = split_items(items)
    if len(pieces) < 2:
        return []
    values = [_value(relation, noun, piece) for piece in pieces]
    marked = [_current(piece) for piece in pieces]
    for i in range(len(pieces) - 1):  # "..., and for the last two years, Calgary"
        if marked[i] and values[i][0] is None and values[i + 1][0] is not None:
            marked[i + 1] = True
    together = bool({t.lower_ for t in heading} & TOGETHER | {t.lemma_ for t in heading} & TOGETHER)
    single = relation in HELD_ONE_AT_A_TIME
    bygone = any(t.lower_ in BYGONE and t.head == noun for t in heading) or _bygone_heading(heading)
    bygone = bygone or any(_ending_verb(t) for t in heading)  # "Hobbies I've had to drop:"
    bygone = bygone or any(_held_before(t) and t.head.dep_ == "relcl" for t in heading)
    out: list[Candidate] = []
    for piece, (value, extra), now in zip(pieces, values, marked, strict=True):
        if single and not any(marked) and not together and not bygone:
            return []  # a history with no present: which one holds now is not said
        kind: Kind = "end" if (single and any(marked) or bygone) and not now else "assert"
        if value is not None:
            out.append(Candidate(speaker, relation, value, kind, piece[0].i))
        if extra is not None:
            out.append(Candidate(speaker, extra[0], extra[1], kind, piece[0].i))
    return out


def _split(sentence: Any, before: Any | None) -> tuple[Any | None, Any | None]:
    """The heading's tokens and the items' tokens: one sentence split by a colon, or a
    heading sentence ending in ":" or "?" before the list."""
    colon = next((t for t in sentence if t.text == ":"), None)
    if colon is not None:
        return sentence.doc[sentence.start : colon.i], sentence.doc[colon.i + 1 : sentence.end]
    if before is not None and before[-1].text in (":", "?"):
        return before[:-1], sentence
    return None, None


def _heading(heading: Any) -> tuple[Token, str] | None:
    """The heading's noun and its items' relation, when the heading is about the speaker."""
    words = [t for t in heading if not t.is_punct and not _aside(t, heading)]
    if not 1 <= len(words) <= 8:
        return None
    noun = next((t for t in words if _heading_noun(t) or _unwinding(t)), None)
    if noun is None:
        return _where_heading(words)
    owners = [c for c in noun.children if c.dep_ == "poss"]
    if any(o.lower_ not in FIRST_POSSESSIVE for o in owners):
        return None  # "my sister's hobbies"
    verbs = [t for t in words if t.pos_ in ("VERB", "AUX") and t.dep_ not in ("aux", "auxpass")]
    for verb in verbs:
        held = verb.lemma_.casefold() in HOLDING_VERBS or _called_home(verb) or _taken_up(verb)
        held = held or _unwinding(verb)
        if not (held or _ending_verb(verb)) or _doubted(verb):
            return None
        subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
        given = any(c.dep_ == "prep" and c.lower_ == "for" for c in verb.children)
        if any(s.lower_ not in ("i", "we") and not (given and s.i == noun.i) for s in subjects):
            return None  # "languages my dad speaks"; "My days off are for:" is the noun's
    lemma = _key(noun)
    if lemma in WORKPLACES and any(v.lemma_ == "work" for v in verbs):
        return noun, "works at"  # "Places I've worked:", "Companies I've worked for:"
    if lemma in NEEDS_LIVING and not any(v.lemma_ == "live" or _called_home(v) for v in verbs):
        return None  # "places I've been": trips
    if lemma == "weekend" and not _every_weekend(noun):
        return None  # "Weekend in Nashville: three honky-tonks": one weekend, a trip
    return noun, HEADINGS[lemma]


FREE = frozenset({"free", "spare"})
UNWINDING = frozenset({"unwind", "relax", "decompress", "destress", "recharge"})
"""Verbs of time off heading what fills it ("Ways I unwind:"), read as "Things I do for fun"."""


def _unwinding(token: Token) -> bool:
    return token.pos_ == "VERB" and token.lemma_.casefold() in UNWINDING


def _key(noun: Token) -> str:
    """The noun's key in :data:`HEADINGS`: its lemma, or "fun" for time free of work
    ("My days off:", "Free time:", "In my spare time:", "Ways I unwind:")."""
    lemma = noun.lemma_.casefold()
    if _unwinding(noun):
        return "fun"
    if lemma in ("day", "time", "evening", "weekend"):
        off = any(c.lower_ == "off" for c in noun.children)
        free = any(c.dep_ == "amod" and c.lower_ in FREE for c in noun.children)
        if off or free:
            return "fun"
    return str(lemma)


def _heading_noun(token: Token) -> bool:
    """A noun of :data:`HEADINGS` that heads the heading, not the speaker's end it
    served ("Things I gave up for my degree:"; "Things I do for fun:" is one)."""
    if token.pos_ != "NOUN" or _key(token) not in HEADINGS:
        return False
    purpose = token.dep_ == "pobj" and token.head.lower_ == "for"
    return not (purpose and any(c.dep_ == "poss" for c in token.children))


def _where_heading(words: list[Token]) -> tuple[Token, str] | None:
    """ "Where I've worked:", "Where I've lived so far:", "Where I've studied:": the
    speaker's places of work, homes or schools, told by "where" and the verb alone."""
    verbs = [t for t in words if t.pos_ == "VERB" and said_by(t) and not _doubted(t)]
    if not words or words[0].lower_ != "where" or len(verbs) != 1 or verbs[0].tag_ != "VBN":
        return None  # a history ("I've worked"), not a question: "Where do I live? Tucson"
    relation = {"work": "works at", "live": "lives in", "study": "studies at"}.get(verbs[0].lemma_)
    return None if relation is None else (verbs[0], relation)


def _taken_up(verb: Token) -> bool:
    """A verb by which the speaker took its items up, and has them now: "Hobbies I've
    *picked up* this year:", "Languages I've *learned*:", "Sports I *took up*:"."""
    particles = {c.lower_ for c in verb.children if c.dep_ == "prt"}
    return verb.lemma_ in TAKING_UP and (verb.lemma_ == "learn" or "up" in particles)


def _current(piece: list[Token]) -> bool:
    """An item marked as the present: "now Toronto", "currently Lisbon", "for the last
    two years, Calgary" (the marking phrase may be an item of its own)."""
    words = {t.lower_ for t in piece}
    lasting = words & {"last", "past"} and {t.lemma_ for t in piece} & {"year", "month"}
    return bool(words & CURRENT or lasting)


def _called_home(verb: Token) -> bool:
    """ "Places I've *called home*": a verb of living."""
    return verb.lemma_ == "call" and any(c.lower_ == "home" for c in verb.children)


def _every_weekend(noun: Token) -> bool:
    """ "My weekends", "Weekend routine", "every weekend": the speaker's weekends in
    general, not one spent somewhere."""
    said = {c.lower_ for c in noun.children}
    if said & {"in", "at"}:
        return False
    return noun.tag_ == "NNS" or noun.dep_ == "compound" or bool(said & {"every", "my", "our"})


def _aside(token: Token, heading: Any) -> bool:
    """A word of a clause the heading adds by the way, which does not say whose the items
    are: "My hobbies, *ranked by how much money they eat*:", "Hobbies, *since the form
    asks*:"; not "Languages *I speak*:" (a relative clause picks the items)."""
    while token.i != token.head.i and heading.start <= token.head.i < heading.end:
        if token.head.pos_ == "NOUN" and (
            token.dep_ == "advcl"
            or (token.dep_ == "acl" and token.tag_ in ("VBN", "VBG"))
            or (token.dep_ == "prep" and token.lower_ in ("in", "by"))  # "in order of ..."
        ):
            return True
        token = token.head
    return False


def _doubted(verb: Token) -> bool:
    """A heading verb that is negated or modal: "drinks I *can't* stand", "would try"."""
    return any(
        c.dep_ == "neg" or (c.dep_ == "aux" and c.tag_ == "MD" and c.lower_ != "'ve")
        for c in verb.children
    )


def _value(relation: str, noun: Token, piece: list[Token]) -> tuple[str | None, Any]:
    """The value one item gives ``relation`` and, for a job "at" a named employer, the
    employer fact as well: ``(value, (relation, value) | None)``."""
    words = stripped(piece)
    if words and words[0].lower_ in CUTS:
        return None, None  # ", and now the ukulele, which the cat hates": no item
    head, tail = cut_at_link(words)
    if relation == "speaks":  # the heading says it is a language: "a bit of Pashto"
        said = text_of(head)
        return languages.language_of(said) or (
            said if is_named(head) and len(head) <= 2 else None
        ), None
    if relation in ("lives in", "works at"):
        return first_name(piece), None
    if relation == "studies at":
        return first_name(tail) or (first_name(head) if is_named(head) else None), None
    if relation == "job title":
        if is_named(head) and not lowered(head):  # "lifeguard, barista": not names
            return None, ("works at", first_name(head))
        employer = first_name(tail[1:]) if tail and tail[0].lower_ in ("at", *NAMING) else None
        if tail and tail[0].lower_ in NAMING:  # "a car wash called Splash Zone"
            return None, None if employer is None else ("works at", employer)
        title = text_of(head) if head and is_occupation(head[-1]) else None
        return title, None if employer is None else ("works at", employer)
    if relation == "has pet":
        return animal_of(head), None
    if not head or head[-1].pos_ not in ("NOUN", "PROPN", "VERB"):
        return None, None
    text = text_of(head)
    if not _leisure_item(noun, head):
        return None, None
    if relation == "hobby" and noun.lemma_ == "instrument":
        return f"playing {text}", None
    return text, None


def _leisure_item(noun: Token, head: list[Token]) -> bool:
    """False for an item of free time that is no pastime: "My weekends: football and
    ice-cold ginger beer", "My morning routine: coffee, emails, a quick run"."""
    lemma = _key(noun)
    if lemma == "routine" and not _pastime_doing(head):
        return False
    return lemma not in LEISURE or _activity(head)


def _pastime_doing(words: list[Token]) -> bool:
    """An item of a routine that is a pastime's doing the writers named ("swimming at
    the lido", "knitting on the bus"); a day's chores and meals are none ("walking the
    dog", "cooking dinner", "coffee")."""
    from tem.extract.learned import known_head

    doing, rest = words[0], words[1:]
    bare = not rest or rest[0].tag_ == "IN"  # not "walking the dog", "cooking dinner"
    return doing.tag_ == "VBG" and bare and known_head("hobby", doing.text)


def _activity(words: list[Token]) -> bool:
    """An item that is a pastime by its shape: a gerund ("cooking jollof") or a word the
    span model's shape of a hobby admits, and no drink."""
    span = words[0].doc[words[0].i : words[-1].i + 1]
    animal = {span.root.lower_, span.root.lemma_.casefold()} & kinds.animal_words()
    if kinds.is_drink([t.lower_ for t in span]) or animal:  # "my two huskies": no pastime
        return False
    return words[0].tag_ == "VBG" or shapes.well_formed("hobby", span)


LIST_ENDING_VERBS = frozenset(
    {"quit", "leave", "drop", "ditch", "stop", "dump", "sell", "lose", "sacrifice", "abandon"}
)
"""Verbs of a heading whose items the speaker no longer has: "Things I've quit: ..."."""
ENDING_PARTICLES = frozenset({"behind"})
"""What a verb of ending may carry and still end: "Left behind in 2024: ..."."""
NO_LONGER = frozenset({"anymore", "longer"})
"""Words of a heading that say its items are over: "Not part of my life anymore:"."""
CLAUSE_SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl", "csubj"})
DASHES = frozenset({"—", "–", "-"})
VERBS = frozenset({"VERB", "AUX"})


def ending_heading(sentence: Any) -> Any | None:
    """The items after a heading that says the speaker ended them, or None: a verb of
    ending ("Things I've quit this year: Safaricom, my boyfriend Brian", "Things I gave
    up: Diet Coke", "Left behind in 2024: Uber, my ex Rory", "Things that ended this
    year: my job at Santander"), a bygone word first
    ("Ex-jobs: waiter, bartender", "Past jobs: ...", "Before: Oslo, DNB"), or "no
    longer" ("Not part of my life anymore: ..."). The heading is ``sentence``'s own, or
    the sentence before it when that ends in the colon (a colon ends a sentence:
    :func:`tem.extract.nlp.colon_break`). Every item listed after it ended, whoever read
    it; the items stop at a dash or at a clause of their own ("Past jobs: miner, taxi
    driver — now I'm a paramedic")."""
    doc = sentence.doc
    colon = next((t.i for t in sentence if t.text == ":"), None)
    before = kinds.heading_before(sentence)
    if colon is None and before is not None:
        colon = before[-1].i
        heading = doc[before.start : colon]
    elif colon is not None:
        heading = doc[sentence.start : colon]
    else:
        return None
    stop = next((t.i for t in doc[colon + 1 : sentence.end] if _dash(t)), sentence.end)
    told = [t for t in doc[colon + 1 : stop] if not _aside_said(t)]
    if any(t.dep_ in CLAUSE_SUBJECTS and _finite(t.head) for t in told):
        return None  # "Something I left out last time: we moved to Tallinn" is no list
    if _bygone_heading(heading) or any(_ending_verb(verb) for verb in heading):
        return doc[colon + 1 : stop]
    return None


def _aside_said(token: Token) -> bool:
    """A word in brackets: "my cat (she lives with my mum now)" says no clause of the
    list's own."""
    before = token.doc[token.sent.start : token.i]
    opened = sum(1 for t in before if t.text == "(")
    return opened > sum(1 for t in before if t.text == ")")


def _dash(token: Token) -> bool:
    """A dash between words ("taxi driver — now I'm ..."), not a hyphen ("Coca-Cola")."""
    spaced = bool(token.whitespace_) and token.i > 0 and bool(token.doc[token.i - 1].whitespace_)
    return token.text in DASHES and (token.text != "-" or spaced)


def _finite(verb: Token) -> bool:
    """A verb that makes a clause ("we *moved*"), not an item's "-ing" ("marathon
    running") nor a noun the parser hung a subject on ("Lipton, Deloitte, Leeds")."""
    return verb.pos_ in VERBS and verb.tag_ not in ("VBG", "VBN")


def _ending_verb(verb: Token) -> bool:
    """A verb of a heading by which the speaker ended its items."""
    particles = {c.lower_ for c in verb.children if c.dep_ == "prt"}
    gave_up = verb.lemma_ == "give" and "up" in particles
    said_bye = verb.lemma_ in ("say", "bid", "wave") and any(  # "Things I've said goodbye to"
        c.lower_ in ("goodbye", "farewell", "bye") for c in verb.children
    )
    cut = verb.lemma_ == "cut" and particles <= {"out"}  # "Drinks I've cut (out): ..."
    ending = (verb.lemma_ in LIST_ENDING_VERBS and particles <= ENDING_PARTICLES) or gave_up
    walked = verb.lemma_ == "walk" and any(c.lower_ == "away" for c in verb.children)
    ending = ending or said_bye or cut or walked  # "Jobs I've walked away from:"
    marks = {c.lower_ for c in verb.children if c.dep_ == "mark"}
    marked = bool(marks - {"before"})  # "since I left Lagos I've ..."; "before I quit:" ends
    if _ended_by_itself(verb):
        return not filters.is_negated(verb)
    obliged = verb.dep_ == "xcomp" and verb.head.lemma_ in ("have", "need")
    joined = verb.dep_ == "conj" and verb.head.pos_ == "VERB"  # "Jobs I've had and dropped"
    mine = said_by(verb) or (obliged or joined) and said_by(verb.head)  # "had to give up"
    subjects = [c for c in verb.children if c.dep_ in CLAUSE_SUBJECTS]
    past = verb.tag_ in ("VBD", "VBN") or verb.lower_ in SAME_PAST  # "Cut from my life:"
    told = past and verb.lemma_ != "lose"  # not "Lost at the disco:", nor "Dropping my intro:"
    mine = mine or not subjects and verb.i == verb.sent.start and told  # "Gave up this year:"
    return ending and not marked and mine and not filters.is_negated(verb)


def _ended_by_itself(verb: Token) -> bool:
    """ "Things that ended this year: my marriage, my job at Santander": the heading's
    things came to an end (a relative "that" ending), the speaker's own."""
    ended = verb.lemma_ in ("end", "finish") and verb.dep_ == "relcl"
    return ended and bool(values.children(verb, ("nsubj",), ("that", "which")))


def _bygone_heading(heading: Any) -> bool:
    """A heading of the speaker's that says its items are over: its first word bygone
    ("Ex-jobs", "Past jobs", "My former employers", "Before"; not "Past year in a
    nutshell"), its noun held "before" something ("My hobbies before uni"), or "not ...
    anymore", "no longer"."""
    words = [t for t in heading if not t.is_punct and t.lower_ not in FIRST_POSSESSIVE]
    if not 1 <= len(words) <= 8 or any(_elsewhere(t) for t in words):
        return False
    first = words[0].lower_
    over = {t.lower_ for t in words} & NO_LONGER and any(t.dep_ == "neg" for t in words)
    timed = len(words) > 1 and words[1].lemma_.casefold() in TIMES | lx.SPANS  # "Past year:"
    if any(_held_before(t) for t in words[1:3]):
        return True  # "My hobbies before uni:", "Jobs before the kids:"
    return first in BYGONE and not timed or first == "before" and len(words) == 1 or bool(over)


DAILY = frozenset(
    "work shift standup class lecture bed breakfast lunch dinner gym training".split()
)
"""What comes every day, before which a heading's items are a routine, not a past."""


def _held_before(token: Token) -> bool:
    """ "before" after a heading's noun and before a time of life: "My hobbies before uni",
    "Jobs before the kids"; not "My drinks before work" (every day's)."""
    held = token.head
    if held.pos_ in ("VERB", "AUX") and held.dep_ == "relcl" and held.lemma_ in HOLDING_VERBS:
        held = held.head  # "Jobs I had before landing at the Academy:"
    if token.lower_ != "before" or held.lemma_.casefold() not in HEADINGS:
        return False
    return not any(o.lemma_.casefold() in DAILY for o in token.children if o.dep_ == "pobj")


def _elsewhere(token: Token) -> bool:
    """A word of a heading that points away from the speaker: another's possessive or a
    subject not "I" ("My sister's old jobs:", "Things Dad gave up:")."""
    if token.dep_ == "poss" or token.dep_ == "case":
        return token.lower_ not in FIRST_POSSESSIVE
    return token.dep_ in CLAUSE_SUBJECTS and token.lower_ not in ("i", "we")


PASTIME_HEADS = frozenset({"sport", "hobby", "pastime", "activity"})
"""Heading nouns whose ended items are pastimes: "Sports I've quit: squash, judo"."""


def ended_items(items: Any, speaker: str) -> list[Candidate]:
    """The drinks and homes among the items after an ending heading
    (:func:`ending_heading`), which no verb of their own names: "Things I quit this
    year: *coffee*, Twitter and my job at Snapp" gave coffee up; "Things I've quit: ...,
    and *Dublin* itself" left Dublin. An item is one when it is nothing else: a drink of
    the lexicon, or a listed place alone ("Croydon", not "the commute from Croydon");
    under a heading of pastimes every short item is one ("Sports I've quit after the
    spinal fusion: squash, mountain biking, and judo": squash the sport)."""
    found = []
    colon = items.doc[items.start - 1] if items.start > 0 else None
    heading = [t for t in colon.sent if t.i < colon.i] if colon is not None else []
    sports = [t for t in heading if t.pos_ == "NOUN" and t.lemma_ in PASTIME_HEADS]
    for piece in split_items(items):
        words = [t for t in piece if t.dep_ != "det" and t.lower_ not in FIRST_POSSESSIVE]
        words = [t for t in words if t.lower_ not in ("itself", "and", "or")]
        if sports and words and len(words) <= 3 and not any(t.pos_ == "AUX" for t in words):
            found.append(Candidate(speaker, "hobby", text_of(words), "end", words[0].i))
        elif words and len(words) <= 3 and kinds.is_drink([t.lower_ for t in words]):
            found.append(Candidate(speaker, "favorite drink", text_of(words), "end", words[0].i))
        elif words and all(t.text[:1].isupper() for t in words) and known_place(text_of(words)):
            found.append(Candidate(speaker, "lives in", text_of(words), "end", words[0].i))
    return found
