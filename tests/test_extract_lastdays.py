"""A place of work or study the speaker was last at ends: "finished up at", "walked out
of", "my last day at"."""

from __future__ import annotations

import pytest

from tem.extract.lastdays import last_days
from tem.extract.nlp import load_pipeline


def _facts(text: str) -> set[tuple[str, str | None, str]]:
    found: set[tuple[str, str | None, str]] = set()
    for sentence in load_pipeline()(text).sents:
        found |= {(c.relation, c.value, c.kind) for c in last_days(sentence, "Ana")}
    return found


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("I finished up at Sainsbury's last month after six years as a cashier.",
         ("works at", "Sainsbury's", "end")),  # the name the parser hung on "month"
        ("Finished up at the Met Office on Friday after nine years, feels very odd.",
         ("works at", "Met Office", "end")),
        # a school by its name, whatever occupation the sentence also tells
        ("Finished at Cairo University in June, started as a junior vet at a clinic.",
         ("studies at", "Cairo University", "end")),
        ("Hung up my chef's whites for good and walked out of Dishoom on Friday.",
         ("works at", "Dishoom", "end")),
        ("walked out of the lab at novartis for the last time friday. freedom",
         ("works at", "novartis", "end")),
        ("last day at zara was yesterday finaly free", ("works at", "zara", "end")),
        # with no word of work or study, a workplace walked out of; the sentence's words
        ("I finished at Sainsbury's head office after six years as a category manager.",
         ("works at", "Sainsbury's", "end")),
        ("officially unemployed, walked out of Starbucks today", ("works at", "Starbucks", "end")),
    ],
)  # fmt: skip
def test_a_place_last_worked_or_studied_at_ends(text: str, fact: tuple[str, str, str]) -> None:
    assert _facts(text) == {fact}


@pytest.mark.parametrize(
    "text",
    [
        "My last day at Ikea is Friday.",  # still ahead
        "My sister finished at Monash in June.",  # someone else
        "I finished work at six and went to the gym.",  # a time, something finished
        "I finished my master's at UCL in 2019.",  # a degree done: the farewells' to read
        "I didn't finish at Oxford.",
        "We walked out of the meeting at Google.",  # a meeting, not a workplace
        "I finished at 5 today.",
        "Her last day at Tesco was Friday.",
        "Finished up at Leeds station after a long walk.",  # a place the list knows
        "Kaiser hired me as a scribe while I finish pre-med at UCLA.",  # still at it
        "Congrats on finishing at Makerere, engineer!",
        "I've just finished up at Deloitte after eight years.",  # a school or a job?
    ],
)
def test_no_last_day_of_the_speakers_is_told(text: str) -> None:
    assert _facts(text) == set()
