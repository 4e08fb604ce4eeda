"""The name of the one addressed is cut from a turn before it is read (tem.extract.vocatives)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tem.core.session import Session, Turn
from tem.extract import OfflineExtractor
from tem.extract.vocatives import unaddressed


@pytest.mark.parametrize(
    ("text", "left"),
    [
        ("Sibusiso, Discovery Health took me on.", "Discovery Health took me on."),
        ("Thanks, Mel! My brother is a chef.", "My brother is a chef."),
        ("Hey John! I moved.", "I moved."),
        ("dude Devin, finally moved to austin", "finally moved to austin"),
        ("Sunil bhai, I am working in Infosys only.", "I am working in Infosys only."),
        ("Minji lol i'm an intern at Naver", "i'm an intern at Naver"),
        ("flor i moved to rosario", "i moved to rosario"),
        ("I had to say no, my heart broke, Zoé.", "I had to say no, my heart broke."),
        ("Long day. Kwame, I quit.", "Long day. I quit."),
        # an English noun as a name, right before the speaker's clause
        ("Taylor omg i'm engaged!!!", "i'm engaged!!!"),
        # set off by commas inside or at the end of a sentence
        ("so we're lakeside now, Mamie, come in summer.", "so we're lakeside now, come in summer."),
        ("Andela made me an engineer, Bro Tunji, at last.", "Andela made me an engineer, at last."),
        ("I'm a QA tester, Onii-chan, at Nintendo.", "I'm a QA tester, at Nintendo."),
        ("I'm a sparky in Ballarat, mate.", "I'm a sparky in Ballarat."),
    ],
)
def test_the_one_addressed_is_cut(text: str, left: str) -> None:
    assert unaddressed(text) == left


@pytest.mark.parametrize(
    "text",
    [
        "Deniz, my girlfriend, moved in with me last month.",  # an apposition: the subject
        "Rabat, then Lyon for uni, and now Brussels.",  # a place said first
        "Divorced, two kids, living in Rosario.",  # an English word
        "Coffee, then more coffee, then Club-Mate.",
        "Thanks! Books, movies and films fire up my creativity.",  # the greeting was a sentence
        "I speak Hausa, Igbo.",  # the last item of a list
        "I go birdwatching with my wife, Lerato.",  # a noun's name
        "Myself Meera, doing B.Com at St. Xavier's Kolkata.",  # a title's dot ends nothing
        "Leicester-based, I teach maths.",
        "got my first job at Ikea",
        "Coffee, I can't live without it.",  # a word of a relation's
        "Franco, Ferrari offered me a job.",  # an English noun, no clause of the speaker's
        "Drinks I love: coffee, tea, mate.",  # an item of a list
        "I left Kyoto last year, Mamie and Papa too.",  # the start of a list
        "My other half, Dev, does all the cooking.",  # an apposition to a noun of mine
        "The startup I work for, Zepto, moved me.",  # the object of a stranded "for"
    ],
)
def test_other_openings_and_closings_stay(text: str) -> None:
    assert unaddressed(text) == text


def _facts(text: str) -> set[tuple[str, str, str]]:
    session = Session("s1", datetime(2024, 5, 1, tzinfo=UTC), (Turn("Ana", text, 0),))
    return {(f.relation, f.value, f.kind) for f in OfflineExtractor().extract(session)}


def test_an_addressed_name_is_no_employer_nor_partner() -> None:
    found = _facts("Nate, the Mayo Clinic brought me on as a respiratory therapist.")
    assert ("works at", "Nate", "assert") not in found
    found = _facts("Reem, my husband Faisal got the kids to bed so I could knit.")
    assert ("partner", "Reem", "assert") not in found
    assert ("partner", "Faisal", "assert") in found
