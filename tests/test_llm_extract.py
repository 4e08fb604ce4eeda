"""LLMExtractor with the shipped FakeChatModel: parsing, time, windows, failures, repair."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from tem.core.model import Status, Version
from tem.core.session import Session, Turn
from tem.extract.facts import ExtractedFact
from tem.llm.errors import LLMError, LLMResponseError, LLMTimeout, LLMUnreachable
from tem.llm.extract import LLMExtractor
from tem.llm.prompts import ExtractionAnswer
from tem.llm.settings import LLMSettings
from tem.llm.testing import FakeChatModel, facts_answer

SESSION_DATE = datetime(2024, 5, 14, 18, 30, tzinfo=UTC)


def session(*texts: str, speaker: str = "user", day: datetime = SESSION_DATE) -> Session:
    turns = tuple(Turn(speaker, text, index) for index, text in enumerate(texts))
    return Session(id="s1", observed_at=day, turns=turns)


def extractor(model: FakeChatModel, *, window_turns: int = 60) -> LLMExtractor:
    return LLMExtractor(model, LLMSettings(model="fake", window_turns=window_turns))


def fact(**fields: object) -> dict[str, object]:
    return {"subject": "Alice", "relation": "lives in", "value": "Berlin", "turn": 0} | {
        "action": "new",
        **fields,
    }


def version(subject: str, relation: str, value: str, status: Status) -> Version:
    moment = datetime(2021, 3, 1, tzinfo=UTC)
    return Version(
        id=f"v-{value}",
        scope="default",
        subject=subject,
        relation=relation,
        value=value,
        status=status,
        cardinality="one",
        source="earlier",
        observed_at=moment,
        valid_from=moment,
        valid_to=None,
        recorded_at=moment,
        expired_at=None,
        supersedes=None,
        superseded_by=None,
        sources=(),
    )


def test_happy_path() -> None:
    model = FakeChatModel(
        [
            facts_answer(
                fact(subject="I", when="last March", action="update", cardinality="one"),
                fact(subject="Emma", relation="Has_Pet", value="a cat", turn=1),
            )
        ]
    )
    llm = extractor(model)
    facts = llm.extract(
        session("I moved to Berlin last March.", "My sister Emma got a cat."),
        speaker_names={"user": "Alice"},
    )
    assert facts == [
        ExtractedFact(
            subject="Alice",
            relation="lives in",
            value="Berlin",
            kind="assert",
            valid_from=datetime(2024, 3, 1, tzinfo=UTC),
            cardinality="one",
            turn_index=0,
            evidence="I moved to Berlin last March.",
        ),
        ExtractedFact(
            subject="Emma",
            relation="has pet",
            value="a cat",
            kind="assert",
            valid_from=None,
            cardinality="many",
            turn_index=1,
            evidence="My sister Emma got a cat.",
        ),
    ]
    assert llm.calls == 1 and llm.sessions == 1
    prompt = model.calls[0].messages[1]["content"]
    assert "[0] Alice: I moved to Berlin last March." in prompt
    assert 'Alice (labelled "user")' in prompt


def test_current_versions_are_shown_to_the_model() -> None:
    model = FakeChatModel([facts_answer()])
    llm = extractor(model)
    current = [
        version("Alice", "lives in", "Paris", Status.CURRENT),
        version("Alice", "lives in", "Lyon", Status.HISTORICAL),
    ]
    assert llm.extract(session("Hi"), current=current) == []
    prompt = model.calls[0].messages[1]["content"]
    assert "Alice | lives in | Paris | 2021-03-01" in prompt
    assert "Lyon" not in prompt


def test_times_resolve_against_the_session_date_not_today() -> None:
    model = FakeChatModel(
        [
            facts_answer(
                fact(when="two years ago"),
                fact(relation="works at", value="Acme", when="in 2019"),
                fact(relation="hobby", value="chess", when="now"),
            )
        ]
    )
    llm = extractor(model)
    facts = llm.extract(session("..."))
    assert [f.valid_from for f in facts] == [
        datetime(2022, 5, 14, tzinfo=UTC),
        datetime(2019, 1, 1, tzinfo=UTC),
        None,
    ]


def test_turn_time_wins_over_the_session_date() -> None:
    turns = (Turn("user", "I moved here last month.", 0, time=datetime(2020, 7, 3, tzinfo=UTC)),)
    model = FakeChatModel([facts_answer(fact(when="last month"))])
    llm = extractor(model)
    facts = llm.extract(Session(id="s", observed_at=SESSION_DATE, turns=turns))
    assert facts[0].valid_from == datetime(2020, 6, 1, tzinfo=UTC)


def test_ending_becomes_an_end_and_restatement_an_assert() -> None:
    model = FakeChatModel(
        [
            facts_answer(
                fact(relation="works at", value=None, action="ending", when="in April"),
                fact(action="restatement"),
            )
        ]
    )
    llm = extractor(model)
    ending, restated = llm.extract(session("I quit in April. Still in Berlin."))
    assert (ending.kind, ending.value, ending.relation) == ("end", None, "works at")
    assert ending.valid_from == datetime(2024, 4, 1, tzinfo=UTC)
    assert (restated.kind, restated.value) == ("assert", "Berlin")


def test_unknown_relations_are_normalized_and_keep_the_models_cardinality() -> None:
    model = FakeChatModel(
        [facts_answer(fact(relation="Reason-For  Leaving", value="pay", cardinality="one"))]
    )
    llm = extractor(model)
    (found,) = llm.extract(session("..."))
    assert (found.relation, found.cardinality) == ("reason for leaving", "one")


def test_duplicate_facts_of_one_turn_are_returned_once() -> None:
    model = FakeChatModel([facts_answer(fact(), fact())])
    llm = extractor(model)
    assert len(llm.extract(session("..."))) == 1


def test_empty_session_makes_no_call() -> None:
    model = FakeChatModel([])
    llm = extractor(model)
    assert llm.extract(session()) == []
    assert llm.calls == 0


def test_long_sessions_go_in_windows_that_see_earlier_windows() -> None:
    def answer(messages: list[dict[str, str]]) -> str:
        prompt = messages[1]["content"]
        first = int(prompt.split("Turns:\n[")[1].split("]")[0])
        return facts_answer(fact(value=f"City{first}", turn=first + 5, cardinality="one"))

    model = FakeChatModel(answer)
    llm = extractor(model, window_turns=60)
    facts = llm.extract(session(*(f"turn {n}" for n in range(130))))
    assert llm.calls == 3
    assert [(f.value, f.turn_index) for f in facts] == [
        ("City0", 5),
        ("City60", 65),
        ("City120", 125),
    ]
    prompts = [call.messages[1]["content"] for call in model.calls]
    assert "[59] user: turn 59" in prompts[0] and "[60]" not in prompts[0]
    assert "[60] user: turn 60" in prompts[1] and "[119] user: turn 119" in prompts[1]
    assert "[0] user" not in prompts[1]
    assert "Alice | lives in | City0 | 2024-05-14" in prompts[1]
    assert "Alice | lives in | City60 | 2024-05-14" in prompts[2]
    assert "City0" not in prompts[2]  # replaced: "lives in" is a "one" relation


def test_a_failing_window_fails_the_whole_session() -> None:
    answers = [facts_answer(fact()), "nope", "still nope"]
    model = FakeChatModel(answers)
    llm = extractor(model, window_turns=2)
    with pytest.raises(LLMError, match="window 2/2"):
        llm.extract(session("a", "b", "c"))
    assert llm.calls == 3 and llm.sessions == 0


def test_asks_for_the_answer_model_as_response_format() -> None:
    model = FakeChatModel([facts_answer(fact())])
    extractor(model).extract(session("..."))
    assert model.calls[0].response_format is ExtractionAnswer


def test_no_answer_fails_the_session_without_retrying_here() -> None:
    """Retries are the SDK's: the extractor sends one request and names the window."""
    model = FakeChatModel([facts_answer(fact())], fail_first=1)
    llm = extractor(model)
    with pytest.raises(LLMTimeout, match="session 's1', window 1/1: FakeChatModel"):
        llm.extract(session("..."))
    assert llm.calls == 1 and llm.sessions == 0


def test_errors_keep_their_kind_and_gain_the_window() -> None:
    model = FakeChatModel([facts_answer(fact())], fail_first=1, failure=LLMError("HTTP 401"))
    llm = extractor(model)
    with pytest.raises(LLMError, match="window 1/1: HTTP 401") as caught:
        llm.extract(session("..."))
    assert type(caught.value) is LLMError and llm.calls == 1


def test_an_unreachable_server_fails_later_sessions_without_a_request() -> None:
    down = LLMUnreachable("cannot reach the LLM server at http://127.0.0.1:9/v1")
    model = FakeChatModel([facts_answer(fact())] * 3, fail_first=1, failure=down)
    llm = extractor(model)
    with pytest.raises(LLMUnreachable, match="window 1/1: cannot reach"):
        llm.extract(session("..."))
    with pytest.raises(LLMUnreachable, match="'s1': not sent: cannot reach .*127.0.0.1:9"):
        llm.extract(session("..."))
    assert len(model.calls) == 1 and llm.calls == 1


def test_malformed_json_gets_one_repair() -> None:
    model = FakeChatModel(['{"facts": [', facts_answer(fact())])
    llm = extractor(model)
    assert len(llm.extract(session("..."))) == 1
    assert llm.calls == 2
    repair = model.calls[1].messages
    assert repair[:2] == model.calls[0].messages
    assert repair[2] == {"role": "assistant", "content": '{"facts": ['}
    assert repair[3]["content"].startswith("Your answer could not be used: not valid JSON")


def test_malformed_twice_raises() -> None:
    model = FakeChatModel(["nope", '```json\n{"facts": 3}\n```'])
    llm = extractor(model)
    with pytest.raises(LLMError, match="invalid answer after one repair") as caught:
        llm.extract(session("..."))
    assert isinstance(caught.value.__cause__, LLMResponseError)


def test_invalid_turn_index_is_rejected() -> None:
    bad = facts_answer(fact(turn=4))
    model = FakeChatModel([bad, bad])
    llm = extractor(model)
    with pytest.raises(LLMError, match="4 is not one of the numbered turns"):
        llm.extract(session("one", "two"))
    assert "facts[0].turn" in model.calls[1].messages[-1]["content"]


def test_wrong_types_are_rejected_then_repaired() -> None:
    wrong = json.dumps({"facts": [fact(turn="0")]})
    model = FakeChatModel([wrong, facts_answer(fact())])
    llm = extractor(model)
    assert llm.extract(session("..."))[0].turn_index == 0
