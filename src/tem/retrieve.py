"""Recall: find the groups a question is about and return them whole, with status.

Ranking mixes three signals, each cheap at a million versions:

* **subject**: subjects whose names appear in the question (a small FTS index over
  subject names); when one matches, its groups are scored in Python;
* **relation**: question words mapped through the relation synonyms ("live" ->
  lives in, city, residence) and stemmed word overlap with the relation name;
* **lexical**: BM25 over subject, relation and value (FTS5, Porter stemming), used
  for the whole scope when no subject is named.

Every hit is then expanded to its whole group, so an old version never arrives
without its status and without the current one. ``k`` counts versions: groups are
taken whole in rank order while they fit in ``k``; a group that does not fit is
skipped; if the best group alone is larger than ``k`` its ``k`` newest versions
are kept (the current ones among them).
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from typing import TYPE_CHECKING

import snowballstemmer

from tem.core.model import GroupKey, Status, Version, normalize_key
from tem.core.relations import relations_for
from tem.render import render_facts, render_order
from tem.replay import read_groups
from tem.store.base import Derive, Store
from tem.tokens import count_tokens

if TYPE_CHECKING:
    from tem.embed.recall import SemanticIndex

STOPWORDS = frozenset(
    """a about above after again against all am an and any are as at be because been before
    being below between both but by can could did do does doing down during each few for from
    further had has have having he her here hers herself him himself his how i if in into is it
    its itself just me more most my myself no nor not now of off on once only or other our ours
    ourselves out over own same she should so some such than that the their theirs them
    themselves then there these they this those through to too under until up very was we were
    what when where which while who whom why will with would you your yours yourself
    yourselves currently today these days ago last previously used tell know""".split()
)
_WORD = re.compile(r"[\w$€£%]+(?:[.,'’][\w]+)*", re.UNICODE)

RELEVANCE = 0.6
"""A named subject's group is kept when it matches at least this share of the best match."""

ReadGroups = Callable[[Sequence[GroupKey]], dict[GroupKey, list[Version]]]
GroupSizes = Callable[[Sequence[GroupKey]], Mapping[GroupKey, int]]

SIZES_BATCH = 2
"""Groups whose sizes select() asks at a time, per version of ``k``: recall ranks
about 4k groups and usually fills k from the first k or so."""


@dataclass(frozen=True)
class Evidence:
    """What recall found: versions in render order, their scores, the token count.

    ``versions`` are ordered as the ``<Memory>`` block shows them (groups by first
    appearance, oldest to newest). ``scores`` maps each version id to the relevance
    of its group. ``tokens`` counts the rendered block (``<Memory>`` to ``</Memory>``)
    with the cl100k_base tokenizer; it is computed on first use (rendering and
    tokenizing cost more than the rest of a recall), unless given as ``_tokens``.
    """

    query: str
    versions: tuple[Version, ...]
    scores: dict[str, float] = field(default_factory=dict)
    _tokens: int | None = field(default=None, repr=False, compare=False)
    at: datetime | None = None
    as_of: datetime | None = None

    @property
    def tokens(self) -> int:
        """The cl100k_base token count of the rendered ``<Memory>`` block."""
        if self._tokens is None:
            # Frozen, but the count is a pure function of ``versions``: cache it.
            object.__setattr__(self, "_tokens", count_tokens(render_facts(self.versions)))
        assert self._tokens is not None
        return self._tokens

    def __len__(self) -> int:
        return len(self.versions)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.versions)

    @property
    def current(self) -> list[Version]:
        """The versions that are current (at ``at``, as believed at ``as_of``)."""
        return [v for v in self.versions if v.status is Status.CURRENT]


def words(text: str) -> list[str]:
    """Return the lowercase words of ``text``; a possessive "'s" is dropped ("Ana's" -> ana)."""
    found = []
    for word in _WORD.findall(text):
        lowered = word.casefold()
        if lowered.endswith(("'s", "’s")):
            lowered = lowered[:-2]
        found.append(lowered)
    return found


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """Return the Porter stem of a lowercase word (Snowball's; C-built when PyStemmer is in).

    Only ever compared with other results of this function: FTS5's own porter
    tokenizer agrees on most words but not all ("psychology", words under 3 letters).
    """
    return str(_stemmer().stemWord(word))


@lru_cache(maxsize=1)
def _stemmer() -> snowballstemmer.stemmer:
    return snowballstemmer.stemmer("porter")


@dataclass
class Query:
    """A parsed question: its content words and their stems, and the relations it asks about."""

    text: str
    content: list[str]
    stems: set[str]
    relations: dict[str, int]
    relation_stems: set[str]

    @classmethod
    def parse(cls, text: str) -> Query:
        all_words = words(text)
        content = [w for w in all_words if w not in STOPWORDS]
        relations = relations_for(all_words)
        relation_stems = {stem(w) for r in relations for w in r.split()}
        return cls(text, content, {stem(w) for w in content}, relations, relation_stems)

    def relation_words(self) -> list[str]:
        """The words of the relations the question asks about (searched in relation names)."""
        found = dict.fromkeys(w for r in self.relations for w in r.split())
        return [w for w in found if w not in STOPWORDS]


def _relation_score(query: Query, relation_key: str) -> float:
    asked = query.relations.get(relation_key)
    if asked:
        return 3.0 * asked
    rel_stems = {stem(w) for w in relation_key.split() if w not in STOPWORDS}
    if not rel_stems:
        return 0.0
    direct = len(rel_stems & query.stems) / len(rel_stems)
    via_synonyms = len(rel_stems & query.relation_stems) / len(rel_stems)
    return 2.0 * direct + 1.0 * via_synonyms


@lru_cache(maxsize=65536)
def _value_stems(value: str) -> frozenset[str]:
    """Return the stems of a value's content words (values repeat across groups)."""
    return frozenset(stem(w) for w in words(value) if w not in STOPWORDS)


def _value_score(query: Query, value: str) -> float:
    value_stems = _value_stems(value)
    if not value_stems:
        return 0.0
    return 1.5 * len(value_stems & query.stems) / len(value_stems)


def _scoring_values(query: Query, values: Sequence[str]) -> set[int]:
    """Return the indexes of the ``values`` that may score (share a stem with the question).

    A value scores only when one of its content words has a stem the question asks
    for, and that word, casefolded, is a substring of the casefolded value. So the
    words are found in one pass over all values (no match can span the newline that
    joins them, so they are exactly those :func:`words` finds value by value), and
    only values containing a hit word are kept; most values are never scored.
    """
    joined = "\n".join(values)
    if joined.isascii():
        # ASCII: casefold is lower, per character, so matching the lowered text finds
        # the same words, already lowercased, at the same offsets.
        lowered = joined.lower()
        found = {w[:-2] if w.endswith("'s") else w for w in set(_WORD.findall(lowered))}
    else:
        lowered, found = "", set(words(joined))
    hits = [w for w in found if w not in STOPWORDS and stem(w) in query.stems]
    if not hits:
        return set()
    if not lowered:
        return {i for i, v in enumerate(values) if any(h in v.casefold() for h in hits)}
    starts, offset = [], 0
    for value in values:
        starts.append(offset)
        offset += len(value) + 1
    keep: set[int] = set()
    for hit in hits:
        at = lowered.find(hit)
        while at >= 0:
            keep.add(bisect_right(starts, at) - 1)
            at = lowered.find(hit, at + 1)
    return keep


def _subject_score(query: Query, subject: str) -> float:
    subject_words = [w for w in words(subject) if w not in STOPWORDS]
    if not subject_words:
        return 0.0
    return sum(1 for w in subject_words if stem(w) in query.stems) / len(subject_words)


def _named_subjects(store: Store, query: Query, scope: str) -> list[tuple[str, float]]:
    """Return the subjects the question names, each with the share of its name it used.

    Only the best-named ones are kept: when "Maria Alvarez" is named in full, the
    other Marias (matched by first name alone) are not what the question is about.
    """
    named = [
        (s, score)
        for s in store.match_subjects(scope, query.content, limit=8)
        if (score := _subject_score(query, s)) >= 0.5
    ]
    best = max((score for _, score in named), default=0.0)
    return [(s, score) for s, score in named if score >= best]


def rank_groups(store: Store, query: Query, scope: str, k: int) -> dict[GroupKey, float]:
    """Score candidate groups; higher is more relevant."""
    scores: dict[GroupKey, float] = {}
    subjects = _named_subjects(store, query, scope)
    relation_scores: dict[str, float] = {}
    specific: dict[GroupKey, float] = {}
    for subject, subject_score in subjects:
        subject_key = normalize_key(subject)
        # A group scores by its best value; rounding is monotonic, so adding the
        # constant part once to the best value score equals the best of the sums.
        # Relations in order of first appearance, each at its best value score (>= 0).
        rows = store.subject_values(scope, subject_key)
        best = dict.fromkeys((relation_key for relation_key, _ in rows), 0.0)
        for index in sorted(_scoring_values(query, [value for _, value in rows])):
            relation_key, value = rows[index]
            value_score = _value_score(query, value)
            if value_score > best[relation_key]:
                best[relation_key] = value_score
        for relation_key, value_score in best.items():
            group = GroupKey(scope, subject_key, relation_key)
            relation = relation_scores.get(relation_key)
            if relation is None:
                relation = relation_scores[relation_key] = _relation_score(query, relation_key)
            specific[group] = max(specific.get(group, 0.0), relation + value_score)
            score = 2.0 * subject_score + relation + value_score
            scores[group] = max(scores.get(group, 0.0), score)
    if specific and max(specific.values()) > 0:
        return _relevant(scores, specific)
    named = {stem(w) for s, _ in subjects for w in words(s)}
    if subjects and not (query.stems - named):
        return scores  # only names: "tell me about Ana" gets her whole file
    # The question asks for something no group of a named subject matches (or names
    # nobody): search the words instead of padding the evidence with unrelated groups.
    scores = {}
    # The asked words first: their posting lists are short. Relation synonyms ("live" ->
    # lives in, city, residence...) match a large share of all rows at scale, so they
    # widen the search only when the words alone find too little.
    limit = max(4 * k, 40)
    asked = [t for t in query.content if stem(t) not in named]
    hits = store.search(scope, asked, limit=limit)
    synonyms = [w for w in query.relation_words() if stem(w) not in named]
    if synonyms and len({h.group for h in hits}) < k:
        hits = store.search(scope, asked, limit=limit, relation_terms=synonyms)
    top = max((h.score for h in hits), default=1.0) or 1.0
    subject_keys = {normalize_key(s) for s, _ in subjects}
    for hit in hits:
        group = hit.group
        score = hit.score / top + _relation_score(query, group.relation_key)
        score += 2.0 if group.subject_key in subject_keys else 0.0
        scores[group] = max(scores.get(group, 0.0), score)
    return scores


def recall_evidence(
    store: Store,
    semantic: SemanticIndex | None,
    query: str,
    k: int,
    scope: str,
    at: datetime | None,
    as_of: datetime | None,
    derive: Derive,
) -> Evidence:
    """Rank the groups of ``scope`` for ``query`` (semantically too, with an index), take
    whole groups while they fit in ``k`` versions, and return them as read at ``at`` /
    ``as_of``: what :meth:`Memory.recall <tem.Memory.recall>` returns."""
    ranked = rank_groups(store, Query.parse(query), scope, k)
    if semantic is not None:
        ranked = semantic.merge(ranked, query, scope, k)
    # Stored group sizes let select() read only the groups it takes (plain reads only:
    # a time-travel read derives other versions than the stored ones).
    plain = at is None and as_of is None
    sizes = store.group_sizes if plain else None
    read = functools.partial(read_groups, store, at=at, as_of=as_of, derive=derive)
    chosen, scores = select(ranked, read, k, sizes)
    # Evidence.tokens renders and counts on first use: context() never asks.
    return Evidence(query, render_order(chosen), scores, None, at, as_of)


def _relevant(
    scores: dict[GroupKey, float], specific: dict[GroupKey, float]
) -> dict[GroupKey, float]:
    """Keep the groups of a named subject that the question is about.

    When some group matches the question's relations or values, groups matching
    much less than the best (under ``RELEVANCE`` of its score) are dropped, so "where
    does Ana work" shows her employer, not her whole file. A question that matches
    no relation or value ("tell me about Ana") keeps every group.
    """
    best = max(specific.values())
    if best <= 0:
        return scores
    return {g: s for g, s in scores.items() if specific.get(g, 0.0) >= RELEVANCE * best}


def select(
    ranked: dict[GroupKey, float],
    read_groups: ReadGroups,
    k: int,
    sizes: GroupSizes | None = None,
) -> tuple[list[Version], dict[str, float]]:
    """Take whole groups in rank order while they fit in ``k`` versions.

    ``sizes`` answers the number of versions ``read_groups`` will return for each
    of some groups (the stored counts, when it reads stored versions): it lets the
    choice be made before reading, and only the chosen groups are read. It is asked
    about the best groups first, a few at a time, until ``k`` versions are chosen.
    If a read disagrees with the sizes (a concurrent write) the choice is made again
    by reading.
    """
    order = sorted(ranked, key=lambda g: (-ranked[g], g.subject_key, g.relation_key))
    if sizes is not None:
        picked, known = _plan(order, sizes, k)
        found = read_groups(picked)
        if all(len(found.get(g, [])) == known.get(g, 0) for g in picked):
            return _take(picked, found, ranked, k)
    chosen: list[Version] = []
    scores: dict[str, float] = {}
    batch = 2 * k
    for start in range(0, len(order), batch):
        groups = order[start : start + batch]
        _fill(groups, read_groups(groups), ranked, k, chosen, scores)
        if len(chosen) >= k:
            break
    return chosen, scores


def _plan(
    order: Sequence[GroupKey], sizes: GroupSizes, k: int
) -> tuple[list[GroupKey], dict[GroupKey, int]]:
    """Return the groups :func:`_fill` would take, judging by ``sizes`` alone, and the
    sizes asked (those of the best groups, :data:`SIZES_BATCH` x ``k`` at a time)."""
    picked: list[GroupKey] = []
    known: dict[GroupKey, int] = {}
    taken = 0
    batch = SIZES_BATCH * k
    for start in range(0, len(order), batch):
        groups = order[start : start + batch]
        known.update(sizes(groups))
        for group in groups:
            size = known.get(group, 0)
            if taken >= k:
                return picked, known
            if not size:
                continue
            if not taken and size > k:
                size = k  # the best group alone is cut to its k newest
            if taken + size > k:
                continue
            picked.append(group)
            taken += size
    return picked, known


def _take(
    picked: list[GroupKey],
    found: dict[GroupKey, list[Version]],
    ranked: dict[GroupKey, float],
    k: int,
) -> tuple[list[Version], dict[str, float]]:
    chosen: list[Version] = []
    scores: dict[str, float] = {}
    _fill(picked, found, ranked, k, chosen, scores)
    return chosen, scores


def _fill(
    groups: Sequence[GroupKey],
    found: dict[GroupKey, list[Version]],
    ranked: dict[GroupKey, float],
    k: int,
    chosen: list[Version],
    scores: dict[str, float],
) -> None:
    """Append each group's versions to ``chosen`` when they fit in ``k``."""
    for group in groups:
        versions = found.get(group, [])
        if not versions or len(chosen) >= k:
            continue
        if not chosen and len(versions) > k:
            versions = _newest(versions, k)
        if len(chosen) + len(versions) > k:
            continue
        chosen.extend(versions)
        scores.update((v.id, ranked[group]) for v in versions)


def _newest(versions: list[Version], k: int) -> list[Version]:
    current = [v for v in versions if v.status is Status.CURRENT]
    rest = [v for v in versions if v.status is not Status.CURRENT]
    keep = max(k - len(current), 0)
    return (rest[-keep:] if keep else []) + current[:k]
