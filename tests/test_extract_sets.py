"""The offline extractor on the labelled sets: precision, recall and negatives kept.

Each set was written and labelled by people who had not read ``src/tem/extract``
(``tests/data/extraction_dev.jsonl``, ``tests/data/extraction_fresh.jsonl``,
``tests/data/extraction_fresh2.jsonl``, written after the training data grew to thirteen
writers, ``tests/data/extraction_fresh3.jsonl``, frozen before the round that grew it
to seventeen, ``tests/data/extraction_fresh4.jsonl``, frozen before the round of
partners, homes, roles and chat shorthand, and ``tests/data/extraction_fresh5.jsonl``
and ``tests/data/extraction_fresh6.jsonl``, two writers frozen before the round of
headings, employers, proposals and breakups, ``tests/data/extraction_fresh7.jsonl``,
frozen before the round of question and negation scope, farewells and the
twenty-two-writer model, ``tests/data/extraction_fresh8.jsonl``, written after
that round's work, ``tests/data/extraction_fresh9.jsonl``, written after the
twenty-five-writer model, ``tests/data/extraction_fresh10.jsonl``, written after
that round's last change, and ``extraction_fresh11.jsonl`` to
``extraction_fresh170.jsonl``, each frozen
before the extractor it measures read it; each
by someone who saw neither the code, nor the other sets; fresh5 to fresh60 are training
rows of the span model since the eighty-four-writer model, so their floors now guard
against regressions only) or
by hand (``benchmarks/data/extraction_gold.jsonl``); none is ever edited after an
extractor ran on it. Every figure (overall, per relation, per style, negatives
rejected) must stay at or above its floor in ``tests/data/extraction_floors.json``: the
last measured figure less a margin. After an improvement,
``benchmarks/bench_extract.py --write-floors tests/data/extraction_floors.json``
raises the floors; the test prints every figure.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

from tem.eval import extraction
from tem.extract import OfflineExtractor

ROOT = Path(__file__).resolve().parent
SETS = {
    "extraction_dev.jsonl": ROOT / "data" / "extraction_dev.jsonl",
    "extraction_fresh.jsonl": ROOT / "data" / "extraction_fresh.jsonl",
    "extraction_fresh2.jsonl": ROOT / "data" / "extraction_fresh2.jsonl",
    "extraction_fresh3.jsonl": ROOT / "data" / "extraction_fresh3.jsonl",
    "extraction_fresh4.jsonl": ROOT / "data" / "extraction_fresh4.jsonl",
    "extraction_fresh5.jsonl": ROOT / "data" / "extraction_fresh5.jsonl",
    "extraction_fresh6.jsonl": ROOT / "data" / "extraction_fresh6.jsonl",
    "extraction_fresh7.jsonl": ROOT / "data" / "extraction_fresh7.jsonl",
    "extraction_fresh8.jsonl": ROOT / "data" / "extraction_fresh8.jsonl",
    "extraction_fresh9.jsonl": ROOT / "data" / "extraction_fresh9.jsonl",
    "extraction_fresh10.jsonl": ROOT / "data" / "extraction_fresh10.jsonl",
    "extraction_fresh11.jsonl": ROOT / "data" / "extraction_fresh11.jsonl",
    "extraction_fresh12.jsonl": ROOT / "data" / "extraction_fresh12.jsonl",
    "extraction_fresh13.jsonl": ROOT / "data" / "extraction_fresh13.jsonl",
    "extraction_fresh14.jsonl": ROOT / "data" / "extraction_fresh14.jsonl",
    "extraction_fresh15.jsonl": ROOT / "data" / "extraction_fresh15.jsonl",
    "extraction_fresh16.jsonl": ROOT / "data" / "extraction_fresh16.jsonl",
    "extraction_fresh17.jsonl": ROOT / "data" / "extraction_fresh17.jsonl",
    "extraction_fresh18.jsonl": ROOT / "data" / "extraction_fresh18.jsonl",
    "extraction_fresh19.jsonl": ROOT / "data" / "extraction_fresh19.jsonl",
    "extraction_fresh20.jsonl": ROOT / "data" / "extraction_fresh20.jsonl",
    "extraction_fresh21.jsonl": ROOT / "data" / "extraction_fresh21.jsonl",
    "extraction_fresh22.jsonl": ROOT / "data" / "extraction_fresh22.jsonl",
    "extraction_fresh23.jsonl": ROOT / "data" / "extraction_fresh23.jsonl",
    "extraction_fresh24.jsonl": ROOT / "data" / "extraction_fresh24.jsonl",
    "extraction_fresh25.jsonl": ROOT / "data" / "extraction_fresh25.jsonl",
    "extraction_fresh26.jsonl": ROOT / "data" / "extraction_fresh26.jsonl",
    "extraction_fresh27.jsonl": ROOT / "data" / "extraction_fresh27.jsonl",
    "extraction_fresh28.jsonl": ROOT / "data" / "extraction_fresh28.jsonl",
    "extraction_fresh29.jsonl": ROOT / "data" / "extraction_fresh29.jsonl",
    "extraction_fresh30.jsonl": ROOT / "data" / "extraction_fresh30.jsonl",
    "extraction_fresh31.jsonl": ROOT / "data" / "extraction_fresh31.jsonl",
    "extraction_fresh32.jsonl": ROOT / "data" / "extraction_fresh32.jsonl",
    "extraction_fresh33.jsonl": ROOT / "data" / "extraction_fresh33.jsonl",
    "extraction_fresh34.jsonl": ROOT / "data" / "extraction_fresh34.jsonl",
    "extraction_fresh35.jsonl": ROOT / "data" / "extraction_fresh35.jsonl",
    "extraction_fresh36.jsonl": ROOT / "data" / "extraction_fresh36.jsonl",
    "extraction_fresh37.jsonl": ROOT / "data" / "extraction_fresh37.jsonl",
    "extraction_fresh38.jsonl": ROOT / "data" / "extraction_fresh38.jsonl",
    "extraction_fresh39.jsonl": ROOT / "data" / "extraction_fresh39.jsonl",
    "extraction_fresh40.jsonl": ROOT / "data" / "extraction_fresh40.jsonl",
    "extraction_fresh41.jsonl": ROOT / "data" / "extraction_fresh41.jsonl",
    "extraction_fresh42.jsonl": ROOT / "data" / "extraction_fresh42.jsonl",
    "extraction_fresh43.jsonl": ROOT / "data" / "extraction_fresh43.jsonl",
    "extraction_fresh44.jsonl": ROOT / "data" / "extraction_fresh44.jsonl",
    "extraction_fresh45.jsonl": ROOT / "data" / "extraction_fresh45.jsonl",
    "extraction_fresh46.jsonl": ROOT / "data" / "extraction_fresh46.jsonl",
    "extraction_fresh47.jsonl": ROOT / "data" / "extraction_fresh47.jsonl",
    "extraction_fresh48.jsonl": ROOT / "data" / "extraction_fresh48.jsonl",
    "extraction_fresh49.jsonl": ROOT / "data" / "extraction_fresh49.jsonl",
    "extraction_fresh50.jsonl": ROOT / "data" / "extraction_fresh50.jsonl",
    "extraction_fresh51.jsonl": ROOT / "data" / "extraction_fresh51.jsonl",
    "extraction_fresh52.jsonl": ROOT / "data" / "extraction_fresh52.jsonl",
    "extraction_fresh53.jsonl": ROOT / "data" / "extraction_fresh53.jsonl",
    "extraction_fresh54.jsonl": ROOT / "data" / "extraction_fresh54.jsonl",
    "extraction_fresh55.jsonl": ROOT / "data" / "extraction_fresh55.jsonl",
    "extraction_fresh56.jsonl": ROOT / "data" / "extraction_fresh56.jsonl",
    "extraction_fresh57.jsonl": ROOT / "data" / "extraction_fresh57.jsonl",
    "extraction_fresh58.jsonl": ROOT / "data" / "extraction_fresh58.jsonl",
    "extraction_fresh59.jsonl": ROOT / "data" / "extraction_fresh59.jsonl",
    "extraction_fresh60.jsonl": ROOT / "data" / "extraction_fresh60.jsonl",
    "extraction_fresh61.jsonl": ROOT / "data" / "extraction_fresh61.jsonl",
    "extraction_fresh62.jsonl": ROOT / "data" / "extraction_fresh62.jsonl",
    "extraction_fresh63.jsonl": ROOT / "data" / "extraction_fresh63.jsonl",
    "extraction_fresh64.jsonl": ROOT / "data" / "extraction_fresh64.jsonl",
    "extraction_fresh65.jsonl": ROOT / "data" / "extraction_fresh65.jsonl",
    "extraction_fresh66.jsonl": ROOT / "data" / "extraction_fresh66.jsonl",
    "extraction_fresh67.jsonl": ROOT / "data" / "extraction_fresh67.jsonl",
    "extraction_fresh68.jsonl": ROOT / "data" / "extraction_fresh68.jsonl",
    "extraction_fresh69.jsonl": ROOT / "data" / "extraction_fresh69.jsonl",
    "extraction_fresh70.jsonl": ROOT / "data" / "extraction_fresh70.jsonl",
    "extraction_fresh71.jsonl": ROOT / "data" / "extraction_fresh71.jsonl",
    "extraction_fresh72.jsonl": ROOT / "data" / "extraction_fresh72.jsonl",
    "extraction_fresh73.jsonl": ROOT / "data" / "extraction_fresh73.jsonl",
    "extraction_fresh74.jsonl": ROOT / "data" / "extraction_fresh74.jsonl",
    "extraction_fresh75.jsonl": ROOT / "data" / "extraction_fresh75.jsonl",
    "extraction_fresh76.jsonl": ROOT / "data" / "extraction_fresh76.jsonl",
    "extraction_fresh77.jsonl": ROOT / "data" / "extraction_fresh77.jsonl",
    "extraction_fresh78.jsonl": ROOT / "data" / "extraction_fresh78.jsonl",
    "extraction_fresh79.jsonl": ROOT / "data" / "extraction_fresh79.jsonl",
    "extraction_fresh80.jsonl": ROOT / "data" / "extraction_fresh80.jsonl",
    "extraction_fresh81.jsonl": ROOT / "data" / "extraction_fresh81.jsonl",
    "extraction_fresh82.jsonl": ROOT / "data" / "extraction_fresh82.jsonl",
    "extraction_fresh83.jsonl": ROOT / "data" / "extraction_fresh83.jsonl",
    "extraction_fresh84.jsonl": ROOT / "data" / "extraction_fresh84.jsonl",
    "extraction_fresh85.jsonl": ROOT / "data" / "extraction_fresh85.jsonl",
    "extraction_fresh86.jsonl": ROOT / "data" / "extraction_fresh86.jsonl",
    "extraction_fresh87.jsonl": ROOT / "data" / "extraction_fresh87.jsonl",
    "extraction_fresh88.jsonl": ROOT / "data" / "extraction_fresh88.jsonl",
    "extraction_fresh89.jsonl": ROOT / "data" / "extraction_fresh89.jsonl",
    "extraction_fresh90.jsonl": ROOT / "data" / "extraction_fresh90.jsonl",
    "extraction_fresh91.jsonl": ROOT / "data" / "extraction_fresh91.jsonl",
    "extraction_fresh92.jsonl": ROOT / "data" / "extraction_fresh92.jsonl",
    "extraction_fresh93.jsonl": ROOT / "data" / "extraction_fresh93.jsonl",
    "extraction_fresh94.jsonl": ROOT / "data" / "extraction_fresh94.jsonl",
    "extraction_fresh95.jsonl": ROOT / "data" / "extraction_fresh95.jsonl",
    "extraction_fresh96.jsonl": ROOT / "data" / "extraction_fresh96.jsonl",
    "extraction_fresh97.jsonl": ROOT / "data" / "extraction_fresh97.jsonl",
    "extraction_fresh98.jsonl": ROOT / "data" / "extraction_fresh98.jsonl",
    "extraction_fresh99.jsonl": ROOT / "data" / "extraction_fresh99.jsonl",
    "extraction_fresh100.jsonl": ROOT / "data" / "extraction_fresh100.jsonl",
    "extraction_fresh101.jsonl": ROOT / "data" / "extraction_fresh101.jsonl",
    "extraction_fresh102.jsonl": ROOT / "data" / "extraction_fresh102.jsonl",
    "extraction_fresh103.jsonl": ROOT / "data" / "extraction_fresh103.jsonl",
    "extraction_fresh104.jsonl": ROOT / "data" / "extraction_fresh104.jsonl",
    "extraction_fresh105.jsonl": ROOT / "data" / "extraction_fresh105.jsonl",
    "extraction_fresh106.jsonl": ROOT / "data" / "extraction_fresh106.jsonl",
    "extraction_fresh107.jsonl": ROOT / "data" / "extraction_fresh107.jsonl",
    "extraction_fresh108.jsonl": ROOT / "data" / "extraction_fresh108.jsonl",
    "extraction_fresh109.jsonl": ROOT / "data" / "extraction_fresh109.jsonl",
    "extraction_fresh110.jsonl": ROOT / "data" / "extraction_fresh110.jsonl",
    "extraction_fresh111.jsonl": ROOT / "data" / "extraction_fresh111.jsonl",
    "extraction_fresh112.jsonl": ROOT / "data" / "extraction_fresh112.jsonl",
    "extraction_fresh113.jsonl": ROOT / "data" / "extraction_fresh113.jsonl",
    "extraction_fresh114.jsonl": ROOT / "data" / "extraction_fresh114.jsonl",
    "extraction_fresh115.jsonl": ROOT / "data" / "extraction_fresh115.jsonl",
    "extraction_fresh116.jsonl": ROOT / "data" / "extraction_fresh116.jsonl",
    "extraction_fresh117.jsonl": ROOT / "data" / "extraction_fresh117.jsonl",
    "extraction_fresh118.jsonl": ROOT / "data" / "extraction_fresh118.jsonl",
    "extraction_fresh119.jsonl": ROOT / "data" / "extraction_fresh119.jsonl",
    "extraction_fresh120.jsonl": ROOT / "data" / "extraction_fresh120.jsonl",
    "extraction_fresh121.jsonl": ROOT / "data" / "extraction_fresh121.jsonl",
    "extraction_fresh122.jsonl": ROOT / "data" / "extraction_fresh122.jsonl",
    "extraction_fresh123.jsonl": ROOT / "data" / "extraction_fresh123.jsonl",
    "extraction_fresh124.jsonl": ROOT / "data" / "extraction_fresh124.jsonl",
    "extraction_fresh125.jsonl": ROOT / "data" / "extraction_fresh125.jsonl",
    "extraction_fresh126.jsonl": ROOT / "data" / "extraction_fresh126.jsonl",
    "extraction_fresh127.jsonl": ROOT / "data" / "extraction_fresh127.jsonl",
    "extraction_fresh128.jsonl": ROOT / "data" / "extraction_fresh128.jsonl",
    "extraction_fresh129.jsonl": ROOT / "data" / "extraction_fresh129.jsonl",
    "extraction_fresh130.jsonl": ROOT / "data" / "extraction_fresh130.jsonl",
    "extraction_fresh131.jsonl": ROOT / "data" / "extraction_fresh131.jsonl",
    "extraction_fresh132.jsonl": ROOT / "data" / "extraction_fresh132.jsonl",
    "extraction_fresh133.jsonl": ROOT / "data" / "extraction_fresh133.jsonl",
    "extraction_fresh134.jsonl": ROOT / "data" / "extraction_fresh134.jsonl",
    "extraction_fresh135.jsonl": ROOT / "data" / "extraction_fresh135.jsonl",
    "extraction_fresh136.jsonl": ROOT / "data" / "extraction_fresh136.jsonl",
    "extraction_fresh137.jsonl": ROOT / "data" / "extraction_fresh137.jsonl",
    "extraction_fresh138.jsonl": ROOT / "data" / "extraction_fresh138.jsonl",
    "extraction_fresh139.jsonl": ROOT / "data" / "extraction_fresh139.jsonl",
    "extraction_fresh140.jsonl": ROOT / "data" / "extraction_fresh140.jsonl",
    "extraction_fresh141.jsonl": ROOT / "data" / "extraction_fresh141.jsonl",
    "extraction_fresh142.jsonl": ROOT / "data" / "extraction_fresh142.jsonl",
    "extraction_fresh143.jsonl": ROOT / "data" / "extraction_fresh143.jsonl",
    "extraction_fresh144.jsonl": ROOT / "data" / "extraction_fresh144.jsonl",
    "extraction_fresh145.jsonl": ROOT / "data" / "extraction_fresh145.jsonl",
    "extraction_fresh146.jsonl": ROOT / "data" / "extraction_fresh146.jsonl",
    "extraction_fresh147.jsonl": ROOT / "data" / "extraction_fresh147.jsonl",
    "extraction_fresh148.jsonl": ROOT / "data" / "extraction_fresh148.jsonl",
    "extraction_fresh149.jsonl": ROOT / "data" / "extraction_fresh149.jsonl",
    "extraction_fresh150.jsonl": ROOT / "data" / "extraction_fresh150.jsonl",
    "extraction_fresh151.jsonl": ROOT / "data" / "extraction_fresh151.jsonl",
    "extraction_fresh152.jsonl": ROOT / "data" / "extraction_fresh152.jsonl",
    "extraction_fresh153.jsonl": ROOT / "data" / "extraction_fresh153.jsonl",
    "extraction_fresh154.jsonl": ROOT / "data" / "extraction_fresh154.jsonl",
    "extraction_fresh155.jsonl": ROOT / "data" / "extraction_fresh155.jsonl",
    "extraction_fresh156.jsonl": ROOT / "data" / "extraction_fresh156.jsonl",
    "extraction_fresh157.jsonl": ROOT / "data" / "extraction_fresh157.jsonl",
    "extraction_fresh158.jsonl": ROOT / "data" / "extraction_fresh158.jsonl",
    "extraction_fresh159.jsonl": ROOT / "data" / "extraction_fresh159.jsonl",
    "extraction_fresh160.jsonl": ROOT / "data" / "extraction_fresh160.jsonl",
    "extraction_fresh161.jsonl": ROOT / "data" / "extraction_fresh161.jsonl",
    "extraction_fresh162.jsonl": ROOT / "data" / "extraction_fresh162.jsonl",
    "extraction_fresh163.jsonl": ROOT / "data" / "extraction_fresh163.jsonl",
    "extraction_fresh164.jsonl": ROOT / "data" / "extraction_fresh164.jsonl",
    "extraction_fresh165.jsonl": ROOT / "data" / "extraction_fresh165.jsonl",
    "extraction_fresh166.jsonl": ROOT / "data" / "extraction_fresh166.jsonl",
    "extraction_fresh167.jsonl": ROOT / "data" / "extraction_fresh167.jsonl",
    "extraction_fresh168.jsonl": ROOT / "data" / "extraction_fresh168.jsonl",
    "extraction_fresh169.jsonl": ROOT / "data" / "extraction_fresh169.jsonl",
    "extraction_fresh170.jsonl": ROOT / "data" / "extraction_fresh170.jsonl",
    "extraction_gold.jsonl": ROOT.parent / "benchmarks" / "data" / "extraction_gold.jsonl",
}
FLOORS: dict[str, dict[str, float]] = json.loads(
    (ROOT / "data" / "extraction_floors.json").read_text(encoding="utf-8")
)


@functools.cache
def figures(name: str) -> dict[str, float]:
    rows = extraction.load_rows(SETS[name])
    predicted = OfflineExtractor().extract_many(extraction.row_session(r) for r in rows)
    score = extraction.score_rows(rows, predicted)
    print("\n".join(extraction.table_lines(score)))
    return extraction.figures(score)


QUICK = frozenset({"extraction_gold.jsonl"})
"""The sets the quick loop (``-m "not slow"``) reads; every other set is slow-marked
(about 3 s each here), and ``make test`` and CI read them all."""


def _cases() -> list[object]:
    return [
        pytest.param(name, figure, marks=() if name in QUICK else pytest.mark.slow)
        for name in SETS
        for figure in FLOORS[name]
    ]


@pytest.mark.parametrize(("name", "figure"), _cases())
def test_figure_stays_above_its_floor(name: str, figure: str) -> None:
    measured = figures(name)
    assert figure in measured, f"{name}: {figure} no longer measured"
    print(f"{name} {figure}: {measured[figure]:.3f} (floor {FLOORS[name][figure]:.2f})")
    assert measured[figure] >= FLOORS[name][figure]


def test_every_set_has_floors() -> None:
    assert set(FLOORS) == set(SETS)


def test_floors_are_below_the_figures_they_come_from() -> None:
    score = extraction.Score(relations=frozenset({"lives in"}))
    row = {"id": "r", "speaker": "Ana", "text": "I live in Porto.", "negative": False}
    row["expected"] = [
        {"subject": "Ana", "relation": "lives in", "value": "Porto", "kind": "assert"}
    ]
    score.add(row, [])
    assert extraction.figures(score)["R"] == 0.0
    assert extraction.floors(score)["P"] == 0.97
