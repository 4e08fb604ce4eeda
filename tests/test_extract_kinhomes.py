"""A family's home the speaker went back to or moved out of (tem.extract.kinhomes)."""

from __future__ import annotations

import pytest
from tests.test_extract_rules import triples


@pytest.mark.parametrize(
    ("text", "place", "kind"),
    [
        (
            "me and shanice split up so im back at my dads in wolverhampton for now",
            "Wolverhampton",
            "assert",
        ),
        (
            "my boyfreind and i broke up so ive moved back to my moms in campinas",
            "Campinas",
            "assert",
        ),
        ("lol update: moved back in w my parents in bendigo 🙃", "Bendigo", "assert"),
        (
            "I'm divorced now and kipping at my mam's in Limerick till I sort myself out.",
            "Limerick",
            "assert",
        ),
        ("moving out of my parents' in fremont this wknd!! new place in oakland", "Fremont", "end"),
        (
            "Right, I've just moved out of my mum's in Swindon into a houseshare in Bristol",
            "Swindon",
            "end",
        ),
    ],
)
def test_a_familys_home_gone_back_to_or_moved_out_of(text: str, place: str, kind: str) -> None:
    assert ("Maria", "lives in", place, kind) in triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "My sister moved back in with my parents in Leeds.",  # someone else's move
        "Had lunch at my mum's in Leeds.",  # no going back, no moving
        "I'm back at my parents' in Cork for Christmas.",  # a visit
        "I might move back in with my parents in Leeds.",  # a plan
    ],
)
def test_a_familys_home_visited_or_someone_elses_is_not_the_speakers(text: str) -> None:
    assert not {t for t in triples(text) if t[1] == "lives in" and t[2] in ("Leeds", "Cork")}


def test_coming_back_from_family_or_leaving_for_them_is_no_home_of_theirs_held_or_left() -> None:
    back = triples("Knackered after the drive back from my mum's in Inverness.")
    assert not {t for t in back if t[2] == "Inverness"}
    left = triples("The cat and I left Paris for my sister's place in Nantes.")
    assert ("Maria", "lives in", "Nantes", "end") not in left
