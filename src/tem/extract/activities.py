"""A pastime named as the activity English names it by: its verb or its doer said as the
activity ("swim" swimming, "surfer" surfing), and one outing of it said as the activity
("long evening walks" walking, "a sea swim" sea swimming, "a long bike ride" cycling).
"""

from __future__ import annotations

from tem.extract.nlp import listed_word

ACTIVITY_SHARE = 0.3
"""How often, against its bare verb, an activity's "-ing" form must be written for the
"-ing" form to be its name: "swimming" 0.93 of "swim", "dancing" 0.37; not "crocheting"
(0.29 of "crochet"), "golfing" (0.05), "gardening" (0.08) nor "tangoing" (0.02). Against
its doer, at least as often: "surfing" 2.6 times "surfer", not "poking" (0.48 of "poker")."""


def activity(word: str) -> str:
    """A pastime said as its verb or its doer, named as the activity English names it
    by: "swim" -> "swimming", "surfed" -> "surfing", "runs" -> "running", "rambler" ->
    "rambling"; "golf", "tango", "chess" and "climbing" stay (:data:`ACTIVITY_SHARE`)."""
    from tem.extract.forms import gerund
    from tem.extract.nlp import frequency, known_nouns, known_verbs

    lower = word.casefold()
    if not lower.isalpha() or len(lower) < 3 or lower.endswith("ing") or not word[1:].islower():
        return word
    verbs = known_verbs()
    bases = [lower] if lower in verbs else []
    if not bases and lower not in verbs and lower not in known_nouns():
        bases = [s for s in _verb_stems(lower) if s in verbs]
    share = ACTIVITY_SHARE
    doer = lower.endswith("er") and lower not in verbs and not listed_word(lower[:-2], "adj")
    if not bases and doer:  # "surfer"; not "clearer"
        bases = [s for s in _verb_stems(lower[:-2] + "ed") if s in verbs]
        share = 1.0
    if not bases and lower.endswith("ist"):  # "cyclist", "canoeist"; not "guitarist"
        bases = [s for s in (lower[:-3] + "e", lower[:-3]) if s in verbs]
        share = 1.0
    if not bases:
        return word
    named = gerund(bases[0])
    against = lower if share == 1.0 else bases[0]  # the doer, or the bare verb
    return named if frequency(named) >= share * max(frequency(against), 1) else word


def _verb_stems(word: str) -> list[str]:
    """The bare forms an inflected verb may have: "surfed" -> "surf", "runs" -> "run"."""
    stems = []
    for end, new in (("ed", ""), ("ed", "e"), ("es", ""), ("s", ""), ("d", "")):
        if word.endswith(end) and len(word) > len(end) + 2:
            stem = word[: -len(end)] + new
            stems.append(stem)
            if len(stem) > 3 and stem[-1] == stem[-2]:
                stems.append(stem[:-1])
    return stems


def outing(words: list[str]) -> list[str]:
    """A pastime named by one outing of it, as the activity: "long evening walks" is
    walking, "a sea swim" sea swimming, "trail runs" trail running, "a long bike ride"
    cycling. Words of when and how long go ("long", "Sunday"); words of what stay
    ("sea", "trail"); a word that names no activity stays as said ("poker nights"), and
    so does a pastime already said by its doing ("collecting vintage watches", "playing
    the tin whistle") or after a style's name ("K-pop dance", "Bollywood dance")."""
    kept = [w for w in words[:-1] if not _when_or_how_long(w)]
    if any(w.casefold().endswith("ing") or w[:1].isupper() for w in kept):
        return words
    if words[-1].casefold() in RIDES and kept and kept[-1].casefold() in BIKES:
        return ["cycling"]
    named = activity(words[-1])
    if named == words[-1] or not named.endswith("ing"):
        return words
    return [*kept, named]


def _when_or_how_long(word: str) -> bool:
    lower = word.casefold()
    if lower in OUTING_TIMES or lower.rstrip("s") in OUTING_TIMES:
        return True
    return listed_word(lower, "adj") and not listed_word(lower, "noun")


RIDES = frozenset({"ride", "rides"})
BIKES = frozenset({"bike", "bicycle", "cycle", "push-bike"})
OUTING_TIMES = frozenset(
    """
    morning evening night afternoon weekend daily weekly nightly monday tuesday wednesday
    thursday friday saturday sunday
    """.split()
)
"""Words of when an outing is taken, no part of the pastime: "Sunday long run"."""
