"""The persona benchmark: synthetic dated dialogues in which people's facts change.

Shaped like the TEM paper's benchmark: by default 60 personas, 600 sessions (10 per
persona) and 420 questions (7 per persona). Each persona moves city at least twice
(3-4 cities), changes job once or twice (2-3 jobs: employer and title change
together) and favourite drink once or twice (2-3 drinks). The first session states
the initial city, job and drink; each later change is told in its own session, and
the other sessions are ordinary chatter. Chatter includes traps that are *not*
changes: trips ("I spent a week in Rome for a conference") and hypotheticals ("I
might switch to tea someday"). Their values never belong to the persona's own
timeline and are never gold.

Gold valid dates: a fact stated in a session holds from that session's
``observed_at``; the first session's facts hold from the first session. About one
move in ten is reported late ("by the way, I forgot to mention I moved to Oslo three
weeks ago"): its gold ``valid_from`` is midnight UTC that many weeks before the
reporting session, which falls before the previous session, and ``late`` is true.

Question types (the answer is always the gold key entity):

- ``residence_now``: the current city, ``cities[-1]``.
- ``residence_before``: the city right before the current one, ``cities[-2]``.
- ``residence_before_last_move``: the paper's "pre-move residence" subset (Table 3,
  historical residence after repeated updates), group ``pre_move``. For a linear
  chain of cities "where did they live before the last move" is ``cities[-2]``, the
  same as ``residence_before``; to make the subset distinct this benchmark asks about
  the move *before* the last one: where the persona lived before moving to
  ``cities[-2]``, i.e. ``cities[-3]``, two versions back in the history. Every
  persona has at least 3 cities, so the question always exists.
- ``job_now`` / ``job_before``: the current and the previous employer.
- ``drink_now`` / ``drink_before``: the current and the previous favourite drink.

Everything is drawn from ``random.Random(seed)``: the same seed gives the same
benchmark, byte for byte in :func:`to_json`.
"""

from __future__ import annotations

import json
import random
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from tem.core.session import Session, Turn
from tem.core.times import from_text, to_text
from tem.errors import UserError
from tem.eval import persona_text as text

FORMAT = "tem.persona-benchmark"
FORMAT_VERSION = 1
ASSISTANT = "assistant"
LIVES_IN = "lives in"
WORKS_AT = "works at"
JOB_TITLE = "job title"
FAVORITE_DRINK = "favorite drink"
RELATIONS = (LIVES_IN, WORKS_AT, JOB_TITLE, FAVORITE_DRINK)
QUESTION_TYPES = (
    "residence_now",
    "residence_before",
    "residence_before_last_move",
    "job_now",
    "job_before",
    "drink_now",
    "drink_before",
)
PRE_MOVE = "residence_before_last_move"
LATE_SHARE = 0.12  # chance that a move is reported late (when the dates allow it)
FIRST_DAY = datetime(2023, 1, 2, tzinfo=UTC)
MIN_SESSIONS = 5  # the intro plus the fewest changes: 2 moves, 1 job, 1 drink


@dataclass(frozen=True, slots=True)
class Persona:
    """One person's true timeline; each value holds from its date until the next."""

    id: str
    name: str
    cities: tuple[tuple[str, datetime], ...]
    jobs: tuple[tuple[str, str, datetime], ...]  # (employer, title, valid_from)
    drinks: tuple[tuple[str, datetime], ...]

    @property
    def first_name(self) -> str:
        """The name the persona speaks under in the dialogue."""
        return self.name.split(" ", 1)[0]


@dataclass(frozen=True, slots=True)
class GoldFact:
    """A fact stated in a session; ``late`` marks a change told after the fact."""

    session_id: str
    subject: str
    relation: str
    value: str
    valid_from: datetime
    late: bool = False


@dataclass(frozen=True, slots=True)
class Question:
    """A question about a persona, asked after its last session."""

    id: str
    persona_id: str
    type: str
    question: str
    answer: str
    group: str  # "pre_move" for residence_before_last_move, else "other"


@dataclass(frozen=True, slots=True)
class PersonaBenchmark:
    """The generated benchmark; sessions are ordered by persona, then by date."""

    seed: int
    personas: tuple[Persona, ...]
    sessions: tuple[Session, ...]
    gold_facts: tuple[GoldFact, ...]
    questions: tuple[Question, ...]


@dataclass(slots=True)
class _Draft:
    """One persona's benchmark under construction."""

    pid: str
    name: str
    rng: random.Random
    cities: list[str]
    employers: list[str]
    titles: list[str]
    drinks: list[str]
    city_from: list[datetime] = field(default_factory=list)
    job_from: list[datetime] = field(default_factory=list)
    drink_from: list[datetime] = field(default_factory=list)
    sessions: list[Session] = field(default_factory=list)
    facts: list[GoldFact] = field(default_factory=list)

    @property
    def first(self) -> str:
        return self.name.split(" ", 1)[0]

    def fact(self, session_id: str, relation: str, value: str, at: datetime, late: bool) -> None:
        self.facts.append(GoldFact(session_id, self.name, relation, value, at, late))


def generate(seed: int = 7, personas: int = 60, sessions_per_persona: int = 10) -> PersonaBenchmark:
    """Generate the benchmark deterministically from ``seed``."""
    most = min(len(text.FIRST_NAMES), len(text.LAST_NAMES))
    if not 1 <= personas <= most:
        raise UserError(f"personas must be between 1 and {most}, got {personas}")
    if sessions_per_persona < MIN_SESSIONS:
        raise UserError(
            f"sessions_per_persona must be at least {MIN_SESSIONS}, got {sessions_per_persona}"
        )
    rng = random.Random(seed)
    firsts = rng.sample(text.FIRST_NAMES, personas)
    lasts = rng.sample(text.LAST_NAMES, personas)
    drafts = [
        _persona(rng, f"p{i + 1:02d}", f"{first} {last}", sessions_per_persona)
        for i, (first, last) in enumerate(zip(firsts, lasts, strict=True))
    ]
    return PersonaBenchmark(
        seed=seed,
        personas=tuple(_finish(d) for d in drafts),
        sessions=tuple(s for d in drafts for s in d.sessions),
        gold_facts=tuple(f for d in drafts for f in d.facts),
        questions=tuple(q for d in drafts for q in _questions(d)),
    )


def _persona(rng: random.Random, pid: str, name: str, sessions: int) -> _Draft:
    n_cities, n_jobs, n_drinks = _counts(rng, sessions - 1)
    draft = _Draft(
        pid=pid,
        name=name,
        rng=random.Random(rng.getrandbits(64)),
        cities=rng.sample(text.CITIES, n_cities),
        employers=rng.sample(text.EMPLOYERS, n_jobs),
        titles=rng.sample(text.TITLES, n_jobs),
        drinks=rng.sample(text.DRINKS, n_drinks),
    )
    kinds = ["move"] * (n_cities - 1) + ["job"] * (n_jobs - 1) + ["drink"] * (n_drinks - 1)
    draft.rng.shuffle(kinds)
    slots = sorted(draft.rng.sample(range(1, sessions), len(kinds)))
    plan: dict[int, str] = dict(zip(slots, kinds, strict=True))
    dates = _dates(draft.rng, sessions)
    for index, observed in enumerate(dates):
        sid = f"{pid}-s{index + 1:02d}"
        previous = dates[index - 1] if index else observed
        turns = _session_turns(draft, index, plan.get(index), sid, observed, previous)
        draft.sessions.append(
            Session(
                id=sid,
                observed_at=observed,
                turns=tuple(Turn(speaker, said, i) for i, (speaker, said) in enumerate(turns)),
                participants=(draft.first, ASSISTANT),
                scope=None,
                metadata={"persona": name, "persona_id": pid},
            )
        )
    return draft


def _counts(rng: random.Random, slots: int) -> tuple[int, int, int]:
    """Number of cities, jobs and drinks; their changes must fit in ``slots`` sessions."""
    counts = [rng.randint(3, 4), rng.randint(2, 3), rng.randint(2, 3)]
    floors = (3, 2, 2)
    while sum(counts) - 3 > slots:
        over = [i for i in range(3) if counts[i] > floors[i]]
        counts[rng.choice(over)] -= 1
    return counts[0], counts[1], counts[2]


def _dates(rng: random.Random, sessions: int) -> list[datetime]:
    """Session times: a start in the first half of 2023, then 2 to 8 weeks apart."""
    moment = FIRST_DAY + timedelta(days=rng.randint(0, 180), hours=rng.randint(8, 20))
    dates = [moment]
    for _ in range(sessions - 1):
        moment += timedelta(days=rng.randint(14, 56), hours=rng.randint(-3, 3))
        dates.append(moment)
    return dates


def _session_turns(
    d: _Draft, index: int, kind: str | None, sid: str, observed: datetime, previous: datetime
) -> list[tuple[str, str]]:
    """The (speaker, text) pairs of one session; records the gold facts it states."""
    rng = d.rng
    if index == 0:
        return _intro(d, sid, observed)
    said: list[tuple[str, str]] = [
        (d.first, rng.choice(text.GREETING)),
        (ASSISTANT, rng.choice(text.ASSISTANT_OPEN)),
    ]
    if kind is None:  # a distractor session: a trap and some small talk
        items = [_chatter(d, trap=True), _chatter(d, trap=False)]
        rng.shuffle(items)
        for item in items:
            said += [(d.first, item), (ASSISTANT, rng.choice(text.ASSISTANT_CHATTER))]
        return said
    if rng.random() < 0.5:
        said += [
            (d.first, _chatter(d, trap=False)),
            (ASSISTANT, rng.choice(text.ASSISTANT_CHATTER)),
        ]
    said += _change(d, kind, sid, observed, previous)
    if rng.random() < 0.5:
        trap = rng.random() < 0.5
        said += [(d.first, _chatter(d, trap=trap)), (ASSISTANT, rng.choice(text.ASSISTANT_CHATTER))]
    return said


def _intro(d: _Draft, sid: str, observed: datetime) -> list[tuple[str, str]]:
    rng = d.rng
    city, employer, title, drink = d.cities[0], d.employers[0], d.titles[0], d.drinks[0]
    d.city_from.append(observed)
    d.job_from.append(observed)
    d.drink_from.append(observed)
    d.fact(sid, LIVES_IN, city, observed, False)
    d.fact(sid, WORKS_AT, employer, observed, False)
    d.fact(sid, JOB_TITLE, title, observed, False)
    d.fact(sid, FAVORITE_DRINK, drink, observed, False)
    about_me = " ".join(
        [
            f"Hi, I'm {d.name}.",
            rng.choice(text.INTRO_CITY).format(new=city),
            rng.choice(text.INTRO_JOB).format(employer=employer, a_title=_a(title)),
        ]
    )
    return [
        (d.first, about_me),
        (ASSISTANT, rng.choice(text.ASSISTANT_INTRO)),
        (d.first, rng.choice(text.INTRO_DRINK).format(new=drink)),
        (ASSISTANT, rng.choice(text.ASSISTANT_INTRO_DRINK)),
        (d.first, _chatter(d, trap=False)),
        (ASSISTANT, rng.choice(text.ASSISTANT_CHATTER)),
    ]


def _change(
    d: _Draft, kind: str, sid: str, observed: datetime, previous: datetime
) -> list[tuple[str, str]]:
    """State the next value of one relation; return the persona's and assistant's turns."""
    rng = d.rng
    if kind == "move":
        old, new = d.cities[len(d.city_from) - 1], d.cities[len(d.city_from)]
        weeks = _late_weeks(rng, observed, previous, d.city_from[-1])
        if weeks is None:
            valid_from = observed
            said = _phrase(rng, text.MOVE, text.MOVE_FROM_OLD).format(old=old, new=new)
        else:
            valid_from = _midnight(observed - timedelta(weeks=weeks))
            said = rng.choice(text.MOVE_LATE).format(new=new, ago=text.WEEKS_AGO[weeks])
        d.city_from.append(valid_from)
        d.fact(sid, LIVES_IN, new, valid_from, weeks is not None)
        return [(d.first, said), (ASSISTANT, rng.choice(text.ASSISTANT_MOVE))]
    if kind == "job":
        n = len(d.job_from)
        employer, title = d.employers[n], d.titles[n]
        said = _phrase(rng, text.JOB, text.JOB_FROM_OLD).format(
            employer=employer, title=title, a_title=_a(title), old_employer=d.employers[n - 1]
        )
        d.job_from.append(observed)
        d.fact(sid, WORKS_AT, employer, observed, False)
        d.fact(sid, JOB_TITLE, title, observed, False)
        return [(d.first, said), (ASSISTANT, rng.choice(text.ASSISTANT_JOB))]
    old, new = d.drinks[len(d.drink_from) - 1], d.drinks[len(d.drink_from)]
    said = _phrase(rng, text.DRINK, text.DRINK_FROM_OLD).format(old=old, new=new)
    d.drink_from.append(observed)
    d.fact(sid, FAVORITE_DRINK, new, observed, False)
    return [(d.first, said), (ASSISTANT, rng.choice(text.ASSISTANT_DRINK))]


def _late_weeks(
    rng: random.Random, observed: datetime, previous: datetime, city_from: datetime
) -> int | None:
    """Weeks ago for a late-reported move, or None to report it on time.

    A late move happened before the previous session (so it really is told late) and
    more than a week after the move before it (so the timeline stays ordered).
    """
    if rng.random() >= LATE_SHARE:
        return None
    options = [
        weeks
        for weeks in sorted(text.WEEKS_AGO)
        if city_from + timedelta(weeks=1) < _midnight(observed - timedelta(weeks=weeks)) < previous
    ]
    return rng.choice(options) if options else None


def _chatter(d: _Draft, *, trap: bool) -> str:
    """One line of small talk; a trap names a city, employer or drink that is not gold."""
    rng = d.rng
    if not trap:
        topic = rng.choice((text.WEATHER, text.WEEKEND, text.FILM, text.RECIPE))
        return rng.choice(topic).format(film=rng.choice(text.FILMS), dish=rng.choice(text.DISHES))
    kind = rng.choice(("trip", "trip", "move", "job", "drink"))
    if kind in ("trip", "move"):
        city = rng.choice([c for c in text.CITIES if c not in d.cities])
        pool = text.TRIP if kind == "trip" else text.HYPOTHETICAL_MOVE
        return rng.choice(pool).format(city=city)
    if kind == "job":
        employer = rng.choice([e for e in text.EMPLOYERS if e not in d.employers])
        return rng.choice(text.HYPOTHETICAL_JOB).format(employer=employer)
    drink = rng.choice([x for x in text.DRINKS if x not in d.drinks])
    return rng.choice(text.HYPOTHETICAL_DRINK).format(drink=drink)


def _phrase(rng: random.Random, plain: tuple[str, ...], from_old: tuple[str, ...]) -> str:
    return rng.choice(plain + from_old)


def _a(title: str) -> str:
    return f"{'an' if title[0].lower() in 'aeiou' else 'a'} {title}"


def _midnight(moment: datetime) -> datetime:
    return moment.replace(hour=0, minute=0, second=0, microsecond=0)


def _finish(d: _Draft) -> Persona:
    return Persona(
        id=d.pid,
        name=d.name,
        cities=tuple(zip(d.cities, d.city_from, strict=True)),
        jobs=tuple(zip(d.employers, d.titles, d.job_from, strict=True)),
        drinks=tuple(zip(d.drinks, d.drink_from, strict=True)),
    )


def _questions(d: _Draft) -> list[Question]:
    """The seven questions about one persona, in QUESTION_TYPES order."""
    # (current, previous, answer) per type; "current"/"previous" fill the wording.
    slots: dict[str, tuple[str, str, str]] = {
        "residence_now": (d.cities[-1], d.cities[-2], d.cities[-1]),
        "residence_before": (d.cities[-1], d.cities[-2], d.cities[-2]),
        PRE_MOVE: (d.cities[-1], d.cities[-2], d.cities[-3]),
        "job_now": (d.employers[-1], d.employers[-2], d.employers[-1]),
        "job_before": (d.employers[-1], d.employers[-2], d.employers[-2]),
        "drink_now": (d.drinks[-1], d.drinks[-2], d.drinks[-1]),
        "drink_before": (d.drinks[-1], d.drinks[-2], d.drinks[-2]),
    }
    questions = []
    for n, kind in enumerate(QUESTION_TYPES, start=1):
        current, previous, answer = slots[kind]
        wording = d.rng.choice(text.QUESTIONS[kind])
        questions.append(
            Question(
                id=f"{d.pid}-q{n}",
                persona_id=d.pid,
                type=kind,
                question=wording.format(name=d.name, current=current, previous=previous),
                answer=answer,
                group="pre_move" if kind == PRE_MOVE else "other",
            )
        )
    return questions


# --- JSON ------------------------------------------------------------------------------


def to_json(bench: PersonaBenchmark) -> dict[str, Any]:
    """Return the benchmark as plain JSON data; datetimes as canonical ISO strings."""
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "seed": bench.seed,
        "personas": [
            {
                "id": p.id,
                "name": p.name,
                "cities": [{"city": c, "valid_from": to_text(t)} for c, t in p.cities],
                "jobs": [
                    {"employer": e, "title": ti, "valid_from": to_text(t)} for e, ti, t in p.jobs
                ],
                "drinks": [{"drink": x, "valid_from": to_text(t)} for x, t in p.drinks],
            }
            for p in bench.personas
        ],
        "sessions": [_session_json(s) for s in bench.sessions],
        "gold_facts": [
            {**asdict(f), "valid_from": to_text(f.valid_from)} for f in bench.gold_facts
        ],
        "questions": [asdict(q) for q in bench.questions],
    }


def _session_json(session: Session) -> dict[str, Any]:
    return {
        "id": session.id,
        "observed_at": to_text(session.observed_at),
        "participants": list(session.participants),
        "scope": session.scope,
        "metadata": dict(session.metadata),
        "turns": [
            {**asdict(t), "time": None if t.time is None else to_text(t.time)}
            for t in session.turns
        ],
    }


def from_json(data: dict[str, Any]) -> PersonaBenchmark:
    """Inverse of :func:`to_json`."""
    if data.get("format") != FORMAT or data.get("version") != FORMAT_VERSION:
        raise UserError(
            f"not a persona benchmark (format {data.get('format')!r}, "
            f"version {data.get('version')!r}); expected {FORMAT!r} version {FORMAT_VERSION}"
        )
    return PersonaBenchmark(
        seed=data["seed"],
        personas=tuple(
            Persona(
                id=p["id"],
                name=p["name"],
                cities=tuple((c["city"], from_text(c["valid_from"])) for c in p["cities"]),
                jobs=tuple(
                    (j["employer"], j["title"], from_text(j["valid_from"])) for j in p["jobs"]
                ),
                drinks=tuple((x["drink"], from_text(x["valid_from"])) for x in p["drinks"]),
            )
            for p in data["personas"]
        ),
        sessions=tuple(_session_from_json(s) for s in data["sessions"]),
        gold_facts=tuple(
            GoldFact(**{**f, "valid_from": from_text(f["valid_from"])}) for f in data["gold_facts"]
        ),
        questions=tuple(Question(**q) for q in data["questions"]),
    )


def _session_from_json(data: dict[str, Any]) -> Session:
    return Session(
        id=data["id"],
        observed_at=from_text(data["observed_at"]),
        turns=tuple(
            Turn(**{**t, "time": None if t["time"] is None else from_text(t["time"])})
            for t in data["turns"]
        ),
        participants=tuple(data["participants"]),
        scope=data["scope"],
        metadata=dict(data["metadata"]),
    )


def write(bench: PersonaBenchmark, path: str | Path) -> None:
    """Write the benchmark to ``path`` as UTF-8 JSON."""
    payload = json.dumps(to_json(bench), ensure_ascii=False, indent=1)
    Path(path).write_text(payload + "\n", encoding="utf-8")


def read(path: str | Path) -> PersonaBenchmark:
    """Read a benchmark written by :func:`write`."""
    return from_json(json.loads(Path(path).read_text(encoding="utf-8")))
