"""What the rules read in one sentence: the verb rules by lemma (:mod:`tem.extract.patterns`
read by :mod:`tem.extract.readers`), possessives and copulas (:mod:`tem.extract.copula`),
set phrases of taste (:mod:`tem.extract.idioms`), and the readers of whole frames: roles
given, employers acting on the speaker, bios, proposals, breakups and years spent in a
role. The extractor (:mod:`tem.extract.extractor`) merges them with the span model's.
"""

from __future__ import annotations

from typing import Any

from tem.extract import filters, idioms, kinds, trips
from tem.extract.bio import bio_candidates
from tem.extract.breakups import breakup_candidates
from tem.extract.clubs import club_pastimes
from tem.extract.contracts import contract_candidates
from tem.extract.copula import be_facts, possessive_facts
from tem.extract.deixis import back_homes, here_homes, pointed_homes
from tem.extract.employers import employer_candidates
from tem.extract.facts import Candidate
from tem.extract.firms import called_firms
from tem.extract.goodbyes import goodbye_candidates
from tem.extract.kinhomes import family_homes
from tem.extract.lastdays import last_days
from tem.extract.leavings import left_by_idiom
from tem.extract.natives import native_homes
from tem.extract.occasions import occasion_candidates
from tem.extract.patterns import NEUTRAL_PARTICLES, VERB_RULES, VerbRule
from tem.extract.postings import posted_homes
from tem.extract.posts import dismissals
from tem.extract.proposals import proposal_candidates
from tem.extract.readers_index import READERS
from tem.extract.returns import returned_pastimes
from tem.extract.roles import role_candidates
from tem.extract.routines import fragment_pastimes, routine_candidates
from tem.extract.schedules import scheduled_pastimes
from tem.extract.solace import solace_pastimes
from tem.extract.subjects import resolve_subject
from tem.extract.tenure import tenure_candidates

Token = Any
RULES_BY_LEMMA: dict[str, list[VerbRule]] = {}
for _rule in VERB_RULES:
    for _lemma in _rule.lemmas:
        RULES_BY_LEMMA.setdefault(_lemma, []).append(_rule)
PLAN_RELATIONS = frozenset({"plan"})


def sentence_candidates(sentence: Any, speaker: str) -> list[Candidate]:
    """Return every candidate fact one sentence states."""
    found: list[Candidate] = []
    for token in sentence:
        if token.lower_ in ("gon", "gonna"):
            stated = verb_facts(token, speaker)
        elif token.pos_ in ("NOUN", "PROPN"):
            stated = possessive_facts(token, speaker)
        elif token.lemma_ == "be":
            stated = [] if filters.blocked(token) else be_facts(token, speaker)
        elif token.lemma_.casefold() in RULES_BY_LEMMA:
            stated = verb_facts(token, speaker)
        elif idioms.is_trigger(token):
            stated = []
        else:
            continue
        if idioms.is_trigger(token):
            stated = [*stated, *idioms.taste_idioms(token, speaker)]
        helped = token.head if token.dep_ in ("aux", "auxpass") else token
        if token.pos_ not in ("NOUN", "PROPN") and filters.ended_by_no_longer(helped):
            stated = [(s, r, v, "end") for s, r, v, _ in stated]  # "I'm no longer a nurse"
        found.extend(Candidate(s, r, v, k, token.i) for s, r, v, k in stated)
    known = {(c.relation, (c.value or "").casefold(), c.kind) for c in found}
    given = [
        *role_candidates(sentence, speaker),
        *employer_candidates(sentence, speaker),
        *called_firms(sentence, speaker),
        *goodbye_candidates(sentence, speaker),
        *left_by_idiom(sentence, speaker),
        *last_days(sentence, speaker),
        *idioms.drinks_it_is(sentence, speaker),
        *contract_candidates(sentence, speaker),
        *bio_candidates(sentence, speaker),
        *proposal_candidates(sentence, speaker),
        *occasion_candidates(sentence, speaker),
        *breakup_candidates(sentence, speaker),
        *tenure_candidates(sentence, speaker),
        *pointed_homes(sentence, speaker),
        *here_homes(sentence, speaker),
        *back_homes(sentence, speaker),
        *family_homes(sentence, speaker),
        *returned_pastimes(sentence, speaker),
        *dismissals(sentence, speaker),
        *native_homes(sentence, speaker),
        *routine_candidates(sentence, speaker),
        *fragment_pastimes(sentence, speaker),
        *scheduled_pastimes(sentence, speaker),
        *solace_pastimes(sentence, speaker),
        *club_pastimes(sentence, speaker),
    ]
    homes = [c for c in [*found, *given] if c.relation == "lives in" and c.kind == "assert"]
    given += posted_homes(sentence, speaker, homes)
    # an ending adds to a holding of the same value ("broke up with my boyfriend Omid"):
    # :func:`_named_ends` then keeps the ending alone
    return found + [
        c for c in given if (c.relation, (c.value or "").casefold(), c.kind) not in known
    ]


def verb_facts(verb: Token, speaker: str) -> list[tuple[str, str, str | None, Any]]:
    """Return what the verb rules read from ``verb``'s clause."""
    subject = speaker if kinds.acts_on_speaker(verb) else resolve_subject(verb, speaker)
    if subject is None:
        return []  # "Acme promoted me": whatever the verb reads, it reads of the speaker
    if filters.is_negated(verb) or _given_up(verb):
        return []
    state_ok = not filters.blocked(verb)
    no_longer = filters.ended_by_no_longer(verb)
    found: list[tuple[str, str, str | None, Any]] = []
    for rule in RULES_BY_LEMMA.get(verb.lemma_.casefold(), ()):
        if not (state_ok or rule.relation in PLAN_RELATIONS) or not _particle_fits(verb, rule):
            continue
        if rule.place and trips.is_trip(verb):
            continue
        triples = READERS[rule.slot](verb, rule)
        if triples:
            triples = [*triples, *(a for a in rule.also if a not in triples)]
        for relation, value, kind in triples:
            found.append((subject, relation, value, "end" if no_longer else kind))
    return found


def _given_up(verb: Token) -> bool:
    """True for a doing the speaker stopped: "I gave up playing the drums", "stopped
    playing rugby" (the ending verb's own rule reads the habit ended)."""
    above = verb.head
    if verb.dep_ not in ("xcomp", "pcomp") or above.i == verb.i:
        return False
    particles = {c.lower_ for c in above.children if c.dep_ == "prt"}
    return (
        above.lemma_ in ("quit", "stop") or above.lemma_ in ("give", "kick") and "up" in particles
    )


def _heading_somewhere(verb: Token) -> bool:
    """ "Took the train *up to* Montreal": a particle with a way to somewhere after it
    is a journey, not a habit taken up."""
    ups = [c.i for c in verb.children if c.dep_ == "prt"]
    ways = (c for c in verb.children if c.dep_ == "prep" and c.lower_ in ("to", "into"))
    return any(w.i - 1 in ups for w in ways)


def _particle_fits(verb: Token, rule: VerbRule) -> bool:
    particles = {c.lower_ for c in verb.children if c.dep_ == "prt"}
    if rule.particle is not None:
        return rule.particle in particles and not _heading_somewhere(verb)
    return not (particles - NEUTRAL_PARTICLES)
