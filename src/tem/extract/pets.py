"""A pet's value as the writers label it (its kind, or its name when it has one), and an
animal that is no pet of the speaker's.

"My lil pug Churro" has a pug named Churro; "two huskies" a husky; "a ginger cat", "our
noisy parrot", "a one-eyed cat" a cat and a parrot: a pet's coat, manner, age or how it
came ("a rescue greyhound") are no kind of their own, while a breed stays whole ("golden
retriever", "blue heeler") and so does a word that names the pet with its coat ("a ginger
tom", "a black lab"). :func:`tem.extract.tidy.tidy` calls :func:`pet_kind` on a value's
words after the words every value loses.

An animal is no pet of the speaker's when the sentence gives it to someone else ("the
corgi in my stories belongs to my neighbour", "is my cousin's") or the speaker says they
have none ("I don't have a dog, the collie on the quay ..."): :func:`disowned`.
"""

from __future__ import annotations

from typing import Any

from tem.extract.lexicon import ANIMALS
from tem.extract.nlp import english_word
from tem.extract.subjects import first_possessed, said_by

PET_WORDS = frozenset({"pet", "dog", "cat", "animal"})
"""What a speaker says they have none of: "I don't have a dog"."""

FOND = frozenset({"lil", "little", "smol", "tiny", "wee"})
"""Words of fondness before a pet's kind: "my lil pug Churro" has a pug."""


def pet_kind(words: list[str]) -> list[str]:
    """A pet's name without its kind before it ("hamster Nugget"), or its kind in the
    singular ("two huskies": a husky), without a word of fondness ("lil pug")."""
    while len(words) > 1 and words[0].casefold() in ("my", "our"):
        words = words[1:]  # "My Labrador Dotty died": a name the tagger began with "My"
    while len(words) > 1 and _described(words[0]) and words[1].casefold() not in COATED:
        words = words[1:]  # "a ginger cat", "our noisy parrot", "a one-eyed cat": a cat
    named_after = next((i for i, w in enumerate(words[:-1]) if i and w.endswith(",")), None)
    if named_after is not None:  # "my Cavalier King Charles, Poppy": the kind, then its name
        words = [*words[:named_after], words[named_after].rstrip(",")]
    if len(words) > 1 and words[-1].casefold() in YOUNG and words[-2].casefold() not in COATS:
        words = words[:-1]  # "a kelpie pup", "my Persian kitten": a kelpie, a Persian
    if len(words) > 1 and _pet_then_name(words):
        return words[-1:]
    named = len(words) == 2 and words[1].istitle() and not english_word(words[1])
    if named and words[0].islower():
        return words[:1]  # "my shiba Mochi": the kind no list knows, then its name
    return [*words[:-1], _one_animal(words[-1])]


def _described(word: str) -> bool:
    """A word before a pet's kind that says how it looks, behaves or came, no kind of
    its own (:data:`FOND`, :data:`HOW_IT_CAME`, :data:`COATS`, :data:`DESCRIBED`)."""
    folded = word.casefold()
    told = FOND | HOW_IT_CAME | COATS | DESCRIBED
    return folded in told or folded.endswith(("eyed", "legged", "tailed"))


COATED = frozenset({"tom", "lab"})
"""Words that name a pet with its coat: "a ginger tom", "a black lab" (not "tom", "lab")."""
DESCRIBED = frozenset(
    """
    old senior young elderly big fat chonky chunky small noisy chatty grumpy lazy sassy
    naughty cheeky blind deaf barn street show farm spoiled spoilt green yellow
    """.split()
)
"""How a pet is, not its kind: "our senior cat", "a chatty parrot", "a barn cat"."""


YOUNG = frozenset({"pup", "puppy", "kitten", "kitty"})
"""Words for a young animal after its kind: "a Boerboel puppy" is a Boerboel."""
COATS = frozenset("ginger black white grey gray brown orange calico tortie fluffy".split())
"""Coats, no kind: "a ginger kitten" is a kitten."""


HOW_IT_CAME = frozenset({"rescue", "rescued", "adopted", "foster", "shelter"})
"""Words before an animal that say how it came, not its kind: "a rescue greyhound"."""


def _one_animal(word: str) -> str:
    """The singular of an animal's plural ("huskies", "pugs", "ponies"); else ``word``."""
    folded = word.casefold()
    if folded in ANIMALS or not folded.endswith("s"):
        return word
    for plural, single in (("ies", "y"), ("es", ""), ("s", "")):
        if folded.endswith(plural) and folded[: -len(plural)] + single in ANIMALS:
            return word[: -len(plural)] + single
    return word


def _pet_then_name(words: list[str]) -> bool:
    """ "hamster Nugget": an animal, then one capitalised name; typed in lowercase, a
    word that is no animal after a one-word animal ("my dog bruno")."""
    kind, name = words[:-1], words[-1]
    kind_of = kind[-1].islower() and kind[-1] in ANIMALS  # "golden retriever Moose"
    if " ".join(kind).casefold() not in ANIMALS and not kind_of:
        return False
    if kind[-1][:1].isupper() and name.casefold() in ANIMALS:
        return False  # "Labrador Retriever": a breed in capitals
    lowercase = len(words) == 2 and name.isalpha() and _one_animal(name).casefold() not in ANIMALS
    return name[:1].isupper() or lowercase


def disowned(animal: Any) -> bool:
    """True for an animal the sentence gives to someone else or that the speaker says
    they have none of: "the corgi in my stories belongs to my neighbour", "the betta fish
    in my pics is my cousin's", "I don't have a dog, the collie on the quay ...", "I've
    never had a pet in my life"."""
    verb = animal.head
    if animal.dep_ == "nsubj" and verb.lemma_ == "belong":
        owners = [o for p in verb.children if p.lower_ == "to" for o in p.children]
        return not any(o.lower_ in ("me", "us") for o in owners)
    if animal.dep_ == "nsubj" and verb.lemma_ == "be":
        told = [t for c in verb.children if c.dep_ == "attr" for t in c.subtree]
        if any(t.dep_ == "case" and t.head.lower_ not in ("my", "our") for t in told):
            return True  # "is my cousin's", "is Ana's"
    return not first_possessed(animal) and any(_none_had(t) for t in animal.sent)


def _none_had(verb: Any) -> bool:
    """ "I don't have a dog", "I've never had a pet": the speaker has none."""
    if verb.lemma_ not in ("have", "own") or not said_by(verb):
        return False
    if not any(c.dep_ == "neg" or c.lower_ == "never" for c in verb.children):
        return False
    return any(c.dep_ == "dobj" and c.lemma_ in PET_WORDS for c in verb.children)
