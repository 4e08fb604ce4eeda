"""Input formats: turn chat logs, tem's sessions files and LoCoMo into :class:`Session` s.

Everything here is pure except :func:`read_input`, which reads one file. Malformed
input raises :class:`~tem.errors.UserError` with one line saying where (file, session,
turn) and what is wrong. Times become aware UTC datetimes; naive means UTC.

Three formats (``load_sessions(..., format="auto")`` tells them apart):

``messages``
    An OpenAI-style message list, one conversation: ``[{"role": "user", "content":
    "...", "name": "Ana"}, {"role": "assistant", "content": "..."}]``. ``content`` may
    be a list of parts; the ``text`` parts are joined with newlines. A user turn's
    speaker is its ``name``, else ``speaker=``, else "user"; assistant turns are
    "assistant". ``system``, ``developer`` and ``tool`` messages are skipped (they
    are instructions and tool output, not conversation), and so are assistant
    messages that only carry ``tool_calls``. The caller gives ``session_id`` and
    ``observed_at``.

``sessions`` (tem's own format)
    JSON, either ``{"sessions": [...]}`` or a bare list of session objects, or JSONL
    with one session object per line (blank lines are skipped). A session object::

        {"session_id": "trip-2024-02-12",          # required, unique in the input
         "date": "2024-02-12T09:30:00Z",           # required, ISO 8601 date or datetime
         "scope": "ana",                           # optional
         "participants": ["Ana", "assistant"],     # optional; default: speakers in order
         "metadata": {"channel": "web"},           # optional object, kept as is
         "turns": [                                # required, non-empty
             {"speaker": "Ana",                    # required
              "text": "We moved to Lisbon.",       # required, not blank
              "time": "2024-02-12T09:31:00Z",      # optional, ISO 8601
              "turn_id": "m1"}]}                   # optional, your own id

    Other keys are rejected, so that a misspelt key is not silently lost. See
    ``docs/formats.md`` for a full example.

``locomo``
    The LoCoMo benchmark file; see :mod:`tem.ingest.locomo`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, Literal, get_args

from tem.core.session import Session, Turn
from tem.core.times import TimeLike, parse_time
from tem.errors import UserError
from tem.ingest.locomo import sessions_from_locomo

__all__ = [
    "InputFormat",
    "detect_format",
    "load_sessions",
    "messages_session_id",
    "read_input",
    "session_from_messages",
    "sessions_from_records",
]

InputFormat = Literal["messages", "sessions", "locomo"]

_SKIPPED_ROLES = frozenset({"system", "developer", "tool", "function"})
_SESSION_KEYS = ("session_id", "date", "scope", "participants", "metadata", "turns")
_TURN_KEYS = ("speaker", "text", "time", "turn_id")


def _fail(where: str, what: str) -> UserError:
    return UserError(f"{where}: {what}")


def _prefix(origin: str | None) -> str:
    return f"{origin}: " if origin else ""


def _optional_text(obj: Mapping[str, Any], key: str, where: str) -> str | None:
    """Return ``obj[key]`` as a non-blank string, or None when it is absent or null."""
    value = obj.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise _fail(where, f"'{key}' must be a string, got {type(value).__name__}")
    if not value.strip():
        raise _fail(where, f"'{key}' is empty")
    return value


def _text(obj: Mapping[str, Any], key: str, where: str) -> str:
    """Return ``obj[key]`` as a non-blank string; it must be there."""
    value = _optional_text(obj, key, where)
    if value is None:
        raise _fail(where, f"missing '{key}'")
    return value


# -- messages ---------------------------------------------------------------------------


def session_from_messages(
    messages: object,
    *,
    session_id: str,
    observed_at: TimeLike,
    scope: str | None = None,
    speaker: str | None = None,
    origin: str | None = None,
) -> Session:
    """Return one session from an OpenAI-style message list.

    System, developer and tool messages are skipped; see the module docstring.
    """
    where = origin or "messages"
    if not isinstance(session_id, str) or not session_id.strip():
        raise _fail(where, "session_id must be a non-empty string")
    moment = parse_time(observed_at, name=f"{where}: observed_at")
    if not isinstance(messages, list):
        raise _fail(where, "messages must be a list of {'role': ..., 'content': ...} objects")
    turns: list[Turn] = []
    for index, message in enumerate(messages):
        turn = _message_turn(message, f"{_prefix(origin)}message [{index}]", speaker)
        if turn is not None:
            turns.append(Turn(speaker=turn[0], text=turn[1], index=len(turns)))
    if not turns:
        raise _fail(where, "no user or assistant messages with text")
    return Session(
        id=session_id,
        observed_at=moment,
        turns=tuple(turns),
        participants=tuple(dict.fromkeys(t.speaker for t in turns)),
        scope=scope,
    )


def messages_session_id(messages: object, observed_at: TimeLike | None = None) -> str:
    """A session id made from the messages' content (and the date, when one is given).

    Sending the same conversation twice then stores it once; the same words on
    two given dates are two sessions.
    """
    stamp = None if observed_at is None else str(observed_at)
    text = json.dumps([messages, stamp], sort_keys=True, ensure_ascii=False, default=str)
    return "msg-" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def _message_turn(message: object, where: str, speaker: str | None) -> tuple[str, str] | None:
    """Return ``(speaker, text)`` for a user or assistant message, None for a skipped one."""
    if not isinstance(message, Mapping):
        raise _fail(where, "a message must be an object with 'role' and 'content'")
    role = _text(message, "role", where)
    if role in _SKIPPED_ROLES:
        return None
    if role not in ("user", "assistant"):
        raise _fail(where, f"unknown role {role!r}; expected user, assistant, system or tool")
    content = message.get("content")
    if role == "assistant" and content is None and message.get("tool_calls"):
        return None
    text = _content_text(content, where)
    if role == "assistant":
        return "assistant", text
    name = _optional_text(message, "name", where)
    return (name or speaker or "user").strip(), text


def _content_text(content: object, where: str) -> str:
    if isinstance(content, list):
        parts = []
        for index, part in enumerate(content):
            if isinstance(part, str):
                parts.append(part)
            elif isinstance(part, Mapping) and part.get("type") == "text":
                value = part.get("text")
                if not isinstance(value, str):
                    raise _fail(where, f"content part [{index}]: 'text' must be a string")
                parts.append(value)
            elif not isinstance(part, Mapping):
                raise _fail(where, f"content part [{index}] must be an object or a string")
        content = "\n".join(p for p in parts if p.strip())
    if content is None:
        raise _fail(where, "missing 'content'")
    if not isinstance(content, str):
        raise _fail(where, f"'content' must be a string or a list of parts, got {content!r}")
    if not content.strip():
        raise _fail(where, "'content' has no text")
    return content


# -- sessions ---------------------------------------------------------------------------


def sessions_from_records(
    data: object,
    *,
    scope: str | None = None,
    origin: str | None = None,
    labels: Sequence[str] | None = None,
) -> list[Session]:
    """Return the sessions of tem's ``sessions`` format (already parsed from JSON).

    ``data`` is ``{"sessions": [...]}``, a list of session objects or one session
    object. ``scope`` is the default for sessions that name none. ``labels`` (one per
    session, such as "line 4") replace the ``[index]`` in error messages.
    """
    where = origin or "input"
    if isinstance(data, Mapping) and "sessions" in data:
        items, path = data["sessions"], "sessions"
        if not isinstance(items, list):
            raise _fail(where, "'sessions' must be a list of session objects")
    elif isinstance(data, Mapping):
        items, path = [data], ""
    elif isinstance(data, list):
        items, path = data, ""
    else:
        raise _fail(where, "expected {'sessions': [...]} or a list of session objects")
    sessions: list[Session] = []
    seen: set[str] = set()
    for index, item in enumerate(items):
        label = labels[index] if labels is not None else f"{path}[{index}]"
        session = _record_session(item, f"{_prefix(origin)}{label}", scope)
        if session.id in seen:
            raise _fail(f"{_prefix(origin)}{label}", f"duplicate session_id {session.id!r}")
        seen.add(session.id)
        sessions.append(session)
    return sessions


def _check_keys(obj: Mapping[str, Any], allowed: Sequence[str], where: str) -> None:
    unknown = [str(key) for key in obj if key not in allowed]
    if unknown:
        raise _fail(where, f"unknown key {unknown[0]!r}; allowed: {', '.join(allowed)}")


def _record_session(item: object, where: str, default_scope: str | None) -> Session:
    if not isinstance(item, Mapping):
        raise _fail(where, "a session must be an object")
    session_id = _text(item, "session_id", where)
    where = f"{where} ({session_id})"
    _check_keys(item, _SESSION_KEYS, where)
    if item.get("date") is None:
        raise _fail(where, "missing 'date'")
    observed_at = parse_time(item["date"], name=f"{where}: 'date'")
    scope = _optional_text(item, "scope", where) or default_scope
    metadata = item.get("metadata", {})
    if not isinstance(metadata, Mapping):
        raise _fail(where, "'metadata' must be an object")
    raw_turns = item.get("turns")
    if not isinstance(raw_turns, list) or not raw_turns:
        raise _fail(where, "'turns' must be a non-empty list")
    turns = tuple(_record_turn(t, i, f"{where}: turns[{i}]") for i, t in enumerate(raw_turns))
    return Session(
        id=session_id,
        observed_at=observed_at,
        turns=turns,
        participants=_participants(item, turns, where),
        scope=scope,
        metadata=dict(metadata),
    )


def _participants(item: Mapping[str, Any], turns: Sequence[Turn], where: str) -> tuple[str, ...]:
    raw = item.get("participants")
    if raw is None:
        return tuple(dict.fromkeys(t.speaker for t in turns))
    if not isinstance(raw, list) or not all(isinstance(p, str) and p.strip() for p in raw):
        raise _fail(where, "'participants' must be a list of non-empty strings")
    return tuple(dict.fromkeys(p.strip() for p in raw))


def _record_turn(item: object, index: int, where: str) -> Turn:
    if not isinstance(item, Mapping):
        raise _fail(where, "a turn must be an object with 'speaker' and 'text'")
    _check_keys(item, _TURN_KEYS, where)
    speaker = _text(item, "speaker", where)
    text = _text(item, "text", where)
    time: datetime | None = None
    if item.get("time") is not None:
        time = parse_time(item["time"], name=f"{where}: 'time'")
    return Turn(
        speaker=speaker.strip(),
        text=text,
        index=index,
        time=time,
        turn_id=_optional_text(item, "turn_id", where),
    )


# -- reading and detection --------------------------------------------------------------


def read_input(source: str | Path | object) -> object:
    """Return the parsed JSON of a path (``.jsonl``: a list, one item per line).

    Anything that is not a ``str`` or ``Path`` is taken as already parsed and returned
    unchanged.
    """
    if not isinstance(source, str | Path):
        return source
    return _read_path(Path(source))[0]


def _read_path(path: Path) -> tuple[object, list[str] | None]:
    """Return the parsed data and, for JSONL, a "line N" label per item."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise _fail(str(path), "no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise _fail(str(path), f"cannot read: {exc}") from None
    if path.suffix.lower() != ".jsonl":
        try:
            return json.loads(text), None
        except json.JSONDecodeError as exc:
            raise _fail(str(path), f"invalid JSON at line {exc.lineno}: {exc.msg}") from None
    items: list[object] = []
    labels: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            items.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise _fail(f"{path}: line {number}", f"invalid JSON: {exc.msg}") from None
        labels.append(f"line {number}")
    return items, labels


def detect_format(data: object, *, origin: str | None = None) -> InputFormat:
    """Tell which format parsed input is in, from its shape (its first item for a list).

    ``{"sessions": ...}`` or items with ``turns``: sessions; items with
    ``conversation``: locomo; items with ``role``: messages.
    """
    first = data[0] if isinstance(data, list) and data else data
    if isinstance(first, Mapping):
        if (isinstance(data, Mapping) and "sessions" in data) or "turns" in first:
            return "sessions"
        if "conversation" in first:
            return "locomo"
        if "role" in first and isinstance(data, list):
            return "messages"
    raise _fail(
        origin or "input",
        "cannot tell the format: expected {'sessions': [...]}, session objects with "
        "'turns', LoCoMo samples with 'conversation' or messages with 'role'; pass format=",
    )


def load_sessions(
    source: str | Path | object,
    *,
    format: Literal["auto", "messages", "sessions", "locomo"] = "auto",
    session_id: str | None = None,
    observed_at: TimeLike | None = None,
    scope: str | None = None,
    speaker: str | None = None,
    now: datetime | None = None,
) -> list[Session]:
    """Return the sessions in a file (``str`` or ``Path``) or in already-parsed data.

    ``format="auto"`` detects the format (:func:`detect_format`); empty input gives
    ``[]``. Messages take ``session_id`` (default: :func:`messages_session_id`) and
    ``observed_at`` (default: ``now``, which the caller gives); ``speaker`` names the
    user. ``scope`` is the messages session's scope or the default for sessions that
    name none; LoCoMo's scope is always the sample id.
    """
    origin: str | None = None
    labels: list[str] | None = None
    data = source
    if isinstance(source, str | Path):
        origin = str(source)
        data, labels = _read_path(Path(source))
    if format not in ("auto", *get_args(InputFormat)):
        raise _fail(origin or "input", f"unknown format {format!r}")
    if format == "auto":
        if isinstance(data, list) and not data:
            return []
        format = detect_format(data, origin=origin)
    for_messages = {"session_id": session_id, "observed_at": observed_at, "speaker": speaker}
    given = [name for name, value in for_messages.items() if value is not None]
    if format == "messages":
        when = observed_at if observed_at is not None else now
        if when is None:
            raise _fail(origin or "input", "messages need observed_at=")
        return [
            session_from_messages(
                data,
                session_id=session_id or messages_session_id(data, observed_at),
                observed_at=when,
                scope=scope,
                speaker=speaker,
                origin=origin,
            )
        ]
    if given:
        raise _fail(origin or "input", f"{given[0]}= applies only to the messages format")
    if format == "sessions":
        return sessions_from_records(data, scope=scope, origin=origin, labels=labels)
    if scope is not None:
        raise _fail(origin or "input", "scope= does not apply to LoCoMo (scope is the sample id)")
    return sessions_from_locomo(data, origin=origin)
