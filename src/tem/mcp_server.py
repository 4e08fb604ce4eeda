"""``tem mcp``: the library's verbs as MCP tools, over the official ``mcp`` SDK.

Each tool parses its arguments, calls one :class:`tem.Memory` method and returns
JSON (or, for ``get_context``, the prompt text). Tool names follow graphiti's MCP
server where they mean the same (``add_memory``, ``search_memory_facts``).

The SDK is the optional ``tem[server]`` extra: it is imported only inside
:func:`build_server` and :func:`serve`, so ``import tem`` never needs it. A tem
error (bad date, unknown subject) comes back as an MCP tool error whose text is
the error's one-line message; the server keeps running.

This module deliberately has no ``from __future__ import annotations``: the SDK
reads the tools' annotations at run time, and the ``Field`` descriptions in them
are built inside :func:`build_server`, where the SDK is imported.
"""

import functools
import hashlib
import json
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from tem.core.model import DEFAULT_SCOPE, Rule, Version
from tem.errors import TemError, UserError
from tem.ingest.pipeline import Extractor
from tem.limits import MAX_BODY_BYTES
from tem.memory import Memory
from tem.render import TagStyle
from tem.server.auth import is_loopback, listen_address

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.tools import Tool
    from mcp.server.transport_security import TransportSecuritySettings
    from mcp.types import ToolAnnotations

Transport = Literal["stdio", "http"]
TRANSPORTS: tuple[Transport, ...] = ("stdio", "http")

INSTRUCTIONS = """\
tem is a temporal memory: it keeps every version of a fact (subject | relation | value)
with when it held. When a value changes, the old one is kept and tagged [historical].
Store what you learn with add_memory; before answering, call get_context (a prompt
block to answer from) or search_memory_facts (the facts as JSON). Times are ISO 8601
(2024-02-12 or 2024-02-12T09:30:00Z). `at` asks what was true at a time; `as_of` asks
what the memory believed at a time."""


def _require_sdk() -> None:
    try:
        import mcp  # noqa: F401
    except ImportError as exc:
        raise UserError("the MCP server needs the mcp package: pip install 'tem[server]'") from exc


@contextmanager
def _tool_errors() -> Iterator[None]:
    """Turn a tem error into the SDK's ToolError: an MCP error result with one line of text."""
    try:
        yield
    except TemError as exc:
        from mcp.server.mcpserver.exceptions import ToolError

        raise ToolError(" ".join(str(exc).split())) from exc


def _versions(versions: Iterable[Version]) -> list[dict[str, Any]]:
    return [v.to_dict() for v in versions]


def _session_id(messages: list[dict[str, Any]], observed_at: str) -> str:
    """A stable session id for a message list: sending the same messages twice stores it once."""
    text = json.dumps([messages, observed_at], sort_keys=True, ensure_ascii=False)
    return "mcp-" + hashlib.sha256(text.encode()).hexdigest()[:12]


def _one_of(**named: str | None) -> tuple[str, str]:
    given = [(k, v) for k, v in named.items() if v is not None]
    if len(given) != 1:
        raise UserError(f"give exactly one of {', '.join(named)}")
    return given[0]


def _strict(tool: "Tool") -> "Tool":
    """The tool, refusing arguments it does not declare (the SDK ignores them).

    ``forget {"subject": "Bob", "scope": "bob"}`` must not delete Bob in the
    server's own scope because ``scope`` is not a forget argument.
    """
    from pydantic import ConfigDict

    loose = tool.fn_metadata.arg_model
    namespace = {"model_config": ConfigDict(extra="forbid"), "__module__": loose.__module__}
    strict = type(loose.__name__, (loose,), namespace)
    metadata = tool.fn_metadata.model_copy(update={"arg_model": strict})
    parameters = {**tool.parameters, "additionalProperties": False}
    return tool.model_copy(update={"fn_metadata": metadata, "parameters": parameters})


def _register(
    tools: list["Tool"], annotations: "ToolAnnotations"
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A decorator adding its function to ``tools`` as a strict tool."""
    from mcp.server.mcpserver.tools import Tool

    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        tools.append(_strict(Tool.from_function(fn, annotations=annotations)))
        return fn

    return register


def build_server(memory: Memory, *, extractor: Extractor | None = None) -> "MCPServer[Any]":
    """Return an MCP server whose six tools read and write ``memory`` (one scope).

    ``extractor`` turns conversation text into facts (default: the offline rules).
    Every tool refuses arguments it does not declare.
    """
    _require_sdk()
    from mcp.server.mcpserver import MCPServer
    from mcp.types import ToolAnnotations
    from pydantic import Field

    tools: list[Tool] = []
    tool = functools.partial(_register, tools)
    reads = ToolAnnotations(read_only_hint=True, idempotent_hint=True)
    Time = Annotated[str | None, Field(description="ISO 8601 date or time, e.g. 2024-02-12")]

    @tool(ToolAnnotations(destructive_hint=False))
    def add_memory(
        episode_body: Annotated[
            str | None, Field(description="Free text said by the user, stored as one message.")
        ] = None,
        messages: Annotated[
            list[dict[str, Any]] | None,
            Field(description='OpenAI-style messages: [{"role": "user", "content": "..."}].'),
        ] = None,
        session_id: Annotated[
            str | None, Field(description="Id of the conversation (default: derived from it).")
        ] = None,
        observed_at: Annotated[
            str | None, Field(description="When it was said, ISO 8601 (default: now).")
        ] = None,
        speaker: Annotated[
            str | None, Field(description="Who 'I' is in the user's messages.")
        ] = None,
        subject: Annotated[str | None, Field(description="A fact's subject, e.g. Ana.")] = None,
        relation: Annotated[str | None, Field(description="A fact's relation: lives in.")] = None,
        value: Annotated[str | None, Field(description="A fact's value, e.g. Lisbon.")] = None,
        source: Annotated[
            str | None, Field(description="Where a fact comes from (default: mcp).")
        ] = None,
        valid_from: Time = None,
    ) -> dict[str, Any]:
        """Store what was said, or one explicit fact, in the temporal memory.

        Either give a conversation (episode_body text or messages): its facts are
        extracted, and a changed value supersedes the old one, which stays as
        [historical]. Or give subject, relation and value to store one fact directly
        (valid_from: when it became true, default observed_at). Returns what changed.
        """
        with _tool_errors():
            when = observed_at if observed_at is not None else memory.clock.now().isoformat()
            if subject is not None or relation is not None or value is not None:
                if episode_body is not None or messages is not None:
                    raise UserError("give a conversation or a fact, not both")
                if subject is None or relation is None or value is None:
                    raise UserError("a fact needs subject, relation and value")
                version = memory.add(
                    subject,
                    relation,
                    value,
                    source=source or session_id or "mcp",
                    observed_at=when,
                    valid_from=valid_from,
                )
                return {"version": version.to_dict()}
            if (episode_body is None) == (messages is None):
                raise UserError("give episode_body or messages, or subject, relation and value")
            turns = (
                messages if messages is not None else [{"role": "user", "content": episode_body}]
            )
            report = memory.add_messages(
                turns,
                session_id=session_id or _session_id(turns, when),
                observed_at=when,
                speaker=speaker,
                extractor=extractor,
            )
            return {"summary": report.summary(), **asdict(report)}

    @tool(reads)
    def search_memory_facts(
        query: Annotated[str, Field(description="What to look for, in plain words.")],
        k: Annotated[int, Field(ge=1, description="The most fact versions returned.")] = 15,
        at: Time = None,
        as_of: Time = None,
    ) -> dict[str, Any]:
        """Find the facts relevant to a query, every version of each with its status.

        status is current (true now), historical (replaced by a later value) or ended
        (stopped being true); valid_from/valid_to say when it held. score is the
        relevance of the fact's group. `at`: what was true then; `as_of`: what the
        memory believed then.
        """
        with _tool_errors():
            found = memory.recall(query, k, at=at, as_of=as_of)
            facts = [v.to_dict() | {"score": found.scores.get(v.id)} for v in found.versions]
            return {"facts": facts}

    @tool(reads)
    def get_context(
        question: Annotated[str, Field(description="The question to answer.")],
        k: Annotated[int, Field(ge=1, description="The most fact versions shown.")] = 15,
        tag_style: Annotated[
            TagStyle, Field(description="How replaced values are tagged.")
        ] = "historical",
        budget_tokens: Annotated[
            int | None,
            Field(ge=1, description="Also add conversation summaries and turns, up to this."),
        ] = None,
        at: Time = None,
        as_of: Time = None,
    ) -> str:
        """Return a prompt to answer the question from memory: a <Memory> block, rules, question.

        Replaced values are tagged [historical]; untagged values are current. Put the
        text in your context and answer from it.
        """
        with _tool_errors():
            return memory.context(
                question,
                k=k,
                at=at,
                as_of=as_of,
                tag_style=tag_style,
                budget_tokens=budget_tokens,
            )

    @tool(reads)
    def get_history(
        subject: Annotated[str, Field(description="Whose facts, e.g. Ana.")],
        relation: Annotated[
            str | None, Field(description="Only this relation (default: all of them).")
        ] = None,
        at: Time = None,
        as_of: Time = None,
    ) -> dict[str, Any]:
        """Return every version of a subject's facts (or one relation's), oldest first.

        Each version has its status (current, historical, ended), valid_from/valid_to
        and sources. `at`: what was true then; `as_of`: what the memory believed then.
        """
        with _tool_errors():
            return {"versions": _versions(memory.history(subject, relation, at=at, as_of=as_of))}

    @tool(ToolAnnotations(destructive_hint=False))
    def retract_fact(
        subject: Annotated[str, Field(description="Whose fact, e.g. Ana.")],
        relation: Annotated[str, Field(description="The relation, e.g. works at.")],
        value: Annotated[
            str | None, Field(description="Only this value (default: whatever is current).")
        ] = None,
        source: Annotated[str, Field(description="Who says it ended.")] = "mcp",
        observed_at: Annotated[
            str | None, Field(description="When that was said, ISO 8601 (default: now).")
        ] = None,
        valid_to: Annotated[
            str | None, Field(description="When it stopped being true (default: observed_at).")
        ] = None,
    ) -> dict[str, Any]:
        """Mark a fact as no longer true, with no replacement (she quit; it was sold).

        The fact stays in history with status ended. Use add_memory instead when a new
        value replaces it. Fails when nothing matching is current.
        """
        with _tool_errors():
            when = observed_at if observed_at is not None else memory.clock.now().isoformat()
            ended = memory.retract(
                subject, relation, value, source=source, observed_at=when, valid_to=valid_to
            )
            return {"ended": _versions(ended)}

    @tool(ToolAnnotations(destructive_hint=True))
    def forget(
        subject: Annotated[str | None, Field(description="Delete all facts about it.")] = None,
        source: Annotated[str | None, Field(description="Delete all a source said.")] = None,
        session_id: Annotated[
            str | None, Field(description="Delete a conversation and the facts only it gave.")
        ] = None,
    ) -> dict[str, Any]:
        """Permanently delete a subject, a source or a conversation: no history is kept.

        Give exactly one. What a deleted fact had replaced becomes current again. Only
        when the user asks to erase data; to record a change use add_memory or
        retract_fact. Returns how many observations were deleted.
        """
        with _tool_errors():
            kind, name = _one_of(subject=subject, source=source, session_id=session_id)
            if kind == "session_id":
                return {"deleted": memory.forget_session(name)}
            return {"deleted": memory.forget(**{kind: name})}

    return MCPServer("tem", instructions=INSTRUCTIONS, tools=tools)


LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]")


def transport_security(host: str) -> "TransportSecuritySettings":
    """DNS-rebinding protection for a loopback ``host``: only its own names pass.

    A request whose Host header (or Origin, when sent) names anything else, such as
    an attacker's domain resolved to 127.0.0.1, is refused (421 / 403). The SDK
    turns this on by itself only for three spellings of loopback.
    """
    from mcp.server.transport_security import TransportSecuritySettings

    address = listen_address(host)
    own = f"[{address}]" if ":" in address else address
    names = list(dict.fromkeys([own, *LOOPBACK_HOSTS]))
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=[*names, *(f"{n}:*" for n in names)],
        allowed_origins=[f"http://{n}{port}" for n in names for port in ("", ":*")],
    )


def serve(
    db: str | Path | None,
    scope: str = DEFAULT_SCOPE,
    transport: Transport = "stdio",
    host: str = "127.0.0.1",
    port: int = 8765,
    *,
    rule: Rule = "valid_time",
    extractor: Extractor | None = None,
) -> None:
    """Serve the memory in ``db`` over MCP until stopped: stdio, or streamable HTTP at /mcp."""
    if transport not in TRANSPORTS:
        raise UserError(f"transport: expected one of {', '.join(TRANSPORTS)}, got {transport!r}")
    if transport == "http" and not is_loopback(host):
        raise UserError(
            f"--host {host}: the MCP HTTP transport has no authentication, so it serves "
            "loopback only (use --host 127.0.0.1, or tem serve with API keys)"
        )
    _require_sdk()
    with Memory(db, scope=scope, rule=rule) as memory:
        server = build_server(memory, extractor=extractor)
        if transport == "stdio":
            server.run("stdio")
        else:
            server.run(
                "streamable-http",
                host=listen_address(host),
                port=port,
                transport_security=transport_security(host),
                max_request_body_size=MAX_BODY_BYTES,
            )


__all__ = [
    "TRANSPORTS",
    "Transport",
    "build_server",
    "listen_address",
    "serve",
    "transport_security",
]
