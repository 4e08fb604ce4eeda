"""tem.io.memfile: the markdown memory file of the seed's "Project memory rules"."""

from __future__ import annotations

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tem import ManualClock, Memory, UserError
from tem.io import MEMORY_RULES, export_memfile, import_memfile
from tem.io.memfile_format import escape, unescape

Row = tuple[str, str, str, str, object, object, str]


def build(memory: Memory) -> Memory:
    """One-valued history, a many-valued relation, an ended fact and a late report."""

    def add(relation: str, value: str, source: str, when: str, **kw: str) -> None:
        memory.add("Cozy Home Co.", relation, value, source=source, observed_at=when, **kw)

    add("Main sales channel", "Amazon", "call Feb 12", "2024-02-12")
    add("Main sales channel", "Etsy", "call Jun 20", "2024-06-20")
    add("Ad budget", "$3,000/mo", "call Feb 12", "2024-02-12")
    add("Ad budget", "$4,500/mo", "call Oct 3", "2024-10-03", valid_from="2024-09-01")
    add("Ad budget", "$8,000/mo", "call Oct 3", "2024-10-03", valid_from="2024-06-01")  # late
    add("office", "12 Elm St", "call Feb 12", "2024-02-12")
    memory.retract(
        "Cozy Home Co.",
        "office",
        source="call Jun 20",
        observed_at="2024-06-20",
        valid_to="2024-06-01T09:30:00Z",
    )
    memory.add("Ana", "likes", "tea", source="chat 1", observed_at="2024-01-05")
    memory.add("Ana", "likes", "coffee", source="chat 2", observed_at="2024-03-05T08:00:00Z")
    memory.declare("speaks", "one")
    memory.add("Ana", "speaks", "Portuguese", source="chat 1", observed_at="2024-01-05")
    return memory


def rows(memory: Memory) -> set[Row]:
    found = set()
    for subject in ("Cozy Home Co.", "Ana"):
        for v in memory.history(subject):
            found.add(
                (v.subject, v.relation, v.value, v.status.value, v.valid_from, v.valid_to, v.source)
            )
    return found


def dump(memory: Memory) -> str:
    out = io.StringIO()
    export_memfile(memory, out)
    return out.getvalue()


def fresh() -> Memory:
    return Memory(clock=ManualClock())


def test_round_trip_keeps_every_version(memory: Memory) -> None:
    build(memory)
    copy = fresh()
    report = import_memfile(copy, dump(memory))
    assert report.ok, report.mismatches
    assert rows(copy) == rows(memory)
    assert copy.cardinality("speaks") == "one" and report.declared == 1
    assert dump(copy) == dump(memory)


def test_file_starts_with_the_rules_and_keeps_the_current_record_last(memory: Memory) -> None:
    text = dump(build(memory))
    assert text.startswith("# Memory\n\n## Project memory rules\n")
    assert all(f"- {rule}\n" in text for rule in MEMORY_RULES)
    budget = text.split("### Ad budget\n")[1].split("\n\n")[0].splitlines()
    assert budget == [
        "- $3,000/mo (source: call Feb 12, 2024-02-12) [historical] — replaced by: $8,000/mo "
        "as of 2024-06-01",
        "- $8,000/mo (source: call Oct 3, 2024-06-01, reported 2024-10-03) [historical] — "
        "replaced by: $4,500/mo as of 2024-09-01",
        "- $4,500/mo (source: call Oct 3, 2024-09-01, reported 2024-10-03)",
    ]
    assert (
        "- 12 Elm St (source: call Feb 12, 2024-02-12) [ended 2024-06-01T09:30:00Z] — "
        "ended by: call Jun 20\n" in text
    )
    assert "### speaks (one value)\n" in text and "### likes\n" in text


def test_importing_the_same_file_twice_changes_nothing(memory: Memory) -> None:
    text = dump(build(memory))
    copy = fresh()
    import_memfile(copy, text)
    again = import_memfile(copy, text)
    assert again.written == 0 and again.unchanged == again.observations and again.ok


NASTY = [
    "tea (green) [x]",
    "a\nb\r\nc",
    "x (source: y, 2024-01-01) [historical] — replaced by: z as of 2024-01-01",
    "back\\slash \\n not a newline",
    "line\u2028separator",
    "[ended 2024-01-01]",
    "## not a heading",
]


@pytest.mark.parametrize("value", NASTY)
def test_values_cannot_break_the_format(value: str) -> None:
    memory = fresh()
    memory.add(value, value, value, source=value, observed_at="2024-01-01")
    memory.add(
        value, value, "next", source="s, 2024-02-02, reported 2024-03-03", observed_at="2024-02-02"
    )
    text = dump(memory)
    assert len(text.splitlines()) == len(text.split("\n")) - 1
    copy = fresh()
    assert import_memfile(copy, text).ok
    assert [(v.value, v.source, v.status.value) for v in copy.history(value)] == [
        (value, value, "historical"),
        ("next", "s, 2024-02-02, reported 2024-03-03", "current"),
    ]


@given(st.text())
def test_escape_is_reversible_and_one_line(text: str) -> None:
    escaped = escape(text)
    assert unescape(escaped) == text
    assert len(escaped.splitlines()) <= 1


HAND_WRITTEN = """\
# Memory

Some prose an agent wrote; it is ignored.

## Project memory rules
- Do NOT delete decisions and parameters that have changed.

## Acme

### database
- MySQL (source: design review, 2023-03-01) [historical] — replaced by: Postgres as of 2024-01-10
- Postgres (source: ADR 7, 2024-01-10)
"""


def test_a_hand_written_file_imports() -> None:
    memory = fresh()
    report = import_memfile(memory, HAND_WRITTEN)
    assert report.ok and report.versions == 2
    assert [(v.value, v.status.value) for v in memory.history("Acme")] == [
        ("MySQL", "historical"),
        ("Postgres", "current"),
    ]


def test_a_wrong_tag_is_reported_not_trusted() -> None:
    text = HAND_WRITTEN.replace(
        "- Postgres (source: ADR 7, 2024-01-10)",
        "- Postgres (source: ADR 7, 2024-01-10) [historical]",
    )
    report = import_memfile(fresh(), text)
    assert report.mismatches == ["line 12: 'Postgres' is current in the store, historical here"]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("- Postgres", "line 12: expected '- value \\(source"),
        ("- Postgres (source: ADR 7, Jan 10)", "line 12: expected '\\(source: ..., YYYY-MM-DD\\)'"),
        ("- Postgres (source: ADR 7, 2024-01-10) [current]", "line 12: after '\\)' expected"),
        ("- Postgres (source: ADR 7, 2024-02-30)", "line 12: cannot parse the date"),
        ("###  (many values)", "line 12: relation: must not be empty"),
    ],
)
def test_bad_records_name_the_line_and_write_nothing(line: str, message: str) -> None:
    memory = fresh()
    text = HAND_WRITTEN.replace("- Postgres (source: ADR 7, 2024-01-10)", line)
    with pytest.raises(UserError, match=f"^{message}"):
        import_memfile(memory, text)
    assert memory.store.count()["observations"] == 0


def test_records_need_headings() -> None:
    with pytest.raises(UserError, match="^line 1: a record before any '## subject' heading"):
        import_memfile(fresh(), "- x (source: s, 2024-01-01)\n")
    with pytest.raises(UserError, match="^line 2: a record outside a '### relation' heading"):
        import_memfile(fresh(), "## Ana\n- x (source: s, 2024-01-01)\n")


def test_conflicting_cardinality_marks_are_rejected() -> None:
    text = "## A\n### likes (one value)\n## B\n### likes (many values)\n"
    with pytest.raises(UserError, match="^line 4: 'likes' is marked many here, one on line 2"):
        import_memfile(fresh(), text)
