"""tem.demo: the seed's Cozy Home Co. notes and the prompt they give."""

from __future__ import annotations

from pathlib import Path

import pytest

from tem import Memory
from tem.demo import FACTS, QUESTION, load_demo

SEEDS = Path(__file__).resolve().parents[1].parent / "shared" / "seeds"

# The seed's template filled in with the Cozy Home Co. notes: what Memory.context renders.
EXPECTED = f"""\
<Memory>
Facts about Cozy Home Co., in order of appearance (oldest to newest).
Tag [historical] = value was replaced by a later one.
No tag = current value.

- Main sales channel | Amazon | source: call Feb 12 [historical]
- Main sales channel | Etsy | source: call Jun 20 [historical]
- Main sales channel | Walmart Marketplace + own Shopify store | source: call Oct 3
- Ad budget | $3,000/mo | source: call Feb 12 [historical]
- Ad budget | $8,000/mo | source: call Jun 20 [historical]
- Ad budget | $4,500/mo | source: call Oct 3
- Reason for leaving Amazon | rising fees and inbound-shipment penalties | source: call Jun 20
</Memory>

Answer only from <Memory>.
If the question is about “now,” use the untagged values.
If the question is about the past, pick the version that was in effect at that moment.
Never present [historical] as current.

Question: {QUESTION}"""


def seed_prompt() -> str:
    """Return the seed's Cozy Home Co. prompt, from ``<Memory>`` to the question."""
    files = sorted(SEEDS.glob("000_*.txt"))
    if not files:
        pytest.skip("the seed notes are not in this checkout")
    text = files[0].read_text(encoding="utf-8")
    start = text.index("<Memory>\nFacts about the client")
    return text[start : text.index("\n\nResult:", start)]


def test_demo_has_the_seven_facts_of_three_calls() -> None:
    assert len(FACTS) == 7
    assert {(f.source, f.observed_at) for f in FACTS} == {
        ("call Feb 12", "2024-02-12"),
        ("call Jun 20", "2024-06-20"),
        ("call Oct 3", "2024-10-03"),
    }


def test_demo_context_is_the_seed_template_filled_in(memory: Memory) -> None:
    load_demo(memory)
    assert memory.context(QUESTION) == EXPECTED


def test_loading_twice_changes_nothing(memory: Memory) -> None:
    load_demo(memory)
    counts = memory.store.count()
    report = load_demo(memory)
    assert report.created == 0 and report.unchanged == 7
    assert memory.store.count() == counts
    assert memory.context(QUESTION) == EXPECTED


def test_fact_lines_equal_the_seed_prompt_byte_for_byte(memory: Memory) -> None:
    load_demo(memory)
    ours, seed = memory.context(QUESTION).splitlines(), seed_prompt().splitlines()
    assert ours[2:13] == seed[2:13]  # legend, blank line, the seven fact lines, </Memory>
    assert ours[-1] == seed[-1]  # the question


def test_one_batch_keeps_the_input_order_of_same_day_groups(memory: Memory) -> None:
    budget, channel = FACTS[1], FACTS[0]
    memory.add_many([budget, channel])
    block = memory.context("ad budget and main sales channel", answer_rules=False)
    assert block.index("Ad budget") < block.index("Main sales channel")
