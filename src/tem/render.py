"""Render versions as the ``<Memory>`` block the model reads, and the full prompt around it.

The block follows the TEM template word for word: one section per subject, groups
(subject + relation) in order of appearance, versions oldest to newest with the current
one last and untagged, every other version tagged. The tag is the whole point: the
paper's ablation shows the same facts in the same order answer "what was it before?"
far better with ``[historical]`` than without it.

Every stored field passes through :func:`escape_field` first, so no subject, relation,
value or source can add a line, close the block or forge a tag, whatever it contains.

Line format (``|`` separates fields)::

    - {relation} | {value} | source: {source}{date}{since}{tag}

``{date}`` is ``, YYYY-MM-DD`` (the source's ``observed_at``) with ``dates=True``;
``{since}`` is `` | effective since: YYYY-MM-DD`` (``valid_from``) with
``tag_style="dated"``; ``{tag}`` is a space and the tag on non-current versions, e.g.
``- Ad budget | $4,500/mo | source: call Oct 3, 2024-10-03 | effective since: 2024-09-01``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Literal, get_args

from tem.core.model import GroupKey, Status, Version, normalize_key
from tem.core.times import short_date
from tem.errors import UserError

__all__ = [
    "DEFAULT_OPTIONS",
    "EMPTY_BLOCK",
    "RenderOptions",
    "TagStyle",
    "escape_field",
    "render_context",
    "render_facts",
]

TagStyle = Literal["historical", "outdated", "replaced", "dated", "none"]

_HISTORICAL_LEGEND = "Tag [historical] = value was replaced by a later one."
_LEGENDS: dict[TagStyle, str] = {
    "historical": _HISTORICAL_LEGEND,
    "outdated": "Tag [outdated] = value was replaced by a later one.",
    "replaced": "Tag [replaced by … as of …] = value was replaced by a later one.",
    "dated": _HISTORICAL_LEGEND,
}
_ENDED_LEGEND = "Tag [ended] = stopped being true, with no replacement."
_CURRENT_LEGEND = "No tag = current value."
# The tag named by the last answer rule; "none" keeps the default wording so the
# no-tag ablation differs from the default prompt in the tags alone.
_RULE_TAG: dict[TagStyle, str] = {
    "historical": "[historical]",
    "outdated": "[outdated]",
    "replaced": "[replaced by …]",
    "dated": "[historical]",
    "none": "[historical]",
}
EMPTY_BLOCK = "<Memory>\nNo stored facts match.\n</Memory>"

# Characters that carry structure in the block, mapped to inert look-alikes.
_INERT = str.maketrans({"<": "‹", ">": "›", "[": "(", "]": ")", "|": "¦"})


@dataclass(frozen=True)
class RenderOptions:
    """How the ``<Memory>`` block looks; the defaults reproduce the TEM template exactly."""

    tag_style: TagStyle = "historical"
    dates: bool = False
    """Show each source's date after it: ``source: call Feb 12, 2024-02-12``."""
    answer_rules: bool = True
    """Put the four answer-rule lines between the block and the question."""
    max_facts: int | None = None
    """At most this many fact lines; whole groups are dropped from the end."""

    def __post_init__(self) -> None:
        if self.tag_style not in get_args(TagStyle):
            choices = ", ".join(get_args(TagStyle))
            raise UserError(f"tag_style: unknown style {self.tag_style!r}; use one of {choices}")
        if self.max_facts is not None and self.max_facts < 1:
            raise UserError(f"max_facts: must be at least 1, got {self.max_facts}")


DEFAULT_OPTIONS = RenderOptions()


def escape_field(text: str) -> str:
    """Return ``text`` as an inert one-line fragment of the block.

    Whitespace runs, including every Unicode line break, collapse to one space; ``< >``
    become ``‹ ›``, ``[ ]`` become ``( )`` and ``|`` becomes ``¦``, so a stored field
    can neither start a line, close ``<Memory>``, forge a tag nor add a column.
    """
    return " ".join(text.split()).translate(_INERT)


@dataclass
class _Section:
    """One subject's groups, each already in render order."""

    subject: str
    groups: list[list[Version]]


def _order_key(version: Version) -> tuple[datetime, datetime, datetime, str]:
    """Return the "order of appearance" key: event time, then source, then store time."""
    return (version.valid_from, version.observed_at, version.recorded_at, version.id)


def _arrange(versions: Sequence[Version]) -> list[_Section]:
    """Return the versions as sections of groups, everything in render order.

    Walking versions in key order makes dict insertion order the order of first
    appearance, for groups and sections alike.
    """
    groups: dict[GroupKey, list[Version]] = {}
    for version in sorted(versions, key=_order_key):
        groups.setdefault(version.group, []).append(version)
    sections: dict[str, _Section] = {}
    for members in groups.values():
        ordered = [v for v in members if not v.is_current] + [v for v in members if v.is_current]
        subject = members[0].subject
        sections.setdefault(normalize_key(subject), _Section(subject, [])).groups.append(ordered)
    return list(sections.values())


def render_order(versions: Sequence[Version]) -> tuple[Version, ...]:
    """Return ``versions`` in the order the ``<Memory>`` block lists them."""
    return tuple(v for section in _arrange(versions) for group in section.groups for v in group)


def _limit(sections: list[_Section], max_facts: int | None) -> list[_Section]:
    """Return ``sections`` cut to ``max_facts`` lines by dropping trailing whole groups.

    Only when the first group alone is too long is a group split: it keeps its newest
    versions, which end with the current one.
    """
    if max_facts is None:
        return sections
    kept: list[_Section] = []
    room = max_facts
    for section in sections:
        groups: list[list[Version]] = []
        for group in section.groups:
            if len(group) > room:
                if room == max_facts:
                    groups.append(group[-room:])
                room = 0
                break
            groups.append(group)
            room -= len(group)
        if groups:
            kept.append(_Section(section.subject, groups))
        if room == 0:
            break
    return kept


def _tag(version: Version, style: TagStyle, by_id: dict[str, Version]) -> str:
    """Return the status tag of one line, or ``""`` for an untagged one."""
    if style == "none" or version.status is Status.CURRENT:
        return ""
    if version.status is Status.ENDED:
        return "[ended]"
    if style == "outdated":
        return "[outdated]"
    if style == "replaced":
        successor = by_id.get(version.superseded_by or "")
        if successor is not None:
            value = escape_field(successor.value)
            return f"[replaced by {value} as of {short_date(successor.valid_from)}]"
        if version.valid_to is not None:
            return f"[replaced as of {short_date(version.valid_to)}]"
    return "[historical]"


def _fact_line(version: Version, tag: str, options: RenderOptions) -> str:
    """Return one ``- relation | value | source: ...`` line."""
    source = escape_field(version.source)
    if options.dates:
        source = f"{source}, {short_date(version.observed_at)}"
    parts = [escape_field(version.relation), escape_field(version.value), f"source: {source}"]
    if options.tag_style == "dated":
        parts.append(f"effective since: {short_date(version.valid_from)}")
    line = "- " + " | ".join(parts)
    return f"{line} {tag}" if tag else line


def _legend(style: TagStyle, has_ended: bool) -> list[str]:
    """Return the legend lines of the first section."""
    if style == "none":
        return []
    lines = [_LEGENDS[style]]
    if has_ended:
        lines.append(_ENDED_LEGEND)
    lines.append(_CURRENT_LEGEND)
    return lines


def render_facts(versions: Sequence[Version], options: RenderOptions = DEFAULT_OPTIONS) -> str:
    """Return the ``<Memory>`` block, from ``<Memory>`` to ``</Memory>`` inclusive.

    Input order does not matter: the block's order is computed here. Versions with
    the same id are shown once. ``replaced`` tags look up successors among ``versions``.
    """
    by_id = {version.id: version for version in versions}
    sections = _limit(_arrange(list(by_id.values())), options.max_facts)
    if not sections:
        return EMPTY_BLOCK
    shown = [version for section in sections for group in section.groups for version in group]
    has_ended = any(version.status is Status.ENDED for version in shown)
    lines = ["<Memory>"]
    for index, section in enumerate(sections):
        if index:
            lines.append("")
        subject = escape_field(section.subject)
        lines.append(f"Facts about {subject}, in order of appearance (oldest to newest).")
        if index == 0:
            lines.extend(_legend(options.tag_style, has_ended))
        lines.append("")
        for group in section.groups:
            for version in group:
                tag = _tag(version, options.tag_style, by_id)
                lines.append(_fact_line(version, tag, options))
    lines.append("</Memory>")
    return "\n".join(lines)


def _answer_rules(style: TagStyle) -> list[str]:
    """Return the four answer-rule lines (an add-on to the paper, which had none)."""
    return [
        "Answer only from <Memory>.",
        "If the question is about “now,” use the untagged values.",
        "If the question is about the past, pick the version that was in effect at that moment.",
        f"Never present {_RULE_TAG[style]} as current.",
    ]


def render_context(
    question: str, versions: Sequence[Version], options: RenderOptions = DEFAULT_OPTIONS
) -> str:
    """Return the whole prompt: the block, the answer rules if on, then the question.

    Parts are separated by one blank line; the question is kept on one line.
    """
    parts = [render_facts(versions, options)]
    if options.answer_rules:
        parts.append("\n".join(_answer_rules(options.tag_style)))
    parts.append(f"Question: {' '.join(question.split())}")
    return "\n\n".join(parts)
