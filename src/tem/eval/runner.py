"""Run the persona benchmark: build the configurations, gather evidence, score, answer.

Fact sources for the ``<Memory>`` configurations:

* ``"oracle"``: the benchmark's gold facts, one scope per persona, each added as
  ``Fact(subject, relation, value, source=session id, observed_at=session date,
  valid_from=gold valid_from)``; what TEM shows when extraction is perfect. The
  sessions themselves are ingested with an extractor that finds nothing
  (:class:`NoFacts`), so TEM-Hybrid has the turns and event summaries to quote;
* ``"extracted"``: a memory filled by ``Memory.ingest(sessions)`` with the offline
  extractor (spaCy and rules), each session put in its persona's scope.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal, TypeVar

from tqdm import tqdm

from tem import Fact, Memory, Version
from tem.core.session import Session
from tem.errors import UserError
from tem.eval.answer import AnswerCache, Backbone, answer_cached, answer_prompt
from tem.eval.configs import PERSONA_HYBRID_BUDGET, Configuration, MemoryFactory, build_configs
from tem.eval.metrics import contains_entity, gold_present, key_entity_hit, right_status
from tem.eval.persona import PersonaBenchmark, Question
from tem.extract.facts import ExtractedFact

Q = TypeVar("Q")
FactSource = Literal["oracle", "extracted"]
FACT_SOURCES: tuple[FactSource, ...] = ("oracle", "extracted")


def persona_sessions(bench: PersonaBenchmark) -> dict[str, list[Session]]:
    """Return the sessions by persona id, in date order."""
    found: dict[str, list[Session]] = defaultdict(list)
    for session in bench.sessions:
        found[str(session.metadata["persona_id"])].append(session)
    return {pid: sorted(ss, key=lambda s: s.observed_at) for pid, ss in found.items()}


class NoFacts:
    """An extractor that finds nothing: ingestion then stores only turns and summaries."""

    calls = 0

    def extract(
        self,
        session: Session,
        *,
        speaker_names: Mapping[str, str] | None = None,
        current: Sequence[Version] = (),
    ) -> list[ExtractedFact]:
        return []


def _memory(rule: str) -> Memory:
    return Memory(rule="source_order" if rule == "source_order" else "valid_time")


def scoped(bench: PersonaBenchmark) -> list[Session]:
    """Return the benchmark's sessions, each in its persona's scope."""
    return [replace(s, scope=str(s.metadata["persona_id"])) for s in bench.sessions]


def oracle_memory(bench: PersonaBenchmark, rule: str) -> Memory:
    """Return an in-memory :class:`Memory` holding the gold facts, one scope per persona.

    The sessions are ingested first without extraction (turns and summaries only).
    """
    sessions = {s.id: s for s in bench.sessions}
    memory = _memory(rule)
    memory.ingest(scoped(bench), extractor=NoFacts())
    memory.add_many(
        Fact(
            f.subject,
            f.relation,
            f.value,
            source=f.session_id,
            observed_at=sessions[f.session_id].observed_at,
            valid_from=f.valid_from,
            scope=str(sessions[f.session_id].metadata["persona_id"]),
        )
        for f in bench.gold_facts
    )
    return memory


def extracted_memory(bench: PersonaBenchmark, rule: str) -> Memory:
    """Return a memory filled by ``Memory.ingest`` (offline extraction) from the sessions."""
    memory = _memory(rule)
    memory.ingest(scoped(bench))
    return memory


def fact_source(bench: PersonaBenchmark, facts: FactSource) -> MemoryFactory:
    """Return the memory factory for ``facts`` ("oracle" or "extracted")."""
    if facts not in FACT_SOURCES:
        raise UserError(f"facts: expected oracle or extracted, got {facts!r}")
    if facts == "oracle":
        return lambda rule: oracle_memory(bench, rule)
    return lambda rule: extracted_memory(bench, rule)


def persona_configs(
    bench: PersonaBenchmark,
    names: Sequence[str] | None = None,
    facts: FactSource = "oracle",
    *,
    hybrid_budget: int = PERSONA_HYBRID_BUDGET,
) -> list[Configuration]:
    """Return the named configurations for the persona benchmark (default: all)."""
    return build_configs(
        persona_sessions(bench), fact_source(bench, facts), names, hybrid_budget=hybrid_budget
    )


def pick_questions(
    questions: Sequence[Q], limit: int | None, sample: int | None, seed: int
) -> list[Q]:
    """``sample`` draws that many at random (by ``seed``, kept in order); ``limit`` takes the
    first N after that."""
    chosen = list(questions)
    if sample is not None and sample < len(chosen):
        keep = set(random.Random(seed).sample(range(len(chosen)), sample))
        chosen = [q for i, q in enumerate(chosen) if i in keep]
    return chosen if limit is None else chosen[:limit]


@dataclass(frozen=True)
class Row:
    """One (configuration, question) result."""

    config: str
    question_id: str
    type: str
    group: str
    tokens: int
    present: bool
    status_ok: bool | None
    """Right status of the gold line; None for configurations without tags."""
    facts: int = 0
    """Number of fact versions shown (fact configurations)."""
    turns: int = 0
    """Number of dialogue turns quoted."""
    events: int = 0
    """Number of event summaries shown (TEM-Hybrid)."""
    answer: str | None = None
    hit: bool | None = None


@dataclass
class PersonaResults:
    """All rows, the configurations in order, and what was run."""

    rows: list[Row]
    configs: list[str]
    tagged: dict[str, bool]
    backbone: str | None = None
    calls: int = 0
    notes: list[str] = field(default_factory=list)
    diagnosis: list[str] = field(default_factory=list)
    """Why the checked configuration misses its status target (extracted facts)."""

    def of(self, config: str, group: str | None = None, qtype: str | None = None) -> list[Row]:
        """Return the rows of one configuration, optionally of one group or question type."""
        return [
            r
            for r in self.rows
            if r.config == config
            and (group is None or r.group == group)
            and (qtype is None or r.type == qtype)
        ]


def score(config: Configuration, question: Question) -> tuple[Row, str]:
    """Return the LLM-free row for one question, and the prompt a backbone would get."""
    evidence = config.evidence(question.question, scope=question.persona_id)
    now = question.type.endswith("_now")
    row = Row(
        config=config.name,
        question_id=question.id,
        type=question.type,
        group=question.group,
        tokens=evidence.tokens,
        present=gold_present(evidence.text, question.answer, facts=evidence.fact_block),
        status_ok=right_status(evidence.text, question.answer, now=now) if config.tagged else None,
        facts=len(evidence.facts),
        turns=len(evidence.turn_ids),
        events=evidence.events,
    )
    return row, answer_prompt(question.question, evidence)


def run_persona(
    bench: PersonaBenchmark,
    configs: Sequence[Configuration],
    backbone: Backbone | None = None,
    *,
    limit: int | None = None,
    sample: int | None = None,
    seed: int = 0,
    cache: AnswerCache | None = None,
    progress: bool = False,
) -> PersonaResults:
    """Score every configuration on the chosen questions; answer them when given a backbone."""
    questions = pick_questions(bench.questions, limit, sample, seed)
    results = PersonaResults(
        rows=[],
        configs=[c.name for c in configs],
        tagged={c.name: c.tagged for c in configs},
        backbone=None if backbone is None else backbone.name,
    )
    work = [(c, q) for c in configs for q in questions]
    for config, question in tqdm(work, disable=not progress, desc="persona", unit="q"):
        row, prompt = score(config, question)
        if backbone is not None:
            text, called = answer_cached(backbone, config.name, prompt, cache)
            results.calls += called
            row = replace(row, answer=text, hit=key_entity_hit(text, question.answer))
        results.rows.append(row)
    return results


def status_misses(bench: PersonaBenchmark, memory: Memory, rows: Sequence[Row]) -> dict[str, int]:
    """Sort the rows without the right status by cause, counted.

    ``not extracted``: no stored value of the persona holds the gold entity;
    ``not recalled``: one does, but the evidence lacks it; ``wrong status``: it is shown
    with the wrong tag (or only as a wrong version).
    """
    values: dict[str, list[str]] = defaultdict(list)
    for observation in memory.observations(every_scope=True):
        if observation.value is not None:
            values[observation.scope].append(observation.value)
    questions = {q.id: q for q in bench.questions}
    causes: dict[str, int] = defaultdict(int)
    for row in rows:
        if row.status_ok is not False:
            continue
        q = questions[row.question_id]
        if not any(contains_entity(v, q.answer) for v in values[q.persona_id]):
            causes[f"not extracted ({q.type})"] += 1
        elif not row.present:
            causes[f"not recalled ({q.type})"] += 1
        else:
            causes[f"wrong status ({q.type})"] += 1
    return dict(sorted(causes.items(), key=lambda kv: -kv[1]))
