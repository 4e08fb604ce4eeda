"""The LoCoMo LLM judge: prompt snapshot, answer parser, retry, cache, J in the report."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from click.testing import CliRunner

from tem.eval import cli as eval_cli
from tem.eval.answer import AnswerCache, ChatBackbone, OpenAITextModel
from tem.eval.judge import (
    JUDGE_CACHE_TAG,
    JUDGE_MAX_TOKENS,
    RETRY,
    Judge,
    Judgement,
    judge_messages,
    judge_prompt,
    parse_judgement,
    retry_messages,
)
from tem.eval.locomo import load, locomo_configs, run_locomo
from tem.eval.locomo_report import write_locomo_report
from tem.llm.client import Message
from tem.llm.testing import FakeChatModel


def render(messages: list[Message]) -> str:
    return "".join(f"=== {m['role']}\n{m['content']}\n" for m in messages)


# --- the prompt -------------------------------------------------------------------------------


def test_judge_prompt_snapshot(check_snapshot: Callable[[str, str], None]) -> None:
    messages = judge_messages(
        "When did  Caroline go to\nthe LGBTQ support group?", "7 May 2023", "May 7th, 2023"
    )
    check_snapshot("judge_prompt.txt", render(messages))


def test_judge_retry_snapshot(check_snapshot: Callable[[str, str], None]) -> None:
    first = judge_messages("What did Ana adopt?", "a dog", "A dog named Rex.")
    check_snapshot("judge_retry.txt", render(retry_messages(first, "Looks right to me.")))


def test_prompt_puts_each_value_on_one_line() -> None:
    prompt = judge_prompt("Where\n did she move?", "Lis\nbon", "")
    assert "Question: Where did she move?\n" in prompt
    assert "Gold answer: Lis bon\n" in prompt
    assert "Generated answer: (empty)\n" in prompt


# --- the parser -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reply", "label", "reasoning"),
    [
        ('{"reasoning": "Same date.", "label": "CORRECT"}', "CORRECT", "Same date."),
        ('{"label": "WRONG", "reasoning": "Not Lisbon."}', "WRONG", "Not Lisbon."),
        ('{"reasoning": "ok", "label": "correct"}', "CORRECT", "ok"),
        ('{"reasoning": "no", "label": "Incorrect."}', "WRONG", "no"),
        ('{"label": "WRONG"}', "WRONG", ""),
        ('```json\n{"reasoning": "Same.", "label": "CORRECT"}\n```', "CORRECT", "Same."),
        ('```\n{"reasoning": "x", "label": "WRONG"}```', "WRONG", "x"),
        (
            'Here is my verdict:\n```json\n{"reasoning": "Both say\\n Rex.", "label": "CORRECT"}'
            "\n```\nHope this helps.",
            "CORRECT",
            "Both say Rex.",
        ),
        ('Sure! {"reasoning": "A dog.", "label": "CORRECT"} That is all.', "CORRECT", "A dog."),
        ("CORRECT", "CORRECT", ""),
        ("wrong", "WRONG", ""),
        ("**WRONG**.", "WRONG", ""),
        ("  Correct\n", "CORRECT", ""),
        ("The generated answer names the same city. CORRECT", "CORRECT", None),
        ("Different city, so the label is WRONG.", "WRONG", None),
        ("INCORRECT: the dates differ", "WRONG", None),
    ],
)
def test_parser_reads_json_fences_prose_and_bare_words(
    reply: str, label: str, reasoning: str | None
) -> None:
    judgement = parse_judgement(reply)
    assert judgement is not None and judgement.label == label and judgement.parsed
    if reasoning is not None:
        assert judgement.reasoning == reasoning


@pytest.mark.parametrize(
    "reply",
    [
        "",
        "I am not sure.",
        "It is correct in spirit but wrong in detail.",  # lower-case words inside prose
        "CORRECT or WRONG? Hard to say.",  # both labels
        '{"reasoning": "hmm", "label": "MAYBE"}',
        '{"reasoning": "CORRECT would be generous", "verdict": "yes"}',  # no label key
        '{"reasoning": "x", "label": true}',
    ],
)
def test_parser_refuses_replies_without_one_readable_label(reply: str) -> None:
    assert parse_judgement(reply) is None


def test_judgement_round_trips_through_json() -> None:
    for judgement in (Judgement("CORRECT", "same"), Judgement("WRONG", "why", parsed=False)):
        assert Judgement.from_json(judgement.to_json()) == judgement
    for bad in ("", "[]", '{"label": "MAYBE"}', '{"label": "WRONG", "parsed": "no"}'):
        assert Judgement.from_json(bad) is None


def test_garbage_is_retried_once_then_counted_wrong() -> None:
    model = FakeChatModel(["no idea", '{"reasoning": "Same city.", "label": "CORRECT"}'])
    judge = Judge(model, "fake-judge")
    judgement = judge.judge("Where did Ana move?", "Lisbon", "Lisbon")
    assert judgement == Judgement("CORRECT", "Same city.")
    assert judge.calls == len(model.calls) == 2
    retry = model.calls[1].messages
    assert retry[:1] == judge_messages("Where did Ana move?", "Lisbon", "Lisbon")
    assert retry[1] == {"role": "assistant", "content": "no idea"}
    assert retry[2] == {"role": "user", "content": RETRY}

    model = FakeChatModel(["no idea", "still no idea"])
    judge = Judge(model, "fake-judge")
    judgement = judge.judge("Where did Ana move?", "Lisbon", "Porto")
    assert judgement.label == "WRONG" and not judgement.parsed and not judgement.correct
    assert "still no idea" in judgement.reasoning
    assert judge.calls == len(model.calls) == 2


# --- the cache --------------------------------------------------------------------------------


def test_judgements_are_cached_so_a_rerun_makes_zero_calls(tmp_path: Path) -> None:
    items = [("Where did Ana move?", "Lisbon", "Lisbon"), ("Pet?", "a dog", "a cat")]
    replies = ['{"reasoning": "Same.", "label": "CORRECT"}', "junk", "more junk"]
    cache = AnswerCache(tmp_path)
    model = FakeChatModel(replies)
    first = [Judge(model, "fake-judge").judge(*item, cache=cache) for item in items]
    assert len(model.calls) == 3
    assert [j.label for j in first] == ["CORRECT", "WRONG"] and not first[1].parsed
    cache.close()

    cache = AnswerCache(tmp_path)
    again = FakeChatModel([])
    judge = Judge(again, "fake-judge")
    assert [judge.judge(*item, cache=cache) for item in items] == first
    assert judge.calls == len(again.calls) == 0
    prompt = judge_prompt(*items[0])
    assert cache.get("fake-judge", JUDGE_CACHE_TAG, prompt) == first[0].to_json()
    assert cache.get("other-judge", JUDGE_CACHE_TAG, prompt) is None  # keyed by judge name
    cache.close()


# --- LoCoMo end to end ------------------------------------------------------------------------

TINY_LOCOMO = {
    "sample_id": "conv-j",
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
            {"speaker": "Bo", "dia_id": "D2:2", "text": "Rex loved the park and the beach."},
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
            "answer": "4 June 2023",
            "evidence": ["D2:1"],
            "category": 2,
        },
        {
            "question": "Where does Rex like to go?",
            "answer": "park, beach",
            "evidence": ["D2:2"],
            "category": 1,
        },
        {
            "question": "Would Ana enjoy city life?",
            "answer": "Likely yes; she moved to Lisbon",
            "evidence": ["D1:1"],
            "category": 3,
        },
        {"question": "Pet?", "adversarial_answer": "cat", "evidence": [], "category": 5},
    ],
}

ANSWERS = {
    "Where did Ana move?": "Lisbon",
    "When did Ana run a charity race?": "Sunday",
    "Where does Rex like to go?": "the park",
    "Would Ana enjoy city life?": "yes",
}
VERDICTS = {  # the fake judge's reply by gold answer
    "Lisbon": '```json\n{"reasoning": "Same city.", "label": "CORRECT"}\n```',
    "4 June 2023": '{"reasoning": "Sunday is not a date.", "label": "WRONG"}',
    "park, beach": "CORRECT",
    "Likely yes; she moved to Lisbon": "hmm",  # unreadable twice: counted WRONG
}


def _field(prompt: str, name: str) -> str:
    return prompt.split(f"\n{name}: ")[-1].split("\n")[0]


def _fake_answer(messages: list[Message]) -> str:
    return ANSWERS[_field(messages[0]["content"], "Question")]


def _fake_judge(messages: list[Message]) -> str:
    assert messages[0]["content"].startswith("Your task is to label")
    return VERDICTS[_field(messages[0]["content"], "Gold answer")]


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    path = tmp_path / "locomo.json"
    path.write_text(json.dumps([TINY_LOCOMO]), encoding="utf-8")
    return path


@pytest.mark.slow  # a whole LoCoMo run with a backbone and a judge: about 4 s
def test_locomo_run_with_backbone_and_judge_reports_j(tiny: Path, tmp_path: Path) -> None:
    sessions, questions = load(tiny)
    configs, _ = locomo_configs(sessions, ["session-rag"], 200)
    cache = AnswerCache(tmp_path / "cache")
    judge_model = FakeChatModel(_fake_judge)
    results = run_locomo(
        sessions,
        questions,
        configs,
        ChatBackbone(FakeChatModel(_fake_answer), "fake"),
        budget=200,
        cache=cache,
        judge=Judge(judge_model, "fake-judge"),
    )
    by_category = {row.category: row.j for row in results.rows}
    assert by_category == {4: 1.0, 2: 0.0, 1: 1.0, 3: 0.0}
    assert results.judge == "fake-judge" and results.judge_unparsed == 1
    assert results.judge_calls == len(judge_model.calls) == 5  # 4 questions, 1 retry

    report = write_locomo_report(results, tmp_path / "out", "tem eval locomo ...").read_text()
    assert "Backbone: fake. Judge: fake-judge." in report
    section = report.split("## J (LLM judge, %)")[1].split("\n## ")[0]
    assert "Unreadable after one retry, counted WRONG: 1." in section
    head = "| configuration | overall | 1 multi-hop | 2 temporal | 3 open-domain | 4 single-hop |"
    assert head in section
    assert "| session-rag | 50.00 | 100.00 | 0.00 | 0.00 | 100.00 |" in section
    assert report.index("## Token F1") < report.index("## J (LLM judge, %)")

    rerun_model = FakeChatModel([])
    again = run_locomo(
        sessions,
        questions,
        configs,
        ChatBackbone(FakeChatModel([]), "fake"),
        budget=200,
        cache=cache,
        judge=Judge(rerun_model, "fake-judge"),
    )
    assert again.rows == results.rows and again.judge_calls == len(rerun_model.calls) == 0
    cache.close()


def test_judge_is_ignored_without_a_backbone(tiny: Path, tmp_path: Path) -> None:
    sessions, questions = load(tiny)
    configs, _ = locomo_configs(sessions, ["session-rag"], 200)
    plain = run_locomo(sessions, questions, configs)
    judged = run_locomo(sessions, questions, configs, judge=Judge(FakeChatModel([]), "j"))
    assert judged.rows == plain.rows and judged.judge is None
    assert all(row.j is None for row in judged.rows)
    a = write_locomo_report(plain, tmp_path / "a", "cmd").read_text()
    b = write_locomo_report(judged, tmp_path / "b", "cmd").read_text()
    assert a == b and "LLM judge" not in a and "Judge:" not in a


class FakeClient:
    """Stands in for ``openai.OpenAI``: answers and judges, and records each request."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.chat = SimpleNamespace(completions=SimpleNamespace(create=self.create))

    def create(self, **request: Any) -> Any:
        self.requests.append(request)
        messages = request["messages"]
        text = (
            _fake_judge(messages)
            if messages[0]["content"].startswith("Your task")
            else _fake_answer(messages)
        )
        message = SimpleNamespace(content=text)
        return SimpleNamespace(choices=[SimpleNamespace(message=message)])


def test_cli_judges_with_a_backbone_unless_told_not_to(
    tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = FakeClient()

    def text_model(settings: Any, **kwargs: Any) -> OpenAITextModel:
        return OpenAITextModel(settings, client=client, **kwargs)

    monkeypatch.setattr(eval_cli, "OpenAITextModel", text_model)
    monkeypatch.setenv("TEM_LLM_MODEL", "answerer")
    monkeypatch.setenv("TEM_LLM_BASE_URL", "http://127.0.0.1:9/v1")
    base = ["locomo", "--data", str(tiny), "--config", "session-rag", "--backbone", "openai"]

    out = tmp_path / "judged"
    args = [*base, "--out", str(out), "--judge-model", "judger"]
    result = CliRunner().invoke(eval_cli.eval_group, args)
    assert result.exit_code == 0, result.output
    report = (out / "report.md").read_text(encoding="utf-8")
    assert "Backbone: openai:answerer. Judge: openai:judger." in report
    assert "| session-rag | 50.00 | 100.00 | 0.00 | 0.00 | 100.00 |" in report
    judged = [r for r in client.requests if r["model"] == "judger"]
    assert len(judged) == 5 and {r["max_tokens"] for r in judged} == {JUDGE_MAX_TOKENS}
    assert {r["max_tokens"] for r in client.requests if r["model"] == "answerer"} == {64}

    client.requests.clear()
    out = tmp_path / "unjudged"
    result = CliRunner().invoke(eval_cli.eval_group, [*base, "--out", str(out), "--no-judge"])
    assert result.exit_code == 0, result.output
    report = (out / "report.md").read_text(encoding="utf-8")
    assert "LLM judge" not in report and "Judge:" not in report
    assert "--no-judge" in report.split("Command: `")[1].split("`")[0]
    assert {r["model"] for r in client.requests} == {"answerer"}
