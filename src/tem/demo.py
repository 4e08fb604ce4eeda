"""The TEM seed's example: the Cozy Home Co. notes, as data, and the function that loads them.

Seven facts from three client calls: the main sales channel moved Amazon -> Etsy ->
Walmart Marketplace + own Shopify store, the ad budget went $3,000 -> $8,000 ->
$4,500 a month, and one call gave the reason for leaving Amazon. Asking
:data:`QUESTION` of the loaded memory gives the seed's ``<Memory>`` prompt.
"""

from __future__ import annotations

from tem.memory import AddReport, Fact, Memory

__all__ = ["FACTS", "QUESTION", "SUBJECT", "load_demo"]

SUBJECT = "Cozy Home Co."
QUESTION = (
    "Where did the client sell before Etsy, why did they leave, and what is their ad budget now?"
)
_FEB = ("call Feb 12", "2024-02-12")
_JUN = ("call Jun 20", "2024-06-20")
_OCT = ("call Oct 3", "2024-10-03")

FACTS: tuple[Fact, ...] = (
    Fact(SUBJECT, "Main sales channel", "Amazon", *_FEB),
    Fact(SUBJECT, "Ad budget", "$3,000/mo", *_FEB),
    Fact(SUBJECT, "Main sales channel", "Etsy", *_JUN),
    Fact(SUBJECT, "Ad budget", "$8,000/mo", *_JUN),
    Fact(SUBJECT, "Reason for leaving Amazon", "rising fees and inbound-shipment penalties", *_JUN),
    Fact(SUBJECT, "Main sales channel", "Walmart Marketplace + own Shopify store", *_OCT),
    Fact(SUBJECT, "Ad budget", "$4,500/mo", *_OCT),
)
"""The notes in the order the calls happened; source = the call, observed_at = its date."""


def load_demo(memory: Memory) -> AddReport:
    """Add the demo facts to ``memory`` in one transaction; loading twice changes nothing."""
    return memory.add_many(FACTS)
