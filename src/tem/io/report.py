"""The outcome of an import, shared by every format."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class ImportReport:
    """What an import read, what it wrote and where the result differs from the input.

    ``mismatches`` is empty when the store derived exactly the versions the input
    describes; each entry names the input line and the difference.
    """

    observations: int = 0
    """Observations read from the input (end markers included)."""
    written: int = 0
    """Observations the store did not hold before."""
    unchanged: int = 0
    """Observations already stored (same content id): nothing was written for them."""
    declared: int = 0
    """Relation cardinalities declared."""
    versions: int = 0
    """Versions the input describes."""
    mismatches: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when the derived versions equal the input's."""
        return not self.mismatches

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON form."""
        return asdict(self)
