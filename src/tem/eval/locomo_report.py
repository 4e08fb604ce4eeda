"""The LoCoMo report: targets, recall per category and per token, composition, Figure 5.

Targets (issue 11): TEM-Hybrid's gold-evidence recall at least :data:`TARGET_600` %
at 600 tokens and :data:`TARGET_1000` % at 1000, in every category at least the best
baseline's (the plain retriever with the best overall recall at the run's budget),
and temporal questions at least :data:`TARGET_TEMPORAL` % at 600 tokens.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from tem.eval.locomo import CATEGORIES, LocomoResults, LocomoRow
from tem.eval.metrics import describe, stemmer_name
from tem.eval.report import figure_lengths

TARGET_600 = 78.0
TARGET_1000 = 85.0
TARGET_TEMPORAL = 85.0
HYBRID = "tem-hybrid"
NOT_BASELINES = ("tem-",)
"""Configurations whose names start so are tem's own, not baselines."""


def _mean(values: Sequence[float | None], scale: float = 100.0) -> str:
    known = [v for v in values if v is not None]
    return "n/a" if not known else f"{scale * sum(known) / len(known):.2f}"


def _avg(values: Sequence[float | None]) -> float:
    known = [v for v in values if v is not None]
    return 100.0 * sum(known) / len(known) if known else 0.0


def _verdict(got: float, need: float) -> str:
    return "met" if got >= need else f"MISSED by {need - got:.2f} points"


def _at(results: LocomoResults, name: str, budget: int, category: int | None) -> float | None:
    """Recall (%) of ``name`` at ``budget``: from the curve, or the main run at its budget."""
    found = results.curve.get(name, {}).get(budget, {}).get(category)
    if found is None and budget == results.budget:
        rows = [r for r in results.rows if r.config == name]
        rows = [r for r in rows if category is None or r.category == category]
        return _avg([r.recall for r in rows]) if rows else None
    return found


def locomo_targets(results: LocomoResults) -> list[str]:
    """Return the target section (empty without TEM-Hybrid in the run)."""
    if HYBRID not in results.configs:
        return []
    plain = [c for c in results.configs if not c.startswith(NOT_BASELINES)]
    budget = results.budget
    lines = ["## Targets", ""]
    for at, need in ((600, TARGET_600), (1000, TARGET_1000)):
        got = _at(results, HYBRID, at, None)
        if got is not None:
            lines.append(
                f"- {HYBRID} at {at} tokens: {got:.2f} % (target {need:.0f} %): "
                f"{_verdict(got, need)}."
            )
    temporal = _at(results, HYBRID, 600, 2)
    if temporal is not None:
        verdict = _verdict(temporal, TARGET_TEMPORAL)
        lines.append(
            f"- {HYBRID}, temporal (2) at 600 tokens: {temporal:.2f} % (target "
            f"{TARGET_TEMPORAL:.0f} %): {verdict}."
        )
    scored = {c: _at(results, c, budget, None) or 0.0 for c in plain}
    if scored:
        best = max(scored, key=lambda c: scored[c])
        lines.append(f"- best baseline at {budget} tokens: {best} ({scored[best]:.2f} %).")
        for category, label in CATEGORIES.items():
            got = _at(results, HYBRID, budget, category) or 0.0
            base = _at(results, best, budget, category) or 0.0
            lines.append(
                f"  - {category} {label}: {HYBRID} {got:.2f} % vs {best} {base:.2f} %: "
                f"{_verdict(got, base)}."
            )
    return lines


def curve_table(results: LocomoResults) -> list[str]:
    """Return the recall-per-token table: overall recall (%) by configuration and budget."""
    budgets = sorted({b for by in results.curve.values() for b in by})
    if not budgets:
        return []
    lines = [
        "## Recall per token (%, overall)",
        "",
        "Each configuration held to each budget in turn (same questions, same rules).",
        "",
        "| configuration | " + " | ".join(f"{b} tokens" for b in budgets) + " |",
        "|---|" + "---|" * len(budgets),
    ]
    for name in results.configs:
        if name in results.curve:
            cells = [f"{results.curve[name][b].get(None, 0.0):.2f}" for b in budgets]
            lines.append("| " + " | ".join([name, *cells]) + " |")
    if HYBRID in results.curve:
        lines += ["", f"{HYBRID} by category:", ""]
        lines += ["| budget | " + " | ".join(f"{c} {n}" for c, n in CATEGORIES.items()) + " |"]
        lines += ["|---|" + "---|" * len(CATEGORIES)]
        for b in budgets:
            cells = [f"{results.curve[HYBRID][b].get(c, 0.0):.2f}" for c in CATEGORIES]
            lines.append("| " + " | ".join([str(b), *cells]) + " |")
    return [*lines, ""]


def _table(
    results: LocomoResults, by: dict[tuple[str, int | None], list[LocomoRow]], metric: str
) -> list[str]:
    cats: list[int | None] = [None, *CATEGORIES]
    head = ["configuration", "overall"] + [f"{c} {CATEGORIES[c]}" for c in CATEGORIES]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for name in results.configs:
        cells = [_mean([getattr(r, metric) for r in by[(name, c)]]) for c in cats]
        lines.append("| " + " | ".join([name, *cells]) + " |")
    return lines


def _answers(
    results: LocomoResults, by: dict[tuple[str, int | None], list[LocomoRow]]
) -> list[str]:
    lines: list[str] = []
    if results.backbone:
        lines += [f"## Token F1 (%, official LoCoMo scoring, stemmer {stemmer_name()})", ""]
        lines += [*_table(results, by, "f1"), ""]
    if results.backbone and results.judge:
        lines += [
            "## J (LLM judge, %)",
            "",
            f"Share of answers the LLM judge {results.judge} labelled CORRECT (prompt: "
            "`tem.eval.judge`, in the style of Mem0's LoCoMo LLM-as-judge; generous on "
            "wording and format, strict on facts). Unreadable after one retry, counted "
            f"WRONG: {results.judge_unparsed}.",
            "",
            *_table(results, by, "j"),
            "",
        ]
    return lines


def _composition(results: LocomoResults, overall: dict[str, list[LocomoRow]]) -> list[str]:
    lines = ["## Evidence length and composition", ""]
    lines += ["| configuration | mean tokens | median | max | facts | events | turns |"]
    lines += ["|---|---|---|---|---|---|---|"]
    for name in results.configs:
        rows = overall[name]
        s = describe([r.tokens for r in rows])
        parts = [describe([getattr(r, k) for r in rows]).mean for k in ("facts", "events", "turns")]
        cells = [f"{s.mean:.1f}", f"{s.median:.1f}", f"{s.max:.0f}"] + [f"{p:.1f}" for p in parts]
        lines.append("| " + " | ".join([name, *cells]) + " |")
    return lines


def write_locomo_report(results: LocomoResults, out: str | Path, command: str) -> Path:
    """Write ``report.md`` and ``figure5.png`` (evidence lengths) into ``out``."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    by: dict[tuple[str, int | None], list[LocomoRow]] = defaultdict(list)
    for row in results.rows:
        by[(row.config, row.category)].append(row)
        by[(row.config, None)].append(row)
    overall = {name: by[(name, None)] for name in results.configs}
    cats: list[int | None] = [None, *CATEGORIES]
    counts = [len(by[(results.configs[0], c)]) for c in cats] if results.configs else []
    lines = [
        "# LoCoMo report",
        "",
        f"Command: `{command}`",
        "",
        f"Evidence budget: {results.budget} tokens (cl100k_base), the same for every "
        f"configuration. Questions per category (overall, 1-4): {counts}. "
        f"Backbone: {results.backbone or 'none'}."
        + (f" Judge: {results.judge}." if results.judge else ""),
        "",
        *locomo_targets(results),
        "",
        *curve_table(results),
        f"## Gold-evidence recall at {results.budget} tokens (%)",
        "",
        "Share of a question's gold `evidence` dia_ids whose turn is quoted, or from which "
        'a fact shown was extracted (the fact\'s `metadata["turn_id"]`).',
        "",
        *_table(results, by, "recall"),
        "",
        "## Gold-evidence recall from the facts alone (%)",
        "",
        *_table(results, by, "fact_recall"),
        "",
        *_answers(results, by),
        *_composition(results, overall),
    ]
    figure_lengths(
        results.configs,
        [[r.tokens for r in overall[c]] for c in results.configs],
        folder / "figure5.png",
    )
    lines += ["", "![Figure 5](figure5.png)", "", "## Notes", ""]
    lines += [f"- {n}" for n in results.notes] + [""]
    path = folder / "report.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path
