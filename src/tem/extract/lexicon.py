"""Word lists the rules consult: occupations, animals, languages, drinks, kin terms.

Lists hold lemmas (lowercase). They are data, not logic: extend them freely.
"""

from __future__ import annotations

OCCUPATIONS = frozenset(
    """
    engineer developer programmer designer architect nurse doctor physician surgeon dentist
    teacher professor lecturer tutor manager director analyst accountant lawyer attorney
    paralegal chef cook baker barista bartender waiter waitress server pharmacist therapist
    counselor counsellor psychologist scientist researcher consultant writer journalist editor
    photographer musician artist actor actress electrician plumber carpenter mechanic driver
    pilot firefighter officer cop detective paramedic vet veterinarian librarian cashier
    clerk receptionist assistant intern coordinator administrator specialist technician
    salesperson representative recruiter marketer strategist founder ceo cto cfo vp
    entrepreneur freelancer contractor principal coach trainer instructor translator
    interpreter social worker caregiver midwife scientist economist banker broker agent
    realtor student postdoc fellow lead supervisor foreman farmer tailor hairdresser stylist
    copywriter statistician counsel planner auditor actuary bookkeeper optometrist dietitian
    nutritionist physiotherapist radiologist hygienist surveyor chemist physicist biologist
    mathematician investigator inspector dispatcher courier janitor housekeeper nanny
    welder machinist producer animator illustrator aide referee umpire lifeguard attendant
    solicitor geologist radiographer barber roofer sommelier postman postwoman joiner
    reporter chaplain zookeeper groomer bouncer deckhand steward sysadmin
    """.split()
)
TITLE_HEADS = OCCUPATIONS - {"student"}
WORK_SITES = frozenset("depot warehouse factory hub yard outlet mine centre center".split())
"""Lowercase words of a firm's sites besides its offices: "the Ocado depot" is Ocado's."""
TIME_PREPOSITIONS = frozenset("after before since during until till throughout".split())
"""Prepositions that say when something was done, no part of it: "running after my divorce"."""
STUDENTS = frozenset("student undergrad postgrad fresher freshman sophomore".split())
"""Nouns of one enrolled at a school: "a freshman at Spelman"."""
STUDY_YEARS = frozenset("first second third fourth final 1st 2nd 3rd 4th".split())
"""Years of a course that name a student: "a second-year at Dalhousie"."""

ANIMALS = frozenset(
    """
    dog puppy pup cat kitten kitty rabbit bunny hamster pig parrot bird budgie fish
    goldfish turtle tortoise snake lizard gecko horse pony ferret chinchilla rat mouse
    hedgehog chicken goat labrador retriever poodle terrier beagle husky corgi dachshund
    greyhound spaniel collie shepherd pug bulldog rottweiler chihuahua schnauzer doodle
    labradoodle whippet boxer pitbull bull tabby
    """.split()
) | {"jack russell", "maine coon", "guinea pig", "bearded dragon", "shih tzu", "blue heeler"}

LANGUAGES = frozenset(
    """
    english spanish french german italian portuguese dutch swedish norwegian danish finnish
    polish czech russian ukrainian greek turkish arabic hebrew persian farsi hindi urdu
    bengali punjabi tamil japanese korean mandarin cantonese chinese vietnamese thai
    indonesian malay tagalog swahili latin irish welsh catalan romanian hungarian
    """.split()
)

DRINKS = frozenset(
    """
    coffee latte lattes espresso cappuccino americano macchiato mocha cortado
    tea chai matcha kombucha juice smoothie soda water beer wine whiskey whisky gin vodka
    rum cocktail lemonade cola milk oat decaf brew oolong rooibos sencha darjeeling
    assam chamomile peppermint mate horchata lassi kefir cocoa cider sake soju prosecco
    champagne margarita mojito negroni spritz seltzer tonic ale lager stout boba
    frappuccino frappe ristretto lungo doppio milkshake shake eggnog kvass coke pepsi
    bourbon scotch tequila mezcal sangria limeade orangeade cordial squash infusion
    """.split()
)
"""Drinks (and words of drink names) by the head word of a phrase: "iced americanos"."""
FORMER = frozenset({"old", "former", "previous", "ex"})
"""Words that put a thing in the past: "my old job at Vodafone", "my former flat"."""
CONTAINERS = frozenset({"cup", "mug", "glass", "pot", "bottle", "can", "shot", "bowl", "plate"})
"""What a drink or dish is served in: "a cold glass of buttermilk" is buttermilk."""
DRINK_PHRASES = frozenset(
    "earl grey, hot chocolate, flat white, yerba mate, english breakfast, bubble tea, "
    "root beer, ginger ale, ginger beer, hot cocoa, iced tea, sweet tea, pour over, red bull".split(
        ", "
    )
)
"""Drink names whose head word is no drink by itself ("hot chocolate", "Earl Grey")."""
ANIMAL_PHRASES = frozenset(
    "jack russell, maine coon, guinea pig, bearded dragon, shih tzu, blue heeler".split(", ")
)
"""Animals named in two words whose last word is no animal of its own, or another one
("Jack Russell", "guinea pig"): one token each (:func:`tem.extract.nlp.animal_names`)."""
FOODS = frozenset(
    """
    pizza pasta sushi ramen burger burgers tacos taco curry salad steak noodles dumplings
    pho bagel bagels sandwich chocolate cake ice cream pancakes cereal oatmeal toast rice
    """.split()
)

PARTNER_NOUNS = frozenset(
    """
    partner boyfriend girlfriend husband wife fiance fiancé fiancee fiancée spouse
    """.split()
)
KIN_NOUNS = (
    frozenset(
        """
    brother sister mother mom mum father dad parent parents son daughter kid kids child
    children cousin aunt uncle niece nephew grandma grandpa grandmother grandfather friend
    roommate flatmate neighbor neighbour colleague coworker boss sibling stepdad stepmom
    bestie buddy pal mate housemate classmate youngest eldest oldest
    """.split()
    )
    | PARTNER_NOUNS
)
KEPT_SUBJECT_MODIFIERS = frozenset({"best", "ex", "little", "big", "older", "younger", "twin"})

GROUP_NOUNS = frozenset(
    """
    club gym team choir band group league society class community orchestra union
    association circle crew squad
    """.split()
)
SCHOOL_WORDS = frozenset(
    {"university", "college", "school", "academy", "institute", "uni", "state", "polytechnic"}
)
EMPLOYER_NOUNS = frozenset(
    """
    company firm startup agency bank hospital clinic studio lab bakery restaurant cafe
    shop store school university nonprofit charity office
    """.split()
)
SELF_HEADINGS = frozenset({"me", "bio", "intro", "intros", "introduction", "profile", "cv"})
"""Words of a heading that introduces the speaker: "About me:", "Quick bio for the
conference:", "Intros!"."""
TRAINING_POSTS = frozenset({"apprenticeship", "internship", "traineeship"})
"""Posts held while learning a trade, at an employer: "my apprenticeship at Rolls-Royce"."""
JOB_NOUNS = frozenset({"job", "position", "role", "gig", "post", "career"}) | TRAINING_POSTS
SENDING = frozenset("send post station deploy second transfer relocate assign fly".split())
"""Verbs of an employer sending the speaker somewhere: "Siemens keeps sending me to
Munich", "Médecins Sans Frontières sent me to Niger as a logistician". The speaker
must be the object and a place or post named ("to", "as"): "Amazon sent me a refund"
sends a thing."""
MOVES = frozenset({"move", "relocate", "flit"})
"""Verbs of moving home, whose "from" names the home left: "moved to Porto from Lisbon",
"flitted to Perth" (not "live", "settle")."""
YOU = frozenset({"you", "your", "u", "ur"})
"""The words of the one addressed, as chat types them."""
HOME_NOUNS = frozenset(
    """
    flat apartment house home place condo studio loft townhouse cottage bungalow cabin
    bedsit villa duplex farmhouse apt semi terrace maisonette brownstone rowhouse houseboat
    bedroom penthouse chalet croft homestead digs
    """.split()
)
TRIP_NOUNS = frozenset(
    """
    trip vacation holiday conference visit weekend getaway tour honeymoon cruise break
    retreat festival wedding funeral concert
    """.split()
)
SHORT_UNITS = frozenset(
    {"day", "days", "night", "nights", "week", "weeks", "weekend", "fortnight", "fortnights"}
)
SPANS = frozenset({"year", "month", "decade", "yr", "yrs"})
"""Units of a long span of time: the years a role filled, or spent in a home before."""
FAVORITE_CATEGORIES = {
    "drink": "favorite drink",
    "beverage": "favorite drink",
    "coffee": "favorite drink",
    "tea": "favorite drink",
    "order": "favorite drink",
    "food": "favorite food",
    "dish": "favorite food",
    "meal": "favorite food",
    "snack": "favorite food",
    "cuisine": "favorite food",
    "dessert": "favorite food",
    "book": "favorite book",
    "novel": "favorite book",
    "author": "favorite book",
    "movie": "favorite movie",
    "film": "favorite movie",
    "show": "favorite movie",
    "song": "favorite music",
    "band": "favorite music",
    "album": "favorite music",
    "music": "favorite music",
    "artist": "favorite music",
    "singer": "favorite music",
    "genre": "favorite music",
    "sport": "favorite sport",
    "team": "favorite sport",
    "color": "favorite color",
    "colour": "favorite color",
    "place": "favorite place",
    "city": "favorite place",
    "spot": "favorite place",
    "restaurant": "favorite place",
}

STATUS_CUES = {
    "married": "married wife husband hubby wifey spouse missus wed wedded knot hitched casado"
    " casada esposa esposo marido",
    "dating": "dating seeing together",
    "engaged": "engaged fiancé fiancée fiance fiancee proposed prometido prometida",
    "single": "single solo dumped unattached",
    "divorced": "divorced divorce ex",
    "widowed": "widowed widow widower late",
    "in a relationship": "relationship taken partner boo bae girlfriend boyfriend gf bf fella novio"
    " novia",
}
"""Words that say a relationship status, by the status they say ("my wife" -> married)."""
CUE_STATUS = {cue: status for status, cues in STATUS_CUES.items() for cue in cues.split()}
