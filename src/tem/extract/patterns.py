"""Data tables: which verbs signal which relation, and where the value sits.

A :class:`VerbRule` fires on a verb whose lemma is in ``lemmas`` (with the required
particle, if any); its ``slot`` names the reader in :mod:`tem.extract.readers` that
finds the value. ``also`` lists facts the verb implies by itself ("retired" ->
job title "retired"). Rules are tried in order and every matching rule may fire.
"""

from __future__ import annotations

from dataclasses import dataclass

from tem.extract.facts import Kind
from tem.extract.lexicon import MOVES

Extra = tuple[str, str | None, Kind]


@dataclass(frozen=True, slots=True)
class VerbRule:
    lemmas: frozenset[str]
    relation: str
    slot: str
    preps: tuple[str, ...] = ()
    particle: str | None = None
    kind: Kind = "assert"
    also: tuple[Extra, ...] = ()
    place: bool = False
    """A place rule: trips ("a week in Rome") do not count."""


def rule(lemmas: str, relation: str, slot: str, *preps: str, **options: object) -> VerbRule:
    """Build a rule from a space-separated lemma list (keeps the table short)."""
    return VerbRule(frozenset(lemmas.split()), relation, slot, tuple(preps), **options)  # type: ignore[arg-type]


WORK_PREPS = ("at", "for", "with", "from", "by")

VERB_RULES: tuple[VerbRule, ...] = (
    # where someone lives
    rule(" ".join(sorted(MOVES)), "lives in", "place", "to", "into", "in", place=True),
    rule("live reside settle base", "lives in", "place", "in", "into", "out", place=True),
    rule("buy rent lease sign find get", "lives in", "home", "in", "on", place=True),
    rule("sell flog", "lives in", "home", "in", "on", kind="end", place=True),
    rule("spend", "lives in", "long_stay", "in", place=True),
    rule("commute", "lives in", "place", "from", place=True),  # "I commute in from Croydon"
    rule("come emigrate immigrate", "lives in", "arrival", "to", place=True),
    rule("call", "lives in", "call_home"),
    # "left Porto for Lisbon", "swapped Barclays for Monzo": or "works at", by the values
    rule("leave swap trade ditch exchange", "lives in", "left_for", "for", place=True),
    # work
    rule("work", "works at", "org", *WORK_PREPS),
    rule("join rejoin", "works at", "employer"),
    # the work done for a firm: "I ride for Glovo", "hauling timber for Moelven"
    rule(
        "drive ride rid deliver haul courier pick bartend nanny write freelance",
        "works at",
        "work_for",
        "for",
    ),
    rule("hire employ recruit", "works at", "org", "by", "at", "to"),
    rule("start begin land get accept take", "works at", "job_at", *WORK_PREPS),
    rule("start begin", "works at", "org", "at", "with"),
    rule("work hire start begin promote train", "job title", "title", "as", "to"),
    rule("get land take accept find join", "job title", "title", "as"),
    rule("become", "job title", "occupation"),
    rule("quit leave resign lose", "works at", "org_end", "from", "at", kind="end"),
    rule("fire", "works at", "org_or_none", "from", "at", kind="end"),
    rule("lay", "works at", "org_or_none", "from", "at", particle="off", kind="end"),
    rule(
        "retire",
        "works at",
        "retirement",
        "from",
        kind="end",
        also=(("job title", "retired", "assert"),),
    ),
    # relationships
    rule("marry", "partner", "partner", "to", also=(("relationship status", "married", "assert"),)),
    rule(
        "wed hitch",
        "partner",
        "partner",
        "to",
        also=(("relationship status", "married", "assert"),),
    ),
    rule(
        "engage", "partner", "partner", "to", also=(("relationship status", "engaged", "assert"),)
    ),
    rule("date see court", "partner", "dating"),
    rule(
        "break split",
        "partner",
        "partner_or_none",
        "with",
        particle="up",
        kind="end",
        also=(("relationship status", "single", "assert"),),
    ),
    rule(
        "divorce",
        "partner",
        "partner_or_none",
        "from",
        kind="end",
        also=(("relationship status", "divorced", "assert"),),
    ),
    # tastes and habits
    rule("switch change convert", "favorite drink", "taste", "to", "for"),
    rule("replace swap trade", "favorite drink", "taste", "with", "for"),
    rule("drink", "favorite drink", "drink"),
    rule("love enjoy like adore", "likes", "liked"),
    rule("hate dislike detest", "dislikes", "liked"),
    rule("quit stop", "habit", "habit_end", kind="end"),
    rule("give kick", "habit", "habit_end", particle="up", kind="end"),
    rule("pack chuck jack", "habit", "habit_end", kind="end"),  # "packed in the Guinness"
    # pets, children, possessions
    rule("adopt get rescue have bring foster", "has pet", "pet"),
    rule("have welcome", "has child", "child"),
    rule("buy get", "owns", "vehicle"),
    rule("drive", "drives", "driven"),
    # languages, hobbies, membership, study
    rule("speak", "speaks", "language"),
    rule("learn study", "learning", "language"),
    rule("take pick", "hobby", "hobby", particle="up"),
    rule("get", "hobby", "hobby_into", "into"),
    rule("start begin", "hobby", "gerund"),
    rule("play", "plays", "played"),
    rule("run", "hobby", "raced"),
    rule("go", "hobby", "gone_doing"),
    rule("join rejoin", "member of", "group"),
    rule("study enroll enrol attend start", "studies at", "school", "at", "in"),
    rule("drop", "studies at", "school", "of", kind="end"),  # "dropped out of UCT"
    rule("expel", "studies at", "school", "from", kind="end"),
    rule("do pursue complete", "studies at", "degree", "at", "from", "in"),  # "my MBA from IIM"
    # plans
    rule("plan intend decide", "plan", "plan"),
    rule("go gon", "plan", "going_to"),
)

# Particles that do not change a verb's meaning for these rules ("moved back to Ohio").
NEUTRAL_PARTICLES = frozenset({"back", "over", "away", "out", "down", "in"})
