"""The markdown memory file: the seed's "Project memory rules" format, written and read.

An agent keeps it like CLAUDE.md / AGENTS.md: the rules first, then one ``##`` section
per subject and one ``###`` group per relation, each version a bullet, the current one
last and untagged::

    ## Cozy Home Co.

    ### Ad budget
    - $3,000/mo (source: call Feb 12, 2024-02-12) [historical] — replaced by: $4,500/mo as of …
    - $4,500/mo (source: call Oct 3, 2024-09-01, reported 2024-10-03)

    ### Office lease
    - 12 Elm St (source: call Feb 12, 2024-02-12) [ended 2024-06-30] — ended by: call Jun 20

The date after the source is ``valid_from``; ``reported`` (``observed_at``) is written
only where it differs. Fields are escaped (:func:`~tem.io.memfile_format.escape`) so
no value can break a line or forge a tag. The grammar is in ``docs/memory-file.md``.
The file holds the live versions of one scope with the first source of each; JSON
Lines is the lossless format.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TextIO

from tem.core.model import Observation, Status, Version
from tem.core.relations import default_cardinality
from tem.io.memfile_format import MARKS, MEMORY_RULES, RULES_HEADING, escape, when
from tem.io.memfile_parse import Record, parse_memfile
from tem.io.report import ImportReport
from tem.memory import Memory

__all__ = ["MEMORY_RULES", "export_memfile", "import_memfile"]

_MARK_OF = {cardinality: mark for mark, cardinality in MARKS.items()}


def export_memfile(memory: Memory, out: TextIO, *, scope: str | None = None) -> int:
    """Write the memory file of one scope (default: the memory's) to ``out``.

    Subjects and relations come in order of appearance, versions oldest to newest
    with the current ones last. Returns the number of versions written.
    """
    versions = memory.versions(scope=scope)
    ends = {o.id: o for o in memory.observations(scope=scope) if o.kind == "end"}
    by_id = {v.id: v for v in versions}
    out.write(f"# Memory\n\n## {RULES_HEADING}\n")
    out.writelines(f"- {rule}\n" for rule in MEMORY_RULES)
    for subject, groups in _sections(versions):
        out.write(f"\n## {escape(subject)}\n")
        for group in groups:
            out.write(f"\n### {escape(group[0].relation)}{_mark(group[0])}\n")
            out.writelines(_bullet(v, by_id, ends) + "\n" for v in group)
    return len(versions)


def _sections(versions: Sequence[Version]) -> list[tuple[str, list[list[Version]]]]:
    """Return (subject, groups) in order of first appearance; current versions last."""
    groups: dict[tuple[str, str], list[Version]] = {}
    for version in versions:
        key = (version.group.subject_key, version.group.relation_key)
        groups.setdefault(key, []).append(version)
    first_seen = sorted(groups.items(), key=lambda kv: min(_appearance(v) for v in kv[1]))
    sections: dict[str, tuple[str, list[list[Version]]]] = {}
    for (subject_key, _), members in first_seen:
        ordered = [v for v in members if not v.is_current] + [v for v in members if v.is_current]
        sections.setdefault(subject_key, (members[0].subject, []))[1].append(ordered)
    return list(sections.values())


def _appearance(version: Version) -> tuple[datetime, datetime, datetime, str]:
    """Return the order-of-appearance key, the same as the ``<Memory>`` block's."""
    return (version.valid_from, version.observed_at, version.recorded_at, version.id)


def _mark(version: Version) -> str:
    """Return a group heading's cardinality mark, written only where it is not the default."""
    default = default_cardinality(version.group.relation_key)
    return "" if version.cardinality == default else _MARK_OF[version.cardinality]


def _bullet(version: Version, by_id: dict[str, Version], ends: dict[str, Observation]) -> str:
    meta = f"source: {escape(version.source)}, {when(version.valid_from)}"
    if version.observed_at != version.valid_from:
        meta += f", reported {when(version.observed_at)}"
    line = f"- {escape(version.value)} ({meta})"
    if version.status is Status.HISTORICAL:
        line += " [historical]"
        successor = by_id.get(version.superseded_by or "")
        if successor is not None and version.valid_to is not None:
            line += f" — replaced by: {escape(successor.value)} as of {when(version.valid_to)}"
    elif version.status is Status.ENDED and version.valid_to is not None:
        line += f" [ended {when(version.valid_to)}]"
        end = ends.get(version.ended_by or "")
        if end is not None:
            line += f" — ended by: {escape(end.source)}"
    return line


def import_memfile(memory: Memory, text: str) -> ImportReport:
    """Read a memory file into ``memory``'s scope; return what happened.

    The whole file is parsed first (a bad record raises :class:`~tem.errors.UserError`
    naming its line, and nothing is written). Each record becomes a statement, plus an
    end marker for ``[ended]`` ones, all written in one transaction; cardinality marks
    are declared. Importing the same file twice changes nothing. Statuses and end
    dates are re-derived and compared with the file's tags: differences are listed in
    ``mismatches``.
    """
    parsed = parse_memfile(text)
    now = memory.clock.now()
    observations = [o for r in parsed.records for o in r.observations(memory.scope, now)]
    report = ImportReport(observations=len(observations), versions=len(parsed.records))
    for relation, cardinality in parsed.cardinalities.items():
        if memory.cardinality(relation) != cardinality:
            memory.declare(relation, cardinality)
            report.declared += 1
    written = memory.write(observations)
    report.unchanged = written.unchanged
    report.written = len(observations) - written.unchanged
    report.mismatches = _compare(memory, parsed.records)
    return report


def _compare(memory: Memory, records: Sequence[Record]) -> list[str]:
    """Return every difference between the file's records and the derived versions."""
    groups = list(dict.fromkeys(r.group(memory.scope) for r in records))
    derived = {v.id: v for vs in memory.group_versions(groups).values() for v in vs}
    mismatches: list[str] = []
    for record in records:
        version = derived.pop(record.version_id(memory.scope), None)
        if version is None:
            mismatches.append(f"line {record.line}: {record.value!r} merged into another version")
            continue
        problem = record.differs(version)
        if problem:
            mismatches.append(f"line {record.line}: {problem}")
    mismatches.extend(
        f"{v.subject} | {v.relation} | {v.value}: in the store, not in the file"
        for v in derived.values()
    )
    return mismatches
