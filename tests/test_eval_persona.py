"""The persona benchmark generator: shape, determinism, gold consistency, round trip."""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tem.core.session import Session
from tem.errors import UserError
from tem.eval import persona as P
from tem.eval import persona_text as text


@pytest.fixture(scope="module")
def bench() -> P.PersonaBenchmark:
    return P.generate()


def _sessions_of(bench: P.PersonaBenchmark) -> dict[str, list[Session]]:
    by_persona: dict[str, list[Session]] = defaultdict(list)
    for session in bench.sessions:
        by_persona[session.metadata["persona_id"]].append(session)
    return by_persona


def _text(session: Session) -> str:
    return "\n".join(turn.text for turn in session.turns)


def _mentions(value: str, said: str) -> bool:
    return re.search(rf"\b{re.escape(value)}\b", said) is not None


def _check_invariants(bench: P.PersonaBenchmark) -> None:
    """What must hold for any seed and size."""
    sessions = {s.id: s for s in bench.sessions}
    by_persona = _sessions_of(bench)
    names = {p.id: p.name for p in bench.personas}
    for persona in bench.personas:
        assert 3 <= len(persona.cities) <= 4
        assert 2 <= len(persona.jobs) <= 3
        assert 2 <= len(persona.drinks) <= 3
        for timeline in (persona.cities, persona.jobs, persona.drinks):
            starts = [entry[-1] for entry in timeline]
            assert starts == sorted(starts) and len(set(starts)) == len(starts)
            assert len({entry[0] for entry in timeline}) == len(timeline)
        dates = [s.observed_at for s in by_persona[persona.id]]
        assert all(b - a >= timedelta(days=13) for a, b in zip(dates, dates[1:], strict=False))
        assert all(b - a <= timedelta(days=57) for a, b in zip(dates, dates[1:], strict=False))
    for fact in bench.gold_facts:
        session = sessions[fact.session_id]
        assert fact.subject == session.metadata["persona"] in names.values()
        assert fact.relation in P.RELATIONS
        assert fact.value in _text(session), (fact, _text(session))
        assert fact.valid_from <= session.observed_at
        assert fact.late == (fact.valid_from < session.observed_at)
    personas = {p.id: p for p in bench.personas}
    for question in bench.questions:
        assert question.answer == _expected_answer(personas[question.persona_id], question.type)
        assert names[question.persona_id] in question.question
        assert question.group == ("pre_move" if question.type == P.PRE_MOVE else "other")


def _expected_answer(persona: P.Persona, kind: str) -> str:
    return {
        "residence_now": persona.cities[-1][0],
        "residence_before": persona.cities[-2][0],
        "residence_before_last_move": persona.cities[-3][0],
        "job_now": persona.jobs[-1][0],
        "job_before": persona.jobs[-2][0],
        "drink_now": persona.drinks[-1][0],
        "drink_before": persona.drinks[-2][0],
    }[kind]


def test_shape_matches_the_paper(bench: P.PersonaBenchmark) -> None:
    assert len(bench.personas) == 60
    assert len(bench.sessions) == 600
    assert len(bench.questions) == 420
    assert sum(q.group == "pre_move" for q in bench.questions) == 60
    per_persona = Counter(q.persona_id for q in bench.questions)
    assert set(per_persona.values()) == {7}
    kinds = Counter(q.type for q in bench.questions)
    assert kinds == dict.fromkeys(P.QUESTION_TYPES, 60)
    assert len({q.id for q in bench.questions}) == 420
    assert len({s.id for s in bench.sessions}) == 600
    assert bench.sessions[0].id == "p01-s01"


def test_invariants_hold_for_the_default_benchmark(bench: P.PersonaBenchmark) -> None:
    _check_invariants(bench)


def test_names_are_unique_and_turns_use_the_first_name(bench: P.PersonaBenchmark) -> None:
    assert len({p.name for p in bench.personas}) == 60
    assert len({p.first_name for p in bench.personas}) == 60
    names = {p.id: p for p in bench.personas}
    for session in bench.sessions:
        persona = names[session.metadata["persona_id"]]
        assert session.metadata["persona"] == persona.name
        assert session.participants == (persona.first_name, "assistant")
        assert session.scope is None
        assert {t.speaker for t in session.turns} == {persona.first_name, "assistant"}
        assert [t.index for t in session.turns] == list(range(len(session.turns)))


def test_gold_facts_replay_each_timeline(bench: P.PersonaBenchmark) -> None:
    facts: dict[tuple[str, str], list[P.GoldFact]] = defaultdict(list)
    for fact in bench.gold_facts:
        facts[(fact.subject, fact.relation)].append(fact)
    for p in bench.personas:
        assert [(f.value, f.valid_from) for f in facts[(p.name, "lives in")]] == list(p.cities)
        assert [(f.value, f.valid_from) for f in facts[(p.name, "favorite drink")]] == list(
            p.drinks
        )
        employers = [(f.value, f.valid_from) for f in facts[(p.name, "works at")]]
        titles = [(f.value, f.valid_from) for f in facts[(p.name, "job title")]]
        assert employers == [(e, t) for e, _, t in p.jobs]
        assert titles == [(ti, t) for _, ti, t in p.jobs]


def test_first_session_states_the_initial_state_and_changes_get_their_own_session(
    bench: P.PersonaBenchmark,
) -> None:
    groups: dict[str, set[str]] = defaultdict(set)
    for fact in bench.gold_facts:
        groups[fact.session_id].add(fact.relation)
    for session_id, relations in groups.items():
        if session_id.endswith("-s01"):
            assert relations == set(P.RELATIONS)
        else:
            assert relations in ({"lives in"}, {"works at", "job title"}, {"favorite drink"})


def test_pre_move_question_asks_two_moves_back(bench: P.PersonaBenchmark) -> None:
    by_persona = {(q.persona_id, q.type): q for q in bench.questions}
    for persona in bench.personas:
        pre_move = by_persona[(persona.id, P.PRE_MOVE)]
        before = by_persona[(persona.id, "residence_before")]
        assert pre_move.answer == persona.cities[-3][0] != before.answer


def test_late_moves_are_told_after_the_previous_session(bench: P.PersonaBenchmark) -> None:
    sessions = {s.id: s for s in bench.sessions}
    late = [f for f in bench.gold_facts if f.late]
    moves = [f for f in bench.gold_facts if f.relation == "lives in"]
    assert 0.04 * len(moves) <= len(late) <= 0.2 * len(moves)
    for fact in late:
        assert fact.relation == "lives in"
        session = sessions[fact.session_id]
        persona_id, number = fact.session_id.split("-s")
        previous = sessions[f"{persona_id}-s{int(number) - 1:02d}"]
        assert fact.valid_from < previous.observed_at
        weeks = (session.observed_at.date() - fact.valid_from.date()).days // 7
        assert text.WEEKS_AGO[weeks] in _text(session)


def test_same_seed_same_json_other_seed_differs() -> None:
    first = json.dumps(P.to_json(P.generate(seed=3, personas=6)), sort_keys=True)
    again = json.dumps(P.to_json(P.generate(seed=3, personas=6)), sort_keys=True)
    other = json.dumps(P.to_json(P.generate(seed=4, personas=6)), sort_keys=True)
    assert first == again
    assert first != other


def test_json_round_trip_is_lossless(bench: P.PersonaBenchmark, tmp_path: Path) -> None:
    assert P.from_json(P.to_json(bench)) == bench
    path = tmp_path / "persona.json"
    P.write(bench, path)
    assert P.read(path) == bench
    assert json.loads(path.read_text(encoding="utf-8")) == P.to_json(bench)


def test_from_json_rejects_other_formats() -> None:
    with pytest.raises(UserError, match="not a persona benchmark"):
        P.from_json({"format": "locomo", "version": 1})


def _phrasings(bench: P.PersonaBenchmark, relation: str) -> set[str]:
    """The wordings of a relation's changes, with values replaced by placeholders."""
    sessions = {s.id: s for s in bench.sessions}
    persona = {p.name: p for p in bench.personas}
    found = set()
    for fact in bench.gold_facts:
        if fact.relation != relation or fact.session_id.endswith("-s01"):
            continue
        p = persona[fact.subject]
        values = [c for c, _ in p.cities] + [e for e, _, _ in p.jobs] + [t for _, t, _ in p.jobs]
        values += [d for d, _ in p.drinks] + list(text.WEEKS_AGO.values())
        (said,) = [t.text for t in sessions[fact.session_id].turns if fact.value in t.text]
        for value in sorted(values, key=len, reverse=True):
            said = said.replace(value, "<v>")
        found.add(said)
    return found


def test_wording_varies(bench: P.PersonaBenchmark) -> None:
    assert len(_phrasings(bench, "lives in")) >= 6
    assert len(_phrasings(bench, "works at")) >= 6
    assert len(_phrasings(bench, "favorite drink")) >= 6
    assert len({q.question.split(" ")[0] for q in bench.questions}) >= 5


def test_distractor_sessions_hold_no_gold_and_name_no_timeline_value(
    bench: P.PersonaBenchmark,
) -> None:
    with_gold = {f.session_id for f in bench.gold_facts}
    distractors = [s for s in bench.sessions if s.id not in with_gold]
    assert len(distractors) >= 60
    personas = {p.id: p for p in bench.personas}
    trap_cities = 0
    for session in distractors:
        p = personas[session.metadata["persona_id"]]
        said = _text(session)
        values = [c for c, _ in p.cities] + [e for e, _, _ in p.jobs] + [d for d, _ in p.drinks]
        assert not [v for v in values if _mentions(v, said)], session
        trap_cities += any(_mentions(c, said) for c in text.CITIES)
    assert trap_cities >= 20  # trips and hypothetical moves name other cities


def test_trips_and_hypotheticals_are_present(bench: P.PersonaBenchmark) -> None:
    everything = "\n".join(_text(s) for s in bench.sessions)
    assert "for a conference" in everything or "meetings" in everything
    assert "someday" in everything or "maybe I will" in everything or "sticking" in everything
    assert "one day" in everything or "top of my list" in everything or "not planning" in everything


def test_small_sessions_keep_the_minimum_timeline() -> None:
    bench = P.generate(seed=1, personas=5, sessions_per_persona=5)
    assert len(bench.sessions) == 25
    assert all(len(p.cities) == 3 and len(p.jobs) == len(p.drinks) == 2 for p in bench.personas)
    _check_invariants(bench)


@pytest.mark.parametrize(
    ("personas", "sessions"), [(0, 10), (len(text.FIRST_NAMES) + 1, 10), (3, P.MIN_SESSIONS - 1)]
)
def test_bad_sizes_are_user_errors(personas: int, sessions: int) -> None:
    with pytest.raises(UserError):
        P.generate(personas=personas, sessions_per_persona=sessions)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), sessions=st.integers(P.MIN_SESSIONS, 14))
def test_invariants_hold_for_any_seed(seed: int, sessions: int) -> None:
    _check_invariants(P.generate(seed=seed, personas=3, sessions_per_persona=sessions))
