"""What a possessive takes as given (``tem.extract.presupposed``), through the extractor:
it holds through a hedge, a negation or a question, not under a verb of wanting."""

from __future__ import annotations

import pytest

from test_extract_rules import triples


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        # a hedge, a negation or a question about something else
        ("I almost missed my shift at Walmart.", ("works at", "Walmart", "assert")),
        ("I nearly burned down my flat in Leeds.", ("lives in", "Leeds", "assert")),
        ("Do you think my dog Rex is cute?", ("has pet", "Rex", "assert")),
        (
            "Is it normal that my boss at Deloitte texts me at midnight?",
            ("works at", "Deloitte", "assert"),
        ),
        ("Anyone know a good vet near my place in Zamalek?", ("lives in", "Zamalek", "assert")),
        # the parser hangs the place on the verb, not on the home
        ("Took a taxi back to my place in Zamalek.", ("lives in", "Zamalek", "assert")),
        (
            "Rant: the bus from my flat in Marrakech's medina was late again.",
            ("lives in", "Marrakech", "assert"),
        ),
        # the place a home is named by, before it; not a firm's ("my Airbnb apartment")
        ("Things in my tiny Daegu studio: a hamster.", ("lives in", "Daegu", "assert")),
        # getting done is having; to be got is not
        ("I finally got my own place in Leeds.", ("lives in", "Leeds", "assert")),
        (
            "I've got my pottery class tonight and then my shift at Tesco.",
            ("works at", "Tesco", "assert"),
        ),
        ("I need to get to my shift at Walmart.", ("works at", "Walmart", "assert")),
        ("i need it for my shift at walgreens", ("works at", "Walgreens", "assert")),
        # chat: a tag the parser made the head, a name typed in lowercase, a time after it
        (
            "grinding ranked valorant till 3am, my shift at gamestop tmrw is gonna kill me",
            ("works at", "Gamestop", "assert"),
        ),
        # a home missed is a home left
        ("I miss my flat in Leeds.", ("lives in", "Leeds", "end")),
    ],
)
def test_a_possessive_holds_whatever_its_clause_says(text: str, fact: tuple[str, str, str]) -> None:
    assert ("Maria", *fact) in triples(text)


@pytest.mark.parametrize(
    ("text", "relation"),
    [
        ("I want my own flat in Paris.", "lives in"),
        ("I can't wait to get my own place in Lisbon.", "lives in"),
        ("I'm saving up for my own flat in Leeds.", "lives in"),
        ("Should I get my own flat in Leeds?", "lives in"),
        ("I got an interview for my dream job at Google.", "works at"),
        ("i was late for my shift at work again", "works at"),
        ("After my shift at the hospital I went home.", "works at"),
        ("My Airbnb apartment was awful.", "lives in"),
    ],
)
def test_a_possessive_wanted_or_common_gives_nothing(text: str, relation: str) -> None:
    assert not {t for t in triples(text) if t[1] == relation}
