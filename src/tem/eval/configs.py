"""Evaluation configurations: each turns a question into the evidence a backbone reads.

Every configuration answers one call, ``evidence(question, scope=...)``, with an
:class:`EvidenceText`: the evidence block, its token count, the fact versions behind it
(fact configurations), the dialogue turns behind it (RAG configurations) and, for the
``<Memory>`` configurations, the answer-rule lines that follow the block. ``scope`` is a
persona id (persona benchmark) or a LoCoMo sample id.

The paper's six configurations, and ours:

* **naive-rag**: top-k dialogue chunks by BM25, rank order, no labels;
* **session-rag**: the same chunks labelled with session and date, in date order;
* **full-context**: every session of the scope, dated;
* **overwrite**: only the current value of each retrieved group, no tags;
* **retain-unmarked**: every version in source order, no tags (TEM-Status minus tags);
* **tem-status**: the default ``<Memory>`` block; **tem-outdated / tem-replaced /
  tem-dated**: other tag styles; **tem-no-rules**: without the answer-rule lines;
  **tem-paper**: TEM-Status over ``Memory(rule="source_order")``, the paper's rule;
  **tem-status-k4**: TEM-Status with at most 4 versions (a length/recall trade-off);
* **tem-hybrid**: ``Memory.hybrid(question, budget)``: facts, event summaries and
  original turns admitted by relevance under one token budget (semantic too when the
  memory has an embedder); **tem-hybrid-unmarked**: the same without tags (the paper's
  Table 7 ablation); **tem-hybrid-lexical**: the same memory read without its embedder.

With a ``budget`` (LoCoMo) every configuration is held to it: RAG takes the top chunks
that fit, the ``<Memory>`` block drops whole groups from its end until it fits, and
TEM-Hybrid fills exactly that budget.

A chunk is one exchange: turns ``2i`` and ``2i+1`` of a session (a turn with its
neighbour), so chunks never overlap.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

import snowballstemmer

from tem import Memory, Version
from tem.core.session import Session
from tem.hybrid import HYBRID_RULES
from tem.render import RenderOptions, TagStyle, render_context, render_facts
from tem.tokens import count_tokens


@dataclass(frozen=True)
class EvidenceText:
    """The evidence one configuration gives for one question."""

    text: str
    tokens: int
    facts: tuple[Version, ...] = ()
    rules: str = ""
    """Instruction lines shown after the evidence (not counted in ``tokens``)."""
    turn_ids: tuple[str, ...] = ()
    """Ids (``session#index`` or the input's own turn id) of the turns quoted."""
    fact_block: bool = False
    """The evidence is a ``<Memory>`` block only: the gold is looked for in fact values."""
    events: int = 0
    """Event summaries shown (TEM-Hybrid)."""


class Configuration(Protocol):
    """One way of building evidence; ``tagged`` says whether lines carry a status tag."""

    @property
    def name(self) -> str:
        """The configuration's name in reports and the answer cache."""
        ...

    @property
    def tagged(self) -> bool:
        """Whether fact lines carry status tags (the status metric applies)."""
        ...

    def evidence(self, question: str, *, scope: str) -> EvidenceText:
        """Return the evidence for ``question`` within ``scope``."""
        ...


# --- BM25 over dialogue chunks ---------------------------------------------------------

_WORD = re.compile(r"\w+", re.UNICODE)
_STOP = frozenset(
    """a an the and or of to in on at for is are was were be been do does did what which who
    where when how i you he she they it this that with from by as their them his her my me
    now before after than then there these those so""".split()
)
_stemmer = snowballstemmer.stemmer("porter")


def terms(text: str) -> list[str]:
    """Return the stemmed content words of ``text`` (lowercase, stopwords dropped)."""
    words = [w.casefold() for w in _WORD.findall(text)]
    return [str(_stemmer.stemWord(w)) for w in words if w not in _STOP]


@dataclass(frozen=True)
class Chunk:
    """One exchange of a session: its text lines, date, and where it comes from."""

    scope: str
    session_id: str
    date: str
    index: int
    lines: tuple[str, ...]
    turn_ids: tuple[str, ...]


def chunks_of(session: Session, scope: str) -> list[Chunk]:
    """Return ``session`` cut into exchanges (turns 2i and 2i+1)."""
    turns = session.turns
    found = []
    for start in range(0, len(turns), 2):
        pair = turns[start : start + 2]
        found.append(
            Chunk(
                scope=scope,
                session_id=session.id,
                date=session.observed_at.date().isoformat(),
                index=start,
                lines=tuple(f"{t.speaker}: {' '.join(t.text.split())}" for t in pair),
                turn_ids=tuple(t.turn_id or f"{session.id}#{t.index}" for t in pair),
            )
        )
    return found


class ChunkIndex:
    """A small in-memory BM25 index of chunks, searched one scope at a time."""

    def __init__(self, chunks: Iterable[Chunk], k1: float = 1.2, b: float = 0.75) -> None:
        self.k1, self.b = k1, b
        self._chunks: dict[str, list[Chunk]] = defaultdict(list)
        self._tf: dict[str, list[Counter[str]]] = defaultdict(list)
        for chunk in chunks:
            self._chunks[chunk.scope].append(chunk)
            self._tf[chunk.scope].append(Counter(terms(" ".join(chunk.lines))))
        self._df = {s: Counter(t for tf in tfs for t in tf) for s, tfs in self._tf.items()}

    def search(self, query: str, scope: str, k: int | None = None) -> list[Chunk]:
        """Return the scope's chunks by BM25 score, best first (ties: source order)."""
        tfs = self._tf.get(scope, [])
        if not tfs:
            return []
        n = len(tfs)
        avg = sum(sum(tf.values()) for tf in tfs) / n or 1.0
        df = self._df[scope]
        wanted = terms(query)
        scores = []
        for i, tf in enumerate(tfs):
            length = sum(tf.values())
            score = 0.0
            for term in wanted:
                f = tf.get(term, 0)
                if f:
                    idf = math.log(1 + (n - df[term] + 0.5) / (df[term] + 0.5))
                    norm = f + self.k1 * (1 - self.b + self.b * length / avg)
                    score += idf * f * (self.k1 + 1) / norm
            scores.append((-score, i))
        ranked = [self._chunks[scope][i] for _, i in sorted(scores)]
        return ranked if k is None else ranked[:k]


def _chunk_text(chunk: Chunk, labelled: bool) -> str:
    body = "\n".join(chunk.lines)
    return f"Session {chunk.session_id} ({chunk.date}):\n{body}" if labelled else body


@dataclass
class RagConfig:
    """Naive (``labelled=False``) or session-aware RAG over a :class:`ChunkIndex`.

    Takes the top ``k`` chunks, or with ``budget`` as many top chunks as fit in it.
    """

    name: str
    index: ChunkIndex
    labelled: bool
    k: int = 4
    budget: int | None = None
    tagged: bool = False

    def evidence(self, question: str, *, scope: str) -> EvidenceText:
        ranked = self.index.search(question, scope, None if self.budget else self.k)
        chosen: list[Chunk] = []
        for chunk in ranked:
            trial = chosen + [chunk]
            if self.budget is not None and count_tokens(self._render(trial)) > self.budget:
                break
            chosen = trial
        text = self._render(chosen)
        ids = tuple(i for c in chosen for i in c.turn_ids)
        return EvidenceText(text, count_tokens(text), turn_ids=ids)

    def _render(self, chosen: Sequence[Chunk]) -> str:
        if self.labelled:
            chosen = sorted(chosen, key=lambda c: (c.date, c.session_id, c.index))
        return "\n\n".join(_chunk_text(c, self.labelled) for c in chosen)


@dataclass
class FullContextConfig:
    """Every session of the scope, dated, in date order."""

    sessions: Mapping[str, Sequence[Session]]
    name: str = "full-context"
    tagged: bool = False
    _cache: dict[str, EvidenceText] = field(default_factory=dict)

    def evidence(self, question: str, *, scope: str) -> EvidenceText:
        if scope not in self._cache:
            parts = []
            ids: list[str] = []
            for session in sorted(self.sessions.get(scope, ()), key=lambda s: s.observed_at):
                for chunk in chunks_of(session, scope):
                    ids.extend(chunk.turn_ids)
                lines = [f"{t.speaker}: {' '.join(t.text.split())}" for t in session.turns]
                day = session.observed_at.date().isoformat()
                parts.append(f"Session {session.id} ({day}):\n" + "\n".join(lines))
            text = "\n\n".join(parts)
            self._cache[scope] = EvidenceText(text, count_tokens(text), turn_ids=tuple(ids))
        return self._cache[scope]


@dataclass
class FactConfig:
    """A ``<Memory>`` block from ``memory.recall``: TEM-Status and its ablations.

    ``current_only`` keeps only current versions (Overwrite); ``tag_style="none"``
    drops the tags (Retain-unmarked). The rule lines are those of ``render_context``.
    With ``budget``, whole groups are dropped from the block's end until it fits.
    """

    name: str
    memory: Memory
    options: RenderOptions = field(default_factory=RenderOptions)
    current_only: bool = False
    k: int = 15
    budget: int | None = None

    @property
    def tagged(self) -> bool:
        return self.options.tag_style != "none" and not self.current_only

    def evidence(self, question: str, *, scope: str) -> EvidenceText:
        versions = self.memory.recall(question, self.k, scope=scope).versions
        if self.current_only:
            versions = tuple(v for v in versions if v.is_current)
        if self.budget is not None:
            versions = fit_groups(versions, self.budget, self.options)
        block = render_facts(versions, self.options)
        prompt = render_context(question, versions, self.options)
        rules = prompt[len(block) :].rsplit("\n\nQuestion:", 1)[0].strip()
        return EvidenceText(
            block, count_tokens(block), facts=versions, rules=rules, fact_block=True
        )


def fit_groups(
    versions: Sequence[Version], budget: int, options: RenderOptions
) -> tuple[Version, ...]:
    """Drop whole groups from the end of ``versions`` (render order) until the block fits."""
    groups: list[list[Version]] = []
    for version in versions:
        if groups and groups[-1][0].group == version.group:
            groups[-1].append(version)
        else:
            groups.append([version])
    while groups:
        kept = tuple(v for g in groups for v in g)
        if count_tokens(render_facts(kept, options)) <= budget:
            return kept
        groups.pop()
    return ()


@dataclass
class HybridConfig:
    """TEM-Hybrid: ``Memory.hybrid`` evidence (facts, events, turns) under ``budget`` tokens.

    The rule lines are the library's ``HYBRID_RULES`` (those ``Memory.context(question,
    budget_tokens=N)`` prints), the same with and without tags, as Retain-unmarked keeps
    TEM-Status's.
    """

    name: str
    memory: Memory
    budget: int
    options: RenderOptions = field(default_factory=RenderOptions)
    k: int = 15

    @property
    def tagged(self) -> bool:
        return self.options.tag_style != "none"

    def evidence(self, question: str, *, scope: str) -> EvidenceText:
        found = self.memory.hybrid(
            question, self.budget, k=self.k, scope=scope, options=self.options
        )
        ids = tuple(t.turn_id or f"{t.session_id}#{t.index}" for t in found.turns)
        return EvidenceText(
            found.text,
            found.tokens,
            facts=found.facts,
            rules=HYBRID_RULES,
            turn_ids=ids,
            events=len(found.events),
        )


# --- building the set for a benchmark ----------------------------------------------------

FACT_VARIANTS: dict[str, tuple[TagStyle, bool, bool, int, str]] = {
    # name: (tag style, answer rules, current only, k, memory rule)
    "overwrite": ("none", True, True, 15, "valid_time"),
    "retain-unmarked": ("none", True, False, 15, "valid_time"),
    "tem-status": ("historical", True, False, 15, "valid_time"),
    "tem-outdated": ("outdated", True, False, 15, "valid_time"),
    "tem-replaced": ("replaced", True, False, 15, "valid_time"),
    "tem-dated": ("dated", True, False, 15, "valid_time"),
    "tem-no-rules": ("historical", False, False, 15, "valid_time"),
    "tem-paper": ("historical", True, False, 15, "source_order"),
    "tem-status-k4": ("historical", True, False, 4, "valid_time"),
}
HYBRID_VARIANTS: dict[str, TagStyle] = {
    "tem-hybrid": "historical",
    "tem-hybrid-unmarked": "none",
    "tem-hybrid-lexical": "historical",
}
CHUNK_CONFIGS = ("naive-rag", "session-rag", "full-context")
CONFIG_NAMES = CHUNK_CONFIGS + tuple(FACT_VARIANTS) + tuple(HYBRID_VARIANTS)
LOCOMO_CONFIGS = (
    "naive-rag",
    "session-rag",
    "tem-status",
    "retain-unmarked",
    "tem-hybrid",
    "tem-hybrid-unmarked",
)
PERSONA_HYBRID_BUDGET = 200
"""TEM-Hybrid's budget on the persona benchmark: session-aware RAG's mean evidence
length there (169 tokens for its top 4 exchanges) rounded up."""

MemoryFactory = Callable[[str], Memory]
"""Returns the filled memory for a status rule ("valid_time" or "source_order")."""


def build_configs(
    sessions: Mapping[str, Sequence[Session]],
    memories: MemoryFactory | None,
    names: Sequence[str] | None = None,
    *,
    rag_k: int = 4,
    budget: int | None = None,
    hybrid_budget: int | None = None,
) -> list[Configuration]:
    """Return the named configurations (default: all) over ``sessions`` by scope.

    ``memories`` builds the fact memory for a rule, once per rule; ``None`` (no fact
    source) leaves the fact and hybrid configurations out. ``budget`` holds every
    configuration to that many tokens (RAG: instead of ``rag_k`` chunks);
    ``hybrid_budget`` is TEM-Hybrid's (default: ``budget``, else
    :data:`PERSONA_HYBRID_BUDGET`).
    """
    wanted = list(names or CONFIG_NAMES)
    unknown = [n for n in wanted if n not in CONFIG_NAMES]
    if unknown:
        raise ValueError(f"unknown configuration {unknown[0]!r}; use {', '.join(CONFIG_NAMES)}")
    index = ChunkIndex(c for scope, ss in sessions.items() for s in ss for c in chunks_of(s, scope))
    built: dict[str, Memory] = {}
    configs: list[Configuration] = []
    for name in wanted:
        if name in ("naive-rag", "session-rag"):
            configs.append(RagConfig(name, index, name == "session-rag", rag_k, budget))
        elif name == "full-context":
            configs.append(FullContextConfig(sessions))
        elif memories is None:
            continue
        elif name in HYBRID_VARIANTS:
            if "valid_time" not in built:
                built["valid_time"] = memories("valid_time")
            room = hybrid_budget or budget or PERSONA_HYBRID_BUDGET
            options = RenderOptions(tag_style=HYBRID_VARIANTS[name])
            memory = built["valid_time"]
            if name == "tem-hybrid-lexical":  # the same store, read without an embedder
                memory = memory.lexical()
            configs.append(HybridConfig(name, memory, room, options))
        else:
            style, rules, current_only, k, rule = FACT_VARIANTS[name]
            if rule not in built:
                built[rule] = memories(rule)
            options = RenderOptions(tag_style=style, answer_rules=rules)
            configs.append(FactConfig(name, built[rule], options, current_only, k, budget))
    return configs
