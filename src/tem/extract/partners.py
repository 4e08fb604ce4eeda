"""What a named partner says about the speaker's relationship status.

"my wife Funmi" states two facts: Funmi is the partner, and the speaker is married.
The rules and the span model often find the name alone ("moved in w/ my gf Clara"), so
once a sentence's facts are read, a partner named beside the speaker's own partner word
brings the status that word says. Only a named partner does: "my husband is thinking
of moving" names no one, and says nothing the speaker meant to tell. A partner named
beside "my late husband" or "my ex-wife" is one no longer.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from tem.extract.facts import Candidate, ExtractedFact
from tem.extract.farewells import died
from tem.extract.filters import blocked, is_negated
from tem.extract.kinds import clause_of, spelled
from tem.extract.lexicon import CUE_STATUS, PARTNER_NOUNS
from tem.extract.nlp import english_word
from tem.extract.places import known_place
from tem.extract.spans import PERIODS
from tem.extract.subjects import first_possessed
from tem.extract.values import name_after_to, phrase, wedded_to_a_thing

Token = Any

COUPLED = frozenset({"married", "dating", "engaged", "in a relationship"})
"""Statuses a partner word says while the couple lasts ("my ex" says no current one)."""
GONE = {"late": "widowed", "ex": "divorced", "former": "divorced"}
"""Words before a partner word that end the couple: "my late husband", "my ex-wife"."""
NOT_YET = frozenset({"future", "next"})


def status_said(word: Any) -> str:
    """The status a partner word says with the words before it: "wife" married, "late
    husband" widowed, "ex-wife" divorced, "ex-boyfriend" single, "future wife" none;
    "partner" in a relationship, but "business partner" none."""
    status = CUE_STATUS.get(partner_word(word), "")
    if word.lower_ == "partner" and any(
        c.dep_ in ("compound", "amod") and c.lower_ not in ("life", "ex", "late")
        for c in word.children
    ):
        return ""  # "my business partner", "my tennis partner"
    for modifier in _modifiers(word):
        if modifier in NOT_YET:
            return ""
        if modifier in GONE:
            return GONE[modifier] if status == "married" else "single"
    return status


def partner_word(token: Any) -> str:
    """The partner or status word ``token`` is, as spelled or misspelled ("boyfrend",
    "husbnd"); "" if none."""
    if token.lower_ in PARTNER_WORDS:
        return str(token.lower_)
    if english_word(token.lower_):
        return ""  # a word, no typo: "hobby" is no "hubby", "friend" no "boyfriend"
    word = spelled(token.lower_, PARTNER_WORDS)
    return word if word in PARTNER_WORDS and word[0] == token.lower_[0] else ""


PARTNER_WORDS = PARTNER_NOUNS | frozenset(CUE_STATUS)


def _modifiers(word: Any) -> list[str]:
    return [c.lower_.strip("-") for c in word.children if c.i < word.i]


def own_partner_word(sentence: Any) -> Any | None:
    """The speaker's own partner word in ``sentence``: "my wife", "our engagement";
    not "my son's girlfriend" (her owner is the son) nor "his girlfriend"."""
    for token in sentence:
        if wedded_to_a_thing(token):
            continue
        said = bool(partner_word(token)) or _other_half(token)
        if said and (first_possessed(token) or _household(token)):
            return token
    return None


HOUSEHOLD = frozenset({"missus", "missis", "wife", "hubby", "husband", "wifey"})
"""Spouse words chat says of the speaker's own without "my": "the missus", "me husband"."""
COLLOQUIAL = frozenset({"missus", "missis", "hubby", "wifey"})
"""Spouse words no one uses of a stranger: "the hubby" beside "we" is the speaker's."""
FOND = frozenset({"hubby", "wifey"})
"""Fond spouse words that chat says bare of the speaker's own: "wifey Kate made pancakes",
"hubby's snoring again"."""


def _household(token: Any) -> bool:
    """ "then the missus wants a barbie", "Me husband Shane reckons": the speaker's own
    spouse in British, Irish and Australian chat; not "the wife of my boss" nor "the
    husband" in a sentence with no "I" (someone else's story)."""
    if token.lower_ not in HOUSEHOLD or any(c.dep_ in ("prep", "poss") for c in token.children):
        return False
    if token.lower_ in FOND and not any(c.dep_ == "det" for c in token.children):
        return True  # "wifey Kate made pancakes": no one else's
    before = token.doc[token.i - 1] if token.i > 0 else None
    if before is not None and before.lower_ == "me" and before.dep_ in ("nsubj", "poss"):
        return True  # "Me husband Shane reckons"
    the = any(c.dep_ == "det" and c.lower_ == "the" for c in token.children)
    first = {"i", "me", "my", "i'm", "im", "ive"}
    if token.lower_ in COLLOQUIAL:  # "the hubby's on the coal trains so here we are"
        first |= {"we", "us", "our"}
    return the and any(t.lower_ in first for t in token.sent)


def _other_half(token: Any) -> bool:
    """ "my other half", "my better half": a partner, said without a partner word."""
    return token.lower_ == "half" and any(c.lower_ in ("other", "better") for c in token.children)


def _widowed(sentence: Any, candidates: list[Candidate], speaker: str) -> list[Candidate]:
    """A marriage that ended when the partner died is widowhood: "I was married to Henrik
    for twenty years until he died" (the marriage read as ended, and a death of "he",
    "she" or the partner named)."""
    ended = {(c.relation, c.value, c.kind) for c in candidates if c.subject == speaker}
    names = {v.casefold() for r, v, k in ended if r == "partner" and k == "end" and v}
    if ("relationship status", "married", "end") not in ended or not names:
        return candidates
    dead = {
        s.lower_
        for t in sentence
        if died(t) and not is_negated(t)  # "until he died": no condition
        for s in t.children
        if s.dep_ in ("nsubj", "nsubjpass")
    }
    if not dead & (names | {"he", "she"}):
        return candidates
    status = Candidate(speaker, "relationship status", "widowed", "assert", sentence.start)
    return [
        status if (c.relation, c.value) == ("relationship status", "married") else c
        for c in candidates
    ]


NEW_COUPLE = frozenset("courting dating seeing remarried introduced met engaged new".split())
"""Words of a couple begun after a death: "introduced to Frank ... we've been courting"."""


def mourned(found: list[ExtractedFact]) -> list[ExtractedFact]:
    """``found`` with the partner a widowed speaker names ended: "I was widowed two years
    ago; Arne and I had been married for thirty-one years", "I was widowed in 2021 and
    I'm still learning the car things Henri used to handle" (one who is widowed names
    the one who died, unless a new couple is told: 41 of 42 such messages in every set)."""
    widowed = {
        f.subject
        for f in found
        if (f.relation, f.value, f.kind) == ("relationship status", "widowed", "assert")
    }
    return [
        replace(f, kind="end")
        if f.relation == "partner"
        and f.kind == "assert"
        and f.value
        and f.subject in widowed
        and not NEW_COUPLE & set(re.findall(r"[a-z]+", f.evidence.casefold()))
        else f
        for f in found
    ]


def settled(sentence: Any, candidates: list[Candidate], speaker: str) -> list[Candidate]:
    """``candidates`` with what the speaker's own partner word says of them.

    A partner named beside "my late husband" or "my ex-wife" is one no longer
    (an ending); "my wife" or "my gf", named or not ("my partner swears the kitchen
    smells like a brewery"), brings the status that word says, unless a status is
    read here already or the word is denied ("Rodrigo is NOT my boyfriend").
    """
    candidates = _widowed(sentence, _ended_first(sentence, candidates, speaker), speaker)
    word = own_partner_word(sentence)
    if word is None:
        return candidates
    status = status_said(word)
    mine = [c for c in candidates if c.subject == speaker]
    partners = [c for c in mine if c.relation == "partner" and c.kind == "assert" and c.value]
    if status and status not in COUPLED:  # "my ex Sam", "my late wife Ines"
        return [replace(c, kind="end") if c in partners else c for c in candidates]
    ended = any(c.relation == "partner" and c.kind == "end" for c in mine)  # "quit: my bf"
    widowed = status == "married" and died(clause_of(word)) and not blocked(clause_of(word))
    parted = ended and (widowed or any(t.lemma_.casefold() in PARTING for t in sentence))
    if parted and status and not any(c.relation == "relationship status" for c in mine):
        left = _left_as(status, word)  # "broke up w my gf": single
        return [*candidates, Candidate(speaker, "relationship status", left, "assert", word.i)]
    if not status or ended or _denied(word):
        return candidates
    name = name_beside(word)
    if name and not partners:
        candidates = [*candidates, Candidate(speaker, "partner", name, "assert", word.i + 1)]
    if any(c.relation == "relationship status" for c in mine):
        return candidates
    return [*candidates, Candidate(speaker, "relationship status", status, "assert", word.i)]


def name_beside(word: Any) -> str | None:
    """The name right after the speaker's partner word, whatever the clause does with
    it: "My husband Jae-won will bring me in", "my fiancé Idris will call" (a name is
    taken as given, as with a future, a question or a wish). Capitalised words the
    tagger reads as a name, no place and no organisation; hyphens kept ("Jae-won")."""
    doc, at = word.doc, word.i + 1
    words: list[Any] = []
    while at < len(doc) and len(words) < 4:
        token = doc[at]
        joined = token.text == "-" and words and at + 1 < len(doc) and not doc[at + 1].is_space
        if joined:
            words += [token, doc[at + 1]]
            at += 2
            continue
        if not words and _lowercase_name(token):
            words.append(token)  # "my novia camila and i", "my bf otieno drives me"
            break
        if not (token.text[:1].isupper() and token.is_alpha) or token.pos_ != "PROPN":
            break
        lone = (
            token.ent_type_ == "ORG"
            and not words
            and token.ent_iob_ == "B"
            and (at + 1 == len(doc) or doc[at + 1].ent_iob_ != "I")
        )  # "My missus Rhiannon will let you in": one name the tagger took for a firm
        if token.ent_type_ in ("GPE", "LOC", "ORG", "FAC", "NORP") and not lone:
            return None
        if known_place(token.text):
            return None
        words.append(token)
        at += 1
    from tem.extract.forms import capitalized

    return capitalized("".join(t.text_with_ws for t in words).strip()) or None


def _lowercase_name(token: Any) -> bool:
    """A name typed in lowercase right after a partner word: no word of English, no
    place, no chat word ("my gf lol"), whatever the tagger took it for ("my wife layla
    and i": a verb)."""
    text = token.text
    return (
        text.islower()
        and token.is_alpha
        and len(text) > 2
        and token.pos_ in ("PROPN", "NOUN", "ADJ", "ADV", "VERB")
        and not english_word(text)
        and not known_place(text)
        and text not in CHAT_VERBS
        and (token.pos_ != "VERB" or token.lemma_.casefold() == text)  # "my gf took"
    )


CHAT_VERBS = frozenset("gon gonna wan wanna finna tryna gotta lemme gimme dunno kinda".split())
"""Chat's run-together verbs, no name after a partner word: "my bf gonna visit"."""


PARTING = frozenset("break split dump leave quit end separate divorce ditch drop finish".split())
"""Verbs of a couple's ending: "broke up", "dumped", "Things I've quit: my boyfriend"."""


def _left_as(status: str, word: Any) -> str:
    """The status a couple that ended leaves: "broke up with my gf Jess" single, "split
    from my husband Tom" divorced, a partner who died widowed."""
    if died(clause_of(word)):
        return "widowed"
    return "divorced" if status == "married" else "single"


def _denied(word: Any) -> bool:
    """ "X isn't my girlfriend": the partner word is what a negated "be" says of another."""
    be = word.head
    return word.dep_ in ("attr", "acomp") and any(c.dep_ == "neg" for c in be.children)


def _ended_first(sentence: Any, candidates: list[Candidate], speaker: str) -> list[Candidate]:
    """Without the couple's status when the same sentence ends it: "broke up with my
    girlfriend Megan" is single, and no longer dating, and the partner named beside the
    partner word is one no longer ("my girlfriend Nadine moved out, so I'm single"); nor
    dating when it says they got engaged ("my boyfriend Keoni proposed")."""
    statuses = {c.value for c in candidates if _status_of(c, speaker)}
    if "engaged" in statuses:
        candidates = [c for c in candidates if not (_status_of(c, speaker) and c.value == "dating")]
    if not statuses & (set(GONE.values()) | {"single"}):
        return candidates
    word = own_partner_word(sentence)
    named = name_beside(word) if word is not None else None  # not "introduced to Frank"
    return [
        replace(c, kind="end") if c.relation == "partner" and c.value == named else c
        for c in candidates
        if not (_status_of(c, speaker) and c.value in COUPLED)
    ]  # "My girlfriend Nadine moved out, so I'm single": Nadine's time is over


def _status_of(candidate: Candidate, speaker: str) -> bool:
    return candidate.subject == speaker and candidate.relation == "relationship status"


def name_said_of(noun: Any) -> Any | None:
    """The name a partner noun is given apart from it: "Deniz, my girlfriend, ..."
    (the noun in apposition to the name) and "my wife's name is Karin"."""
    head = noun.head
    if noun.dep_ == "appos" and head.pos_ == "PROPN":
        return head
    if noun.dep_ == "poss" and head.lemma_ == "name" and head.dep_ == "nsubj":
        names = [c for c in head.head.children if c.dep_ == "attr" and c.pos_ == "PROPN"]
        return names[0] if names else None
    return None


def person_name(person: Any) -> str | None:
    """A person's name: "Kofi", the name beside a partner word ("my boyfriend Keoni"),
    or the name a person is called ("a man named Idris")."""
    if person.pos_ == "PROPN" or person.ent_type_ == "PERSON":
        said = phrase(person)
        return _unopened(said.removesuffix(" &")) if said else said  # "Rohan & i"
    if name_after_to(person):
        return str(person.text)  # "married to Layla for eleven years", read as a verb
    called = [c for c in person.children if c.dep_ == "acl" and c.lower_ in ("named", "called")]
    for name in (n for c in called for n in c.children if n.dep_ in ("oprd", "dobj", "attr")):
        if name.pos_ == "PROPN":
            return phrase(name)  # "a wonderful man named Idris"
    beside = [c for c in person.children if c.dep_ in ("appos", "compound")]
    named = [c for c in beside if c.pos_ == "PROPN" and c.lower_ not in PARTNER_WORDS]
    if not named and person.dep_ == "compound" and person.head.pos_ == "PROPN":
        named = [person.head]
    partnered = any(c.lower_ in PARTNER_WORDS for c in beside)
    if not named and partnered and person.lower_ not in PARTNER_WORDS:
        return phrase(person)  # "my gf zofia broke up w me": "zofia" read as a noun
    return phrase(named[0]) if named else None


def _unopened(name: str) -> str:
    """A name without chat's opener the parser joined to it: "soooo Yusuf" -> "Yusuf"."""
    from tem.extract.subjects import DISCOURSE

    first, _, rest = name.partition(" ")
    opener = re.sub(r"(\w)\1{2,}", r"\1", first.casefold())  # "soooo" is "so"
    return rest if rest and opener in DISCOURSE else name


COUPLE_WORDS = {
    "be": frozenset({"together", "item", "official", "thing"}),
    "go": frozenset({"steady", "out"}),
}
"""What a verb says of a couple: "have been *together* nine years", "we've been an *item*
since March", "been going *steady*", "going *out* with Isla", "are *official* now",
"officially a *thing*"."""


def coupled(sentence: Any, candidates: list[Candidate], speaker: str) -> list[Candidate]:
    """``candidates`` with the status a couple told of the speaker says ("Me and
    Saoirse have been together eight years", "I've been going out with Isla since sixth
    form"): in a relationship, and the one named with the speaker their partner, unless
    a status is read here already. Not a wish, a plan or a denial ("we should get
    together"), nor a couple without the speaker ("Tom and Ana have been together")."""
    mine = [c for c in candidates if c.subject == speaker]
    if any(c.relation == "relationship status" for c in mine):
        return candidates
    for verb in sentence:
        words = COUPLE_WORDS.get(verb.lemma_)
        said = {c.lower_ for c in verb.children if c.dep_ in ("advmod", "attr", "acomp", "prt")}
        if not words or not said & words or blocked(verb):
            continue
        official = said & {"official", "officially"} or any(
            c.lower_ == "officially" for t in verb.children for c in (t, *t.children)
        )  # "me and Vale are official now", "officially a thing"
        if not official and (not _lasting(verb) or "thing" in said):
            continue
        subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
        people = [p for s in subjects for p in (s, *(c for c in s.children if c.dep_ == "conj"))]
        with_whom = [o for p in verb.children if p.lower_ == "with" for o in p.children]
        if not any(p.lower_ in ("i", "me", "we") for p in people):
            continue
        alone = len(people) < 2 and not any(p.lower_ == "we" for p in people)
        if alone and not said & {"together", "item", "steady", "out"}:
            continue  # "I'm due to start at Pfizer, not official yet": no couple
        if "out" in said and not any(couple_name(o) for o in with_whom):
            continue  # "went out with my friends": no one named gone out with
        found = [
            *candidates,
            Candidate(speaker, "relationship status", "in a relationship", "assert", verb.i),
        ]
        named = [n for p in [*people, *with_whom] if (n := couple_name(p))]
        if named and not any(c.relation == "partner" for c in mine):
            found.append(Candidate(speaker, "partner", named[0], "assert", verb.i))
        return found
    return candidates


def _lasting(verb: Token) -> bool:
    """A couple said to last, and nothing else said of where or what: "have been together
    eight years", "since sixth form", "ever since"; not "we're in this together", "on
    this trip together"."""
    lasts = False
    for child in verb.children:
        if child.dep_ == "prep" and child.lower_ not in ("since", "for", "with"):
            return False
        words = {t.lower_ for t in child.subtree} | {t.lemma_ for t in child.subtree}
        lasts = lasts or bool(words & LASTING) or child.ent_type_ == "DATE"
    return lasts


LASTING = PERIODS | {"since", "for", "ages"}
"""Words that say how long a couple has lasted (:data:`tem.extract.spans.PERIODS`)."""


def couple_name(token: Any) -> str | None:
    """A name beside the speaker in a couple ("me n thandi"): not a pronoun, nor a
    word of English."""
    if token.lower_ in ("i", "me", "we", "us") or token.pos_ not in ("PROPN", "NOUN"):
        return None
    if token.pos_ == "NOUN" and english_word(token.lower_):
        return None
    from tem.extract.forms import capitalized

    name = phrase(token)
    return capitalized(name) if name else name
