"""``tem eval persona|locomo``: run a benchmark, write the report, print where it went.

Each command parses options, calls the library (:mod:`tem.eval.runner`,
:mod:`tem.eval.locomo`) and writes the report; the LLM endpoint comes from the
``TEM_LLM_*`` environment through :meth:`LLMSettings.from_env`, here at the edge.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

import click

from tem.embed import Embedder
from tem.embed.memo import MemoEmbedder
from tem.errors import UserError
from tem.eval.answer import AnswerCache, Backbone, ChatBackbone, OpenAITextModel
from tem.eval.configs import CONFIG_NAMES, PERSONA_HYBRID_BUDGET, FactConfig
from tem.eval.judge import JUDGE_MAX_TOKENS, Judge
from tem.eval.locomo import (
    CURVE_BUDGETS,
    DEFAULT_BUDGET,
    LOCOMO_CONFIGS,
    LOCOMO_NAMES,
    fact_coverage,
    load,
    locomo_configs,
    recall_curve,
    run_locomo,
)
from tem.eval.locomo_report import write_locomo_report
from tem.eval.persona import generate, read
from tem.eval.report import write_persona_report
from tem.eval.retrievers import SEMANTIC_BASELINES
from tem.eval.runner import (
    FACT_SOURCES,
    FactSource,
    persona_configs,
    pick_questions,
    run_persona,
    status_misses,
)
from tem.llm.settings import LLMSettings

DEFAULT_LOCOMO = Path("../shared/data/locomo/locomo10.json")


def _settings() -> LLMSettings:
    settings = LLMSettings.from_env(os.environ)
    if settings is None:
        raise UserError("--backbone openai needs TEM_LLM_MODEL (and TEM_LLM_BASE_URL) set")
    return settings


def _backbone(kind: str) -> Backbone | None:
    if kind == "none":
        return None
    settings = _settings()
    return ChatBackbone(OpenAITextModel(settings), f"openai:{settings.model}")


def _judge(kind: str, enabled: bool, model: str | None) -> Judge | None:
    """Return the LLM judge: on the backbone's endpoint, ``model`` or the backbone's model."""
    if kind == "none" or not enabled:
        return None
    settings = _settings()
    if model:
        settings = replace(settings, model=model)
    text_model = OpenAITextModel(settings, max_tokens=JUDGE_MAX_TOKENS)
    return Judge(text_model, f"openai:{settings.model}")


EMBEDDERS = ("onnx", "torch", "hash", "none")


def _embedder(kind: str) -> Embedder | None:
    """Return the embedder of ``--embedder`` (hash: the test double, no model)."""
    if kind == "onnx":
        from tem.embed.onnx import OnnxMiniLMEmbedder

        return OnnxMiniLMEmbedder()
    if kind == "torch":
        from tem.embed.minilm import MiniLMEmbedder

        return MiniLMEmbedder()
    if kind == "hash":
        from tem.embed.testing import HashEmbedder

        return HashEmbedder(dim=256)
    return None


def _budgets(text: str) -> tuple[int, ...]:
    try:
        found = tuple(int(b) for b in text.split(",") if b.strip())
    except ValueError:
        raise UserError(f"--budgets: expected numbers separated by commas, got {text!r}") from None
    if any(b < 1 for b in found):
        raise UserError(f"--budgets: each budget must be at least 1, got {text!r}")
    return found


def _command(name: str, params: dict[str, Any]) -> str:
    """Return the command line that reproduces this run (its non-default options)."""
    ctx = click.get_current_context()
    parts = ["tem", "eval", name]
    for param in ctx.command.params:
        value = params.get(param.name or "")
        if value == param.default:
            continue
        if value is False and isinstance(param, click.Option) and param.secondary_opts:
            parts.append(param.secondary_opts[0])
            continue
        if value in (None, (), False):
            continue
        flag = param.opts[0]
        values = value if isinstance(value, tuple) else (value,)
        for item in values:
            parts += [flag] if item is True else [flag, str(item)]
    return shlex.join(parts)


F = TypeVar("F", bound=Callable[..., Any])


def _common(func: Any) -> Any:
    options = [
        click.option(
            "--out",
            type=click.Path(file_okay=False, path_type=Path),
            required=True,
            help="Folder for report.md and the figures.",
        ),
        click.option("--limit", type=int, help="Only the first N questions."),
        click.option("--sample", type=int, help="A random sample of N questions."),
        click.option("--seed", type=int, default=0, show_default=True, help="Sampling seed."),
        click.option(
            "--backbone",
            type=click.Choice(["none", "openai"]),
            default="none",
            show_default=True,
            help="Who answers: nobody (LLM-free) or TEM_LLM_*.",
        ),
        click.option(
            "--cache",
            type=click.Path(file_okay=False, path_type=Path),
            help="Answer cache folder (resumes interrupted runs).",
        ),
        click.option(
            "--facts",
            type=click.Choice(FACT_SOURCES),
            help="Fact source of the <Memory> and hybrid configurations "
            "(persona: oracle by default; LoCoMo: extracted only).",
        ),
        click.option("--progress/--no-progress", default=False, help="Show progress bars."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


@contextmanager
def _run_options(params: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    """The run options of the shared flags (:func:`_common`); the answer cache closes after."""
    cache = AnswerCache(params["cache"]) if params["cache"] else None
    try:
        yield {
            "limit": params["limit"],
            "sample": params["sample"],
            "seed": params["seed"],
            "cache": cache,
            "progress": params["progress"],
        }
    finally:
        if cache is not None:
            cache.close()


def _configs(names: Sequence[str], help: str) -> Callable[[F], F]:
    """The repeatable ``--config`` option of a benchmark command, choosing among ``names``."""
    return click.option("--config", "configs", multiple=True, type=click.Choice(names), help=help)


@click.group("eval")
def eval_group() -> None:
    """Evaluate memory configurations on the persona benchmark and on LoCoMo."""


@eval_group.command("persona")
@_common
@_configs(CONFIG_NAMES, "A configuration to run (repeatable; default: all).")
@click.option(
    "--bench",
    type=click.Path(dir_okay=False, path_type=Path),
    help="A benchmark JSON from tem.eval.persona.write (default: generate).",
)
@click.option(
    "--bench-seed",
    type=int,
    default=7,
    show_default=True,
    help="Generator seed when no --bench is given.",
)
@click.option(
    "--budget",
    type=int,
    default=PERSONA_HYBRID_BUDGET,
    show_default=True,
    help="TEM-Hybrid's evidence budget in tokens (RAG: top 4 exchanges).",
)
def persona_command(**params: Any) -> None:
    """Run the persona benchmark (LLM-free by default) and write its report."""
    command = _command("persona", params)
    facts: FactSource = params["facts"] or "oracle"
    bench = read(params["bench"]) if params["bench"] else generate(params["bench_seed"])
    configs = persona_configs(
        bench, params["configs"] or None, facts, hybrid_budget=params["budget"]
    )
    with _run_options(params) as options:
        results = run_persona(bench, configs, _backbone(params["backbone"]), **options)
    results.notes.append(
        f"Fact source: {facts}. RAG: top 4 exchanges (BM25); <Memory> configurations: "
        "Memory.recall with k=15 versions (tem-status-k4: 4); TEM-Hybrid: "
        f"Memory.hybrid(question, {params['budget']}) (facts, then event summaries, then "
        "turns, under that budget); tokens: cl100k_base."
    )
    if facts == "oracle":
        results.notes.append(
            "Oracle facts: the sessions are ingested without extraction (turns and event "
            "summaries only; a summary is then the session's opening lines) and the gold "
            "facts added with Memory.add_many."
        )
    checked = next((c for c in configs if c.name == "tem-status"), None)
    if facts == "extracted" and isinstance(checked, FactConfig):
        causes = status_misses(bench, checked.memory, results.of("tem-status"))
        results.diagnosis = [f"{cause}: {n}" for cause, n in causes.items()]
    path = write_persona_report(results, params["out"], command)
    click.echo(path.read_text(encoding="utf-8"))
    click.echo(f"wrote {path}", err=True)


@eval_group.command("locomo")
@_common
@_configs(LOCOMO_NAMES, f"Repeatable; default: {', '.join(LOCOMO_CONFIGS)}.")
@click.option(
    "--data",
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    default=DEFAULT_LOCOMO,
    show_default=True,
    help="locomo10.json.",
)
@click.option(
    "--budget",
    type=int,
    default=DEFAULT_BUDGET,
    show_default=True,
    help="Evidence budget in tokens, the same for every configuration.",
)
@click.option(
    "--budgets",
    default=",".join(map(str, CURVE_BUDGETS)),
    show_default=True,
    help="Budgets of the recall-per-token table ('' for none).",
)
@click.option(
    "--embedder",
    type=click.Choice(EMBEDDERS),
    default="onnx",
    show_default=True,
    help="Embedder of the dense baselines and TEM-Hybrid's memory (onnx: "
    "all-MiniLM-L6-v2 int8, tem[onnx]; torch: tem[embed]).",
)
@click.option(
    "--judge/--no-judge",
    default=True,
    show_default=True,
    help="With a backbone, score each answer by the LLM judge (J).",
)
@click.option(
    "--judge-model", help="Judge model on the TEM_LLM_* endpoint (default: TEM_LLM_MODEL)."
)
def locomo_command(**params: Any) -> None:
    """Run LoCoMo categories 1-4 (gold-evidence recall; F1 and J with a backbone)."""
    command = _command("locomo", params)
    sessions, questions = load(params["data"])
    budgets = _budgets(params["budgets"])
    names = params["configs"] or None
    if params["embedder"] == "none" and names is None:
        names = [n for n in LOCOMO_CONFIGS if n not in SEMANTIC_BASELINES]
    configs, memories = locomo_configs(
        sessions,
        names,
        params["budget"],
        facts=params["facts"] or "extracted",
        progress=params["progress"],
        embedder=_embedder(params["embedder"]),
        workers=None,
    )
    with _run_options(params) as options:
        results = run_locomo(
            sessions,
            questions,
            configs,
            _backbone(params["backbone"]),
            budget=params["budget"],
            judge=_judge(params["backbone"], params["judge"], params["judge_model"]),
            **options,
        )
    chosen = pick_questions(questions, params["limit"], params["sample"], params["seed"])
    results.curve = recall_curve(chosen, configs, budgets, progress=params["progress"])
    results.notes += memories.notes
    memo = memories.embedder
    if isinstance(memo, MemoEmbedder):
        results.notes.append(
            f"Semantic index: {memo.embedded:,} distinct texts (turns, windows, facts and "
            f"questions) embedded by {memo.name} in {memo.seconds:.0f} s, once for every "
            "configuration."
        )
    if "valid_time" in memories.built:
        coverage = fact_coverage(memories.built["valid_time"], questions)
        results.fact_coverage = coverage
        if coverage is not None:
            results.notes.append(
                f"Extraction coverage: {100 * coverage:.1f} % of the gold dia_ids of the "
                "scored questions gave at least one extracted fact."
            )
    path = write_locomo_report(results, params["out"], command)
    click.echo(path.read_text(encoding="utf-8"))
    click.echo(f"wrote {path}", err=True)
