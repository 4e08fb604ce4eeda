"""Run LoCoMo: evidence under one token budget, gold-evidence recall, F1 and J per category.

Categories by the official code's numbers: 1 multi-hop, 2 temporal, 3 open-domain,
4 single-hop; adversarial 5 is skipped. The ``<Memory>`` and TEM-Hybrid configurations
read facts extracted from the conversations by ``Memory.ingest`` (offline rules, each
conversation in its own scope, its sample id); LoCoMo has no gold facts. Every
configuration, RAG included, is held to the same token budget. With a backbone, each
answer is scored by the official token F1 and, given a :class:`~tem.eval.judge.Judge`,
by the LLM judge (J, the share judged CORRECT).
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, fields, is_dataclass, replace
from pathlib import Path
from typing import cast

from tqdm import tqdm

from tem import Memory
from tem.core.session import Session
from tem.embed import Embedder
from tem.embed.memo import MemoEmbedder
from tem.errors import UserError
from tem.eval.answer import AnswerCache, Backbone, answer_cached, answer_prompt
from tem.eval.configs import CONFIG_NAMES, Configuration, build_configs
from tem.eval.judge import Judge
from tem.eval.metrics import evidence_recall, locomo_f1
from tem.eval.retrievers import BASELINES, SEMANTIC_BASELINES, ConversationIndexes, baselines
from tem.eval.runner import pick_questions
from tem.ingest.locomo import LocomoQuestion, locomo_questions, sessions_from_locomo
from tem.ingest.run import default_extractor

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
DEFAULT_BUDGET = 600
CURVE_BUDGETS = (300, 600, 1000, 2000)
"""Budgets of the recall-per-token table."""
LOCOMO_NAMES = CONFIG_NAMES + tuple(BASELINES)
LOCOMO_CONFIGS = (
    "naive-rag",
    "session-rag",
    *BASELINES,
    "tem-status",
    "tem-hybrid",
    "tem-hybrid-lexical",
)
"""The default set: the chunk RAGs, the turn baselines, TEM-Status, TEM-Hybrid twice."""


@dataclass(frozen=True)
class LocomoRow:
    config: str
    category: int
    tokens: int
    recall: float | None
    f1: float | None = None
    fact_recall: float | None = None
    """Recall counting only the facts shown (their source turns)."""
    facts: int = 0
    events: int = 0
    turns: int = 0
    j: float | None = None
    """1.0 when the LLM judge said CORRECT, 0.0 when WRONG; None when not judged."""


@dataclass
class LocomoResults:
    rows: list[LocomoRow]
    configs: list[str]
    budget: int
    backbone: str | None = None
    notes: list[str] = field(default_factory=list)
    fact_coverage: float | None = None
    """Share of the scored questions' gold dia_ids that some extracted fact came from."""
    judge: str | None = None
    judge_calls: int = 0
    """Calls made to the judge model in this run, retries included (0 on a cached rerun)."""
    judge_unparsed: int = 0
    """Answers whose judgement had no readable label after one retry (counted WRONG)."""
    curve: dict[str, dict[int, dict[int | None, float]]] = field(default_factory=dict)
    """Recall (%) by configuration, budget and category (None: overall); see recall_curve."""


def load(path: str | Path) -> tuple[dict[str, list[Session]], list[LocomoQuestion]]:
    """Return LoCoMo's sessions by sample id and its scored questions (categories 1-4)."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    sessions: dict[str, list[Session]] = defaultdict(list)
    for session in sessions_from_locomo(data, origin=str(path)):
        sessions[session.scope or ""].append(session)
    questions = [q for q in locomo_questions(data) if q.category in CATEGORIES and q.answer]
    return dict(sessions), questions


@dataclass
class LocomoMemories:
    """Memories filled by ``Memory.ingest`` from the conversations, one per status rule."""

    sessions: dict[str, list[Session]]
    progress: bool = False
    embedder: Embedder | None = None
    workers: int | None = 1
    built: dict[str, Memory] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def __call__(self, rule: str) -> Memory:
        if rule not in self.built:
            memory = Memory(
                rule="source_order" if rule == "source_order" else "valid_time",
                embedder=self.embedder,
            )
            every = [s for ss in self.sessions.values() for s in ss]
            started = time.perf_counter()
            with tqdm(total=len(every), disable=not self.progress, desc="ingest") as bar:
                extractor = default_extractor(self.workers)
                report = memory.ingest(every, extractor=extractor, progress=bar.update)
            took = time.perf_counter() - started
            self.notes.append(
                f"Ingested (offline extraction, rule {rule}) in {took:.0f} s: {report.summary()}."
            )
            self.built[rule] = memory
        return self.built[rule]


def fact_coverage(memory: Memory, questions: Sequence[LocomoQuestion]) -> float | None:
    """Share of the questions' gold dia_ids from which at least one fact was extracted."""
    sources: set[tuple[str, str]] = set()
    for observation in memory.observations(every_scope=True):
        turn_id = observation.metadata.get("turn_id")
        if isinstance(turn_id, str):
            sources.add((observation.scope, turn_id))
    gold = [(q.sample_id, g) for q in questions for g in q.evidence]
    return None if not gold else sum(1 for g in gold if g in sources) / len(gold)


def locomo_configs(
    sessions: dict[str, list[Session]],
    names: Sequence[str] | None = None,
    budget: int = DEFAULT_BUDGET,
    *,
    facts: str = "extracted",
    progress: bool = False,
    embedder: Embedder | None = None,
    workers: int | None = 1,
) -> tuple[list[Configuration], LocomoMemories]:
    """Return the configurations, all held to ``budget`` tokens, and their memories.

    ``workers``: processes the offline extractor reads in (None: as many as are worth it).

    ``embedder`` serves the dense baselines and TEM-Hybrid's memory (facts and
    turns); each distinct text is embedded once for all of them. Without one, the
    dense baselines cannot run and TEM-Hybrid is lexical.
    """
    if facts != "extracted":
        raise UserError("LoCoMo has no gold facts: use --facts extracted")
    wanted = list(names or LOCOMO_CONFIGS)
    unknown = [n for n in wanted if n not in LOCOMO_NAMES]
    if unknown:
        raise UserError(f"unknown configuration {unknown[0]!r}; use {', '.join(LOCOMO_NAMES)}")
    if embedder is None and SEMANTIC_BASELINES & set(wanted):
        needs = sorted(SEMANTIC_BASELINES & set(wanted))
        raise UserError(f"{', '.join(needs)} need an embedder (--embedder onnx or torch)")
    memo = None if embedder is None else MemoEmbedder(embedder)
    memories = LocomoMemories(sessions, progress, memo, workers)
    indexes = ConversationIndexes(sessions, memo)
    plain = [n for n in wanted if n not in BASELINES]
    built = {c.name: c for c in build_configs(sessions, memories, plain, budget=budget)}
    built.update(
        {c.name: c for c in baselines([n for n in wanted if n in BASELINES], indexes, budget)}
    )
    return [built[n] for n in wanted if n in built], memories


def run_locomo(
    sessions: dict[str, list[Session]],
    questions: Sequence[LocomoQuestion],
    configs: Sequence[Configuration],
    backbone: Backbone | None = None,
    *,
    budget: int = DEFAULT_BUDGET,
    limit: int | None = None,
    sample: int | None = None,
    seed: int = 0,
    cache: AnswerCache | None = None,
    progress: bool = False,
    judge: Judge | None = None,
) -> LocomoResults:
    """Score gold-evidence recall (and F1, and J with a judge, given a backbone).

    ``judge`` is used only with a backbone: each answer is judged against the gold
    answer, through ``cache`` like the answers.
    """
    chosen = pick_questions(questions, limit, sample, seed)
    name = None if backbone is None else backbone.name
    if backbone is None:
        judge = None
    results = LocomoResults([], [c.name for c in configs], budget, name)
    results.judge = None if judge is None else judge.name
    calls_before = 0 if judge is None else judge.calls
    work = [(c, q) for c in configs for q in chosen]
    for config, q in tqdm(work, disable=not progress, desc="locomo", unit="q"):
        evidence = config.evidence(q.question, scope=q.sample_id)
        recall = evidence_recall(q.evidence, evidence.turn_ids, evidence.facts)
        f1 = j = None
        if backbone is not None and q.answer is not None:
            prompt = answer_prompt(q.question, evidence)
            text, _ = answer_cached(backbone, config.name, prompt, cache)
            f1 = locomo_f1(text, q.answer, q.category)
            if judge is not None:
                verdict = judge.judge(q.question, q.answer, text, cache)
                j = 1.0 if verdict.correct else 0.0
                results.judge_unparsed += not verdict.parsed
        results.rows.append(
            LocomoRow(
                config.name,
                q.category,
                evidence.tokens,
                recall,
                f1,
                fact_recall=evidence_recall(q.evidence, (), evidence.facts),
                facts=len(evidence.facts),
                events=evidence.events,
                turns=len(evidence.turn_ids),
                j=j,
            )
        )
    if judge is not None:
        results.judge_calls = judge.calls - calls_before
    return results


def with_budget(config: Configuration, budget: int) -> Configuration | None:
    """Return ``config`` held to another budget; None for one that takes no budget."""
    if not is_dataclass(config) or "budget" not in {f.name for f in fields(config)}:
        return None
    return cast(Configuration, replace(config, budget=budget))


def recall_curve(
    questions: Sequence[LocomoQuestion],
    configs: Sequence[Configuration],
    budgets: Sequence[int] = CURVE_BUDGETS,
    *,
    progress: bool = False,
) -> dict[str, dict[int, dict[int | None, float]]]:
    """Return mean gold-evidence recall (%) by configuration, budget and category (None: all)."""
    curve: dict[str, dict[int, dict[int | None, float]]] = {}
    work = [(c, b) for c in configs for b in budgets]
    for config, budget in tqdm(work, disable=not progress, desc="recall curve"):
        held = with_budget(config, budget)
        if held is None:
            continue
        by: dict[int | None, list[float]] = defaultdict(list)
        for q in questions:
            evidence = held.evidence(q.question, scope=q.sample_id)
            recall = evidence_recall(q.evidence, evidence.turn_ids, evidence.facts)
            if recall is not None:
                by[None].append(recall)
                by[q.category].append(recall)
        curve.setdefault(config.name, {})[budget] = {
            c: 100.0 * sum(v) / len(v) for c, v in by.items() if v
        }
    return curve
