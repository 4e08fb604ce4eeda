"""The cheap text tests that decide which turns the models read (tem.extract.triggers)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tem.core.session import Session, Turn
from tem.extract import OfflineExtractor
from tem.extract.triggers import (
    may_be_shorthand,
    may_state_fact,
    self_headed,
    speaks_of_self,
    spoken,
)


@pytest.mark.parametrize(
    "text",
    ["Tied the knot with Daniel in April!", "so, got a flat in Leith", "Just moved to Austin lol"],
)
def test_a_sentence_opening_with_a_past_verb_may_be_shorthand(text: str) -> None:
    assert may_be_shorthand(text)


@pytest.mark.parametrize(
    "text", ["Thanks, Gina!", "Hiking to the top was awesome", "That sounds great!"]
)
def test_other_openings_are_not_shorthand(text: str) -> None:
    assert not may_be_shorthand(text)


def test_first_person_and_trigger_words() -> None:
    assert speaks_of_self("yeah im in porto now") and not speaks_of_self("Thanks, Gina!")
    assert may_state_fact("We moved to Lisbon.") and not may_state_fact("haha so cool")
    # a spouse said without "my" is a rule's word too, whatever the span model proposes
    assert may_state_fact("Me and the missus are off to Galway.")
    assert may_state_fact("hubby says hi")
    # a last day at a place of work or study (tem.extract.lastdays)
    assert may_state_fact("Finished up at the Met Office on Friday after nine years.")
    assert may_state_fact("last day at zara was yesterday")


@pytest.mark.parametrize(
    "text",
    [
        "Sun Valley Farms sacked me after I hurt my back.",  # employers.py's verbs
        "Acme let me go in May.",
        "Initech took me on in March.",
        "Ways I unwind: woodcarving and chess.",  # headings.py's time off
        "Bouldering is my obsession lately",  # solace.py's refuges
    ],
)
def test_what_only_a_frame_reads_passes_the_gate(text: str) -> None:
    assert may_state_fact(text)


def test_a_bracketed_annotation_is_no_speech() -> None:
    text = "Look at this! [shares a photo: a photography of a man with a dog]"
    blanked = spoken(text)
    assert len(blanked) == len(text) and blanked.rstrip() == "Look at this!"
    assert spoken("I live in Porto.") == "I live in Porto."


def test_a_photo_caption_states_no_fact_of_the_speaker() -> None:
    text = "So stoked about it! [shares a photo: a photography of a man with a dog]"
    session = Session("s1", datetime(2024, 5, 8, tzinfo=UTC), (Turn("Andrew", text, 0),))
    assert OfflineExtractor().extract(session) == []


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("finally moved to austin lol, the tacos", "finally moved to austin, the tacos"),
        ("my 3rd chai lol i cant stop", "my 3rd chai, i cant stop"),
        ("two guinea pigs called Salt and Pepper lol", "two guinea pigs called Salt and Pepper"),
        ("lol my husky Mochi ate a sock", "lol my husky Mochi ate a sock"),  # opening: kept
    ],
)
def test_a_chat_tag_after_a_word_is_cut_or_read_as_a_comma(text: str, said: str) -> None:
    assert spoken(text) == said


@pytest.mark.parametrize(
    "text",
    [
        "Intro: Enugu, software tester, Igbo and Pidgin.",
        "Quick intro 🙌 Tevita, warehouse lead, based in Ōtāhuhu.",
        "Intros! Arash, new ML engineer.",
        "Bio for the conference program: marine ecologist; based in Hilo.",
    ],
)
def test_a_heading_that_introduces_the_speaker_speaks_of_self(text: str) -> None:
    assert self_headed(text) and speaks_of_self(text)


@pytest.mark.parametrize(
    "text", ["Intro to Python is my favourite class", "Profile picture of Tom: him at the beach"]
)
def test_a_word_of_introduction_in_passing_is_no_heading(text: str) -> None:
    assert not self_headed(text)


def test_a_dropped_g_is_put_back_only_where_it_makes_a_word() -> None:
    assert (
        spoken("been livin here 30 yrs, drinkin chai") == "been living here 30 yrs, drinking chai"
    )
    kept = "my cousin from Berlin, the cabin, Robin"
    assert spoken(kept) == kept


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "i quit cofee now its just herbal tea for me",
            "i quit coffee now it's just herbal tea for me",
        ),
        ("its been 2 months", "it's been 2 months"),
        ("the dog wagged its tail", "the dog wagged its tail"),  # a possessive stays
        ("its my thing", "its my thing"),  # "its my": either, so as typed
    ],
)
def test_chat_its_is_it_is_where_no_possessive_can_stand(text: str, said: str) -> None:
    assert spoken(text) == said


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("ok so me n Javi broke up", "ok so me and Javi broke up"),
        ("my gf luana n me r living in floripa", "my gf luana and me are living in floripa"),
        ("bf Alex n i moved in together", "bf Alex and i moved in together"),
        ("we r moving to leeds", "we are moving to leeds"),
        ("i live in soweto n wrk nights", "i live in soweto and wrk nights"),
        ("promoted at Pick n Pay", "promoted at Pick n Pay"),  # a name keeps its "n"
        ("Me n Javi split", "Me and Javi split"),
    ],
)
def test_chats_n_and_r_are_and_and_are(text: str, said: str) -> None:
    assert spoken(text) == said


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("just moved in w my gf Priya", "just moved in with my gf Priya"),
        ("share a tiny room w 2 other girls", "share a tiny room with 2 other girls"),
        ("obsessed w/ matcha lattes", "obsessed with matcha lattes"),
    ],
)
def test_chats_w_before_a_lowercase_word_is_with(text: str, said: str) -> None:
    assert spoken(text) == said


@pytest.mark.parametrize("text", ["Block W is mine", "the letter w", "AT&T w/o fees"])
def test_a_capital_w_or_one_without_a_word_after_stays(text: str) -> None:
    assert spoken(text) == text


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("im a butcher at the spar", "i'm a butcher at the spar"),
        ("Im a nurse in Leeds", "I'm a nurse in Leeds"),
        ("Im Ji-woo said hi", "Im Ji-woo said hi"),  # a family name before a name stays
        ("tell him a joke", "tell him a joke"),
    ],
)
def test_chats_im_is_i_am(text: str, said: str) -> None:
    assert spoken(text) == said
