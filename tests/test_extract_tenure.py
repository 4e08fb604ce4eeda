"""Years spent in a role or at a place of work, said without a verb of work
(``tem.extract.tenure``), through the extractor."""

from __future__ import annotations

import pytest

from test_extract_rules import triples


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Delivered twins at 3am, and eleven years as a midwife hasn't made that any less magic.",
         ("job title", "midwife", "assert")),
        ("Thirty years a fisherman, and the sea still surprises me.",
         ("job title", "fisherman", "assert")),
        ("Thirty years at the post office, widowed since 2019.",
         ("works at", "post office", "assert")),
        ("Twelve years behind the bar at Doyle's and I could pour a Guinness in my sleep.",
         ("works at", "Doyle's", "assert")),
        # after those years, in a sentence that says they ended
        ("After 34 years pouring coffee at the Sunrise Diner, I finally called it a day in May.",
         ("works at", "Sunrise Diner", "end")),
        ("I was made redundant by Lufthansa last spring after 22 years as an aircraft mechanic.",
         ("job title", "aircraft mechanic", "end")),
        ("I was laid off by Coupang on Friday — three years as a warehouse supervisor, gone.",
         ("job title", "warehouse supervisor", "end")),
    ],
)  # fmt: skip
def test_years_name_the_role_or_employer_that_filled_them(
    text: str, fact: tuple[str, str, str]
) -> None:
    assert ("Maria", *fact) in triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "Dad retired from Boeing last week after 35 years as a machinist.",  # his
        "After ten years as a nurse, I still love it.",  # "after" says nothing of now
        "If I spent ten years as a nurse I'd be exhausted.",
        "Ten years at the office and nothing to show for it.",  # no name
    ],
)
def test_years_of_someone_else_or_of_nothing_named_give_no_role(text: str) -> None:
    assert not {t for t in triples(text) if t[0] == "Maria" and t[1] in ("job title", "works at")}


def test_a_length_of_something_else_is_no_tenure() -> None:
    found = triples(
        "Things I left behind: my job at Equinor and a six-year relationship with Kari."
    )
    assert not {t for t in found if t[1] == "works at" and t[2] == "Kari"}
    assert ("Maria", "studies at", "McGill", "assert") in triples(
        "I'm a second-year at McGill and I speak French."
    )


def test_years_with_a_person_are_no_employer() -> None:
    found = triples("Seven years with Matthias and we finally called it quits in the spring.")
    assert not [f for f in found if f[1] == "works at"]
    assert ("Maria", "partner", "Matthias", "end") in found
