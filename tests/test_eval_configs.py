"""Evaluation configurations on a small generated persona benchmark."""

from __future__ import annotations

import pytest

from tem.eval import persona as P
from tem.eval.configs import (
    CONFIG_NAMES,
    PERSONA_HYBRID_BUDGET,
    ChunkIndex,
    Configuration,
    FactConfig,
    HybridConfig,
    build_configs,
    chunks_of,
)
from tem.eval.metrics import evidence_recall, fact_lines
from tem.eval.runner import (
    oracle_memory,
    persona_configs,
    persona_sessions,
    run_persona,
    status_misses,
)
from tem.hybrid import HYBRID_RULES


@pytest.fixture(scope="module")
def bench() -> P.PersonaBenchmark:
    return P.generate(seed=3, personas=3)


@pytest.fixture(scope="module")
def configs(bench: P.PersonaBenchmark) -> dict[str, Configuration]:
    return {c.name: c for c in persona_configs(bench)}


def test_every_configuration_is_built(configs: dict[str, Configuration]) -> None:
    assert list(configs) == list(CONFIG_NAMES)
    for name, config in configs.items():
        assert config.tagged is (name.startswith("tem-") and not name.endswith("-unmarked"))


def test_unknown_configuration_is_refused(bench: P.PersonaBenchmark) -> None:
    with pytest.raises(ValueError, match="unknown configuration"):
        persona_configs(bench, ["nope"])


def test_overwrite_shows_only_current_values(
    bench: P.PersonaBenchmark, configs: dict[str, Configuration]
) -> None:
    for q in bench.questions:
        ev = configs["overwrite"].evidence(q.question, scope=q.persona_id)
        assert ev.facts and all(v.is_current for v in ev.facts)
        lines = fact_lines(ev.text)
        assert all(line.tag is None for line in lines)
        assert sorted(line.value for line in lines) == sorted(v.value for v in ev.facts)


def test_retain_unmarked_is_tem_status_without_tags(
    bench: P.PersonaBenchmark, configs: dict[str, Configuration]
) -> None:
    for q in bench.questions:
        plain = configs["retain-unmarked"].evidence(q.question, scope=q.persona_id)
        tagged = configs["tem-status"].evidence(q.question, scope=q.persona_id)
        plain_lines, tagged_lines = fact_lines(plain.text), fact_lines(tagged.text)
        assert [(x.relation, x.value) for x in plain_lines] == [
            (x.relation, x.value) for x in tagged_lines
        ]
        assert all(x.tag is None for x in plain_lines)
        assert "[" not in plain.text.replace("<Memory>", "")
        assert plain.rules == tagged.rules


def test_tem_status_tags_every_non_current_line(
    bench: P.PersonaBenchmark, configs: dict[str, Configuration]
) -> None:
    for q in bench.questions:
        ev = configs["tem-status"].evidence(q.question, scope=q.persona_id)
        current = {v.value: v.is_current for v in ev.facts}
        lines = fact_lines(ev.text)
        assert len(lines) == len(ev.facts)
        for line in lines:
            assert (line.tag is None) is current[line.value]
            assert line.tag in (None, "historical")
        assert ev.rules.startswith("Answer only from <Memory>.")
        assert ev.tokens > 0


def test_tag_style_and_rule_variants(
    bench: P.PersonaBenchmark, configs: dict[str, Configuration]
) -> None:
    q = next(q for q in bench.questions if q.type == "residence_before")
    tags = {
        name: {
            x.tag for x in fact_lines(configs[name].evidence(q.question, scope=q.persona_id).text)
        }
        for name in ("tem-outdated", "tem-replaced", "tem-dated")
    }
    assert tags["tem-outdated"] == {None, "outdated"}
    assert all(t is None or t.startswith("replaced by ") for t in tags["tem-replaced"])
    dated = configs["tem-dated"].evidence(q.question, scope=q.persona_id).text
    assert "effective since:" in dated
    assert configs["tem-no-rules"].evidence(q.question, scope=q.persona_id).rules == ""
    paper = configs["tem-paper"]
    assert isinstance(paper, FactConfig) and paper.memory.rule == "source_order"


def test_rag_chunks_are_labelled_and_dated_only_when_session_aware(
    bench: P.PersonaBenchmark, configs: dict[str, Configuration]
) -> None:
    q = bench.questions[0]
    naive = configs["naive-rag"].evidence(q.question, scope=q.persona_id)
    aware = configs["session-rag"].evidence(q.question, scope=q.persona_id)
    assert "Session " not in naive.text
    labels = [line for line in aware.text.splitlines() if line.startswith("Session ")]
    assert len(labels) == 4 and labels == sorted(labels, key=lambda s: s.split("(")[1])
    assert sorted(naive.turn_ids) == sorted(aware.turn_ids)
    assert aware.tokens > naive.tokens


def test_full_context_holds_every_session_of_the_persona(
    bench: P.PersonaBenchmark, configs: dict[str, Configuration]
) -> None:
    q = bench.questions[0]
    text = configs["full-context"].evidence(q.question, scope=q.persona_id).text
    sessions = persona_sessions(bench)[q.persona_id]
    assert text.count("Session ") == len(sessions)
    assert all(s.id in text for s in sessions)


def test_bm25_ranks_the_chunk_with_the_rare_word_first(bench: P.PersonaBenchmark) -> None:
    pid, sessions = next(iter(persona_sessions(bench).items()))
    index = ChunkIndex(c for s in sessions for c in chunks_of(s, pid))
    city = bench.personas[0].cities[1][0]
    best = index.search(f"moved to {city}", pid, 1)[0]
    assert city in " ".join(best.lines)
    assert index.search("anything", "no-such-scope") == []


def test_hybrid_fills_its_budget_with_facts_events_and_turns(
    bench: P.PersonaBenchmark, configs: dict[str, Configuration]
) -> None:
    hybrid, unmarked = configs["tem-hybrid"], configs["tem-hybrid-unmarked"]
    assert isinstance(hybrid, HybridConfig) and hybrid.budget == PERSONA_HYBRID_BUDGET
    for q in bench.questions:
        ev = hybrid.evidence(q.question, scope=q.persona_id)
        plain = unmarked.evidence(q.question, scope=q.persona_id)
        assert 0 < ev.tokens <= PERSONA_HYBRID_BUDGET and plain.tokens <= PERSONA_HYBRID_BUDGET
        assert ev.text.startswith("<Memory>") and not ev.fact_block
        assert ev.rules == plain.rules == HYBRID_RULES
        assert all(line.tag is None for line in fact_lines(plain.text))
        assert {v.id for v in plain.facts} >= {v.id for v in ev.facts}
        assert all(t.startswith(f"{q.persona_id}-s") for t in ev.turn_ids)
    # oracle memories ingest sessions with no extractor: no fact sentences, no summaries
    assert not any(hybrid.evidence(q.question, scope=q.persona_id).events for q in bench.questions)


def test_hybrid_quotes_turns_with_a_larger_budget(bench: P.PersonaBenchmark) -> None:
    [wide] = persona_configs(bench, ["tem-hybrid"], hybrid_budget=2000)
    q = bench.questions[0]
    ev = wide.evidence(q.question, scope=q.persona_id)
    assert ev.turn_ids and "<Turns>" in ev.text and ev.tokens <= 2000
    # a quoted turn counts as gold evidence by its id, a shown fact by its source turn
    assert evidence_recall([ev.turn_ids[0], "D9:9"], ev.turn_ids) == 0.5


def test_a_budget_holds_every_configuration(bench: P.PersonaBenchmark) -> None:
    names = ["naive-rag", "session-rag", "tem-status", "retain-unmarked", "tem-hybrid"]
    configs = build_configs(
        persona_sessions(bench), lambda rule: oracle_memory(bench, rule), names, budget=60
    )
    for q in bench.questions:
        for config in configs:
            assert config.evidence(q.question, scope=q.persona_id).tokens <= 60, config.name


@pytest.fixture(scope="module")
def tiny() -> P.PersonaBenchmark:
    return P.generate(seed=11, personas=2)


def test_extracted_facts_keep_each_persona_in_its_scope(tiny: P.PersonaBenchmark) -> None:
    configs = persona_configs(tiny, ["tem-status", "tem-hybrid"], "extracted")
    status, hybrid = configs
    assert isinstance(status, FactConfig) and isinstance(hybrid, HybridConfig)
    assert status.memory is hybrid.memory  # one ingestion per status rule
    observations = list(status.memory.store.all_observations())
    assert observations
    assert {o.scope for o in observations} <= {p.id for p in tiny.personas}
    assert all({"session_id", "turn"} <= set(o.metadata) for o in observations)
    results = run_persona(tiny, configs)
    assert len(results.rows) == 2 * len(tiny.questions)
    present = [r.present for r in results.of("tem-status")]
    assert any(present)  # offline extraction finds some of the gold values
    causes = status_misses(tiny, status.memory, results.of("tem-status"))
    assert sum(causes.values()) == sum(1 for r in results.of("tem-status") if not r.status_ok)
    assert all(
        c.split(" (")[0] in ("not extracted", "not recalled", "wrong status") for c in causes
    )
