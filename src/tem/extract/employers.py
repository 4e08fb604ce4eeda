"""An organisation that acts on the speaker as an employer or a school does.

"Great Ormond Street hired me", "my old school, Galatasaray Lisesi, now employs me",
"the University of Zimbabwe has me lecturing", "Sciences Po kicked me out": the
organisation is the subject, the speaker the object, and the verb says what the
organisation is to the speaker. Verbs that take someone on (:data:`TAKING_ON`) state a
place of work or study that holds; verbs that let someone go (:data:`LETTING_GO`) one
that ended, as does a taking-on bounded in the past ("employed me until last summer").

The subject must be a name: a proper noun, or a common noun named beside it ("my old
school, Galatasaray Lisesi"); "they hired me" names no one. Whether the name is a
school or an employer is judged by its words and its sentence
(:func:`tem.extract.institutions.school_or_employer`): a student is enrolled, not employed.
A blocked clause (negated, hypothetical, future, a question) states nothing.
"""

from __future__ import annotations

from typing import Any

from tem.extract import filters, institutions, kinds, offers, shapes
from tem.extract.facts import Candidate, Kind
from tem.extract.forms import whole_name
from tem.extract.lexicon import SENDING
from tem.extract.roles import SPEAKER
from tem.extract.subjects import SELF
from tem.extract.values import children

Token = Any

TAKING_ON = {
    "hire": None,
    "employ": None,
    "recruit": None,
    "appoint": None,
    "sign": None,
    "rehire": None,
    "poach": None,
    "promote": None,
    "take": "on",
    "bring": "on in over aboard",
    "keep": "on",
    "admit": None,
    "accept": None,
    "enrol": None,
    "enroll": None,
    "have": "",
}
"""Verbs of taking the speaker on, and the particle each needs ("took me on"); "have"
needs the speaker doing something in its complement ("has me lecturing")."""
LETTING_GO = {
    "fire": None,
    "sack": None,
    "dismiss": None,
    "expel": None,
    "lay": "off",
    "kick": "out",
    "let": "",
    "make": "",
    "drop": "",
    "withdraw": None,
    "release": None,
    "push": "out",
    "retire": None,
    "pension": "off",
    "deactivate": None,
    "discharge": None,
}
"""Verbs of letting the speaker go ("laid me off", "kicked me out", "dropped me from the
roll", "withdrew me", "released me", "pushed me out", "Icelandair retired me", "pensioned
me off", "deactivated my account", "medically discharged by the Air Force"); "let" needs
"go", "make" needs "redundant", "drop" no particle ("dropped me off at uni" is a lift)."""
NAME_DEPS = frozenset({"compound", "amod", "nmod", "flat", "det"})
SCHOOL_VERBS = frozenset({"admit", "accept", "enrol", "enroll", "expel", "kick"})
"""Verbs said of schools: "Stanford accepted me", "kicked me out after one year"."""
WORK_VERBS = frozenset(
    "hire employ recruit appoint rehire poach promote fire sack dismiss lay let make have release"
    " push retire pension deactivate discharge".split()
)
"""Verbs said of employers, whatever the name (a university that hires me employs me)."""


def employer_candidates(sentence: Any, speaker: str) -> list[Candidate]:
    """The employers and schools ``sentence`` names as acting on the speaker."""
    found = []
    for verb in sentence:
        lemma = verb.lemma_.casefold()
        if verb.pos_ != "VERB" or not (
            lemma in TAKING_ON or lemma in LETTING_GO or lemma in SENDING or lemma in PAYING
        ):
            continue
        passive = _done_to_speaker(verb)
        acting = passive or _acts_on_speaker(verb) or _pays_speaker(verb) or _grants(verb)
        if not acting or filters.blocked(verb):
            continue
        if lemma in TAKING_ON and offers.offered_or_applied(sentence):
            continue  # "Harvard accepted me but I turned it down": never enrolled
        name = agent_name(verb) if passive else subject_name(verb)
        if name is None:
            continue
        title = made_title(verb)  # "DeepMind made me a research engineer": taken on
        ending = lemma in LETTING_GO and title is None or _bounded(verb)
        kind: Kind = "end" if ending else "assert"
        doing = _doing(verb, speaker)
        # "has me writing three essays" says no work: the place's words judge it
        working = lemma in SENDING | GRANTING or lemma in WORK_VERBS and (lemma != "have" or doing)
        if lemma in SCHOOL_VERBS:
            relation = "studies at"
        elif working:
            relation = "works at"
        else:
            relation = institutions.school_or_employer("works at", name) or "works at"
        found.append(Candidate(speaker, relation, name.text, kind, verb.i))
        found += doing
        if title is not None and passive:  # "I've been made a shift supervisor by Pret"
            found.append(Candidate(speaker, "job title", _title_text(title), "assert", title.i))
    return found


def _doing(verb: Token, speaker: str) -> list[Candidate]:
    """The occupation of "has me *lecturing*": the agent noun of the work done."""
    if verb.lemma_ != "have":
        return []
    for done in children(verb, ("ccomp", "xcomp")):
        title = kinds.agent_noun(done)
        studied = {t.lower_ for t in done.subtree} & kinds.STUDY_CUES  # "writing essays"
        if title is not None and not studied:
            return [Candidate(speaker, "job title", title, "assert", done.i)]
    return []


def _acts_on_speaker(verb: Token) -> bool:
    """The speaker is the object, with the particle or complement the verb needs."""
    lemma = verb.lemma_.casefold()
    needs = TAKING_ON.get(lemma, LETTING_GO.get(lemma))
    complements = children(verb, ("ccomp", "xcomp"))
    spoken = [c for c in complements if children(c, ("nsubj",), SPEAKER)]
    if lemma == "have":
        return any(c.tag_ == "VBG" for c in spoken)  # "has me lecturing"
    if lemma == "let":
        return any(c.lemma_ == "go" for c in spoken)  # "let me go"
    if lemma == "make":  # "made me redundant", "made me a research engineer"
        return any(c.lower_ == "redundant" for c in spoken) or made_title(verb) is not None
    if lemma == "deactivate" and any(_own_account(o) for o in children(verb, ("dobj",))):
        return True  # "Uber Eats deactivated my account": a courier's platform
    if not children(verb, ("dobj",), SPEAKER):
        return False
    if lemma in SENDING:  # "sent me to Abuja", "posted me to Lagos as a teller"
        return bool(children(verb, ("prep",), ("to", "as")))
    particles = {c.lower_ for c in verb.children if c.dep_ == "prt"}
    if lemma == "drop":
        return not particles  # "dropped me from the roll"; "dropped me off at uni" is a lift
    return needs is None or bool(particles & set(needs.split()))


def _own_account(noun: Token) -> bool:
    return noun.lower_ == "account" and any(c.lower_ in ("my", "our") for c in noun.children)


PAID = frozenset({"bill", "bills", "rent", "salary", "wage", "wages", "mortgage"})
"""What an employer pays for the speaker: "Petrobras pays my bills"."""


def _pays_speaker(verb: Token) -> bool:
    """ "Petrobras pays my bills", "Google pays my rent": the speaker's living paid."""
    if verb.lemma_ != "pay":
        return False
    paid = children(verb, ("dobj",))
    return any(
        o.lower_ in PAID and any(c.dep_ == "poss" and c.lower_ in ("my", "our") for c in o.children)
        for o in paid
    )


GRANTING = frozenset({"give", "grant"})
PAYING = GRANTING | {"pay"}
GRANTS = frozenset({"leave", "raise", "promotion", "bonus", "contract", "sabbatical", "payrise"})
"""What only an employer gives its staff: "Mercado Libre gave me four months of paternity
leave", "Arup granted me a sabbatical"."""


def _grants(verb: Token) -> bool:
    """An employer giving the speaker leave, a raise or a contract; not "gave me a
    lift" nor "gave me an offer" (an offer is not yet a job)."""
    if verb.lemma_ not in GRANTING or not children(verb, ("dative", "dobj"), SPEAKER):
        return False
    given = [t for o in children(verb, ("dobj",)) for t in o.subtree]
    return any(t.lemma_.casefold() in GRANTS for t in given)


def _done_to_speaker(verb: Token) -> bool:
    """The speaker is the subject of the passive, with the word the verb needs: "I was
    hired by", "was made *redundant* by", "was let *go* by", "got laid *off* by"."""
    if not children(verb, ("nsubjpass",), ("i", "we")) or verb.lemma_ in SENDING:
        return False
    lemma = verb.lemma_.casefold()
    needs = TAKING_ON.get(lemma, LETTING_GO.get(lemma))
    said = {c.lower_ for c in verb.children if c.dep_ in ("prt", "xcomp", "oprd", "acomp")}
    if lemma in ("let", "make"):
        return bool(said & {"go", "redundant"}) or made_title(verb) is not None
    return not needs or bool(said & set(needs.split()))


def made_title(verb: Token) -> Token | None:
    """The occupation "made" the speaker one: "made me (a) store manager", "I've been made
    a foreman by Balfour Beatty"; not "made me a cake" nor "made me late"."""
    if verb.lemma_ != "make":
        return None
    said = [c for c in children(verb, ("ccomp",)) if children(c, ("nsubj",), SPEAKER)]
    if children(verb, ("nsubjpass",), ("i", "we")):
        said += children(verb, ("dobj", "oprd", "attr"))
    return next((t for t in said if t.pos_ == "NOUN" and _occupation(t)), None)


def _occupation(word: Token) -> bool:
    """A known occupation ("engineer", "foreman", "head of ...", the writers' and the
    published list's: "auctioneer", :func:`tem.extract.titled.known_occupation`), not any
    word with an agent's ending ("an offer", "a playlist")."""
    from tem.extract.titled import known_occupation

    return known_occupation(word.lower_) or word.lower_ in kinds.TITLE_WORDS - {"partner"}


def _title_text(title: Token) -> str:
    """The occupation's words: "shift supervisor" (its compounds and adjectives)."""
    said = [c.left_edge.i for c in title.lefts if c.dep_ in ("compound", "amod")]
    return str(title.doc[min(said, default=title.i) : title.i + 1].text)


def agent_name(verb: Token) -> Any | None:
    """The named organisation after "by" in a passive: "laid off *by Shopify*", "made a
    foreman *by Balfour Beatty*" (the "by" hung on the title)."""
    title = made_title(verb)
    heads = [verb, *children(verb, ("xcomp",), ("go",)), *([title] if title is not None else [])]
    preps = [p for h in heads for p in h.children if p.dep_ == "agent" or p.lower_ == "by"]
    agents = [o for p in preps for o in children(p, ("pobj",))]
    return _name_of(agents[0], verb) if agents else None


def subject_name(verb: Token) -> Any | None:
    """The named organisation that is ``verb``'s subject, as a span of its words."""
    subjects = children(verb, ("nsubj",))
    if not subjects and verb.dep_ == "xcomp":
        subjects = children(verb.head, ("nsubj",))  # "Siemens keeps sending me"
    shared = verb
    while not subjects and shared.dep_ == "conj" and shared.head.pos_ == "VERB":
        shared = shared.head  # "Samsung shut down my team and let me go", "Infosys hired
        subjects = children(shared, ("nsubj",))  # me ..., sent me ... and let me go"
        subjects = [t for t in subjects if t.ent_type_ not in ("GPE", "LOC", "PERSON")]
    if not subjects and verb.i > verb.sent.start:
        before = verb.doc[verb.i - 1]
        misread = before.text[:1].isupper() and before.dep_ not in ("nsubj", "poss")
        if misread and before.lower_ not in SELF and before.ent_type_ not in ("PERSON", "GPE"):
            named = whole_name(verb.doc[before.i : before.i + 1])  # "Spotify let me go",
            return named if len(named) else None  # "Allegro let me go": read as a verb
    if not subjects:
        return None
    return _name_of(subjects[0], verb)


def _name_of(subject: Token, verb: Token) -> Any | None:
    """The organisation ``subject`` names, as a span of its words; None for no name."""
    if subject.pos_ != "PROPN" and not _unknown_capital(subject):
        named = [a for a in children(subject, ("appos",)) if a.pos_ == "PROPN"]
        if not named:
            return None  # "they", "the company", "my boss"
        subject = named[0]
    person = subject.ent_type_ == "PERSON" and len(list(subject.subtree)) == 1
    if person and not _redundancy(verb):
        return None  # "Maria hired me": a person, no organisation
    words = [subject, *(t for c in subject.children if _of_name(c) for t in c.subtree)]
    start = min(t.i for t in words if t.dep_ != "det")
    span = subject.doc[start : max(t.i for t in words) + 1]
    named = whole_name(subject.doc[subject.i : subject.i + 1])  # "Ernst & Young"
    if named.start < named.end and named[0].dep_ == "det":
        named = named[1:]  # "The Aga Khan Hospital"
    if named.start <= span.start and span.end <= named.end:
        span = named
    acted = verb.tag_ == "VBD" and verb.lemma_ not in ("have", "be")  # "Nando's promoted me"
    shop = span.end < verb.i and span.doc[span.end].lower_ in ("'s", "’s")
    if acted and shop and span.end + 1 == verb.i:
        span = span.doc[span.start : span.end + 1]  # the name's own "'s": a past verb after
    elif len(span) > 1 and span[-1].lower_ in ("'s", "’s") and span.end == verb.i and not acted:
        span = span[:-1]  # "Embraer's had me flight-testing": "has", no owner
    return span if shapes.well_formed("works at", span) else None


def _unknown_capital(word: Token) -> bool:
    """A capitalised word English has no noun for, which the tagger took for a common
    noun: "Lyft deactivated me" (not "Carnival", a word English has)."""
    from tem.extract.nlp import known_nouns

    capital = word.is_title and word.is_alpha and word.pos_ == "NOUN"
    return capital and word.lower_ not in known_nouns()


def _redundancy(verb: Token) -> bool:
    """ "made me redundant": what only an employer does to a worker, so its subject is
    one whatever the tagger took it for ("Ocado made me redundant"; a person may lay
    someone off: "Maria laid me off" names no employer)."""
    said = [g for c in verb.children if c.dep_ in ("ccomp", "xcomp", "oprd") for g in c.subtree]
    return verb.lemma_ == "make" and any(t.lower_ == "redundant" for t in said)


def _of_name(child: Token) -> bool:
    """A word of the name itself: "Great *Ormond* Street", "Ministry *of Health*", not
    "*in Karachi*" or an apposition."""
    if child.dep_ == "prep":
        return bool(child.lower_ == "of")
    return child.dep_ in NAME_DEPS and bool(child.i < child.head.i)


def _bounded(verb: Token) -> bool:
    """ "employed me *until* last summer": a taking-on that ended."""
    return verb.tag_ == "VBD" and bool(children(verb, ("prep",), ("until", "till")))
