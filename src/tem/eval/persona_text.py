"""Word pools and phrasings of the persona benchmark (data only, no logic).

Templates are ``str.format`` strings. Change templates name the new value (``{new}``,
``{employer}``, ``{title}``/``{a_title}``) and sometimes the old one (``{old}``,
``{old_employer}``); the generator only offers a template that names ``{old}`` when
there is an old value. Every value template puts the value mid-sentence, so the
value appears verbatim (same case) in the turn text.

Distractor templates name values too (a trip city, a drink someone "might" try), but
those values are never gold: the generator draws them from values outside the
persona's own timeline. Pools are tuples, never sets, so iteration order is fixed
and generation stays deterministic across interpreter runs.
"""

from __future__ import annotations

FIRST_NAMES: tuple[str, ...] = tuple(
    """
    Maria James Aiko Omar Sofia Liam Priya Mateo Hannah Kwame Elena Noah Fatima Lucas
    Ingrid Diego Mei Samuel Chloe Arjun Olivia Tomasz Amara Felix Yuki Daniel Leila
    Marco Zoe Ravi Grace Henrik Nadia Ethan Lucia Kofi Isabel Jonas Ayesha Pablo Freya
    Hiroshi Camille Victor Anya Rafael Emma Tariq Julia Sven Nina Andre Keiko Oscar Lina
    Mohammed Clara Tobias Esme Kenji Rosa Adrian Ines Malik Vera Bruno Asha Caleb Mira
    Stefan
    """.split()
)

LAST_NAMES: tuple[str, ...] = tuple(
    """
    Lopez Carter Tanaka Haddad Rossi Murphy Sharma Fernandez Becker Mensah Petrova Walsh
    Rahman Almeida Larsen Morales Chen Okafor Dubois Patel Bennett Kowalski Nwosu
    Fischer Sato Kim Nasser Bianchi Hughes Iyer Foster Nilsson Ivanova Brooks Romero
    Asante Castillo Weber Siddiqui Navarro Holm Yamamoto Laurent Novak Sokolova Silva
    Schmidt Aziz Costa Lindqvist Horvat Moreau Ito Jensen Khalil Vargas Keller Reyes Obi
    Marsh Quinn Duarte Berg Farouk Varga Ortiz Hale Ng Stone Abbott
    """.split()
)

# Unambiguous city names only: no "Nice", "Reading" or "Bath" that read as words.
CITIES: tuple[str, ...] = (
    "Lisbon",
    "Denver",
    "Austin",
    "Oslo",
    "Berlin",
    "Toronto",
    "Melbourne",
    "Seattle",
    "Madrid",
    "Dublin",
    "Copenhagen",
    "Vancouver",
    "Boston",
    "Prague",
    "Vienna",
    "Chicago",
    "Barcelona",
    "Amsterdam",
    "Stockholm",
    "Helsinki",
    "Montreal",
    "Zurich",
    "Munich",
    "Edinburgh",
    "Seoul",
    "Osaka",
    "Singapore",
    "Auckland",
    "Brisbane",
    "Portland",
    "Atlanta",
    "Lyon",
    "Milan",
    "Warsaw",
    "Budapest",
    "Athens",
    "Istanbul",
    "Nairobi",
    "Accra",
    "Cape Town",
    "Bogota",
    "Lima",
    "Santiago",
    "Montevideo",
    "Mexico City",
    "Calgary",
    "Pittsburgh",
    "Minneapolis",
    "Glasgow",
    "Manchester",
    "Hamburg",
    "Rotterdam",
    "Gothenburg",
    "Krakow",
    "Valencia",
    "Porto",
    "Florence",
    "Kyoto",
    "Taipei",
    "Bangalore",
    "Dubai",
    "Marseille",
    "San Diego",
    "Philadelphia",
    "Ottawa",
    "Wellington",
    "Tallinn",
    "Riga",
    "Seville",
    "Antwerp",
)

EMPLOYERS: tuple[str, ...] = (
    "Acme",
    "Globex",
    "Initech",
    "Umbrella Labs",
    "Stark Analytics",
    "Wayne Logistics",
    "Hooli",
    "Vandelay Industries",
    "Soylent Foods",
    "Cyberdyne Systems",
    "Pied Piper",
    "Wonka Confections",
    "Tyrell Robotics",
    "Massive Dynamic",
    "Aperture Science",
    "Oscorp",
    "Blue Harbor Bank",
    "Northwind Traders",
    "Contoso",
    "Fabrikam",
    "Litware",
    "Tailspin Toys",
    "Adventure Works",
    "Proseware",
    "Lumen Health",
    "Brightline Media",
    "Greenfield Energy",
    "Redwood Software",
    "Silverline Insurance",
    "Harbor & Finch",
    "Quantum Freight",
    "Maple Street Studios",
    "Orbital Maps",
    "Kestrel Aerospace",
    "Copperleaf Design",
    "Sunrise Pharmaceuticals",
    "Bluefin Robotics",
    "Atlas Consulting",
    "Evergreen Schools",
    "Nimbus Cloud",
)

# A title takes "an" exactly when it starts with a vowel letter (no "HR", no "UX").
TITLES: tuple[str, ...] = (
    "data analyst",
    "software engineer",
    "product manager",
    "graphic designer",
    "accountant",
    "nurse",
    "marketing lead",
    "research scientist",
    "project coordinator",
    "sales manager",
    "copywriter",
    "architect",
    "editor",
    "operations manager",
    "financial analyst",
    "teacher",
    "backend developer",
    "payroll specialist",
    "logistics planner",
    "office manager",
    "business analyst",
    "QA engineer",
    "content strategist",
    "pharmacist",
    "data engineer",
    "customer success manager",
    "art director",
    "legal counsel",
    "recruiter",
    "statistician",
)

DRINKS: tuple[str, ...] = (
    "matcha",
    "oat lattes",
    "cold brew",
    "chai",
    "green tea",
    "espresso",
    "kombucha",
    "flat whites",
    "iced americanos",
    "mint tea",
    "Earl Grey",
    "ginger beer",
    "hot chocolate",
    "sparkling lemonade",
    "rooibos",
    "cortados",
    "yerba mate",
    "oolong",
    "iced coffee",
    "jasmine tea",
    "cappuccinos",
    "chamomile tea",
    "coconut water",
    "mango lassi",
    "hibiscus tea",
    "mochas",
    "turmeric lattes",
    "black coffee",
    "lemon tea",
    "horchata",
)

FILMS: tuple[str, ...] = (
    "Arrival",
    "Paddington 2",
    "Spirited Away",
    "Inception",
    "The Grand Budapest Hotel",
    "Past Lives",
    "Dune",
    "Amelie",
    "Coco",
    "Whiplash",
    "Parasite",
    "Her",
)

DISHES: tuple[str, ...] = (
    "shakshuka",
    "mushroom risotto",
    "banana bread",
    "pad thai",
    "lentil soup",
    "homemade pizza",
    "ramen",
    "apple crumble",
    "chickpea curry",
    "focaccia",
)

WEEKS_AGO: dict[int, str] = {
    2: "two weeks ago",
    3: "three weeks ago",
    4: "four weeks ago",
    5: "five weeks ago",
    6: "six weeks ago",
    7: "seven weeks ago",
    8: "eight weeks ago",
}

# --- first session: the initial state -------------------------------------------------

INTRO_CITY: tuple[str, ...] = (
    "I live in {new}.",
    "I've been living in {new} for a few years now.",
    "Home for me is {new}.",
    "I'm in {new}, where I rent a small apartment.",
)
INTRO_JOB: tuple[str, ...] = (
    "I work at {employer} as {a_title}.",
    "I'm {a_title} at {employer}.",
    "My job is at {employer}, where I'm {a_title}.",
    "I've been working at {employer} as {a_title} for a while.",
)
INTRO_DRINK: tuple[str, ...] = (
    "I love {new}.",
    "My favourite drink is {new}.",
    "I can't start the day without {new}.",
    "If you ask me, nothing beats {new}.",
)

# --- changes reported in the session in which they happened ----------------------------

MOVE: tuple[str, ...] = (
    "I just moved to {new}!",
    "We finally relocated to {new}.",
    "Big news: I signed a lease on a flat in {new} and I've already moved in.",
    "I'm based in {new} now.",
    "The move is done, I officially live in {new} now.",
    "I took the plunge and moved to {new}.",
    "I'm writing from my new place in {new}.",
    "Our boxes are finally unpacked in our new home in {new}.",
)
MOVE_FROM_OLD: tuple[str, ...] = (
    "I packed up everything and left {old} for {new}.",
    "Quick update: I've moved from {old} to {new}.",
    "After my time in {old}, I now live in {new}.",
)
MOVE_LATE: tuple[str, ...] = (
    "By the way, I forgot to mention that I moved to {new} {ago}.",
    "Oh, I never told you: I relocated to {new} {ago}.",
    "I should have said this earlier, but I moved to {new} {ago}.",
    "Something I left out last time: we moved to {new} {ago}.",
)

JOB: tuple[str, ...] = (
    "I started a new job at {employer} as {a_title}.",
    "I got hired by {employer}; I'm {a_title} there now.",
    "I accepted an offer from {employer} to work as {a_title}.",
    "This was my first week at {employer}, I'm their new {title}.",
    "I now work for {employer} as {a_title}.",
    "I switched jobs: I'm {a_title} at {employer} these days.",
    "I've taken a position at {employer} as {a_title}.",
)
JOB_FROM_OLD: tuple[str, ...] = (
    "I left {old_employer} and joined {employer} as {a_title}.",
    "I quit {old_employer}; I'm {a_title} at {employer} now.",
)

DRINK: tuple[str, ...] = (
    "These days my go-to drink is {new}.",
    "Lately I can't get enough of {new}, it's my new favourite.",
    "My favourite drink these days? Definitely {new}.",
    "I've become completely hooked on {new}, it's my favourite drink now.",
    "My new favourite drink is {new}.",
)
DRINK_FROM_OLD: tuple[str, ...] = (
    "I switched from {old} to {new}.",
    "I've gone off {old}; {new} is my favourite drink now.",
    "I've replaced my daily {old} with {new}.",
    "I'm hooked on {new} now, way more than {old}.",
)

# --- ordinary chatter: never a gold fact ---------------------------------------------

WEATHER: tuple[str, ...] = (
    "It's been pouring rain all week.",
    "We finally got some sunshine this weekend.",
    "It's so windy today that my umbrella broke.",
    "The first snow of the season fell last night.",
    "It's been unbearably hot and humid lately.",
)
WEEKEND: tuple[str, ...] = (
    "I spent Saturday hiking with some friends.",
    "I had a lazy weekend, mostly reading on the sofa.",
    "I went to a street market on Sunday and bought way too many plants.",
    "My weekend was all about cleaning out the garage.",
    "I played in a five-a-side football game on Saturday.",
)
FILM: tuple[str, ...] = (
    "I watched {film} last night, it was great.",
    "I finally saw {film}; the ending surprised me.",
    "Have you heard of {film}? I rewatched it yesterday.",
)
RECIPE: tuple[str, ...] = (
    "I tried a new recipe for {dish} yesterday.",
    "I made {dish} for friends and it turned out well.",
    "I'm trying to perfect my {dish}, third attempt this week.",
)
# A visit is not a move: the city is not the persona's residence.
TRIP: tuple[str, ...] = (
    "I spent a week in {city} for a conference.",
    "I just got back from a long weekend in {city}.",
    "I'm visiting my sister in {city} for a few days.",
    "I'm flying to {city} next month for a wedding.",
    "Work sent me to {city} for two days of meetings.",
)
# A wish or a plan is not a change.
HYPOTHETICAL_MOVE: tuple[str, ...] = (
    "Sometimes I think about moving to {city} one day.",
    "If I ever move, {city} would be at the top of my list.",
    "A friend keeps telling me to move to {city}, but I'm not planning to.",
)
HYPOTHETICAL_JOB: tuple[str, ...] = (
    "A recruiter from {employer} reached out, but I'm not interested.",
    "If I ever leave my job, I'd love to work at {employer}.",
    "I had coffee with someone from {employer}; nothing came of it.",
)
HYPOTHETICAL_DRINK: tuple[str, ...] = (
    "I might switch to {drink} someday.",
    "I tried {drink} at a cafe, but I'm sticking with my usual.",
    "My friend keeps telling me to try {drink}, maybe I will.",
)

# --- the assistant's side -------------------------------------------------------------

GREETING: tuple[str, ...] = (
    "Hi again!",
    "Hey, do you have a minute?",
    "Hello! Long time no talk.",
    "Good morning!",
    "Hi, I wanted to catch up.",
)
ASSISTANT_OPEN: tuple[str, ...] = (
    "Of course. What's new?",
    "Hi! Good to hear from you. How have things been?",
    "Always. What's on your mind?",
    "Hello! What would you like to talk about?",
)
ASSISTANT_INTRO: tuple[str, ...] = (
    "Nice to meet you! Thanks for telling me a bit about yourself.",
    "Great to get to know you. I'll keep that in mind.",
)
ASSISTANT_INTRO_DRINK: tuple[str, ...] = (
    "Good choice!",
    "That sounds tasty.",
    "Nice, I'll remember that.",
)
ASSISTANT_MOVE: tuple[str, ...] = (
    "Congratulations on the move! How are you settling in?",
    "A new city is a big change. I hope the neighbourhood is treating you well.",
    "That's exciting! Let me know if you need tips for the new place.",
)
ASSISTANT_JOB: tuple[str, ...] = (
    "Congratulations on the new role!",
    "That's great news. How is the new team?",
    "Well done! New jobs take some getting used to.",
)
ASSISTANT_DRINK: tuple[str, ...] = (
    "Good choice, that sounds tasty.",
    "Noted! Tastes do change over time.",
    "Nice, I'll remember that.",
)
ASSISTANT_CHATTER: tuple[str, ...] = (
    "Thanks for telling me.",
    "Oh, interesting!",
    "Good to know.",
    "I hear you.",
    "Tell me more about it some time.",
)

# --- questions -----------------------------------------------------------------------
# Fields: {name}, {current} (city, employer or drink now), {previous} (the value before).

QUESTIONS: dict[str, tuple[str, ...]] = {
    "residence_now": (
        "Where does {name} live these days?",
        "Which city is {name} living in now?",
        "What city does {name} currently call home?",
        "Where is {name} based at the moment?",
    ),
    "residence_before": (
        "Which city was {name} in before moving to {current}?",
        "Where did {name} live before the most recent move?",
        "Before {name} moved to {current}, where did they live?",
        "What was {name}'s previous city of residence?",
    ),
    "residence_before_last_move": (
        "Where did {name} live before moving to {previous}?",
        "Which city did {name} leave when moving to {previous}?",
        "Two moves ago, which city was {name} living in?",
        "Before the move to {previous}, where was {name} based?",
    ),
    "job_now": (
        "Where does {name} work now?",
        "Which company is {name} working for these days?",
        "Who is {name}'s current employer?",
    ),
    "job_before": (
        "Where did {name} work before joining {current}?",
        "Which company did {name} work for before the latest job change?",
        "Who was {name}'s previous employer?",
    ),
    "drink_now": (
        "What is {name}'s favourite drink these days?",
        "What does {name} like to drink now?",
        "Which drink is {name}'s current go-to?",
    ),
    "drink_before": (
        "What was {name}'s favourite drink before {current}?",
        "Which drink did {name} prefer before switching to {current}?",
        "What did {name} use to drink before their taste changed?",
    ),
}
