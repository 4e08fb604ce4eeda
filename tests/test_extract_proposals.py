"""A proposal accepted: engaged, to the other one; only with the speaker in it."""

from __future__ import annotations

import pytest

from tem.extract.nlp import load_pipeline
from tem.extract.proposals import proposal_candidates

ENGAGED = ("relationship status", "engaged")


def _facts(text: str) -> set[tuple[str, str | None]]:
    sentence = next(iter(load_pipeline()(text).sents))
    return {(c.relation, c.value) for c in proposal_candidates(sentence, "Ana")}


@pytest.mark.parametrize(
    ("text", "partner"),
    [
        ("Kofi proposed last night and I said yes!!", "Kofi"),
        ("I was proposed to by Kwame on the beach, and of course I said yes!", "Kwame"),
        ("Popped the question last night and Beatriz said yes!!", "Beatriz"),
        ("Youssef asked me to marry him on Saturday and I said yes!", "Youssef"),
        ("Kojo got down on one knee on Saturday and I said yes.", "Kojo"),
        ("Navid finally put a ring on it!", "Navid"),  # accepted by its words
        ("I was proposed to by my boyfriend Keoni last night and I said yes!", "Keoni"),
        # asked of the speaker, in the speaker's own news: it stands unless declined
        (
            "Jack popped the question on top of Arthur's Seat, the same day my results landed.",
            "Jack",
        ),
        ("I was proposed to by Alex on our holiday in Crete!", "Alex"),
    ],
)
def test_an_accepted_proposal_is_an_engagement(text: str, partner: str) -> None:
    assert _facts(text) == {("partner", partner), ENGAGED}


@pytest.mark.parametrize(
    "text",
    [
        "My sister's boyfriend proposed to her and she said yes.",  # not the speaker
        "If Kofi proposes I'll say yes.",
        "Kofi proposed and I said no.",
        "Tom proposed to Ana at the party.",  # another asked
        "Did Jack propose last night?",
        "He still hasn't popped the question.",
        "My manager proposed a new plan and I said yes.",  # no marriage
        "Did Kofi propose yet?",
    ],
)
def test_no_accepted_proposal_of_the_speaker_gives_nothing(text: str) -> None:
    assert _facts(text) == set()


def test_chats_opener_is_no_part_of_the_name() -> None:
    assert _facts("soooo Yusuf proposed last night 💍 we're engaged!!!") == {
        ("partner", "Yusuf"),
        ENGAGED,
    }
