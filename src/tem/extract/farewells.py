"""What the speaker parted with: a pet ("our beagle Pepper crossed the rainbow
bridge"), a home ("moved out of my flat in Hackney"), or anything held for a span of
time that is over ("I was married to Henrik for twenty years").

Whoever read a pet ("my ferret Bandit", "our old tortoise Horace"), the clause it
sits in may say the pet is gone: it died or passed away, was put down or to sleep,
crossed the rainbow bridge, was rehomed, given away or lost. Whoever read a home
("my place in Enugu"), the verb that takes the home may say the speaker left it: left
or sold it, moved out of it, handed back its keys. Whatever the relation, an idiom
of quitting ends what it names ("hung up my boxing gloves", "threw in the towel on law
school"), and so does a word that puts it in the past ("former accountant", "RIP to my
hamster"). Then the pet, the place or the pastime is no longer the speaker's, and the
fact is an ending, never a holding. So is a habit of the past ("I used to live in
Leeds"), and a fact told in
the simple past with how long it lasted: "lived in Turin for five years" is over,
"have lived here for five years" is not (:mod:`tem.extract.spans`). A blocked clause
("I'd never rehome Bandit", "if I left my flat") says nothing of the kind.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tem.extract import filters
from tem.extract.deixis import said_now_in
from tem.extract.endings import era_over
from tem.extract.facts import Candidate
from tem.extract.kinds import STUDY_CUES, clause_of, span_of
from tem.extract.leisure import initials
from tem.extract.lexicon import HOME_NOUNS, JOB_NOUNS, MOVES, SPANS
from tem.extract.nlp import respelled
from tem.extract.posts import dismissed, ended_by_last_day
from tem.extract.spans import HELD_BEFORE, formerly, held_before, period_over
from tem.extract.subjects import elided_first_person, said_by
from tem.extract.tidy import BYGONE
from tem.extract.values import children, place_from, pobjects

Token = Any

GONE = frozenset({"die", "rehome", "euthanize", "euthanise", "bury"})
"""Verbs that say a pet is gone on their own: "Biscuit died", "we rehomed Bandit"; and
"lose" when the speaker lost it ("we lost Max in May"; a dog that "got lost" came home)."""
GONE_WITH = {"pass": "away on", "put": "down sleep", "give": "away to", "cross": "bridge"}
"""Verbs that say it with one of these words after them: "passed away", "put down",
"put to sleep", "gave away", "gave my budgie to my nan", "crossed the rainbow bridge"."""


QUITTING = {
    "throw": "towel",
    "hang": "up",
    "pack": "in",
    "call": "time quits",
    "bow": "out",
    "walk": "away",
    "kick": "off out curb kerb",
    "knock": "head",
    "pull": "plug",
    "chuck": "in",
    "jack": "in",
    "say": "goodbye farewell",
    "bid": "goodbye farewell adieu",
    "close": "book",
}
"""Idioms of quitting, by their verb and the word that makes them one: "threw in the
*towel* on my PhD", "hung *up* my boxing gloves", "packed *in* the hurling", "called
*time* on rugby", "got kicked *off* the rowing team", "kicked soda to the *curb*",
"knocked my flat white habit on the *head*", "pulled the *plug* on my PhD", "*chucked in*
my job at Tesco", "said *goodbye* to Siemens", "closed the *book* on Maersk"."""
MOURNING = frozenset({"rip", "r.i.p.", "r.i.p"})
"""How chat mourns a pet: "RIP to my hamster Nugget", "RIP Biscuit"."""
LEFT_HOME = frozenset({"leave", "vacate", "sell", "quit", "flee"})
"""Verbs whose object is a home the speaker no longer lives in: "left my flat in X"."""


def parted(candidate: Candidate, doc: Any) -> Candidate:
    """``candidate`` as ended when it names what the speaker parted with (see above)."""
    anchor = doc[candidate.anchor]
    span = span_of(anchor.sent, candidate.value or "")
    if candidate.kind != "assert" or span is not None and said_now_in(span):
        return candidate  # "used to live in kolkata, now in bangalore" holds
    verb = clause_of(anchor)
    over = period_over(anchor) or _bygone(candidate.value) or _used_to(verb)
    over = over or formerly(span, anchor) or _bygone_before(span, anchor) or era_over(span)
    over = over and candidate.relation != "speaks"
    if over or candidate.relation in HELD_BEFORE and held_before(anchor):
        return replace(candidate, kind="end")
    named = anchor if span is None else span.root  # "Atlas the tortoise (RIP 1999)"
    mourned = candidate.relation == "has pet" and (_mourned(named) or _did_not_make_it(verb))
    if mourned or candidate.relation == "job title" and _title_lost(verb):
        return replace(candidate, kind="end")
    if (
        ended_by_last_day(candidate.relation, candidate.value, anchor)
        or _post_left(candidate, anchor.sent)
        or candidate.relation == "studies at"
        and _degree_done(verb)
    ):
        return replace(candidate, kind="end")  # "... as a bus driver — Friday's my last day"
    if candidate.relation == "speaks":
        return replace(candidate, kind="end") if _language_lost(verb) else candidate
    if candidate.relation == "lives in" and candidate.value:
        left = _home_left(anchor.sent, candidate.value)
        if left is not None:
            verb, gone = left, True
        else:
            gone = _quit(verb)
    elif candidate.relation == "relationship status":
        if candidate.value == "married" and died(verb) and not filters.blocked(verb):
            return replace(candidate, value="widowed")  # "my husband Saul passed away"
        gone = False  # what parting leaves ("called it quits": single) is no parting
    elif candidate.relation == "partner":
        gone = _quit(verb) or died(verb)
    else:
        gone = _quit(verb) or (candidate.relation == "has pet" and _gone(verb))
    if not gone or filters.blocked(verb):
        return candidate
    return replace(candidate, kind="end")


def _title_lost(verb: Token) -> bool:
    """A title held in the job a sentence tells was lost: in the clause of the loss ("I
    was let go by Lufthansa as a flight attendant"), in one whose verb the loss is joined
    to ("Banfield hired me as a receptionist and fired me"), or said to be "there" ("got
    fired from chipotle lmao was a shift lead there"); not the next job's ("so these days
    I'm freelancing as a copywriter", "got fired from Tesco and started as a barista")."""
    lost = dismissed(verb.sent)
    if lost is None or any(c.lower_ == "now" for c in verb.children):
        return False
    joined = lost.i == verb.i or lost.dep_ == "conj" and lost.head.i == verb.i
    joined = joined or verb.dep_ == "xcomp" and verb.head.i == lost.i  # "let go ... as a"
    there = any(t.lower_ == "there" for t in verb.subtree) and lost.i < verb.i
    return joined or there and verb.tag_ in ("VBD", "VBN")


DOING = frozenset({"do", "finish", "complete", "earn", "get"})
"""Verbs of a degree done: "did my PGCE at Bangor in 2001", "finished my master's at UCL"."""


def _degree_done(verb: Token) -> bool:
    """True for a school's degree (a word of study or one's own: "my engineering") done
    in the past: "Did my PGCE at Bangor", "Finished my master's at UCL in 2019"; not one
    being done ("I'm doing my MBA at INSEAD"), a part of it ("finished my first term"),
    nor a blocked clause. Chat's "Finished ..." without a subject is past."""
    said = {c.lower_ for c in verb.children if c.dep_ in ("aux", "nsubj")}  # "had", "I"
    done = verb.tag_ == "VBD" or verb.tag_ == "VBN" and (not said or "had" in said)
    if verb.lemma_.casefold() not in DOING or not done or filters.blocked(verb):
        return False
    objects = [c for c in verb.children if c.dep_ in ("dobj", "nsubj") and c.i > verb.i]
    return any(_degree(o) for o in objects)


PARTS = frozenset("year term semester module exam exams mock mocks week month class".split())
"""Parts of a course: "just finished my first term at Durham" is still there."""


def _degree(noun: Token) -> bool:
    if noun.lemma_ in PARTS or noun.lower_ in PARTS:
        return False
    mine = any(c.dep_ == "poss" and c.lower_ == "my" for c in noun.children)
    return mine or noun.lower_ in STUDY_CUES or noun.lemma_ == "degree" or initials(noun.text)


LEAVING = frozenset({"quit", "leave", "left", "resign", "resigned"})
"""Verbs by which the speaker leaves a post, however the parser tags them: "quit my job
at targt", "Quit my job at Tesco today" (a capital read as a name)."""


def _post_left(candidate: Candidate, sentence: Any) -> bool:
    """True for a workplace or school that is the place of a post the speaker left:
    "quit my job at targt", "Quit my job at Tesco today" (a capital read as a name),
    "left my position with Deloitte"; not in a blocked clause ("I didn't quit my job")."""
    if candidate.relation not in ("works at", "studies at"):
        return False
    span = span_of(sentence, candidate.value or "")
    place = None if span is None else span.root
    if place is None or place.dep_ != "pobj" or place.head.lower_ not in ("at", "with"):
        return False
    post = place.head.head
    if post.lemma_ not in JOB_NOUNS:  # "quit [my job] [at X]": the post beside the place
        post = next((c for c in post.children if c.dep_ == "dobj"), post)
    verb = post.head
    leaving = verb.lower_ in LEAVING or verb.lemma_.casefold() in LEAVING
    return post.lemma_ in JOB_NOUNS and leaving and verb.i < post.i and not filters.blocked(verb)


def homes_before(sentence: Any, candidates: list[Candidate], speaker: str) -> list[Candidate]:
    """The home a sentence says the speaker lived in before the one it names: "I live in
    Kumasi now, after years in Tamale", "back in Haifa after two years in Berlin" (Tamale
    and Berlin ended, even where a rule read them as held). Only beside another home
    held now in the same sentence: "ten years in Madrid and Spanish is second skin" is
    Madrid still."""
    homes = {
        (c.value or "").casefold()
        for c in candidates
        if c.subject == speaker and c.relation == "lives in" and c.kind == "assert"
    }
    if not homes:
        return []
    found = []
    for token in sentence:
        if token.lower_ != "after" or token.dep_ not in ("prep", "ROOT"):
            continue  # "Back in Zurich after five years in Shanghai" hangs on "after"
        for period in children(token, ("pobj",)):
            place = _spent_in(period) if period.lemma_ in SPANS else None
            if place is not None and homes - {place.casefold()}:
                found.append(Candidate(speaker, "lives in", place, "end", period.i))
    return found


def _spent_in(period: Any) -> str | None:
    """The place of "years in Perth", or of "a decade" with its "in London" hung beside
    it on the verb ("Moved back up to Inverness after a decade in London")."""
    place = place_from(period, ("in",))
    after = period.doc[period.i + 1] if period.i + 1 < len(period.doc) else None
    if place is None and after is not None and after.lower_ == "in" and after.dep_ == "prep":
        place = place_from(after.head, ("in",)) if after.head == period.head.head else None
    return place


HOME_VERBS = frozenset({"live", "stay", "reside", "grow", "base"})
"""Verbs that tell a home in the past: "I have lived in Amman", "was living in Dublin"."""
MOVING = MOVES | {"come", "settle", "shift", "emigrate", "transfer"}
"""Verbs whose place is the home held since: "moved to Toronto", "came back to Kraków"."""


def homes_left(sentence: Any, candidates: list[Candidate], speaker: str) -> list[Candidate]:
    """``candidates`` with a home told in the past ended beside another the sentence
    holds now: "I have lived in Amman, Beirut, Doha, and since 2022 I am in Muscat",
    "I was living in Dublin five years but I came back to Kraków", "I grew up in Pune
    but moved to Toronto". One home told alone keeps its holding ("I've lived in Lyon
    for a decade")."""
    homes = [
        c
        for c in candidates
        if c.subject == speaker and c.relation == "lives in" and c.kind == "assert" and c.value
    ]
    if len({(c.value or "").casefold() for c in homes}) < 2:
        return candidates
    told = {(c.value or "").casefold(): _home_told(sentence, c.value or "") for c in homes}
    if "now" not in told.values():
        return candidates
    return [
        replace(c, kind="end") if c in homes and told[(c.value or "").casefold()] == "before" else c
        for c in candidates
    ]


def _home_told(sentence: Any, value: str) -> str | None:
    """ "now" for a home held now (a present verb, a move to it), "before" for one told
    in the past or the perfect, None when the sentence does not say."""
    span = span_of(sentence, value)
    if span is None:
        return None
    verb = clause_of(span.root)
    aux = {c.lower_ for c in verb.children if c.dep_ == "aux"}
    if verb.lemma_ in MOVING and not aux & {"will", "'ll", "might", "may", "could"}:
        return "now"
    if verb.tag_ == "VBG":  # "was living in Lagos"; "I've been living in Feuerbach"
        past = bool(aux & {"was", "were"})
        return "before" if past and verb.lemma_ in HOME_VERBS else None if past else "now"
    if verb.tag_ in ("VBP", "VBZ"):
        return "now"
    perfect = bool(aux & {"have", "'ve", "has", "had"})
    if verb.lemma_ in HOME_VERBS and (verb.tag_ == "VBD" or perfect):
        return "before"
    return None


FORGETTING = frozenset({"lose", "forget"})
"""Verbs by which a language is no longer spoken: "I've lost all my Spanish", "my Danish
has been completely forgotten"."""


def _language_lost(verb: Token) -> bool:
    """True when the clause says the speaker no longer has the language: lost or
    forgotten, or gone ("my high school Spanish is completely gone")."""
    denied = any(c.dep_ == "neg" for c in verb.children)  # "I never forget my Urdu"
    if denied or filters.is_hypothetical(verb) or filters.is_future(verb):
        return False
    if verb.lemma_ in FORGETTING or verb.lower_ == "forgot":  # "Forgot": lemma "forgot"
        return True
    # not "I'm fluent in Tigrinya but my spelling has gone downhill"
    return verb.lemma_ == "be" and any(
        c.lower_ == "gone" and c.dep_ != "conj" for c in verb.children
    )


def _used_to(verb: Token) -> bool:
    """ "I used to live in Leeds", "i used to play netball": a habit of the past."""
    head = verb.head
    said = head.lemma_ == "use" and head.tag_ == "VBD" and verb.dep_ == "xcomp"
    return said and any(c.lower_ == "to" for c in verb.children) and not filters.blocked(head)


def _bygone(value: str | None) -> bool:
    """ "*Former* accountant", "a *retired* chef": the value's own word says it is past
    (:func:`tem.extract.tidy.tidy` then drops the word)."""
    words = str(value or " ").casefold().split()
    return (words[0] in BYGONE and len(words) > 1) or words[0].startswith("ex-")


def _bygone_before(span: Any | None, anchor: Token) -> bool:
    """ "im a *retired* civil engineer", "stan here, *retierd* postman": the word before
    the value's ``span`` puts it in the past (typed with a slip, too)."""
    if span is None or span.start == anchor.sent.start:
        return False
    before = anchor.doc[span.start - 1].lower_
    return before in BYGONE or respelled(before, "verb", "adj") in BYGONE


def _mourned(token: Token) -> bool:
    """ "RIP to my hamster Nugget", "rip Kiwi, our parrot", "my hamster Nugget, RIP",
    "Bubbles passed this morning rip king": the pet is mourned beside it, with no verb
    between but one of death; a "RIP" said first mourns across a comma only the pet's
    own phrase ("a pig called Moana (RIP), two chooks" mourns Moana; "my husky Luna
    shredded my tablet, rip to that sketch" the sketch; "a rip-off" nothing)."""
    doc = token.doc
    for t in token.sent:
        if t.lower_ not in MOURNING or t.i + 1 < len(doc) and doc[t.i + 1].text == "-":
            continue
        between = doc[min(t.i, token.i) + 1 : max(t.i, token.i)]
        if any(w.pos_ in ("VERB", "AUX") and w.lemma_ not in DEATHS for w in between):
            continue
        if t.i > token.i or _one_phrase(token, between):
            return True
    return False


def _one_phrase(pet: Token, between: Any) -> bool:
    """Nothing between a "RIP" and the pet but the pet's own phrase ("Kiwi, our"), or no
    comma or closing bracket that ends another item."""
    if any(w.text == ")" for w in between):
        return False
    while pet.dep_ in ("amod", "compound", "appos", "nmod") and pet.head.i != pet.i:
        pet = pet.head  # the phrase's head: "Kiwi" of "Kiwi, our parrot"
    joined = all(w.is_punct or pet in w.subtree or w in pet.subtree for w in between)
    return joined or not any(w.text == "," for w in between)


DEATHS = frozenset({"die", "pass"})


def _did_not_make_it(verb: Token) -> bool:
    """ "my hamster didn't make it through the winter": chat's word for a pet that died
    (not "we didn't make it to the vet": a place reached)."""
    if verb.lemma_ != "make" or not any(c.dep_ == "neg" for c in verb.children):
        return False
    it = any(c.dep_ == "dobj" and c.lower_ == "it" for c in verb.children)
    reached = any(c.dep_ == "prep" and c.lower_ in ("to", "in", "on") for c in verb.children)
    return it and not reached


def _home_left(sentence: Any, place: str) -> Token | None:
    """The verb by which the speaker left the home ``place`` is in: "Left my flat in
    *Hackney*", "moved out of my parents' place in *Enugu*", "handed back the keys to my
    place in *Istanbul*"."""
    words = set(place.casefold().split())
    for token in sentence:
        if token.lower_ not in words or token.dep_ != "pobj" or token.head.lower_ != "in":
            continue  # the place's root: "el *paso*"
        home = token.head.head
        if home.pos_ == "VERB":  # "Left my flat | in Hackney": the place hangs on the verb
            held = [c for c in home.children if c.dep_ == "dobj"] + _moved_out_of(home)
            home = held[0] if held else home
        if home.lemma_ not in HOME_NOUNS:
            continue
        verb = clause_of(home)
        if _leaves(verb, home):
            return verb
    return None


def _moved_out_of(verb: Token) -> list[Token]:
    """What ``verb`` moved out of: "moved out of *my flat* | in Hackney" (the parser
    hangs the place on the verb)."""
    return [
        home
        for out in verb.children
        if out.lower_ == "out"
        for of in out.children
        if of.lower_ == "of"
        for home in of.children
        if home.dep_ == "pobj"
    ]


def _leaves(verb: Token, home: Token) -> bool:
    """ "left / gave up / sold my flat", "our house was sold", "moved out of my place";
    "sold my bakery and my house in Calgary" (a home joined to what was sold)."""
    words = {t.lower_ for t in verb.children}
    given_up = verb.lemma_ == "give" and "up" in words
    while home.dep_ == "conj" and home.head.pos_ in ("NOUN", "PROPN"):
        home = home.head
    if (verb.lemma_ in LEFT_HOME or given_up) and home.dep_ == "dobj":
        return True
    if (verb.lemma_ in LEFT_HOME - {"leave"} or given_up) and home.dep_ == "nsubjpass":
        return True  # "our house was sold"; a house "left to us" was inherited
    out_of = home.dep_ == "pobj" and home.head.lower_ in ("of", "out")
    if verb.lemma_ == "move" and "out" in words and out_of:
        return True  # "moved out of my place in Turin" (not "out of Perth to a place in X")
    return verb.lemma_ in ("hand", "give") and any(t.lemma_ == "key" for t in verb.subtree)


def died(verb: Token) -> bool:
    """ "My husband Saul passed away", "I lost my wife Mary to cancer": death, not the
    other ways a pet is gone (rehomed, given away, sold)."""
    if verb.lemma_ in ("die", "lose"):
        return verb.lemma_ == "die" or said_by(verb)
    return verb.lemma_ == "pass" and (
        any(t.lower_ in ("away", "on") for t in verb.children) or passed_alone(verb)
    )


def passed_alone(verb: Token) -> bool:
    """ "Our greyhound Bonnie passed last autumn": "pass" with a subject and nothing it
    passes (no object, particle or place: not "passed the exam", "passed by the shop"),
    only when, or an aside after a comma ("passed last week, right in the middle of my
    marking"): a death."""
    if verb.lemma_ != "pass" or not any(c.dep_ == "nsubj" for c in verb.children):
        return False
    quiet = {"nsubj", "npadvmod", "advmod", "aux", "punct", "cc", "conj", "mark"}
    comma = next((c.i for c in verb.children if c.text == "," and c.i > verb.i), len(verb.doc))
    said = [c for c in verb.children if c.dep_ not in quiet and not _when(c) and c.i < comma]
    return not said and verb.tag_ in ("VBD", "VBN")


def _when(token: Token) -> bool:
    """A phrase that only says when: "last autumn", "in 2019"."""
    words = [t for t in token.subtree if t.dep_ not in ("prep", "det", "amod")]
    return bool(words) and all(t.ent_type_ in ("DATE", "TIME") for t in words)


def pet_gone(verb: Token) -> bool:
    """True when ``verb`` says a pet is gone (:func:`parted` then ends it), unblocked."""
    return _gone(verb) and not filters.blocked(verb)


def _gone(verb: Token) -> bool:
    lemma = "lose" if verb.lower_ == "lost" else verb.lemma_  # "Lost my spaniel": "lost"
    if lemma in GONE or passed_alone(verb):
        return True
    subject = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    own = said_by(verb) or not subject and elided_first_person(verb)  # "sold my horse"
    if lemma in ("lose", "sell"):  # "lost my cat", "sold my horse": by the speaker
        return own
    words = GONE_WITH.get(lemma)
    if words is None:
        return False
    if lemma == "give" and not own:
        words = "away"  # "was given to me by my aunt": had, not gone
    after = {t.lower_ for t in verb.subtree if t.i > verb.i}
    return bool(after & set(words.split()))


def _quit(verb: Token) -> bool:
    """True for an idiom of quitting (:data:`QUITTING`) that the speaker says."""
    words = QUITTING.get(verb.lemma_)
    if words is None:
        return False
    objects = pobjects(verb, ("prep",), ("to", "on"))  # "to the curb", "on the head"
    words_said = objects if verb.lemma_ == "knock" else [*verb.children, *objects]
    said = {c.lower_ for c in words_said} | {c.lemma_ for c in words_said}
    return bool(said & set(words.split()))
