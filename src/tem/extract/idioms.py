"""Set phrases that name a favourite drink or dish without saying "favourite".

"I can't start the day without chai", "I can't get enough of cortados", "nothing beats
cold brew", "I'm hooked on matcha", "I can't stop drinking yerba mate". They fire only
on a drink or a dish: the same phrases about anything else ("I can't live without my
phone", "hooked on a TV show") name no lasting taste we track. The negation inside
"can't ... without" is part of the phrase, so these rules check the other filters
themselves.
"""

from __future__ import annotations

from typing import Any

from tem.extract import filters, shapes
from tem.extract.facts import Kind
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
