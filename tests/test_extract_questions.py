"""Where a question begins (tem.extract.questions): what comes before it is told."""

from __future__ import annotations

import pytest

from tem.extract.nlp import load_pipeline
from tem.extract.questions import is_question, question_start


def _asked_part(text: str) -> str:
    sentence = next(iter(load_pipeline()(text).sents))
    return str(sentence.doc[question_start(sentence) : sentence.end].text)


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("Has anyone moved to Melbourne?", "Has anyone moved to Melbourne?"),
        ("I speak Hokkien but can barely read, are there any apps?", "are there any apps?"),
        ("laid off today 🙃 anyone know a good recruiter?", "anyone know a good recruiter?"),
    ],
)
def test_the_question_begins_where_the_asking_does(text: str, asked: str) -> None:
    assert _asked_part(text) == asked


def test_a_sentence_is_a_question_by_its_mark_before_closing_quotes() -> None:
    doc = load_pipeline()('She said "is it Lisbon?"')
    assert is_question(next(iter(doc.sents)))
    assert not is_question(next(iter(load_pipeline()("I live in Lisbon.").sents)))


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("i do crossfit now??", False),  # chat's doubled mark on the speaker's own statement
        ("I moved to Berlin??", False),
        ("do I live in Berlin??", True),  # an auxiliary before its subject asks
        ("you moved to Berlin??", True),  # of another: an echo question
        ("I moved to Berlin?", True),  # one mark: a question of its own
    ],
)
def test_a_doubled_mark_on_the_speakers_statement_asks_nothing(text: str, asked: bool) -> None:
    sentence = next(iter(load_pipeline()(text).sents))
    assert (question_start(sentence) < sentence.end) == asked
