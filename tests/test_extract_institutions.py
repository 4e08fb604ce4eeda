"""School or employer: the words of the name's own clauses decide (tem.extract.institutions)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tem.core.session import Session, Turn
from tem.extract import OfflineExtractor

EXTRACTOR = OfflineExtractor()


def facts(text: str) -> set[tuple[str, str | None, str]]:
    session = Session("s1", datetime(2025, 3, 1, tzinfo=UTC), (Turn("Ana", text, 0),))
    return {(f.relation, f.value, f.kind) for f in EXTRACTOR.extract(session)}


@pytest.mark.parametrize(
    ("text", "fact", "not_fact"),
    [
        # the study is the other place's, in a clause of its own
        ("Left the Army last year, now a security guard at Westfield mall and studying"
         " criminology at Georgia State.",
         ("works at", "Army", "end"), ("studies at", "Army", "end")),
        ("I play the guitar at church, drive for Uber on weekdays and I'm doing my accounting"
         " diploma at Ashesi.",
         ("works at", "Uber", "assert"), ("studies at", "Uber", "assert")),
        # the speaker's clause joined to one of another place's
        ("I dropped out of the University of Porto to go to sea, and now I'm second mate with"
         " CMA CGM.",
         ("works at", "CMA CGM", "assert"), ("studies at", "CMA CGM", "assert")),
        # the school is the kids', in a clause of theirs
        ("I was let go from HSBC after the restructure, so I'm retraining while the kids are"
         " at school.",
         ("works at", "HSBC", "end"), ("studies at", "HSBC", "end")),
        # a clause of something, not someone, is still the speaker's
        ("Fancy a cuppa? I'm stuck in the library at King's till the essay's done.",
         ("studies at", "King's", "assert"), ("works at", "King's", "assert")),
    ],
)  # fmt: skip
def test_the_words_of_a_clause_apart_are_its_own(
    text: str, fact: tuple[str, str, str], not_fact: tuple[str, str, str]
) -> None:
    found = facts(text)
    assert fact in found
    assert not_fact not in found


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        # a role held "as" is work, whatever word of study it ends in
        ("Indian Railways took me on as a station master back in 2011.",
         ("works at", "Indian Railways", "assert")),
        # a study the job came after is no word of the place's
        ("Bain took me on straight after graduation, I still can't quite believe it.",
         ("works at", "Bain", "assert")),
        ("Chester Zoo took me on as an elephant keeper straight out of college.",
         ("works at", "Chester Zoo", "assert")),
        # a student taken on is enrolled, and a student nurse is a student
        ("ETH Zurich took me on as a doctoral student.", ("studies at", "ETH Zurich", "assert")),
        ("I've packed in my job at Boots and just started as a student nurse at the University"
         " of Nottingham.", ("studies at", "University of Nottingham", "assert")),
        # out of a study with no time said, and a class every day, are study still
        ("Oxford kicked me out of the DPhil for missing the transfer deadline.",
         ("studies at", "Oxford", "end")),
        ("yo i'm at UH Mānoa now, surf before class every morning",
         ("studies at", "UH Mānoa", "assert")),
        # a word of work in its inflected form
        ("The Ministry of Education posted me to a school in Cusco.",
         ("works at", "Ministry of Education", "assert")),
    ],
)  # fmt: skip
def test_a_role_held_is_work_and_a_study_gone_by_says_nothing(
    text: str, fact: tuple[str, str, str]
) -> None:
    found = facts(text)
    assert fact in found
    other = "studies at" if fact[0] == "works at" else "works at"
    assert (other, fact[1], fact[2]) not in found
