"""Slot name -> reader: the join between :data:`VERB_RULES` and the reader functions."""

from __future__ import annotations

from tem.extract import leisure, quitting, readers
from tem.extract.readers import Reader

READERS: dict[str, Reader] = {
    "place": readers.place,
    "home": readers.home,
    "long_stay": readers.long_stay,
    "call_home": readers.call_home,
    "arrival": readers.arrival,
    "left_for": readers.left_for,
    "org": readers.org,
    "employer": readers.employer,
    "work_for": readers.work_for,
    "job_at": readers.job_at,
    "org_end": readers.org_end,
    "org_or_none": readers.org_or_none,
    "retirement": readers.retirement,
    "title": readers.title,
    "occupation": readers.occupation,
    "partner": readers.partner,
    "partner_or_none": readers.partner_or_none,
    "dating": readers.dating,
    "taste": leisure.taste,
    "drink": leisure.drink,
    "liked": leisure.liked,
    "habit_end": quitting.habit_end,
    "pet": leisure.pet,
    "child": leisure.child,
    "vehicle": leisure.vehicle,
    "driven": leisure.driven,
    "language": leisure.language,
    "hobby": leisure.hobby,
    "hobby_into": leisure.hobby_into,
    "gerund": leisure.gerund,
    "played": leisure.played,
    "raced": leisure.raced,
    "gone_doing": leisure.gone_doing,
    "group": leisure.group,
    "school": leisure.school,
    "degree": leisure.degree,
    "plan": leisure.plan,
    "going_to": leisure.going_to,
}
