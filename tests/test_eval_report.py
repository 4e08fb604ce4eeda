"""Persona runs end to end: LLM-free report with figures, a cached fake backbone, the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tem.errors import UserError
from tem.eval import persona as P
from tem.eval.answer import INSTRUCTION, AnswerCache, ChatBackbone
from tem.eval.cli import eval_group
from tem.eval.configs import CONFIG_NAMES
from tem.eval.locomo import LOCOMO_CONFIGS
from tem.eval.report import write_persona_report
from tem.eval.runner import persona_configs, pick_questions, run_persona
from tem.llm.client import Message
from tem.llm.testing import FakeChatModel


@pytest.fixture(scope="module")
def bench() -> P.PersonaBenchmark:
    return P.generate(seed=5, personas=3)


@pytest.mark.slow
def test_llm_free_run_writes_report_and_figures(bench: P.PersonaBenchmark, tmp_path: Path) -> None:
    results = run_persona(bench, persona_configs(bench))
    assert len(results.rows) == len(CONFIG_NAMES) * len(bench.questions)
    path = write_persona_report(results, tmp_path, "tem eval persona --out x")
    assert (tmp_path / "figure3.png").stat().st_size > 0
    assert (tmp_path / "figure5.png").stat().st_size > 0
    report = path.read_text(encoding="utf-8")
    assert "Command: `tem eval persona --out x`" in report
    for title in ("Table 2", "Table 3", "Table 5", "Table 6"):
        section = report.split(f"## {title}")[1].split("\n## ")[0]
        for name in CONFIG_NAMES:
            assert f"| {name} |" in section, (title, name)
    status = [r.status_ok for r in results.of("tem-status")]
    assert all(status)  # oracle facts: the gold version with the right status, every time


def _answer_with_first_fact_value(messages: list[Message]) -> str:
    prompt = messages[-1]["content"]
    for line in prompt.split("Evidence:\n")[-1].splitlines():
        if line.startswith("- "):
            return line.split(" | ")[1]
    return "I don't know"


def test_cached_backbone_run_resumes_with_zero_calls(
    bench: P.PersonaBenchmark, tmp_path: Path
) -> None:
    configs = persona_configs(bench, ["overwrite", "tem-status"])
    model = FakeChatModel(_answer_with_first_fact_value)
    backbone = ChatBackbone(model, "fake")
    cache = AnswerCache(tmp_path / "cache")
    first = run_persona(bench, configs, backbone, limit=7, cache=cache)
    assert first.calls == len(model.calls) == 14
    assert model.calls[0].messages[0]["content"].startswith(INSTRUCTION)
    assert all(r.answer is not None and r.hit is not None for r in first.rows)
    cache.close()
    cache = AnswerCache(tmp_path / "cache")
    second = run_persona(bench, configs, backbone, limit=7, cache=cache)
    cache.close()
    assert second.calls == 0 and len(model.calls) == 14
    assert [r.answer for r in second.rows] == [r.answer for r in first.rows]
    report = write_persona_report(second, tmp_path / "out", "cmd").read_text(encoding="utf-8")
    assert "hit (%)" in report and "fake" in report


def test_sample_and_limit(bench: P.PersonaBenchmark) -> None:
    picked = pick_questions(bench.questions, None, 5, seed=1)
    assert len(picked) == 5 and picked == pick_questions(bench.questions, None, 5, seed=1)
    assert pick_questions(bench.questions, 2, None, 0) == list(bench.questions[:2])


def test_cli_persona_writes_the_report(tmp_path: Path) -> None:
    out = tmp_path / "report"
    args = ["persona", "--out", str(out), "--limit", "7", "--config", "tem-status"]
    result = CliRunner().invoke(eval_group, args)
    assert result.exit_code == 0, result.output
    text = (out / "report.md").read_text(encoding="utf-8")
    assert f"Command: `tem eval persona --out {out} --limit 7 --config tem-status`" in text


def test_every_eval_command_has_help() -> None:
    for name, command in eval_group.commands.items():
        assert command.help, name
        assert CliRunner().invoke(eval_group, [name, "--help"]).exit_code == 0


TINY_LOCOMO = {
    "sample_id": "conv-1",
    "conversation": {
        "speaker_a": "Ana",
        "speaker_b": "Bo",
        "session_1_date_time": "1:56 pm on 8 May, 2023",
        "session_1": [
            {"speaker": "Ana", "dia_id": "D1:1", "text": "I just moved to Lisbon!"},
            {"speaker": "Bo", "dia_id": "D1:2", "text": "Great, I adopted a dog named Rex."},
        ],
        "session_2_date_time": "9:05 am on 3 June, 2023",
        "session_2": [
            {"speaker": "Ana", "dia_id": "D2:1", "text": "I ran a charity race on Sunday."},
            {"speaker": "Bo", "dia_id": "D2:2", "text": "Rex loved the park today."},
        ],
    },
    "qa": [
        {
            "question": "Where did Ana move?",
            "answer": "Lisbon",
            "evidence": ["D1:1"],
            "category": 4,
        },
        {
            "question": "When did Ana run a charity race?",
            "answer": "Sunday",
            "evidence": ["D2:1"],
            "category": 2,
        },
        {"question": "Pet?", "adversarial_answer": "cat", "evidence": [], "category": 5},
    ],
}


def test_cli_locomo_runs_every_configuration_under_one_budget(tmp_path: Path) -> None:
    data = tmp_path / "locomo.json"
    data.write_text(json.dumps([TINY_LOCOMO]), encoding="utf-8")
    out = tmp_path / "report"
    args = ["locomo", "--data", str(data), "--out", str(out), "--facts", "extracted"]
    args += ["--budget", "120", "--embedder", "hash", "--budgets", "60,120"]
    result = CliRunner().invoke(eval_group, args)
    assert result.exit_code == 0, result.output
    text = (out / "report.md").read_text(encoding="utf-8")
    assert f"--facts extracted --data {data} --budget 120 --budgets 60,120" in text
    recall = text.split("## Gold-evidence recall at 120 tokens (%)")[1].split("\n## ")[0]
    curve = text.split("## Recall per token (%, overall)")[1].split("\n## ")[0]
    assert "| configuration | 60 tokens | 120 tokens |" in curve
    for name in LOCOMO_CONFIGS:
        assert f"| {name} |" in recall, name
        assert f"| {name} |" in curve, name
    assert "## Targets" in text and "best baseline at 120 tokens:" in text
    assert "Extraction coverage" in text
    lengths = text.split("## Evidence length and composition")[1].split("\n\n")[1]
    maxima = [int(line.split(" | ")[3]) for line in lengths.splitlines()[2:]]
    assert maxima and max(maxima) <= 120
    refused = CliRunner().invoke(eval_group, [*args[:5], "--facts", "oracle"])
    assert isinstance(refused.exception, UserError) and "no gold facts" in str(refused.exception)
