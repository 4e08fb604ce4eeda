"""A place of work told by what it is and what it is called (tem.extract.firms)."""

from __future__ import annotations

import pytest

from test_extract_posts import triples


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("im a barber at a place called fade street lol", "fade street"),
        ("i bartend at a dive called Rosie's, weekends only", "Rosie's"),
        ("i am a welder in a smal firm called ironbrook", "ironbrook"),
        ("A family bakery in Tartu called Leivakoda took me on as a baker.", "Leivakoda"),
        ("I'm a sommelier at a wine bar in Porto called Casa Leva.", "Casa Leva"),
        ("I got a job at a startup called quillwise last month.", "quillwise"),
    ],
)
def test_a_workplace_called_a_name_is_the_employer(text: str, employer: str) -> None:
    found = triples(text)
    assert ("Ana", "works at", employer, "assert") in found
    common = {"place", "dive", "firm", "bakery", "bar", "wine bar", "startup"}
    assert not {t for t in found if t[1] == "works at" and (t[2] or "").casefold() in common}


@pytest.mark.parametrize(
    "text",
    [
        "We adopted a lab called Biscuit last spring.",  # a dog
        "My sister works at a salon called Mane Street.",  # someone else's
        "I might apply to a startup called Quillwise.",  # a plan
        "My daughter's school called right in the middle of my meeting.",  # a phone call
        "I've got a trial shift at a café called Brew Lab on Saturday.",  # not yet a job
    ],
)
def test_a_thing_called_a_name_outside_the_speakers_work_is_no_employer(text: str) -> None:
    found = {t for t in triples(text) if t[0] == "Ana" and t[1] == "works at" and t[3] == "assert"}
    assert not found & {
        ("Ana", "works at", n, "assert")
        for n in ("Biscuit", "Mane Street", "Quillwise", "right", "Brew Lab")
    }
