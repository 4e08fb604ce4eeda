from datetime import UTC, datetime

from tem.core.session import TurnRecord
from tem.events import dated_events, events_of, in_periods
from tem.periods import question_periods

SAID = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)


def turn(text: str, index: int = 3, turn_id: str | None = "D1:3") -> TurnRecord:
    return TurnRecord("s1", "conv", SAID, index, "Caroline", text, turn_id)


def test_an_event_has_who_what_when_and_its_turn() -> None:
    [event] = events_of(turn("Hi! I went to a LGBTQ support group yesterday. It was powerful."))
    assert event.who == "Caroline"
    assert event.what == "I went to a LGBTQ support group yesterday."
    assert event.when == datetime(2023, 5, 7, tzinfo=UTC) and event.precision == "day"
    assert (event.session_id, event.turn_index, event.turn_id) == ("s1", 3, "D1:3")
    assert event.describe() == (
        "7 May 2023: Caroline: I went to a LGBTQ support group yesterday. (said 2023-05-08, D1:3)"
    )


def test_each_dated_sentence_is_an_event() -> None:
    events = events_of(turn("We hiked last weekend. Two months ago I adopted a cat! Cute, huh?"))
    assert [(e.expression, e.when.date().isoformat()) for e in events] == [
        ("last weekend", "2023-05-06"),
        ("Two months ago", "2023-03-08"),
    ]


def test_a_turn_without_a_time_has_no_event() -> None:
    assert events_of(turn("I love painting sunsets.")) == []


def test_events_in_the_period_a_question_names() -> None:
    events = dated_events([turn("I ran a race last month.", 1), turn("Painted yesterday.", 2)])
    found = in_periods(events, question_periods("What did Caroline do in April 2023?"))
    assert [e.turn_index for e in found] == [1]


def test_memory_dated_events_ranks_and_keeps_the_asked_period() -> None:
    from tem import ManualClock, Memory
    from tem.core.session import Session, Turn

    with Memory(clock=ManualClock()) as memory:
        for sid, day, text in [
            ("s1", datetime(2023, 5, 8, tzinfo=UTC), "I went to a support group yesterday."),
            ("s2", datetime(2023, 7, 1, tzinfo=UTC), "I painted a lake last week."),
            ("s3", datetime(2023, 7, 2, tzinfo=UTC), "No dates here at all."),
        ]:
            memory.ingest([Session(sid, day, (Turn("Ana", text, 0),))])
        every = memory.dated_events()
        assert [(e.what, e.when.date().isoformat()) for e in every] == [
            ("I went to a support group yesterday.", "2023-05-07"),
            ("I painted a lake last week.", "2023-06-24"),
        ]
        asked = memory.dated_events("When did Ana go to the support group?")
        assert asked[0].session_id == "s1" and asked[0].who == "Ana"
        assert [e.session_id for e in memory.dated_events("What did Ana do in June 2023?")] == [
            "s2"
        ]
        assert len(memory.dated_events(k=1)) == 1
