"""The shared pipeline: a colon, and a dash before a question, end a sentence for the parser;
and a typo one slip from one English word is respelled."""

from __future__ import annotations

import pytest

from tem.extract.nlp import load_pipeline, respelled


def test_a_colon_ends_a_sentence() -> None:
    doc = load_pipeline()("Quick intro since you asked: software tester at Ocado.")
    assert next(iter(doc.sents)).text == "Quick intro since you asked:"


def test_a_colon_inside_a_time_or_at_the_end_splits_nothing() -> None:
    assert len(list(load_pipeline()("We meet at 10:30 every day.").sents)) == 1
    assert len(list(load_pipeline()("Things I love:").sents)) == 1


def test_a_dash_before_a_question_ends_the_statement() -> None:
    text = "I'm a surveyor at Savills and the spreadsheets are killing me — any Excel tips?"
    sentences = [s.text for s in load_pipeline()(text).sents]
    assert sentences[0].endswith("—") and sentences[-1] == "any Excel tips?"


def test_each_item_of_a_numbered_list_is_a_sentence() -> None:
    doc = load_pipeline()("Year-end list: 1. moved to Shenzhen 2. started at Tencent")
    assert [s.text for s in doc.sents][-1] == "2. started at Tencent"
    assert len(list(load_pipeline()("I have 2. Dogs are great").sents)) <= 2  # no list


def test_a_dash_inside_a_statement_splits_nothing() -> None:
    text = "I've been employed by Statoil — sorry, Equinor — since 2011."
    assert len(list(load_pipeline()(text).sents)) == 1


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("sofware", "software"),
        ("anlyst", "analyst"),
        ("phyiscal", "physical"),
        ("cashir", "cashier"),
    ],
)
def test_a_typo_one_slip_from_one_word_is_respelled(typed: str, meant: str) -> None:
    assert respelled(typed, "noun", "adj") == meant


@pytest.mark.parametrize(
    "word",
    ["matcha", "physio", "groomer", "chimarrão", "zobo", "Wipro", "enginer", "nurse"],
)
def test_a_word_that_may_be_meant_stays(word: str) -> None:
    assert respelled(word, "noun", "adj") == word


def test_football_for_so_many_a_side_is_one_word() -> None:
    doc = load_pipeline()("I play five-a-side on Tuesdays and 5-a-side on Fridays.")
    assert {"five-a-side", "5-a-side"} <= {t.text for t in doc}


def test_an_animal_named_in_two_words_is_one_token() -> None:
    doc = load_pipeline()("Our Jack Russell chewed my guinea pigs' cage.")
    assert [t.lemma_ for t in doc if " " in t.text] == ["jack russell", "guinea pig"]


def test_the_items_of_an_introduction_are_sentences_of_their_own() -> None:
    text = "Quick intro: Rosario; paediatric nurse 🩺 Spanish and Italian • mate all day"
    sentences = [s.text.strip() for s in load_pipeline()(text).sents]
    items = ["Rosario;", "paediatric nurse 🩺", "Spanish and Italian •", "mate all day"]
    assert sentences[1:] == items


def test_a_hyphen_or_a_list_without_an_introduction_splits_nothing() -> None:
    doc = load_pipeline()("Intro: full-time nurse at Mount Sinai, part-time student.")
    assert len(list(doc.sents)) == 2  # the heading, then one item list
    doc = load_pipeline()("I live in Leeds; my wife works at Asda 🙂 and we have a cat.")
    assert not doc.user_data.get("intro_items")


def test_someone_elses_introduction_is_not_split_into_the_speakers_items() -> None:
    assert not load_pipeline()("My sister's intro: nurse; Leeds; two cats.").user_data


def test_a_semicolon_before_a_question_ends_the_statement() -> None:
    text = "Living in Cebu and married to Joy; could you help me plan a dinner?"
    sentences = [s.text for s in load_pipeline()(text).sents]
    assert sentences[0].endswith(";") and sentences[-1] == "could you help me plan a dinner?"
    assert len(list(load_pipeline()("I live in Leeds; my sister lives in York.").sents)) == 1
