"""The learned fallback: a trained span model proposes values, the grammar guards decide.

The rules know the phrasings they were written for. For the others ("kicked the energy
drink habit, it's all hojicha now", "the Jagiellonian University awarded me my degree"),
a small spaCy span model trained on chat messages labelled by writers who never saw
the rules (``training/train_extractor.py``) marks the words that are the value of a fact
about the speaker, labelled with the relation ("FAVORITE_DRINK", "STUDIES_AT_END").

The model proposes; the same grammar as the rules disposes. A proposal is dropped when
its clause is a question, negated (unless the model read an ending: "I don't drink
coffee anymore"; a verb of ending denied, "I haven't quit my job", ends nothing),
modal, conditional, hedged or in the future, when a place is a trip, and when the
clause is about someone else ("my sister works at Apple", "he lives in Rome"). An
organisation as the subject ("Deloitte took me on") is not someone else.

The model ships in ``tem/extract/data/facts`` (about 7 MB); nothing is downloaded. Its
tok2vec starts from the English pipeline's own NER (``en_core_web_sm``, MIT), so it
knows words and shapes the training messages never showed it. Every proposal must also
have the shape of its relation's values (:func:`tem.extract.shapes.well_formed`: a job
title names a person, a home comes with a word of home, a partner with a word of
partnership) and, for employers and schools, the sentence decides which of the two it
is (:func:`tem.extract.institutions.school_or_employer`). A pastime or a job title must
end in a word the model's writers named one by (``heads.json`` beside the model,
:func:`known_head`): the model reads a pastime into any activity or feeling of a long
dialogue ("an urge to serve", "patience"), and the rules still read pastimes it never
saw ("I'm into falconry").
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from tem.extract import (
    about,
    filters,
    institutions,
    kinds,
    offers,
    partners,
    pets,
    posts,
    roles,
    shapes,
    trips,
)
from tem.extract.deixis import back_in_fragment
from tem.extract.endings import END_CUES, says_an_end
from tem.extract.facts import Candidate, Kind
from tem.extract.forms import NAMED, canonical, closed_compound, whole_name
from tem.extract.household import elsewhere
from tem.extract.kinds import clause_of
from tem.extract.lexicon import FORMER, KIN_NOUNS, OCCUPATIONS
from tem.extract.origins import from_origin, where_else
from tem.extract.places import known_place
from tem.extract.presupposed import presupposed
from tem.extract.subjects import (
    SELF,
    first_possessed,
    misread_base,
    said_by,
    subject_token,
)
from tem.extract.triggers import speaks_of_self

Token = Any
MODEL_PATH = Path(__file__).with_name("data") / "facts"
OLD_OR_COMPARED = frozenset(
    {"from", "than", "after", "before", "unlike", "except", "instead", "off"}
)
"""Prepositions that put a value in the past or beside the fact: "switched from tea"."""
KEEP_WITH_OTHERS = frozenset({"partner", "relationship status"})
"""Relations the speaker states through someone else: "my wife Ana works at Google"."""
SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl", "csubj"})
EMPLOYING_VERBS = frozenset({"join", "sign", "recruit", "poach", "onboard"})
ENDING_GOVERNORS = frozenset({"stop", "quit", "give", "cut", "kick"})
LEAVING_VERBS = frozenset(
    {"leave", "quit", "ditch", "flee", "exit", "abandon", "escape", "replace", "swap", "drop"}
)
TRIAL_VERBS = frozenset({"try", "taste", "sample", "make", "cook", "see", "watch", "buy"})
"""Verbs of a one-off ("tried horchata at a cafe", "made pad thai", "saw Dune")."""
TRIED_ROLES = frozenset({"dobj", "pobj", "advmod", "npadvmod", "dep"})
"""Roles of the thing a trial verb had once (the object, or a misparse of it)."""
END_SUFFIX = "_END"


@functools.cache
def load_model() -> Any:
    """Return the span model (a blank English pipeline with one entity recogniser)."""
    import spacy

    return spacy.load(MODEL_PATH)


@functools.cache
def head_words() -> dict[str, frozenset[str]]:
    """The last words of the pastimes and job titles the model's writers labelled,
    by relation, and under "drink names" the drinks they named, whole (shipped beside
    it, written by ``training/train_extractor.py``)."""
    heads = json.loads((MODEL_PATH / "heads.json").read_text(encoding="utf-8"))
    return {relation: frozenset(words) for relation, words in heads.items()}


def known_head(relation: str, value: str | None) -> bool:
    """True when ``value`` ends in a word the writers named a value of ``relation`` by
    ("aerial *yoga*", "computer *games*", "night *porter*"), or ``relation`` has no such
    words: the model reads a pastime into any activity or feeling ("searching for a
    place", "an urge to serve", "patience") and a job title into any noun after "a
    real" ("a real sense of purpose"), so those it alone proposes must be in the
    writers' words (an occupation the lexicon lists is one too)."""
    words = head_words().get(relation)
    said = (value or "").casefold().split()
    if not said or words is None:
        return bool(said)
    last = said[-1]
    forms = {last, last.removesuffix("s"), f"{last}s"}
    if forms & words or relation == "job title" and forms & OCCUPATIONS:
        return True
    return relation == "hobby" and closed_compound(last, words)


Proposal = tuple[int, int, str]
"""A proposed value: its start and end characters in the text, and its label."""


def mark(texts: Iterable[str], batch_size: int = 64) -> Iterator[list[Proposal]]:
    """Yield the model's proposals for each text."""
    for doc in load_model().pipe(texts, batch_size=batch_size):
        yield _joined([(e.start_char, e.end_char, e.label_) for e in doc.ents], doc.text)


def _joined(proposals: list[Proposal], text: str) -> list[Proposal]:
    """Proposals of one label a space apart as one: the model marks "play the" and
    "shakuhachi" in "I play the shakuhachi", one pastime."""
    joined: list[Proposal] = []
    for start, end, label in proposals:
        if joined and joined[-1][2] == label and not text[joined[-1][1] : start].strip():
            joined[-1] = (joined[-1][0], end, label)
        else:
            joined.append((start, end, label))
    return joined


def relation_of(label: str) -> tuple[str, Kind]:
    """ "STUDIES_AT_END" -> ("studies at", "end")."""
    kind: Kind = "end" if label.endswith(END_SUFFIX) else "assert"
    base = label[: -len(END_SUFFIX)] if kind == "end" else label
    return base.lower().replace("_", " "), kind


def learned_candidates(
    doc: Any, proposals: list[Proposal], speaker: str, *, shorthand: bool = False
) -> list[Candidate]:
    """The ``proposals`` that pass the guards, as candidates on ``doc``.

    ``doc`` is the full spaCy parse of the same text (the guards read its grammar).
    ``shorthand``: the text has no "I", "my" or "we", so only a clause whose subject
    is left out can be the speaker's ("Tied the knot with Daniel in April!").
    """
    found = (candidate(doc, start, end, label, speaker) for start, end, label in proposals)
    return [c for c in found if c is not None and not (shorthand and not _told(doc[c.anchor]))]


def _told(verb: Token) -> bool:
    """A past clause with its subject left out ("Tied the knot with Daniel!", "Got a flat
    in Leith"): a gerund is no shorthand for "I" ("Hiking to the top was awesome")."""
    past = verb.tag_ in ("VBD", "VBN") or misread_base(verb)
    return past and verb.dep_ == "ROOT" and not any(c.dep_ in SUBJECTS for c in verb.children)


def candidate(doc: Any, start: int, end: int, label: str, speaker: str) -> Candidate | None:
    """The fact a proposed span states about ``speaker``, or None if a guard says no."""
    span = doc.char_span(start, end, alignment_mode="expand")
    if span is None:
        return None
    relation: str | None
    relation, kind = relation_of(label)
    relation = kinds.retyped(relation, span)
    if relation == "works at" and not employer_cued(span):
        return None
    if relation in ("works at", "studies at"):
        relation = institutions.school_or_employer(relation, span)
    if relation is None:
        return None
    span = span if relation in NAMED else whole_chunk(span)
    if relation == "job title":
        span = _possessed_role(span)
    if relation == "favorite drink":
        span = kinds.trimmed(span)
        if one_occasion(span):
            return None
    disowned = relation == "has pet" and (pets.disowned(span.root) or elsewhere(span.root))
    if not shapes.well_formed(relation, span) or not kinds.fits(relation, span) or disowned:
        return None
    kind = _kind_said(span, kind)
    value = canonical(relation, span)
    if (
        not known_head(relation, value)  # "an urge to serve", "a real sense of purpose"
        and not (relation == "job title" and roles.said_to_be(span.root))
        or kind == "assert"
        and (
            old_or_compared(span)
            or left_behind(span)
            or where_else(span, relation)
            or relation == "lives in"
            and (from_origin(span) or _possessor(span))
        )
    ):
        return None
    if speaker.casefold() in {
        w.casefold() for w in [*whole_name(span).text.split(), *value.split()]
    }:
        return None  # "Hi, I'm Andre Romero": the speaker's own name, or a part of it
    clause = clause_of(_head_of(span, relation))
    if filters.asked(span) or not _stands(span, clause, relation, kind, speaker):
        return None
    return Candidate(speaker, relation, value, kind, clause.i)


def _possessor(span: Any) -> bool:
    """A name that no list knows as a place, owning what follows it: "moved to Baku for
    *Leo's* contract" (a person's; "Accra's home now" is "Accra is", parsed alike)."""
    owner = any(c.dep_ == "case" for c in span.root.children) and span.root.dep_ == "poss"
    return owner and not known_place(span.text)


def _stands(span: Any, clause: Token, relation: str, kind: Kind, speaker: str) -> bool:
    """True when ``clause`` admits the value (:func:`admitted`), or the value is the
    speaker's own thing (:func:`_own_thing`); never when it is in a possessive the
    speaker does not have yet ("I want my own flat in Paris": :func:`presupposed`)."""
    owner = filters.phrase_owner(span.root)
    if owner is not None and not presupposed(owner):
        return False
    given = filters.owned_phrase(span.root) or filters.needed(span)
    return admitted(clause, relation, kind, speaker, given=given) or _own_thing(
        span, clause, relation, kind, speaker, given
    )


def _own_thing(
    span: Any, clause: Token, relation: str, kind: Kind, speaker: str, given: bool
) -> bool:
    """True for a value the clause is about that is the speaker's whoever the tagger took
    it for: a pet called "my shiba" or "our cockapoo" ("my shiba Kuri came with me"), a
    home come back to ("Back in Bath and it's builder's tea from dawn till dusk"), or
    a drink as the subject of a sentence about the speaker ("Chai is drunk by the litre
    here, mostly by me", which the tagger reads as a person). Every other guard holds."""
    root = span.root
    pet = relation == "has pet" and (first_possessed(root) or kinds.mine_and_named(span))
    thing = (
        relation == "favorite drink" and root.dep_ in SUBJECTS and clause_of(root.head) == clause
    )
    post = relation in ("works at", "studies at") and _own_post(root)
    back = back_in_fragment(root) if relation == "lives in" else None
    if back is not None:  # "Back in Bath and it's builder's tea": the fragment's own clause
        return admitted(back, relation, kind, speaker, given=given, held=True)
    if not (pet or thing or post):
        return False
    if not admitted(clause, relation, kind, speaker, given=given, held=True):
        return False
    return bool(pet or post) or speaks_of_self(clause.sent.text)


def _own_post(root: Token) -> bool:
    """True for a place named after "at" in a phrase of the speaker's own work or study:
    "my boss at Chipotle", "my shifts at Korle Bu", "my job as a paramedic at X"."""
    owner = filters.phrase_owner(root)
    if owner is None or owner.i >= root.i:
        return False
    words = {owner.lower_, owner.lemma_.casefold()}
    at = any(t.dep_ == "prep" and t.lower_ in ("at", "with") for t in root.ancestors)
    return at and bool(words & (kinds.WORK_CUES | kinds.STUDY_CUES))


def _head_of(span: Any, relation: str) -> Token:
    """The token whose clause states the value: its root; above a title the parser split
    at a verb ("promoted me to *lead* avionics technician": "promoted"); or the verb the
    value follows when the parser made it the subject of a later clause ("I *speak*
    Yoruba, Igbo and English, my mum made sure of it")."""
    root = span.root
    if relation == "job title" and kinds.misread_title(span) and root.head.i != root.i:
        return root.head
    first = root
    while first.dep_ == "conj" and first.head.i < first.i:
        first = first.head  # the list's first item: "Yoruba" in "Yoruba, Igbo and Hausa"
    before = root.doc[max(first.left_edge.i - 1, 0)]
    misplaced = first.dep_ in ("nsubj", "nsubjpass") and first.left_edge.i > 0
    if misplaced and before.pos_ == "VERB" and said_by(before):
        return before  # "I speak Yoruba, Igbo, Hausa and English, my mum made sure of it"
    return root


def admitted(
    verb: Token, relation: str, kind: Kind, speaker: str, *, given: bool = False, held: bool = False
) -> bool:
    """True when ``verb``'s clause may state a fact about the speaker.

    ``given``: the value is taken for granted whatever the clause says of it ("my
    husband Rafael and I can't decide", "can't start my day without hot milo"), so a
    negation does not deny it. ``held``: the value is known to be the speaker's, so
    whom the clause is about does not matter; the other guards hold."""
    if filters.is_future(verb):
        return False
    if kind == "assert" and filters.names_future_day(
        verb.sent, functools.partial(trips.anothers_clauses, verb)
    ):
        return False
    if wished(verb, kind):  # "I wish I lived in Hawaii": neither true nor ended
        return False
    if kind == "assert" and filters.is_negated(verb) and not given:
        return False
    # chat's "not me finally quitting energy drinks" says "I finally quit"
    denied = any(
        (c.dep_ == "neg" or c.lower_ == "never") and c.doc[c.i + 1 : c.i + 2].text != "me"
        for c in verb.children
    )
    if kind == "end" and verb.lemma_ in END_CUES and denied:
        return False  # "I haven't quit my job at Tesco", "never left Leeds": still held
    if offers.offered_or_applied(verb.sent, verb):
        return False  # nothing held, so nothing ended: "offered us their parrot, we said no"
    if kind == "end" and any(filters.hedged(t) for t in [verb, *filters.governors(verb)]):
        return False
    if relation == "lives in" and trips.is_trip(verb):
        return False
    if relation == "studies at" and trips.is_visit(verb):
        return False  # "went to an open day at the University of Otago"
    if relation == "works at" and trips.is_call(verb):
        return False  # "dropped by the Google office to see a friend"
    if relation == "hobby" and not pastime(verb):
        return False
    return held or owned_by_speaker(verb, relation) or about.about_speaker(verb, speaker)


def owned_by_speaker(verb: Token, relation: str) -> bool:
    """True when the value is the speaker's whoever the clause is about: "my cat Mishi
    is 14", "my wife Ana works at Google" (Ana is the partner), "Home these days is a
    flat in Pune" (a home nobody owns is the speaker's)."""
    if relation == "lives in":
        return bare_home(verb)
    if relation == "has pet":
        return owned(verb.sent, kinds.animal_words())
    return relation in KEEP_WITH_OTHERS and partners.own_partner_word(verb.sent) is not None


def bare_home(verb: Token) -> bool:
    """True for "home" with no owner said of a place in a clause of being: chat's "home"
    is the speaker's own ("home for my parents" and "his home" are someone else's)."""
    if verb.lemma_ != "be" or verb.tag_ == "VBD":
        return False  # "Kyoto was home for a while": home no longer
    for token in verb.children:
        if token.lower_ != "home" or token.dep_ not in ("nsubj", "attr", "advmod", "acomp"):
            continue
        owned = any(c.dep_ in ("poss", "prep") for c in token.children)
        held_for = [o for p in verb.children if p.lower_ == "for" for o in p.children]
        others = any(o.lower_ in KIN_NOUNS or o.pos_ == "PRON" for o in held_for)
        subject = subject_token(verb)
        person = subject is not None and subject.pos_ == "PRON" and subject.lower_ not in SELF
        return not (owned or others or person)
    return False


def pastime(verb: Token) -> bool:
    """False for an activity on a trip ("left Paris for a week of hiking"), one the
    speaker must do ("gotta run", "have to swim to the car") or being late ("running
    late"): no pastime."""
    if any(trips.is_trip(t, habits=True) for t in [verb, *filters.governors(verb)]):
        return False
    if verb.lemma_.casefold() == "run" and any(
        c.lower_ in ("late", "behind") or _one_thing(c) for c in verb.children
    ):
        return False  # "Running late again", "running a shave ice stand": no run at all
    return not obliged(verb)


def _one_thing(token: Token) -> bool:
    """An object with an article, in the singular: "running *a stand*", "run *the
    shop*" (something managed, or one race), not "running marathons"."""
    return (
        token.dep_ == "dobj"
        and token.tag_ in ("NN", "NNP")
        and any(c.dep_ in ("det", "poss") for c in token.children)
    )


def obliged(verb: Token) -> bool:
    """True for a verb someone must do: "got to"/"gotta", "have to", "need to"."""
    to = any(c.dep_ == "aux" and c.lemma_ == "to" for c in verb.children)
    return to and verb.dep_ == "xcomp" and verb.head.lemma_ in ("get", "have", "need")


def wished(verb: Token, kind: Kind) -> bool:
    """True for a modal, conditional or wished-for clause; an ending's own verb ("I
    *stopped* drinking soda", "I quit") is no wish."""
    if kind == "end":
        chain = [t for t in filters.governors(verb) if t.lemma_ not in ENDING_GOVERNORS]
        return filters.hedged(verb) or any(
            t.lemma_ in filters.HYPOTHETICAL_GOVERNORS or filters.hedged(t) for t in chain
        )
    return bool(filters.is_hypothetical(verb))


def owned(sentence: Any, nouns: frozenset[str]) -> bool:
    """True when one of ``nouns`` is "my"/"our" one: "my cat", "our dog"."""
    return any(t.lemma_.casefold() in nouns and first_possessed(t) for t in sentence)


def employer_cued(span: Any) -> bool:
    """True when something says ``span`` is where the speaker works: a work word in the
    sentence ("hired", "shift", an occupation), or "at"/"for"/"with" before it."""

    context = kinds.sentence_words(span)
    if context & (kinds.WORK_CUES | OCCUPATIONS | EMPLOYING_VERBS):
        return True
    clause = clause_of(span.root)
    if kinds.acts_on_speaker(clause) and not kinds.hands_over(clause):
        return True  # "Unilever let me go", "Careem pays me", "Ferrari's had me"
    for token in span.sent:  # "took me on", "let me go", "jumped ship to Mercado Libre"
        if token.lemma_ == "jump" and any(c.lower_ == "ship" for c in token.children):
            return True
        particles = {c.lower_ for c in token.children if c.dep_ in ("prt", "prep", "xcomp")}
        if token.lemma_ in ("take", "bring") and "on" in particles:
            return True
        if token.lemma_ == "let" and "go" in particles:
            return True
    root = span.root
    named = root.dep_ in ("oprd", "dobj", "attr") and root.head.lemma_ in ("call", "name")
    if named and root.head.head.lemma_ in kinds.FIRMS:
        root = root.head.head  # "a solicitor at a firm called Hartley & Webb"
    elif root.dep_ == "appos":
        root = root.head  # "at a startup, Kestrel Labs,"
    return root.dep_ == "pobj" and root.head.lower_ in ("at", "for", "with")


def whole_chunk(span: Any) -> Any:
    """``span`` grown to the noun its adjective modifies: "iced" in "iced americanos" is
    the drink "iced americanos" (a noun before a noun stays: "a kvass man")."""
    doc, end = span.doc, span.end
    root = span.root
    while root.pos_ in ("ADJ", "VERB") and root.dep_ == "amod" and root.head.i == end:
        if root.head.pos_ not in ("NOUN", "PROPN"):
            break
        end += 1
        root = root.head
    return doc[span.start : end]


UNDER_ROLES = frozenset({"apprentice", "assistant", "mate", "helper", "aide", "trainee"})
"""Roles held under another's trade: "a plumber's apprentice" ("chef's whites" is none)."""


def _possessed_role(span: Any) -> Any:
    """ "a *plumber*'s apprentice" is an apprentice: a title that owns a role under it
    grows to it."""
    doc, root = span.doc, span.root
    head = root.head
    after = doc[span.end] if span.end < len(doc) else None
    owner = root.dep_ == "poss" and after is not None and after.dep_ == "case"
    if owner and head.lemma_ in UNDER_ROLES and head.i == span.end + 1:
        return doc[span.start : head.i + 1]
    return span


HABIT = re.compile(r"\b(?:every|always|usually|daily|often|mostly|only|nothing but)\b", re.I)


def one_occasion(span: Any) -> bool:
    """True for a drink had once: "I had coffee with someone from Globex" (a past
    "had"/"drank"/"ordered" with no word of habit) is an occasion, not a favourite."""
    verb = span.root.head
    if verb.tag_ != "VBD" or verb.lemma_ not in ("have", "drink", "order", "grab", "get", "bring"):
        return False
    return not HABIT.search(span.sent.text)


def _kind_said(span: Any, kind: Kind) -> Kind:
    """The kind the words say, where the model's label misread it: an ending no word
    says holds; what the speaker quit ("just quit infosys lol"), has "no more" of or does
    not do "anymore" (the verb above the value's own: "I don't do kickboxing anymore"),
    or a firm that shut (:func:`tem.extract.posts.shut`), has ended."""
    root = span.root
    verb = root.head.head if root.dep_ == "pobj" else root.head  # the value's own verb
    own = root.dep_ in ("dobj", "pobj", "attr", "xcomp") and verb.pos_ in ("VERB", "AUX")
    no_longer = own and filters.ended_by_no_longer(verb)
    if kind == "end" and not (says_an_end(span) or _no_more(span) or no_longer):
        return "assert"
    shut = span.root.dep_ == "nsubj" and posts.shut(span.root.head)  # "X closed its doors"
    if kind == "assert" and (_object_left(span) or _no_more(span) or shut or no_longer):
        return "end"
    return kind


def _no_more(span: Any) -> bool:
    """ "no more red bull for me", "went cold turkey on Red Bull": a habit said to be over."""
    before = [t.lower_ for t in span.doc[max(span.start - 3, 0) : span.start]]
    return before[-2:] == ["no", "more"] or before == ["cold", "turkey", "on"]


def _object_left(span: Any) -> bool:
    """True for the object of a leaving verb, also inside the phrase the parser made of
    it ("quit *infosys* lol": a compound of "lol"): what the speaker left."""
    head = span.root
    while head.dep_ == "compound" and head.head.i != head.i:
        head = head.head
    return head.dep_ == "dobj" and head.head.lemma_ in LEAVING_VERBS


def left_behind(span: Any) -> bool:
    """True for what a phrasal verb gave up ("gave up soda": an end, never an assertion,
    which the rules read) or had once; the object of a leaving verb is an ending
    already (:func:`_kind_said`)."""
    root = span.root
    verb = root.head
    ended = {c.lower_ for c in verb.children if c.dep_ in ("prt", "prep")} & {"off", "up", "out"}
    if ended and verb.lemma_ in ("go", "give", "kick", "cut"):
        return True  # "gone off jasmine tea", "gave up soda", "cut out sugar"
    # the thing tried, as its object or however else the parser hung it on the verb
    # ("tried oolong at a cafe" can parse "oolong" as an adverb)
    return verb.lemma_ in TRIAL_VERBS and root.dep_ in TRIED_ROLES


def old_or_compared(span: Any) -> bool:
    """True for a value in a "from", "than", "after" or "instead of" phrase, or one
    that hangs on a thing said to be past ("my old job at Vodafone")."""
    token = span.root
    for _ in range(4):  # "after my time in Porto": the "after" is two phrases up
        head = token.head
        if token.dep_ not in ("pobj", "prep", "compound", "amod") or head.i == token.i:
            return False
        if head.lower_ == "of" and head.head.lower_ == "instead":
            return True
        if head.pos_ == "ADP" and head.lower_ in OLD_OR_COMPARED:
            return True
        token = head if head.pos_ != "ADP" else head.head
        if any(c.dep_ == "amod" and c.lower_ in FORMER for c in token.children):
            return True  # "my old job at Vodafone", "my former flat in Leeds"
    return False
