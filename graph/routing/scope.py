"""Out of scope, recognised by vocabulary class: weather, sport, general chat, creative writing,
personal advice and general trivia (English, Hinglish and romanised Kannada cues).

A request for creative writing is out of scope whatever it is about ("write a poem about a
theft case"): the assistant does not write poems. A weather, sport, chat, advice or trivia
topic is out of scope unless the message also carries police work (a crime, a case, an
arrest, a bandobast, a procedure): "thefts at the RCB match" is a records question, "will it
rain in Bengaluru" is not. So a records-looking word ("how many", a place name) inside an
out-of-scope request never sends it to records, and police work never gets declined for
mentioning the weather.

The officer's own wellbeing and pay (sleep, stress, fitness, salary, pension, tax) are
personal whatever job words they carry: a transfer, a posting, a rank or a duty is the
officer's life, not case work ("not sleeping since my transfer", "salary after promotion to
DSP"). Only case work (an accused, a victim, an FIR, an offence, a procedure) keeps such a
message in scope ("the victim cannot sleep since the assault, how do we record her statement").
"""

from __future__ import annotations

import re

from graph.routing.classifier import RouteScores

CREATIVE = re.compile(
    r"\b(?:write|compose|draft|make|create|give me|tell me|suggest|generate|likh\w*|bana\w*"
    r"|suna\w*|barey\w*)\b(?:\W+\w+){0,6}?\W+(?:poems?|poetry|story|stories|lyrics|songs?"
    r"|captions?|speech|jokes?|limerick|haiku|essay|shayari|kavit(?:a|e)|rap|toast|riddle"
    r"|quote|wish(?:es)?|greetings?|ghazal|kahani|kahaani|slogans?|tagline)\b"
    r"|\b(?:poem|poetry|kavita|kavite|shayari|joke|lyrics|caption|limerick|haiku)\b"
    r"|\b(?:kahani|kahaani|kathe|story|slogan)\s+(?:\w+\s+){0,2}?(?:likh\w*|suna\w*|bana\w*"
    r"|bare\w*|heli)\b",
    re.IGNORECASE,
)
TOPICS = {
    "weather": re.compile(
        r"\b(?:weather|forecasts?|rain\w*|temperatures?|humid\w*|cyclones?|monsoons?"
        r"|heat ?waves?|cold waves?|snow\w*|thunderstorms?|storms?|drizzle|sunny|cloudy"
        r"|degrees? celsius|aqi|air quality|hawamana|garam|thand\w*|barish|baarish|mausam"
        r"|male\s+bar\w*|bisilu|chali)\b",
        re.IGNORECASE,
    ),
    "sport": re.compile(
        r"\b(?:ipl|rcb|csk|cricket|football|kabaddi|hockey|tennis|badminton|chess|olympics?"
        r"|olympic medals?|medals? tally|ranji|world cup|isl|fifa|t20|odi|test match|innings"
        r"|wickets?|goalkeeper|striker|points table|tournament|trophy final|kohli|dhoni"
        r"|next match|match kab|match score|the score)\b"
        r"|\b(?:india|australia|england|pakistan)\s+(?:vs\.?|versus|v)\s+\w+",
        re.IGNORECASE,
    ),
    "chat": re.compile(
        r"\b(?:tell me a joke|favou?rite (?:movie|film|song|food|colou?r|actor|book|team)"
        r"|are you (?:married|single|happy|bored)|i'?m (?:bored|tired|lonely)|talk to me"
        r"|(?:do|did|are|can|will) you (?:ever |really |even |also )?(?:get |feel |have )?"
        r"(?:bored|tired|lonely|sad|angry|feelings|emotions|sleep|dream|hungry)"
        r"|chat with me|(?:kuch )?baat karo|baatein karo|thak gaya|bore ho raha|gappe hod\w*"
        r"|maatadu|maatanadu|bejaaru|hege iddiya|hegiddiya|hegiddira|kaise ho|kya haal"
        r"|recommend\b.*\b(?:books?|novels?|series|shows?|songs?)"
        r"|how old are you|do you (?:love|like|dream)|idli|dosa|biryani|movies?|films?"
        r"|are you (?:a |an )?(?:robot|bot|human|real (?:person|human)|machine|computer|person)"
        r"|cinema|actor|actress|celebrity|horoscope|astrology|zodiac)\b",
        re.IGNORECASE,
    ),
    "personal_advice": re.compile(
        r"\b(?:lose (?:weight|\d+ ?kgs?)|diet|invest\w*|mutual funds?|stock market|sip"
        r"|best (?:time|season|places?) to (?:visit|go|travel)|places to visit|sightseeing|tourist"
        r"|home loan|personal loan|car loan|loan\b.*\bbank|which bank|bank\b.*\b(?:best|achha)"
        r"|engineering college|medical college|admission|my (?:wife|husband|marriage|girlfriend"
        r"|boyfriend)|keep fighting|relationship advice|pills|sleeping|can'?t sleep|insomnia"
        r"|headache|recipe|vacation|holiday trip|visa|gold (?:rate|price)|price of gold"
        r"|petrol price|share price"
        r"|my (?:son|daughter|kids?|child|children|parents?|mother|father|mom|dad|in-laws?)"
        r"|motivat\w*|studying|studies|(?:board|puc|sslc|school|college|entrance) exams?"
        r"|puc|sslc|homework|tuition|parenting"
        r"|shaadi|wedding|muhur(?:a|u)?th?a?\w*|kundli|rishta|auspicious)\b",
        re.IGNORECASE,
    ),
    "trivia": re.compile(
        r"\b(?:capital of|who invented|who discovered|tallest (?:building|mountain)"
        r"|(?:current |present )?(?:prime minister|president) of (?:india|the us|america)"
        r"|human body|bones|teeth|boiling point|freezing point|melting point"
        r"|^\s*how many \w+(?: \w+)? (?:does|do|did) (?:an? |the )?\w+ have\s*\??\s*$"
        r"|how many (?:states|countries|union territories|continents) (?:are there|in|does)"
        r"|longest river|distance to the moon|meaning of life|who is the richest"
        r"|how (?:tall|high|deep|old|big|far away) (?:is|are|was)"
        r"|eshtu (?:ethara|etharadalli|ettara|aala|doora|dodda|uddha)\w*"
        r"|kitn[aie] (?:uncha|lamba|gehra|door) (?:hai|he)"
        r"|planets?|jupiter|saturn|venus|neptune|uranus|pluto|moons|solar system|galax(?:y|ies)"
        r"|black holes?|asteroids?|comets?|dinosaurs?|speed of light|periodic table|light years?"
        r"|continents?|oceans?|volcano(?:es)?|which architect|who (?:designed|built|founded|painted"
        r"|composed))\b",
        re.IGNORECASE,
    ),
}
#: Requests whose subject is the officer's own errand, not police work: buying something, a
#: trip, food, a forecast asked for, a film or a chat (who the assistant is stays small talk).
#: A duty word beside them ("a smartwatch for duty use", "rain during tonight's nakabandi") is
#: the officer's reason, not the question; only case work (a crime, an accused, an FIR) keeps
#: such a message in scope.
ERRANDS = {
    "shopping": re.compile(
        r"\b(?:best|good|cheap(?:est)?|budget|affordable|decent)\s+(?:[\w-]+\s+){0,3}?"
        r"(?:under|below|within|upto|up to)\s+(?:rs\.?\s*|₹\s*)?\d"
        r"|\bwhich (?:brand|model|company)\b|\bbrands? (?:of|for)\b|\bgood brand\b"
        r"|\bwhere (?:can i|to|do i|should i) (?:buy|order|get)\b|\bbuy(?:ing)? (?:a|an|new)\b"
        r"|\b(?:amazon|flipkart|myntra|meesho|ajio)\b|\bcoupon\b|\bdiscount code\b"
        r"|\blink (?:kodi|do|bhejo|send)\b|\btogol\w*|\bkharid\w*|\bonline (?:shopping|order)\b"
        r"|\b(?:under|below|within|upto|up to)\s+(?:rs\.?\s*|₹\s*)?[\d,]+\s*(?:k|rupees|rs)\b"
        r"|\b(?:under|below|within|upto|up to)\s+(?:rs\.?|₹)\s*[\d,]+"
        r"|\bwhich\s+(?:[\w-]+\s+){0,2}?(?:smart ?watch|watch|shoes?|boots?|raincoat|jacket|torch"
        r"|headphones?|earphones?|power ?bank|laptop|mattress|bag|sunglasses|phone)"
        r"\s+(?:is|are|should i)\b",
        re.IGNORECASE,
    ),
    "travel": re.compile(
        r"\b(?:train|flight|bus|volvo) (?:tickets?|timings?|booking|fares?)\b"
        r"|\bbook (?:a |my |the )?(?:tickets?|flights?|train|hotel|room|cab|homestay)\b"
        r"|\b(?:hotels?|resorts?|homestays?|lodges?) (?:in|near|at|for)\b|\bitinerary\b"
        r"|\bhoneymoon\b|\b(?:weekend|family|road) (?:trip|getaway)\b|\bpnr\b|\btatkal\b"
        r"|\btrip to\b|\btrekking\b"
        r"|\b(?:cheap(?:est)?|budget|direct|non-?stop) (?:flights?|air ?tickets?|trains?|buses)\b"
        r"|\bflights? (?:from|to|between)\b",
        re.IGNORECASE,
    ),
    "food": re.compile(
        r"\bhow (?:to|do i|can i|should i) (?:cook|bake)\b|\brecipes?\b|\bingredients\b"
        r"|\brestaurants?\b|\bplaces? to eat\b|\bcafes?\b|\bswiggy\b|\bzomato\b"
        r"|\b(?:make|prepare|cook|bana\w*|maadod\w*)\s+(?:[\w-]+\s+){0,2}?(?:biryani|dosa|idli"
        r"|chutney|sambar|rasam|curry|pulao|upma|payasam|halwa|cake|bisi bele bath|chapati"
        r"|roti|paratha|dal|kheer)\b",
        re.IGNORECASE,
    ),
    "forecast": re.compile(
        r"\bwill it (?:rain|pour|drizzle|snow|be (?:hot|cold|sunny|cloudy|foggy|windy))\b"
        r"|\b(?:rain|pour|fog|foggy|mist|drizzle|showers?)\b(?:\s+[\w'-]+){0,4}?\s+"
        r"(?:tonight|tomorrow|today|this (?:evening|weekend|morning))\b"
        r"|\b(?:tonight|tomorrow|today)\b(?:\s+[\w'-]+){0,3}?\s+(?:rain|fog|foggy|drizzle)\b"
        r"|\bweather (?:forecast|report|update)\b"
        r"|\bweather\b(?:\s+[\w'-]+){0,4}?\s+"
        r"(?:tonight|tomorrow|today|this (?:evening|weekend|week))\b"
        r"|\b(?:tonight|tomorrow|today)(?:'s)?\s+weather\b",
        re.IGNORECASE,
    ),
    "chat": re.compile(
        r"\btell me something (?:funny|interesting|nice)\b|\bsomething funny\b"
        r"|\bplot of (?:the )?(?:movie|film|series|show|novel)\b"
        r"|\b(?:movie|film|web series|serial)s? (?:to watch|review|recommendation)\b",
        re.IGNORECASE,
    ),
}
#: The officer's own life: health, sleep, stress, fitness, and (said of themself) pay,
#: pension and tax.
PERSONAL = {
    "wellbeing": re.compile(
        r"\b(?:stress\w*|tension|anxi(?:ety|ous)|depress\w*|lonel(?:y|iness)|burn(?:ed|t)? ?out"
        r"|mental health|(?:not|never|hardly|can'?t|cannot|unable to) (?:\w+ ){0,2}sleep\w*"
        r"|sleep(?:less| problems?| issues?)"
        r"|neend|nidde|insomnia|stay fit|fitness|(?:any|daily|some|which) exercises?|exercises for"
        r"|belly fat|weight loss|lose (?:weight|fat|belly|\d+ ?kgs?)"
        r"|workouts?|yoga|back ?pain|(?:my )?back hurts"
        r"|my (?:back|knees?|health|bp|blood pressure) \w+|cope|coping|anger|angry|temper"
        r"|feel(?:ing)? (?:very |so |too )?(?:low|sad|down|tired|exhausted|lonely|stressed))\b",
        re.IGNORECASE,
    ),
    "pay": re.compile(
        r"\b(?:salar(?:y|ies)|pay (?:scale|revision|commission|hike|slip|band|fixation)"
        r"|\bda (?:hike|rate|arrears|increase)|how much da|dearness allowance|pensions?"
        r"|gratuity|income ?tax|save tax|tax (?:saving|return|regime)|increments?|arrears"
        r"|provident fund|gpf)\b",
        re.IGNORECASE,
    ),
}
#: The officer speaking of themself: pay is personal only then ("how much tax will I pay");
#: a service's pay scale asked in general is a knowledge question the base may not cover.
FIRST_PERSON = re.compile(r"\b(?:i|i'?m|my|me|mine|mujhe|mera|meri|nanna|nange|naanu)\b", re.I)
#: Job words that name the officer's own working life, not case work: a transfer, a posting,
#: a rank, a station, a duty. A personal message that carries only these stays personal.
JOB_CONTEXT = re.compile(
    r"(?:transfer\w*|postings?|constables?|head constables?|psi|asi|sho|dsp|dysp|inspectors?"
    r"|sub-inspectors?|pi|ci|dcp|acp|stations?|police station|ps|bandobast|patrol\w*|deploy\w*"
    r"|security|traffic|promot\w*|court|procession)",
    re.IGNORECASE,
)
POLICE_WORK = re.compile(
    r"\b(?:firs?|cases?|accused|arrest\w*|suspects?|complain\w*|victims?|theft|thefts|stolen"
    r"|robber(?:y|ies)|burglar\w*|murders?|assault\w*|crimes?|criminal|offen[cs]es?|bns|bnss"
    r"|ipc|crpc|pocso|ndps|section|police station|ps|bandobast|security|crowd control"
    r"|deploy\w*|patrol\w*|traffic|accidents?|investigat\w*|io|charge ?sheet\w*|bail|warrants?"
    r"|seiz\w*|missing|fraud\w*|cheat\w*|snatch\w*|riots?|law and order|procession|vip"
    r"|sop|procedure|evidence|witness\w*|fingerprints?|cctv|vehicles?|plates?|precincts?"
    r"|stations?|rowdy|gang|smuggl\w*|drugs?|narcotics?|betting|gambling|fixing|scam\w*"
    r"|harass\w*|stalk\w*|custody|remand|magistrate|court|constables?|head constables?|psi|asi"
    r"|sho|dsp|dysp|inspectors?|sub-inspectors?|pi|ci|dcp|acp|helmets?|challans?"
    r"|transfers?|postings?|(?:police |passport )?verification|rape|sexual|survivors?|dowry"
    r"|inquest|post-?mortem|autopsy|medical exam\w*|udr|zero fir|e-?fir"
    r"|balatkar|peedit\w*|bayan|aaropi|giraftar\w*|apaharan|hatya)\b",
    re.IGNORECASE,
)


def names_case_work(text: str) -> bool:
    """Police work beyond the officer's own job words (a transfer, a rank, a duty)."""
    return any(not JOB_CONTEXT.fullmatch(m.group(0)) for m in POLICE_WORK.finditer(text))


def out_of_scope_class(text: str) -> str | None:
    """The out-of-scope class of a message ("creative", "weather", "wellbeing", ...), or None."""
    if CREATIVE.search(text):
        return "creative"
    if not names_case_work(text):
        personal = next((name for name, cue in PERSONAL.items() if cue.search(text)), None)
        if personal == "wellbeing" or (personal == "pay" and FIRST_PERSON.search(text)):
            return personal
        errand = next((name for name, cue in ERRANDS.items() if cue.search(text)), None)
        if errand is not None:
            return errand
    if POLICE_WORK.search(text):
        return None
    return next((name for name, cue in TOPICS.items() if cue.search(text)), None)


def police_work_named(text: str) -> bool:
    """The message names police work (a crime, a case, an arrest, a bandobast, a procedure)."""
    return POLICE_WORK.search(text) is not None


def keep_police_work(text: str, scores: RouteScores) -> RouteScores:
    """Scores with `out_of_scope` taken out (the rest renormalised) when the classifier's top
    route is `out_of_scope` but the message names police work: such a message is never
    declined ("traffic bandobast for the RCB match")."""
    if scores.route != "out_of_scope" or CREATIVE.search(text) or not police_work_named(text):
        return scores
    rest = {k: v for k, v in scores.probabilities.items() if k != "out_of_scope"}
    total = sum(rest.values())
    if total <= 0:
        return scores
    probabilities = {k: v / total for k, v in rest.items()} | {"out_of_scope": 0.0}
    route = max(rest, key=lambda k: rest[k])
    return RouteScores(route, probabilities[route], probabilities, scores.version)
