"""Reads at another time: the stored observations replayed through the status rules.

A plain read (no ``at``, no ``as_of``) takes the versions the store derived at
write time. A read at valid time ``at`` or system time ``as_of`` filters each
group's observations (:func:`~tem.core.status.visible`) and derives them again
with the memory's own rules, so the past is never a separate code path.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from tem.core.model import GroupKey, Version
from tem.core.status import visible
from tem.store.base import Derive, Store


def read_groups(
    store: Store,
    groups: Sequence[GroupKey],
    at: datetime | None,
    as_of: datetime | None,
    derive: Derive,
) -> dict[GroupKey, list[Version]]:
    """Return the versions of each group as a read at ``at`` / ``as_of`` sees them."""
    if at is None and as_of is None:
        return store.group_versions(groups)
    declared = store.declared()
    found: dict[GroupKey, list[Version]] = {}
    for g in groups:
        seen = visible(
            store.observations(g.scope, g.subject_key, g.relation_key), at=at, as_of=as_of
        )
        found[g] = derive(g, seen, declared.get(g.relation_key))
    return found


def read_versions(
    store: Store,
    scope: str,
    subject_key: str,
    relation_key: str | None,
    at: datetime | None,
    as_of: datetime | None,
    derive: Derive,
) -> list[Version]:
    """Return the versions of a subject (or of one of its groups) as a read at ``at`` /
    ``as_of`` sees them: group walk order when plain, else by relation, oldest first."""
    if at is None and as_of is None:
        return store.versions(scope, subject_key, relation_key)
    by_group: dict[GroupKey, None] = {}
    for o in store.observations(scope, subject_key, relation_key):
        by_group.setdefault(o.group, None)
    found = read_groups(store, list(by_group), at, as_of, derive)
    return [v for g in sorted(found, key=lambda g: g.relation_key) for v in found[g]]
