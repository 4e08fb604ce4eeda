"""Whether a fact's own words say it ended: "left", "quit", "anymore" in its clause.

The span model labels a fact held or ended from context; :func:`says_an_end` holds it to
the words of the fact's clause (:func:`clause_words`): the value's own phrase, its verb
with that verb's particles and adverbs, the verbs that govern it ("stopped drinking
soda"), and a heading before the sentence; not a date ("last night") nor another
clause's words. A name is no cue ("in with my gf Marija in *Split*"), and neither is
moving in ("moved in with Ana": a start).
"""

from __future__ import annotations

from typing import Any

from tem.extract.filters import blocked
from tem.extract.kinds import heading_before, word_forms
from tem.extract.lexicon import TIME_PREPOSITIONS
from tem.extract.supersession import superseded

END_CUES = frozenset(
    """
    leave left quit stop stopped give gave drop ditch kick retire retired resign fire fired
    lay laid redundant dump dumped break broke split divorce divorced graduate graduated
    finish finished former ex anymore longer used sell sold rehome die died lose lost cut
    hang hung over done goodbye farewell notice swap swapped switch switched replace
    trade traded off out move moved dropout separated widowed widower widow end ended
    away let last pack packed part parted unemployed towel history ban banned bail bailed
    pass passed dismiss dismissed sack sacked
    """.split()
)
"""Words of an ending: a fact proposed as ended needs one in its clause (:func:`clause_words`)."""


def says_an_end(span: Any) -> bool:
    """True when ``span``'s clause has a word of ending ("left", "quit", "anymore"), not
    one that says when ("last night", "over the summer"), ``span`` is where the speaker
    came from ("relocated me from Dubai to Doha"), or a list says what holds now
    (:func:`superseded`)."""
    root = span.root
    if root.dep_ == "pobj" and root.head.lower_ == "from":
        return True
    return bool(clause_words(span) & END_CUES) or superseded(span) or _behind_me(span)


def _behind_me(span: Any) -> bool:
    """ "My days at Shell are behind me": what the clause puts behind the speaker."""
    verb = span.root
    while verb.head.i != verb.i and verb.pos_ not in ("VERB", "AUX"):
        verb = verb.head
    behind = [c for c in verb.children if c.dep_ == "prep" and c.lower_ == "behind"]
    return any(o.lower_ in ("me", "us") for b in behind for o in b.children)


OWN_CLAUSE_DEPS = frozenset({"ccomp", "advcl", "conj", "relcl", "parataxis", "acl", "csubj"})
"""Dependents that are clauses of their own: their words say nothing of this clause."""


CHAINED = frozenset({"xcomp", "ccomp", "conj", "pcomp"})
"""Dependents whose clause a governing verb can end."""


def _clause_head(token: Any) -> bool:
    """A verb, or a word the parser made a clause's head ("Hung up my boots", a capital
    read as a name), or the sentence's root."""
    heads = ("ROOT", "advcl", "ccomp", "xcomp", "relcl", "parataxis")
    if token.dep_ == "pobj" and token.head.i != token.i:
        return False  # a name the tagger read as a verb: "let go by *Spotify*"
    return token.pos_ in ("VERB", "AUX") or token.dep_ in heads or token.head.i == token.i


def clause_words(span: Any) -> set[str]:
    """The lemmas and lowercase forms of the words that can end ``span``'s fact: its own
    phrase ("my *ex*-boss"), its clause's verb with that verb's own words ("moved
    *out*", "not *anymore*"), the verbs that govern it ("*stopped* drinking soda"), and
    a heading before the sentence; no date or time, nor the words of another clause
    ("Our power was *cut*, and my thesis is supervised from Otago")."""
    verb = span.root
    while not _clause_head(verb):
        verb = verb.head
    own = [t for t in verb.children if t.dep_ not in OWN_CLAUSE_DEPS]
    chain = [verb]
    while chain[-1].dep_ in CHAINED and chain[-1].head.i != chain[-1].i:
        above = chain[-1].head  # "decided to quit", "gave up coffee and switched"
        if chain[-1].dep_ == "pcomp" and above.lower_ in TIME_PREPOSITIONS:
            break  # "since moving to Pune I've stopped painting": when, not what, stopped
        chain.append(above.head if above.pos_ == "ADP" else above)  # "retired from skating"
    heading = heading_before(span.sent)
    words = [*span.root.subtree, *chain, *(w for t in own for w in t.subtree), *(heading or ())]
    return word_forms(
        [t for t in words if t.ent_type_ not in ("DATE", "TIME") and _as_cue(t, span)]
    )


END_VERBS = frozenset(
    """
    leave quit stop give drop ditch kick retire resign fire lay dump break split divorce
    graduate finish sell rehome die lose cut hang swap switch replace trade move end let
    pack part
    """.split()
)
"""Cues of ending that end as verbs, not as nouns: "*traded* my car", not "by *trade*"."""
END_PARTICLES = frozenset({"off", "out", "over", "away"})
"""Cues of ending as a verb's particle or the value's own preposition: "moved *out*",
"forced *out* of Caracas"; not "I was *out* with the dog"."""


def _as_cue(token: Any, span: Any) -> bool:
    if token.lower_ == "last" and token.head.lower_ in CHAT_TIMES:
        return False  # "got engaged last nite": when, typed as chat types it
    if token.lemma_ == "pass":  # "Rocky passed last yr"; "passed my exam" ends nothing
        passed = [c for c in token.children if c.dep_ in ("dobj", "prep") and c.is_alpha]
        when = CHAT_TIMES | {"away"}  # "passed last wk": no object, nor an emoji
        return all(c.lower_ in when or c.ent_type_ in ("DATE", "TIME") for c in passed)
    if token.lower_ in END_PARTICLES:  # "moved out", "forced out of Caracas", "off lager"
        if token.head.lemma_ in ("live", "run", "survive", "exist"):
            return False  # "I live off Red Bull": what one lives on, no ending
        return token.dep_ == "prt" or token.tag_ == "RP" or bool(token.is_ancestor(span.root))
    if token.lemma_ == "move" and _moved_in(token):
        return False  # "moved in with my gf Marija": a start
    if token.lemma_.casefold() not in END_VERBS:
        return True
    if any(c.dep_ == "dobj" and c.lower_ in ("teeth", "anchor") for c in token.children):
        return False  # "cut my teeth as a paralegal", "dropped anchor together": a start
    if token.lemma_ == "give" and _given_a_start(token):
        return False  # "Patagonia gave me a remote role": a start; "gave me my degree" ends
    # an ending verb, not a noun ("by *trade*") nor a name ("in with my gf Marija in *Split*")
    return token.pos_ != "NOUN" and not (
        token.pos_ == "PROPN" and token.ent_type_ in NAMED_ENTITIES
    )


CHAT_TIMES = frozenset("nite wk wkend yr mo sem term".split())
"""Times chat shortens, which the tagger then dates not: "last nite", "last wk"."""


GIVEN_ENDS = frozenset(
    "degree diploma notice boot sack push chop axe elbow redundancy order p45 heave-ho".split()
)
"""What is given to one who leaves: "gave me my degree", "gave me the boot"."""


def _given_a_start(verb: Any) -> bool:
    """ "gave me a fully remote role": something given to the speaker that is no
    leaving's (:data:`GIVEN_ENDS`)."""
    if not any(c.dep_ == "dative" and c.lower_ in ("me", "us") for c in verb.children):
        return False
    given = [c for c in verb.children if c.dep_ == "dobj"]
    return not any(g.lemma_.casefold() in GIVEN_ENDS or g.lower_ in GIVEN_ENDS for g in given)


def _moved_in(verb: Any) -> bool:
    """ "moved in", "moved in with Ana": "in" as the verb's particle, or as a preposition
    with "with" next ("moved in 2019" is no moving in)."""
    doc = verb.doc
    for child in verb.children:
        if child.lower_ != "in":
            continue
        after = doc[child.i + 1] if child.i + 1 < len(doc) else None
        if child.dep_ == "prt" or (after is not None and after.lower_ in ("with", "together")):
            return True
    return False


NAMED_ENTITIES = frozenset({"GPE", "LOC", "FAC", "ORG", "PERSON", "NORP"})
"""Entity types whose words are names, never cues of ending."""


ERAS = frozenset({"era", "days", "phase", "years"})
OVER = frozenset({"over", "done", "finished", "behind", "gone"})


def era_over(span: Any) -> bool:
    """ "surfing era officially over", "my crossfit days are over", "my Guinness days are
    behind me": the value names a time of the speaker's life said to be over."""
    if span is None:
        return False
    after = span.doc[span.end : span.end + 5]
    if not after or after[0].lower_ not in ERAS:
        return False
    return any(t.lower_ in OVER for t in after[1:]) and not blocked(after[0].head)
