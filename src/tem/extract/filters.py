"""Clauses that state no fact: questions, negations, hypotheticals, futures and offers
(trips and visits: :mod:`tem.extract.trips`).

Each check takes the trigger token of a rule and looks at its clause and at the
verbs that govern it ("thinking about *moving*", "if I *got* the job"), so that a
rule only fires on a plain, affirmed, factual statement.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from tem.extract.lexicon import TIME_PREPOSITIONS
from tem.extract.questions import is_question, question_start
from tem.extract.subjects import FIRST_POSSESSIVE, said_by

Token = Any

MODALS = frozenset({"might", "may", "could", "would", "should", "'d", "ought", "must"})
FUTURE_AUX = frozenset({"will", "shall", "'ll", "wo"})
CONDITIONAL_MARKS = frozenset({"if", "unless", "whether", "once", "until"})
HEDGES = frozenset(
    {"maybe", "perhaps", "possibly", "probably", "hopefully", "eventually", "someday", "somewhen"}
    | {"nearly", "almost"}  # "nearly came home with a husky": it did not happen
)
HYPOTHETICAL_GOVERNORS = frozenset(
    """
    think consider hope want wish dream wonder debate imagine plan intend pretend suppose
    contemplate weigh expect try aim need mull toy tempt decide hop stop quit daydream fantasize
    picture envision envisage apply save assume presume
    idea possibility option chance thought dream offer opportunity prospect hope
    """.split()
)
REFUSALS = frozenset({"decline", "reject", "refuse", "avoid", "turn", "pass", "skip", "forget"})
CHAIN_DEPS = frozenset(
    {"xcomp", "ccomp", "pcomp", "prep", "pobj", "acl", "conj", "advcl", "dobj", "acomp"}
)
FUTURE_DAY_WORDS = frozenset({"next", "tomorrow", "upcoming", "coming", "soon"})
SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass"})
SPEAKING = frozenset({"i", "we"})
"""The speaker as the subject of a condition or a belief ("if *I* move", "*I* think")."""
REPORTING_VERBS = frozenset({"tell", "mention"})
SAYING = frozenset({"say", "ask", "wonder", "know", "mean", "feel", "swear", "promise"})
"""Verbs whose clause after a comma is what is said or asked ("I swear, I'll move")."""
GIVEN_REASONS = frozenset(
    {"because", "cause", "'cause", "cuz", "coz", "bc", "since", "though", "although", "whereas"}
)
"""Marks of a clause given as a reason or a concession: the speaker asserts it whatever
the clause it hangs on says ("I can't explain it, even though I work at a bank")."""
BELIEFS = frozenset({"think", "guess", "reckon", "believe"})
"""Verbs of what the speaker holds true: "I think I'm addicted to boba"."""
ASIDES = BELIEFS | {"suppose", "hope", "wish", "bet"}
"""Verbs of a parenthetical "I think" after a clause ("I'm moving, I think"): hedges."""


def governors(token: Token) -> list[Token]:
    """Return the tokens above ``token`` in its clause chain, nearest first.

    The chain stops at a clause that stands on its own: a conjunct with its own
    subject ("I should have said so, but *I moved* to Oslo") and what one tells or
    mentions ("I forgot to mention that *I moved*", "I never told you: *I moved*"),
    which the speaker asserts whatever happened to the telling.
    """
    chain = []
    while token.dep_ in CHAIN_DEPS and token.head.i != token.i:
        if token.dep_ == "conj" and any(c.dep_ in SUBJECT_DEPS for c in token.children):
            break
        if token.dep_ == "ccomp" and token.head.lemma_ in REPORTING_VERBS:
            break
        if token.dep_ == "ccomp" and (_set_apart(token) or _spliced(token) or _run_on(token)):
            break
        if token.dep_ == "advcl" and (
            _given_reason(token) or _unmarked_statement(token) or _run_on(token)
        ):
            break
        token = token.head
        chain.append(token)
    return chain


def _set_apart(clause: Token) -> bool:
    """True for a clause before its head with ";", ":" or a dash between: "Cardamom tea
    is my lifeblood; I can't think before my second glass" (two statements)."""
    head = clause.head
    # up to the head itself: its left edge is the clause's own when the clause is its
    # first dependent ("I gave up coffee; my husband thinks I'm mad")
    between = clause.doc[clause.right_edge.i + 1 : head.i] if head.i > clause.i else []
    if head.i < clause.i and own_subject(clause):
        # after its head: "Need gift advice — I've been head of logistics at Maersk";
        # "Don't worry about making me anything fancy, I drink black coffee all day"
        marks = [t.text for t in clause.doc[head.i + 1 : clause.left_edge.i]]
        if {";", "—", "–"} & set(marks):
            return True
        subject = next(c for c in clause.children if c.dep_ in SUBJECT_DEPS)
        at = subject.left_edge.i - 1
        comma = subject.i < clause.i and at >= 0 and clause.doc[at].text == ","
        return comma and head.lemma_.casefold() not in ASIDES | REPORTING_VERBS | SAYING
    return any(t.text in (";", ":", "—", "–", "-") for t in between)


def _run_on(clause: Token) -> bool:
    """True for a statement that chat runs on after another with no mark at all, opening
    on its own "i" ("sry cant come thursday i work at costco now", "cant make practice
    tmrw im a line cook"): not what is thought or said ("don't think i work there")."""
    head = clause.head
    if head.i > clause.i or any(c.dep_ == "mark" for c in clause.children):
        return False
    before = [t for t in clause.subtree if t.i < clause.i]
    edge = clause.left_edge.i
    if any(t.lower_ in WHEN_WORDS for t in [*before, *clause.doc[max(edge - 1, 0) : edge]]):
        return False  # "next time I'm in Japan"
    words = [t for t in before if t.ent_type_ not in ("DATE", "TIME")]  # "thursday i work"
    words = [t for t in words if t.lower_ not in RUN_ON_OPENERS]  # "now im a teacher"
    opens = bool(words) and words[0].dep_ in SUBJECT_DEPS and words[0].lower_ in ("i", "we")
    return opens and head.lemma_.casefold() not in ASIDES | REPORTING_VERBS | SAYING | SUPPOSING


SUPPOSING = frozenset({"assume", "imagine", "pretend", "dream", "figure", "reckon", "presume"})
"""Verbs whose clause is supposed, not told: "People assume I work at Google"."""
WHEN_WORDS = frozenset({"time", "when", "whenever", "once", "if", "until", "till"})
RUN_ON_OPENERS = frozenset({"now", "so", "and", "but", "anyway"})
"""Words that open a run-on statement before its "i": "couldnt speak english now im a
teacher", "cant come thursday so im at work"."""


def own_subject(clause: Token) -> bool:
    """True for a clause with a subject of its own ("*I* moved", not "moved")."""
    return any(c.dep_ in SUBJECT_DEPS for c in clause.children)


def _spliced(clause: Token) -> bool:
    """True for a statement with its own subject before a comma and another statement,
    which the parser hung on the second ("I'm a chemist at Sasol, you'd think I'd know";
    "I'm a pharmacist, so I'm not exactly rolling in it"); a trailing "I think" or "I
    hope" with nothing else to say is a hedge on it ("I'm moving, I think")."""
    head = clause.head
    if head.i < clause.i or not own_subject(clause):
        return False
    # the comma may hang on either clause: "I'm a dental hygienist, so I'm probably ..."
    between = clause.doc[clause.i + 1 : head.i]
    if not any(t.text == "," and t.head.i in (clause.i, head.i) for t in between):
        return False
    said = [c for c in head.children if c.dep_ in ("ccomp", "xcomp", "dobj") and c.i != clause.i]
    return not (head.lemma_.casefold() in ASIDES and not said)


def _unmarked_statement(clause: Token) -> bool:
    """True for a statement the parser hung on the next one as if it were subordinate,
    with no word to make it so ("Since last month I'm employed as a ski instructor by
    SkiStar, so the snow can't come fast enough"): a comma between, as :func:`_spliced`
    reads it; not a condition told by inversion ("Had I stayed in Leeds, ...")."""
    if any(c.dep_ == "mark" for c in clause.children) or _inverted(clause):
        return False
    return _spliced(clause) or _dropped_subject(clause)


def _dropped_subject(clause: Token) -> bool:
    """ "Still drinking way too much black coffee, some things never change", "Sorted out
    a flat in Bangalore at last — so the PG days are behind me": a clause with its "I"
    dropped before a comma or a dash and another's statement, not an adjunct of it."""
    head = clause.head
    if clause.tag_ not in ("VBG", "VBD", "VBN") or own_subject(clause) or head.i < clause.i:
        return False
    between = clause.doc[clause.right_edge.i + 1 : head.i]
    if not any(t.text in (",", "—", "–", ";") for t in between):
        return False
    subjects = [c for c in head.children if c.dep_ in SUBJECT_DEPS]
    return any(s.pos_ != "PRON" for s in subjects)


def _given_reason(clause: Token) -> bool:
    """True for a clause given as a reason or a concession ("since Deakin made me a
    tutor", "even though I work at Access Bank"): the speaker asserts it."""
    return any(c.dep_ == "mark" and c.lower_ in GIVEN_REASONS for c in clause.children)


def is_negated(verb: Token) -> bool:
    """True when the clause (or a governing verb) is negated: "didn't", "never"; not
    when the negation is disbelief at what the clause says ("can't believe I still live
    in Tulsa" says the speaker does)."""
    if _no_way(verb):
        return True
    for token in [verb, *governors(verb)]:
        if token is not verb and _disbelief(token):
            return False
        for child in token.children:
            if child.dep_ == "neg" and not _no_longer(child):
                return True
            if child.lower_ in ("never", "nobody", "neither", "nor"):
                return True
        if refuses(token):
            return True
    return False


def _no_way(verb: Token) -> bool:
    """ "No way I'm moving to Bogotá", "no way am I going back": a refusal opening the
    sentence before the verb."""
    sentence = verb.sent
    opening = [t.lower_ for t in sentence[:3]]
    exclaimed = len(opening) == 3 and sentence[2].is_punct  # "No way, I just moved!"
    return opening[:2] == ["no", "way"] and not exclaimed and verb.i > sentence.start + 1


def _disbelief(token: Token) -> bool:
    """ "can't believe", "cannot beleive", "couldn't believe": amazement, no denial."""
    from difflib import SequenceMatcher

    believe = SequenceMatcher(None, token.lower_, "believe").ratio() >= 0.85
    able = any(c.dep_ == "aux" and c.lemma_ in ("can", "could") for c in token.children)
    return believe and able


REFUSAL_PARTICLES = {"turn": frozenset({"down", "away"}), "pass": frozenset({"on", "up"})}
"""Verbs that refuse only with their particle: "turned *down* the offer" ("keeping the
wheels turning at Bimbo" refuses nothing)."""


def refuses(token: Token) -> bool:
    """True for a verb of refusal: "declined", "turned down", "passed on"."""
    if token.lemma_ not in REFUSALS:
        return False
    particles = REFUSAL_PARTICLES.get(token.lemma_)
    if token.lemma_ == "pass" and any(c.lower_ == "away" for c in token.children):
        return False  # "passed away on Tuesday": a death, not a pass on something
    return particles is None or any(c.lower_ in particles for c in token.children)


def needed(span: Any) -> bool:
    """True for what a negated verb cannot do "without": "can't start my day without
    *hot milo*" says the speaker always has it."""
    token = span.root
    while token.dep_ in ("pobj", "prep", "compound", "amod", "conj", "appos"):
        token = token.head
        if token.lower_ == "without":
            return True
    return False


def ended_by_no_longer(verb: Token) -> bool:
    """True for "I no longer live in Paris": a retraction, not a negated statement."""
    return any(c.dep_ == "neg" and _no_longer(c) for c in verb.children) or any(
        c.lower_ == "longer" and any(g.lower_ in ("no", "not") for g in c.children)
        for c in verb.children
    )


def _no_longer(neg: Token) -> bool:
    """ "no longer", "not ... any more", "don't drink coffee anymore": what held ended."""
    following = neg.doc[neg.i + 1] if neg.i + 1 < len(neg.doc) else None
    if following is not None and following.lower_ in ("longer", "more"):
        return True
    modal = any(c.tag_ == "MD" for c in neg.head.children)  # "can't pick it up anymore"
    return not modal and any(_anymore(c) for c in neg.head.children)


def _anymore(word: Token) -> bool:
    """ "anymore", or "any more" in two words ("I'm not enrolled there any more")."""
    spaced = word.lower_ == "more" and word.i > 0 and word.nbor(-1).lower_ == "any"
    return bool(word.lower_ == "anymore" or spaced)


def is_hypothetical(verb: Token) -> bool:
    """True for modal, conditional, hedged or wished-for clauses."""
    if hedged(verb) or imagined(verb) or _consequent(verb) or _inverted(verb):
        return True
    # "hop" is spaCy's lemma of "hoping"
    chain = governors(verb)  # a capital hides the lemma: "Imagine I studied at ETH"
    below = [verb, *chain]
    if any(below[i].dep_ == "conj" and _consequent(t) for i, t in enumerate(chain)):
        return True  # "If I got the chance I'd live in Oaxaca and drink mezcal every night"
    return any(
        hedged(t)
        or _planned(t)
        or _supposed(t)
        or _inverted(t)  # "Were I to move to Reykjavik": the "to" clause hangs on "Were"
        or (
            _governing_lemma(t) in HYPOTHETICAL_GOVERNORS
            and not _coordinated(below[i], t)
            and not _held_view(below[i], t)
            and not _when_stopped(below[i], t)
            and not _done_before(below[i], t)
        )
        for i, t in enumerate(chain)
    )


def _done_before(below: Token, governor: Token) -> bool:
    """ "*Tied* the knot with Aiko last spring, so now I'm trying to master her curry": a
    past clause told before the one it hangs on is done, whatever that one hopes or tries."""
    return bool(below.dep_ == "advcl" and below.i < governor.i and below.tag_ == "VBD")


def _when_stopped(below: Token, governor: Token) -> bool:
    """ "I quit smoking *after* moving to Leeds": a stop the clause is the time of, not
    one it is what stopped ("stopped dreaming of Lisbon")."""
    return governor.lemma_ in ("stop", "quit") and below.lower_ in TIME_PREPOSITIONS


def _governing_lemma(token: Token) -> str:
    """``token``'s lemma, and a verb's for an "-ing" word the tagger took for a noun
    ("*thinking* of doing a PhD at ETH", its "I'm" dropped)."""
    lemma = str(token.lemma_).casefold()
    if token.tag_ == "NN" and lemma.endswith("ing") and lemma[:-3] in HYPOTHETICAL_GOVERNORS:
        return lemma[:-3]
    return lemma


def _inverted(verb: Token) -> bool:
    """ "*Were I* a barista, I'd ...", "*Had I* stayed in Leeds", "*Supposing* I became
    a nurse": a condition told by putting the verb before its subject, or by a word of
    supposing, first in the sentence."""
    words = [verb, *(c for c in verb.children if c.dep_ in ("aux", "auxpass", "intj"))]
    first = min(words, key=lambda t: t.i)
    if first.i != verb.sent.start:
        return False
    if first.lower_ in ("supposing", "assuming", "say"):
        return True  # "Supposing I became a nurse, ..."
    if first.lower_ not in ("were", "had", "should"):
        return False
    return any(c.dep_ in SUBJECT_DEPS and c.i > first.i for c in verb.children)


def _consequent(verb: Token) -> bool:
    """True for what follows from the speaker's own condition: "If I ever move to Lisbon,
    I'm getting a sausage dog"; not when the condition is another's ("if anyone needs a
    translator, I speak Farsi") or a manner of speaking ("if I'm honest, ...")."""
    for clause in verb.children:
        if clause.dep_ != "advcl" or clause.i > verb.i:
            continue  # "idk if i should", "as if I don't": no condition put first
        marks = {c.lower_ for c in clause.children if c.dep_ == "mark"}
        mine = said_by(clause, SPEAKING)
        candid = any(c.lower_ in ("honest", "truthful", "frank") for c in clause.subtree)
        if marks & {"if", "unless"} and mine and not candid:
            return True
    return False


def _held_view(clause: Token, head: Token) -> bool:
    """True for what the speaker thinks holds now ("i think im addicted to boba"): a
    finite clause with its own subject under the speaker's "I think"; "thinking about
    moving", "I think I'll move", "people think I live there", "suppose I spoke
    Mandarin" and "I wish I lived there" stay hypothetical."""
    finite = clause.tag_ in ("VBP", "VBZ") or (clause.tag_ == "VBD" and clause.lemma_ != "be")
    believed = head.lemma_.casefold() in BELIEFS and said_by(head, SPEAKING)
    return believed and clause.dep_ == "ccomp" and finite and own_subject(clause)


def _coordinated(token: Token, head: Token) -> bool:
    """True when ``token`` is joined to ``head`` by "and": a verb beside "quit" or "want"
    is not governed by it ("Quit Starbucks and started at Banfield"); a modal still
    reaches it ("I might move and start a bakery": :func:`hedged`). A bare infinitive
    shares the infinitive the parser gave the head ("I want to move to Cape Town and
    finally get a rescue dog": the getting is wanted too)."""
    if token.tag_ == "VB" and any(c.dep_ == "xcomp" and c.tag_ == "VB" for c in head.children):
        return False
    return bool(token.dep_ == "conj" and token.head.i == head.i)


def _planned(token: Token) -> bool:
    """ "My plan is to take up calligraphy": a copula whose subject is a plan or a wish."""
    return token.lemma_ == "be" and any(
        c.dep_ == "nsubj" and c.lemma_ in HYPOTHETICAL_GOVERNORS for c in token.children
    )


def said_with_no(token: Token) -> bool:
    """ "I'm *no* engineer", "*no* cats here": the word's own determiner denies it."""
    return any(c.dep_ == "det" and c.lower_ == "no" for c in token.children)


def hedged(token: Token) -> bool:
    for child in token.children:
        lower = child.lower_
        if child.dep_ in ("aux", "auxpass") and lower in MODALS:
            return True
        if child.dep_ == "mark" and lower in CONDITIONAL_MARKS:
            return True
        if child.dep_ in ("advmod", "npadvmod") and lower in HEDGES:
            return True
    return False


def _supposed(token: Token) -> bool:
    """ "*Say* I got hired at Google, do they ...": "say" opening the sentence with no
    subject supposes what follows."""
    return (
        token.lemma_.casefold() == "say"
        and token.i == token.sent.start
        and not any(c.dep_ in SUBJECT_DEPS for c in token.children)
    )


def is_future(verb: Token) -> bool:
    """True for "will move", "going to move", "gonna move", "about to move", and a
    progressive with a time ahead ("getting a greyhound in a couple of weeks")."""
    for token in [verb, *governors(verb)[:2]]:
        for child in token.children:
            if child.dep_ == "aux" and child.lower_ in FUTURE_AUX:
                return True
        # "getting a dog in two weeks"; "we're getting married in June" (a passive's "getting")
        getting = any(c.dep_ == "auxpass" and c.tag_ == "VBG" for c in token.children)
        if (token.tag_ == "VBG" or getting) and (_in_time(token) or _arranged(token)):
            return True
    going = ("going", "gon", "gonna", "about")  # "going to learn X and *move* to Lisbon"
    chain = [verb, *governors(verb)[:2]]
    return any(t.dep_ in ("xcomp", "advcl") and t.head.lower_ in going for t in chain)


MONTHS_AND_SEASONS = frozenset(
    """
    january february march april may june july august september october november december
    jan feb mar apr jun jul aug sep sept oct nov dec spring summer autumn fall winter
    """.split()
)
PRESENT_BE = frozenset({"am", "'m", "m", "is", "'s", "are", "'re"})


def _arranged(verb: Token) -> bool:
    """ "I'm moving to Toronto in August": a present progressive with a month or season
    is an arrangement ahead, not a state; so is one that opens the sentence with its
    "I'm" dropped ("Moving to Vancouver in the spring")."""
    dropped = verb.i == verb.sent.start and not own_subject(verb)
    if not dropped and not any(c.dep_ == "aux" and c.lower_ in PRESENT_BE for c in verb.children):
        return False
    around = [c for c in verb.children if c.dep_ == "advcl"]
    around += [verb.head] if verb.dep_ == "ccomp" else []  # the parser's "wraps" as a root
    if any(_once(c) for c in around):
        return True  # "Once this contract wraps I'm moving to Hobart"
    return any(
        p.dep_ == "prep"
        and p.lower_ in ("in", "this", "over")
        and any(o.lower_ in MONTHS_AND_SEASONS and o.ent_type_ == "DATE" for o in p.children)
        for p in verb.children
    )


def _once(clause: Token) -> bool:
    """A clause of "once" not in the past: a time ahead ("once this contract wraps")."""
    marked = any(m.dep_ == "mark" and m.lower_ == "once" for m in clause.children)
    return marked and clause.tag_ not in ("VBD", "VBN")


def names_future_day(sentence: Any, besides: Callable[[], Iterable[Token]] | None = None) -> bool:
    """True when a date in ``sentence`` lies ahead: "next Monday", "tomorrow"; a date
    among the words ``besides`` gives does not count (another's clause: "I work at
    Hootsuite and my fiancé joins me next month" tells no work of the speaker's to
    come), and they are asked for only when a date lies ahead."""
    ahead = [
        ent
        for ent in sentence.ents
        if ent.label_ in ("DATE", "TIME") and FUTURE_DAY_WORDS & {t.lower_ for t in ent}
    ]
    if not ahead or besides is None:
        return bool(ahead)
    others = {t.i for t in besides()}
    return any(ent.root.i not in others for ent in ahead)


def _in_time(verb: Token) -> bool:
    """ "getting a dog *in two weeks*": "in" and a count of days, weeks or months."""
    for prep in verb.children:
        if prep.dep_ != "prep" or prep.lower_ != "in":
            continue
        for phrase in prep.children:  # "two weeks", "a couple of weeks"
            words = {t.lower_ for t in phrase.subtree}
            units = {t.lemma_ for t in phrase.subtree} & {"day", "week", "month"}
            if units and words & {"couple", "few", "a", "two", "three", "several"}:
                return True
    return False


IMAGINED = frozenset({"life", "universe", "world", "timeline", "reality", "dream"})
"""What a counterfactual happens in: "in another life", "in some alternate universe"."""


PICTURING = frozenset({"picture", "imagine", "envision", "envisage", "see", "fancy"})
"""Verbs that put the speaker in a picture: "I can *see* myself in Lisbon"."""


def imagined(verb: Token) -> bool:
    """True for a clause set in another life or world: "in another life I'm a beekeeper",
    "in some alternate universe where I live in Reykjavik"; or pictured by the speaker:
    "I picture myself as a barista in Portland"."""
    if verb.lemma_ in PICTURING and any(c.lower_ in ("myself", "ourselves") for c in verb.children):
        return True
    for token in [verb, *governors(verb)]:
        if token.dep_ == "relcl" and token.head.lemma_ in IMAGINED:
            return True
        for prep in token.children:
            if prep.dep_ == "prep" and prep.lower_ == "in":
                places = [o for o in prep.children if o.lemma_ in IMAGINED]
                if any(_other(o) for o in places):
                    return True
    return False


def _other(place: Token) -> bool:
    words = {c.lower_ for c in place.children}
    return bool(words & {"another", "alternate", "parallel", "other", "different", "my"})


def blocked(verb: Token) -> bool:
    """True when the clause of ``verb`` must not yield a state fact."""
    ahead = is_future(verb) or _dated_ahead(verb)
    asked_here = is_question(verb.sent) and verb.i >= question_start(verb.sent)
    return asked_here or is_negated(verb) or is_hypothetical(verb) or ahead


def _dated_ahead(verb: Token) -> bool:
    """ "I start at Unilever on the 3rd of next month": a date ahead in the verb's own
    clause (another clause's date is its own: "moved in May, start at Acme next week")."""
    for ent in verb.sent.ents:
        if ent.label_ not in ("DATE", "TIME") or not FUTURE_DAY_WORDS & {t.lower_ for t in ent}:
            continue
        clause = ent.root
        while clause.pos_ not in ("VERB", "AUX") and clause.head.i != clause.i:
            clause = clause.head
        if clause.i == verb.i:
            return True
    return False


def asked(span: Any) -> bool:
    """True when ``span`` is part of what a question asks, not of what it takes as
    given: "has anyone moved to *Melbourne*?" asks; "a message for my husband
    *Joaquín*?" (what is the speaker's own) and a statement before the question
    ("I speak *Hokkien* but - any apps?") do not."""
    sentence = span.sent
    if not is_question(sentence):
        return False
    return span.start >= question_start(sentence) and not owned_phrase(span.root)


def owned_phrase(token: Token) -> bool:
    """True when ``token`` sits in a noun phrase the speaker owns: "my husband Joaquín",
    "my shift at Apoteket", "our cockapoo Marmite"; not one the clause says something is
    ("Taylor isn't *my girlfriend*": what is denied is not taken as given)."""
    owner = phrase_owner(token)
    return owner is not None and owner.dep_ not in ("attr", "acomp", "oprd")


def phrase_owner(token: Token) -> Token | None:
    """The word "my"/"our" owns in the noun phrase ``token`` sits in: "shift" in "my
    shift at Apoteket", "job" in "my job as a paramedic at Hospital X"."""
    for _ in range(6):
        if any(c.dep_ == "poss" and c.lower_ in FIRST_POSSESSIVE for c in token.children):
            return token
        if token.dep_ not in ("appos", "compound", "pobj", "prep", "amod", "nmod", "conj"):
            return None
        if token.head.i == token.i:
            return None
        token = token.head
    return None
