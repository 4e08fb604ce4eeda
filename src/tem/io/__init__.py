"""Export and import: JSON Lines (lossless) and the markdown memory file (readable).

    export_jsonl / import_jsonl      every observation and declaration, byte-exact round trip
    export_memfile / import_memfile  the "Project memory rules" file an agent reads and edits

Both importers validate their whole input before writing anything, write in one
store transaction, then compare the versions the store derived with the versions
the input describes and list any difference in :attr:`ImportReport.mismatches`.
"""

from __future__ import annotations

from tem.io.jsonl import export_jsonl, import_jsonl
from tem.io.memfile import MEMORY_RULES, export_memfile, import_memfile
from tem.io.report import ImportReport

__all__ = [
    "MEMORY_RULES",
    "ImportReport",
    "export_jsonl",
    "export_memfile",
    "import_jsonl",
    "import_memfile",
]
