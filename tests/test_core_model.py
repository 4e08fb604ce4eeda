"""The content id of an observation: stable across releases and ingestion order."""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime

from hypothesis import given
from hypothesis import strategies as st

from tem.core.model import normalize_key, observation_id, value_key
from tem.core.times import to_text

texts = st.text(min_size=1, max_size=30)
moments = st.datetimes(
    min_value=datetime(1900, 1, 1), max_value=datetime(2200, 1, 1), timezones=st.just(UTC)
)


@given(
    texts,
    texts,
    texts,
    st.none() | texts,
    st.sampled_from(["assert", "end"]),
    texts,
    moments,
    moments,
)
def test_id_is_the_hash_of_the_json_of_the_normalized_statement(
    scope: str,
    subject: str,
    relation: str,
    value: str | None,
    kind: str,
    source: str,
    observed: datetime,
    valid: datetime,
) -> None:
    # Stored databases hold ids made this way: the encoding must never drift.
    payload = json.dumps(
        [
            scope,
            normalize_key(subject),
            normalize_key(relation),
            None if value is None else value_key(value),
            kind,
            source,
            to_text(observed),
            to_text(valid),
        ]
    )
    expected = hashlib.sha256(payload.encode()).hexdigest()[:20]
    got = observation_id(
        scope=scope,
        subject=subject,
        relation=relation,
        value=value,
        kind=kind,  # type: ignore[arg-type]
        source=source,
        observed_at=observed,
        valid_from=valid,
    )
    assert got == expected


def test_id_of_a_known_statement_is_pinned() -> None:
    when = datetime(2024, 2, 12, tzinfo=UTC)
    oid = observation_id(
        scope="default",
        subject="Cozy Home Co.",
        relation="sells on",
        value="Amazon",
        kind="assert",
        source="call Feb 12",
        observed_at=when,
        valid_from=when,
    )
    assert oid == OID


OID = "2784fa92d1e3e141f298"  # computed by the json.dumps implementation
