"""Whom a clause is about (``tem.extract.about``), on sentences parsed by the pipeline."""

from __future__ import annotations

import pytest
from tests.test_extract_rules import triples

from tem.extract.about import about_speaker
from tem.extract.nlp import load_pipeline


def _verb(text: str, word: str) -> object:
    doc = load_pipeline()(text)
    return next(t for t in doc if t.text == word)


@pytest.mark.parametrize(
    ("text", "verb", "about"),
    [
        ("I live in Porto now.", "live", True),
        ("Just moved to Austin!", "moved", True),  # the "I" left out
        ("welp just dropped out of Concordia", "dropped", True),  # an opener is no one
        ("bruh just moved to hilo", "moved", True),
        ("Tom's studying law at UCL.", "law", False),  # "'s" is "is": Tom's clause
        ("My sister's a paediatric nurse at Alder Hey.", "nurse", False),  # before "a" too
        ("Been bushwalking for years, so the backyard's a jungle.", "Been", True),  # a thing's
        ("Deloitte took me on as an analyst.", "took", True),  # the speaker as object
        ("My sister lives in Porto.", "lives", False),
        ("He works at Google.", "works", False),
        ("My best mate Rashid speaks five languages.", "speaks", False),  # introduced
        ("Marta's dog adopted me at the party.", "adopted", False),  # someone else's
        ("Move to Lisbon, you won't regret it.", "Move", False),  # an order to the listener
        # the relative clause of another's complement, a worker named by the work
        ("Our camp boss is a Kiwi who lives in Nelson and has three cats.", "lives", False),
        ("Our camp boss is a Kiwi who lives in Nelson and has three cats.", "has", False),
        ("I'm a nurse who lives in Leeds.", "lives", True),
        (
            "The new helicopter pilot speaks four languages and just got divorced.",
            "divorced",
            False,
        ),
        ("My partner Sam is the one who dragged me into curling.", "dragged", True),  # me
        ("my cat murka is the only one who lives w me now in cluj", "lives", True),
        ("Retired bus driver, widowed, living in Bradford.", "living", True),  # a bio
        ("My day as a pharmacist starts early.", "starts", True),  # "a" one is no one else
    ],
)
def test_whom_a_clause_is_about(text: str, verb: str, about: bool) -> None:
    assert about_speaker(_verb(text, verb), "Ana") is about


def test_a_worker_of_ours_speaks_for_themselves() -> None:
    found = triples("Our farmhand Piotr speaks Polish, Russian and a bit of Irish.")
    assert not {t for t in found if t[1] == "speaks" and t[0] == "Maria"}


def test_a_mate_is_someone_else() -> None:
    found = triples("My best mate Saskia just got a job at Greenpeace in Amsterdam, so jealous.")
    assert not {t for t in found if t[0] == "Maria"}


def test_the_lady_pointed_at_is_someone_else_but_my_girl_is_my_partner() -> None:
    assert not triples("The lady in my carpool is a midwife and keeps three ferrets.")
    assert ("Maria", "partner", "Mere", "assert") in triples("my girl Mere just said yes!!! 💍")
