"""A contract not renewed ends the job: "My contract with Iberia wasn't renewed",
"Ferrari didn't renew my contract", "my contract wasn't renewed by Eskom".

The speaker's contract ("my"/"our") is the subject of a negated passive of renewing or
extending, or the object of a negated active one. The employer is named after the
contract ("with", "at", "for"), as the passive's agent ("by Eskom"), or as the active
verb's subject; where none is named, the job the speaker holds ended (no value). A
clause that is a question, a condition ("if they don't renew my contract") or ahead
("won't renew") states nothing.
"""

from __future__ import annotations

from typing import Any

from tem.extract import filters
from tem.extract.employers import agent_name, subject_name
from tem.extract.facts import Candidate
from tem.extract.questions import is_question
from tem.extract.subjects import first_possessed
from tem.extract.values import children, entity_text, phrase

Token = Any
RENEWING = frozenset({"renew", "extend"})
CONTRACTS = frozenset({"contract", "contracts"})


def contract_candidates(sentence: Any, speaker: str) -> list[Candidate]:
    """The jobs ``sentence`` says ended by a contract of the speaker's not renewed."""
    found = []
    for verb in sentence:
        if verb.lemma_ not in RENEWING or verb.pos_ != "VERB" or not _denied(verb):
            continue
        contract = next(iter(children(verb, ("nsubjpass", "dobj"))), None)
        if contract is None or contract.lower_ not in CONTRACTS or not first_possessed(contract):
            continue
        name = _employer(contract, verb)
        found.append(Candidate(speaker, "works at", name, "end", verb.i))
    return found


def _denied(verb: Token) -> bool:
    """Negated, and neither asked, supposed nor ahead."""
    asked = is_question(verb.sent)
    if asked or filters.is_hypothetical(verb) or filters.is_future(verb):
        return False
    return any(c.dep_ == "neg" or c.lower_ == "never" for c in verb.children)


def _employer(contract: Token, verb: Token) -> str | None:
    for prep in children(contract, ("prep",), ("with", "at", "for")):
        for obj in children(prep, ("pobj",)):
            if obj.pos_ == "PROPN" or entity_text(obj):
                return entity_text(obj) or phrase(obj)
    named = agent_name(verb) if contract.dep_ == "nsubjpass" else subject_name(verb)
    return None if named is None else str(named.text)
