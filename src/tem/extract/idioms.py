"""Set phrases that name a favourite drink or dish without saying "favourite".

"I can't start the day without chai", "I can't get enough of cortados", "nothing beats
cold brew", "I'm hooked on matcha", "I can't stop drinking yerba mate", "it's all
rooibos now" (:func:`drinks_it_is`). They fire only
on a drink or a dish: the same phrases about anything else ("I can't live without my
phone", "hooked on a TV show") name no lasting taste we track. The negation inside
"can't ... without" is part of the phrase, so these rules check the other filters
themselves.
"""

from __future__ import annotations

from typing import Any

from tem.extract import filters, shapes
from tem.extract.facts import Candidate, Kind
from tem.extract.kinds import doer
from tem.extract.leisure import taste_phrase, taste_relation
from tem.extract.lexicon import CONTAINERS
from tem.extract.subjects import resolve_subject
from tem.extract.values import children, objects_of, phrase

Token = Any
Stated = list[tuple[str, str, str | None, Kind]]

NEED_VERBS = frozenset(
    {"start", "begin", "live", "function", "survive", "do", "go", "imagine", "face", "get"}
)
"""'I can't *start* the day without X', 'I can't *function* without X'."""
BEAT_VERBS = frozenset({"beat", "top", "compare", "rival", "match"})
"""'nothing *beats* X', 'nothing *compares* to X'."""
CRAVING_WORDS = frozenset({"hooked", "addicted", "obsessed"})
"""'I'm *hooked* on X', 'I've become *addicted* to X', 'I'm *obsessed* with X'."""
STOP_VERBS = frozenset({"stop", "quit"})
"""'I can't *stop* drinking yerba mate': a habit too strong to give up."""
TRIGGER_LEMMAS = NEED_VERBS | BEAT_VERBS | STOP_VERBS
NEGATIONS = frozenset({"n't", "nt", "not", "never", "cannot"})


BLOOD = frozenset({"blood", "dna", "veins", "bones"})
"""'Canyoning is in my *blood*', 'fado runs in my *veins*', 'rugby is in my *DNA*'."""


def is_trigger(token: Token) -> bool:
    lower = token.lower_
    return bool(token.lemma_ in TRIGGER_LEMMAS or lower in CRAVING_WORDS or lower in BLOOD)


def taste_idioms(token: Token, speaker: str) -> Stated:
    """Return the favourite a set phrase around ``token`` states, if any."""
    if token.lower_ in CRAVING_WORDS:
        return _craving(token, speaker)
    if token.lower_ in BLOOD:
        return _in_my_blood(token, speaker)
    if token.pos_ not in ("VERB", "AUX"):
        return []
    if token.lemma_ in BEAT_VERBS:
        return _nothing_beats(token, speaker)
    if not _negated_here(token) or filters.is_hypothetical(token) or filters.is_future(token):
        return []
    values = objects_of(token, ("without",))
    if token.lemma_ in STOP_VERBS:  # "can't stop drinking X": only what is drunk
        drinking = [x for x in children(token, ("xcomp",)) if x.lemma_ == "drink"]
        drunk = [o for x in drinking for o in children(x, ("dobj",))]
        return _stated(token, speaker, drunk, verbatim=True)
    for obj in children(token, ("dobj",)):
        values += objects_of(obj, ("without",))  # "can't imagine a morning without coffee"
        if token.lemma_ == "get" and obj.lower_ == "enough":  # "can't get enough of X"
            values += objects_of(obj, ("of",))
    return _stated(token, speaker, values)


def _negated_here(verb: Token) -> bool:
    return any(c.dep_ == "neg" and c.lower_ in NEGATIONS for c in verb.children) or any(
        c.lower_ == "cannot" for c in verb.children
    )


def _nothing_beats(verb: Token, speaker: str) -> Stated:
    """ "Nothing beats cold brew", "nothing compares to a good espresso"."""
    if not children(verb, ("nsubj",), ("nothing",)):
        return []
    if filters.is_hypothetical(verb) or filters.is_future(verb):
        return []
    after = [c for c in verb.children if c.i > verb.i and not c.is_punct]  # may be misparsed
    values = [*children(verb, ("dobj",)), *objects_of(verb, ("to",)), *after]
    return _stated(verb, speaker, values, subject=speaker)


def _craving(word: Token, speaker: str) -> Stated:
    """ "I'm hooked on chai", "I've become addicted to iced lattes"."""
    verb = word if word.pos_ == "VERB" else word.head
    if filters.blocked(verb):
        return []
    values = objects_of(word, ("on", "to", "with"))
    return _stated(verb, speaker, values)


def _stated(
    verb: Token,
    speaker: str,
    objects: list[Token],
    subject: str | None = None,
    *,
    verbatim: bool = False,
) -> Stated:
    """The taste the first of ``objects`` that is a drink or a dish names; ``verbatim``:
    its own phrase, never mended with the verb before it ("drinking | kombucha")."""
    who = subject or resolve_subject(verb, speaker)
    if who is None:
        return []
    for obj in objects:
        if obj.lemma_ in CONTAINERS:  # "a cup of rooibos"
            obj = next(iter(objects_of(obj, ("of",))), obj)
        value = phrase(obj) if verbatim else taste_phrase(obj)
        relation = None if value is None else taste_relation(value)
        if relation is not None:
            return [(who, relation, value, "assert")]
    return []


def _in_my_blood(word: Token, speaker: str) -> Stated:
    """ "Canyoning is in my blood", "climbing mountains is in my blood": the activity that
    is the subject is a pastime of the speaker's. Only an activity ("-ing"): "Karachi is
    in my blood" (a home), "Tamil runs in my blood", "Ouzo runs in my veins" are left to
    the span model, which reads them by their kind; and only the speaker's own blood."""
    preposition = word.head
    mine = any(c.dep_ == "poss" and c.lower_ == "my" for c in word.children)
    if not mine or preposition.lower_ != "in" or preposition.dep_ != "prep":
        return []
    verb = preposition.head
    if verb.lemma_ not in ("be", "run", "flow") or filters.blocked(verb):
        return []
    for subject in children(verb, ("nsubj", "csubj")):
        span = subject.doc[subject.left_edge.i : subject.right_edge.i + 1]
        value = span.text if subject.tag_ == "VBG" else phrase(subject)
        if value is None:
            continue
        if subject.left_edge.i == subject.sent.start and value[:1].isupper():
            value = value[:1].lower() + value[1:]  # "Canyoning is ...": capital of the sentence
        first = value.split()[0].casefold()
        doing = first.endswith("ing") and doer(first[:-3]) is None  # "canyoning"; not "teaching"
        if doing and (subject.pos_ == "PROPN" or shapes.well_formed("hobby", span)):
            return [(speaker, "hobby", value, "assert")]
        return []  # a place, a language, a drink: the span model reads them
    return []


ITS = frozenset({"it's", "its", "it’s"})
HEDGES = frozenset({"just", "only", "all", "strictly", "mostly", "been", "now"})
"""Words between "it's" and the drink: "it's *all* rooibos now", "its *just* yerba"."""
HABIT_MARKS = frozenset(
    """now nowadays days every daily all only just strictly nothing gallon litre
    litres dawn always""".split()
)
"""Words by which "it's X" tells a habit that holds: "it's rooibos *now*", "it's
sparkling water or *nothing*", "it's builder's tea by the *gallon*"."""
FILLERS = frozenset({"a", "an", "the", "my", "cups", "cup", "of", "glasses", "mugs", "pints"})
DESCRIBING = frozenset(
    {"homemade", "proper", "evening", "morning", "usual", "daily", "nightly", "cheap"}
)
"""Words before a drink that say how it comes, not what it is: "the odd squash"."""
ITEM_STOPS = frozenset(  # "the *odd* squash", "it's *basically* my water": no habit
    """or for now these every with at on in from by after before all when while since
    as till until odd basically basicaly literally like""".split()
)


def drinks_it_is(sentence: Any, speaker: str) -> list[Candidate]:
    """The drinks a habit said as "it's X" names: "Kicked the coffee habit, it's all
    rooibos now", "now its just yerba", "it's lime and soda for me at the pub quiz every
    week now", "it's camomile or nothing now". Read off the words after "it's" (the
    parser takes "kombucha" for a verb, "sparkling" for one), each item a drink; only in
    a sentence that marks a habit held (:data:`HABIT_MARKS`), not asked, negated or
    supposed ("if it's not a double espresso, it's not breakfast")."""
    words = [t.lower_ for t in sentence]
    if not HABIT_MARKS & set(words) or any(w in ("if", "unless", "?") for w in words):
        return []
    found: list[Candidate] = []
    for token in sentence:
        start = _after_its(token)
        if start is None or filters.blocked(token.head):
            continue
        for item in _items_from(sentence, start):
            value = "".join(t.text_with_ws for t in item).strip()
            if taste_relation(value) == "favorite drink":
                found.append(Candidate(speaker, "favorite drink", value, "assert", item[0].i))
    return found


def _after_its(token: Token) -> int | None:
    """The index after "it's", "its" or "it is" and the hedges after it, or None."""
    doc = token.doc
    before = doc[token.i - 1].lower_ if token.i > token.sent.start else ""
    if before in ("like", "as"):
        return None  # "i drink monster like its water": a likeness
    after = doc[token.i + 1].lower_ if token.i + 1 < len(doc) else ""
    if token.lower_ == "it" and after in ("'s", "’s", "is"):
        at = token.i + 2
    elif token.lower_ in ITS and (after in HEDGES or before in ("now", "so", "and", "but", "")):
        at = token.i + 1  # "now its just yerba"; not "joined its masters squad"
    else:
        return None
    while at < len(doc) and doc[at].lower_ in HEDGES:
        at += 1
    return int(at)


def _items_from(sentence: Any, start: int) -> list[list[Token]]:
    """The items named from ``start`` to a stop, split at "and": "squash and brews"."""
    items: list[list[Token]] = [[]]
    for token in sentence.doc[start : sentence.end]:
        if token.is_punct or token.lower_ in ITEM_STOPS or len(items[-1]) > 3:
            break
        if token.lower_ in ("and", "&", "n"):
            items.append([])
        elif token.lower_ not in FILLERS and (items[-1] or token.lower_ not in DESCRIBING):
            items[-1].append(token)
    return [i for i in items if i]
