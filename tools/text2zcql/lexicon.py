"""Officer wording -> records values: crime groups and heads, statuses, complaint modes, dimensions.

Values come from the shared domain vocabulary (`tools.domain.crimes`); this module only adds
the phrases officers use for them (English, common misspellings fixed upstream by
`normalise_text`, light Hinglish). Phrases are matched longest first as whole words.
"""

from __future__ import annotations

from dataclasses import dataclass

from tools.domain.crimes import all_heads, crime_groups, head_by_name


@dataclass(frozen=True)
class CrimeFilter:
    """One recognised crime: a column (`crime_group` or `crime_head`) and its values."""

    column: str
    values: tuple[str, ...]
    label: str


def _group(*names: str) -> tuple[str, tuple[str, ...]]:
    known = set(crime_groups())
    missing = [n for n in names if n not in known]
    if missing:
        raise KeyError(f"unknown crime groups {missing}")
    return "crime_group", names


def _head(*names: str) -> tuple[str, tuple[str, ...]]:
    return "crime_head", tuple(head_by_name(n).crime_head for n in names)


_VEHICLE_THEFT = _head("TWO-WHEELER THEFT", "FOUR-WHEELER THEFT")
_TWO_WHEELER = _head("TWO-WHEELER THEFT")
_FOUR_WHEELER = _head("FOUR-WHEELER THEFT")
_BURGLARY = _group("BURGLARY - DAY", "BURGLARY - NIGHT")
_ACCIDENTS = _group("MOTOR VEHICLE ACCIDENTS FATAL", "MOTOR VEHICLE ACCIDENTS NON-FATAL")

CRIME_PHRASES: dict[str, tuple[str, tuple[str, ...]]] = {
    # thefts
    "vehicle theft": _VEHICLE_THEFT,
    "vehicle lifting": _VEHICLE_THEFT,
    "motor vehicle theft": _VEHICLE_THEFT,
    "mv theft": _VEHICLE_THEFT,
    "auto theft": _VEHICLE_THEFT,
    "gaadi chori": _VEHICLE_THEFT,
    "vehicle chori": _VEHICLE_THEFT,
    "stolen vehicles": _VEHICLE_THEFT,
    "vehicles stolen": _VEHICLE_THEFT,
    "two-wheeler theft": _TWO_WHEELER,
    "two wheeler theft": _TWO_WHEELER,
    "2 wheeler theft": _TWO_WHEELER,
    "bike theft": _TWO_WHEELER,
    "bike chori": _TWO_WHEELER,
    "bikes stolen": _TWO_WHEELER,
    "stolen bikes": _TWO_WHEELER,
    "motorcycle theft": _TWO_WHEELER,
    "scooter theft": _TWO_WHEELER,
    "two-wheelers stolen": _TWO_WHEELER,
    "stolen two-wheelers": _TWO_WHEELER,
    "four-wheeler theft": _FOUR_WHEELER,
    "four wheeler theft": _FOUR_WHEELER,
    "4 wheeler theft": _FOUR_WHEELER,
    "4-wheeler theft": _FOUR_WHEELER,
    "2-wheeler theft": _TWO_WHEELER,
    "car theft": _FOUR_WHEELER,
    "cars stolen": _FOUR_WHEELER,
    "stolen cars": _FOUR_WHEELER,
    "car chori": _FOUR_WHEELER,
    "chain snatching": _head("CHAIN SNATCHING"),
    "chain snatch": _head("CHAIN SNATCHING"),
    "chain snatcher": _head("CHAIN SNATCHING"),
    "mangalsutra snatching": _head("CHAIN SNATCHING"),
    "snatching": _head("CHAIN SNATCHING"),
    "house theft": _head("HOUSE THEFT"),
    "theft from house": _head("HOUSE THEFT"),
    "theft in a dwelling": _head("HOUSE THEFT"),
    "ghar mein chori": _head("HOUSE THEFT"),
    "mobile theft": _head("MOBILE PHONE THEFT"),
    "mobile phone theft": _head("MOBILE PHONE THEFT"),
    "phone theft": _head("MOBILE PHONE THEFT"),
    "phones stolen": _head("MOBILE PHONE THEFT"),
    "stolen phones": _head("MOBILE PHONE THEFT"),
    "mobile chori": _head("MOBILE PHONE THEFT"),
    "theft": _group("THEFT"),
    "chori": _group("THEFT"),
    "stealing": _group("THEFT"),
    # house-breaking
    "burglary": _BURGLARY,
    "house breaking": _BURGLARY,
    "house-breaking": _BURGLARY,
    "housebreaking": _BURGLARY,
    "break-in": _BURGLARY,
    "house break-in": _BURGLARY,
    "house break in": _BURGLARY,
    "house burglary": _BURGLARY,
    "lurking house trespass": _BURGLARY,
    "night burglary": _group("BURGLARY - NIGHT"),
    "burglary by night": _group("BURGLARY - NIGHT"),
    "night-time burglary": _group("BURGLARY - NIGHT"),
    "house breaking by night": _group("BURGLARY - NIGHT"),
    "day burglary": _group("BURGLARY - DAY"),
    "daytime burglary": _group("BURGLARY - DAY"),
    "burglary by day": _group("BURGLARY - DAY"),
    # violence
    "robbery": _group("ROBBERY"),
    "loot": _group("ROBBERY"),
    "lootpat": _group("ROBBERY"),
    "armed robbery": _head("ROBBERY WITH DEADLY WEAPON"),
    "robbery with deadly weapon": _head("ROBBERY WITH DEADLY WEAPON"),
    "dacoity": _group("DACOITY"),
    "murder": _group("MURDER"),
    "homicide": _group("MURDER"),
    "killing": _group("MURDER"),
    "khoon": _group("MURDER"),
    "hatya": _group("MURDER"),
    "attempt to murder": _group("ATTEMPT TO MURDER"),
    "attempted murder": _group("ATTEMPT TO MURDER"),
    "murder attempt": _group("ATTEMPT TO MURDER"),
    "hurt": _group("CASES OF HURT"),
    "assault": _group("CASES OF HURT"),
    "simple hurt": _head("SIMPLE HURT"),
    "grievous hurt": _head("GRIEVOUS HURT"),
    "criminal intimidation": _group("CRIMINAL INTIMIDATION"),
    "intimidation": _group("CRIMINAL INTIMIDATION"),
    "threatening": _group("CRIMINAL INTIMIDATION"),
    "trespass": _group("CRIMINAL TRESPASS"),
    "house trespass": _group("CRIMINAL TRESPASS"),
    "riot": _group("RIOTS"),
    "rioting": _group("RIOTS"),
    "mischief": _group("MISCHIEF"),
    "extortion": _group("EXTORTION"),
    "receiving stolen property": _group("RECEIVING STOLEN PROPERTY"),
    "stolen property": _group("RECEIVING STOLEN PROPERTY"),
    # fraud and cyber
    "cheating": _group("CHEATING"),
    "fraud": _group("CHEATING"),
    "dhokha": _group("CHEATING"),
    "online fraud": _head("ONLINE FRAUD"),
    "cyber fraud": _head("ONLINE FRAUD"),
    "upi fraud": _head("ONLINE FRAUD"),
    "upi scam": _head("ONLINE FRAUD"),
    "otp fraud": _head("ONLINE FRAUD"),
    "online scam": _head("ONLINE FRAUD"),
    "cyber crime": _group("CYBER CRIME"),
    "cybercrime": _group("CYBER CRIME"),
    "cyber": _group("CYBER CRIME"),
    "identity theft": _head("IDENTITY THEFT"),
    "breach of trust": _group("CRIMINAL BREACH OF TRUST"),
    "criminal breach of trust": _group("CRIMINAL BREACH OF TRUST"),
    "forgery": _group("FORGERY"),
    # persons, women and children
    "kidnapping": _group("KIDNAPPING AND ABDUCTION"),
    "abduction": _group("KIDNAPPING AND ABDUCTION"),
    "rape": _group("RAPE"),
    "balatkar": _group("RAPE"),
    "pocso": _group("POCSO"),
    "child sexual abuse": _group("POCSO"),
    "molestation": _group("MOLESTATION"),
    "eve teasing": _group("MOLESTATION"),
    "eve-teasing": _group("MOLESTATION"),
    "outraging modesty": _group("MOLESTATION"),
    "chhedkhani": _group("MOLESTATION"),
    "sexual harassment": _head("SEXUAL HARASSMENT"),
    "cruelty by husband": _group("CRUELTY BY HUSBAND"),
    "dowry harassment": _group("CRUELTY BY HUSBAND"),
    "domestic violence": _group("CRUELTY BY HUSBAND"),
    "dowry death": _group("DOWRY DEATHS"),
    "abetment of suicide": _group("ABETMENT OF SUICIDE"),
    "missing person": _group("MISSING PERSON"),
    "missing persons": _group("MISSING PERSON"),
    "missing people": _group("MISSING PERSON"),
    "missing": _group("MISSING PERSON"),
    "gumshuda": _group("MISSING PERSON"),
    "lapata": _group("MISSING PERSON"),
    "missing child": _head("MISSING CHILD"),
    "missing children": _head("MISSING CHILD"),
    "missing woman": _head("MISSING WOMAN"),
    "missing women": _head("MISSING WOMAN"),
    "missing man": _head("MISSING MAN"),
    "missing men": _head("MISSING MAN"),
    # drugs, accidents, local acts
    "ndps": _group("NARCOTIC DRUGS AND PSYCHOTROPIC SUBSTANCES"),
    "narcotics": _group("NARCOTIC DRUGS AND PSYCHOTROPIC SUBSTANCES"),
    "drugs": _group("NARCOTIC DRUGS AND PSYCHOTROPIC SUBSTANCES"),
    "drug": _group("NARCOTIC DRUGS AND PSYCHOTROPIC SUBSTANCES"),
    "ganja": _head("GANJA POSSESSION"),
    "drug consumption": _head("DRUG CONSUMPTION"),
    "accident": _ACCIDENTS,
    "road accident": _ACCIDENTS,
    "fatal accident": _group("MOTOR VEHICLE ACCIDENTS FATAL"),
    "fatal road accident": _group("MOTOR VEHICLE ACCIDENTS FATAL"),
    "non-fatal accident": _group("MOTOR VEHICLE ACCIDENTS NON-FATAL"),
    "non fatal accident": _group("MOTOR VEHICLE ACCIDENTS NON-FATAL"),
    "hit and run": _head("HIT AND RUN"),
    "hit-and-run": _head("HIT AND RUN"),
    "gambling": _head("GAMBLING"),
    "matka": _head("GAMBLING"),
    "public nuisance": _head("PUBLIC NUISANCE"),
    "kp act": _group("KARNATAKA POLICE ACT 1963"),
    "karnataka police act": _group("KARNATAKA POLICE ACT 1963"),
    "unnatural death": _group("UNNATURAL DEATH"),
    "fatal": _group("MOTOR VEHICLE ACCIDENTS FATAL"),
    "non fatal": _group("MOTOR VEHICLE ACCIDENTS NON-FATAL"),
    "non-fatal": _group("MOTOR VEHICLE ACCIDENTS NON-FATAL"),
    "nonfatal": _group("MOTOR VEHICLE ACCIDENTS NON-FATAL"),
    "cruelty": _group("CRUELTY BY HUSBAND"),
    "udr": _group("UNNATURAL DEATH"),
}
"""Phrase (singular; plurals in -s/-es/-ies are matched too) -> (column, values)."""
for _h in all_heads():
    CRIME_PHRASES.setdefault(_h.crime_head.lower(), ("crime_head", (_h.crime_head,)))
for _g in crime_groups():
    CRIME_PHRASES.setdefault(_g.lower(), ("crime_group", (_g,)))
"""Every crime head and group as stored is also a phrase for itself ("other theft")."""

VEHICLE_STATUS_PHRASES: dict[str, str] = {
    "not recovered": "Stolen",
    "not yet recovered": "Stolen",
    "yet to be recovered": "Stolen",
    "still missing": "Stolen",
    "still stolen": "Stolen",
    "unrecovered": "Stolen",
    "untraced": "Stolen",
    "still untraced": "Stolen",
    "not traced": "Stolen",
    "not yet traced": "Stolen",
    "recovered": "Recovered",
    "traced": "Recovered",
    "seized": "Seized",
    "impounded": "Seized",
}
"""Wording about what happened to a vehicle -> `vehicles.status` (asked with a vehicle word)."""

VEHICLE_TYPE_PHRASES: dict[str, str] = {
    "car": "Car",
    "four-wheeler": "Car",
    "four wheeler": "Car",
    "4 wheeler": "Car",
    "jeep": "Car",
    "suv": "Car",
    "two-wheeler": "Two-wheeler",
    "two wheeler": "Two-wheeler",
    "2 wheeler": "Two-wheeler",
    "bike": "Two-wheeler",
    "motorbike": "Two-wheeler",
    "motorcycle": "Two-wheeler",
    "motor cycle": "Two-wheeler",
    "motor bike": "Two-wheeler",
    "scooter": "Two-wheeler",
    "scooty": "Two-wheeler",
    "activa": "Two-wheeler",
    "moped": "Two-wheeler",
    "auto": "Auto-rickshaw",
    "auto-rickshaw": "Auto-rickshaw",
    "auto rickshaw": "Auto-rickshaw",
    "rickshaw": "Auto-rickshaw",
    "lorry": "Lorry",
    "truck": "Lorry",
    "bus": "Bus",
    "goods vehicle": "Goods vehicle",
    "tempo": "Goods vehicle",
}
"""Kinds of vehicle -> `vehicles.vehicle_type` (read when the question asks about vehicles by
status, so "cars not recovered" is never answered for every vehicle)."""

_FEMALE = "female females women woman ladies lady mahila mahilayen mahilas aurat auratein hengasaru"
_FEMALE += " hengasu hengsaru hennu"
_MALE = "male males men man gents purusha purushru purusharu purush aadmi gandasaru gandasu"
GENDER_WORDS: dict[str, str] = {
    **dict.fromkeys(_FEMALE.split(), "Female"),
    **dict.fromkeys(_MALE.split(), "Male"),
}
"""Words for a person's gender (English, Hinglish, Kanglish), as stored in `persons.gender`."""

STATUS_PHRASES: dict[str, str] = {
    "pending": "Under Investigation",
    "open": "Under Investigation",
    "under investigation": "Under Investigation",
    "under-investigation": "Under Investigation",
    "ui": "Under Investigation",
    "cs": "Charge Sheeted",
    "being investigated": "Under Investigation",
    "still open": "Under Investigation",
    "charge-sheeted": "Charge Sheeted",
    "charge sheeted": "Charge Sheeted",
    "chargesheeted": "Charge Sheeted",
    "chargesheet filed": "Charge Sheeted",
    "charge sheet filed": "Charge Sheeted",
    "charge-sheet filed": "Charge Sheeted",
    "charge sheet": "Charge Sheeted",
    "charge-sheet": "Charge Sheeted",
    "chargesheet": "Charge Sheeted",
    "closed": "Closed",
    "disposed": "Closed",
    "undetected": "Undetected",
    "untraced": "Undetected",
    "un traced": "Undetected",
    "unsolved": "Undetected",
    "transferred": "Transferred",
}
STATUS_PHRASES.update(
    {
        f"{closing} {word}": status
        for word, status in list(STATUS_PHRASES.items())
        if status == "Undetected"
        for closing in ("closed as", "closed", "disposed as", "disposed of as", "closed being")
    }
)
"""A case "closed as undetected" is the one status Undetected, not Closed or Undetected."""

MODE_PHRASES: dict[str, str] = {
    "e-fir": "e-FIR",
    "efir": "e-FIR",
    "e fir": "e-FIR",
    "online fir": "e-FIR",
    "online complaint": "e-FIR",
    "filed online": "e-FIR",
    "zero fir": "Zero FIR",
    "zero-fir": "Zero FIR",
    "walk-in": "Walk-in",
    "walk in": "Walk-in",
    "walked in": "Walk-in",
    "phone complaint": "Phone",
    "over the phone": "Phone",
    "by phone": "Phone",
    "phone call": "Phone",
    "distress call": "Phone",
    "suo motu": "Suo Motu",
    "suo moto": "Suo Motu",
    "sue moto": "Suo Motu",
    "suo-motu": "Suo Motu",
}

DIMENSIONS: dict[str, str] = {
    "crime group": "crime_group",
    "crime groups": "crime_group",
    "crime type": "crime_group",
    "crime types": "crime_group",
    "type of crime": "crime_group",
    "category": "crime_group",
    "categories": "crime_group",
    "crime head": "crime_head",
    "crime heads": "crime_head",
    "head": "crime_head",
    "heads": "crime_head",
    "sub-head": "crime_head",
    "offence": "crime_head",
    "offences": "crime_head",
    "status": "status",
    "stage": "status",
    "station": "precinct_id",
    "stations": "precinct_id",
    "police station": "precinct_id",
    "police stations": "precinct_id",
    "ps": "precinct_id",
    "precinct": "precinct_id",
    "precincts": "precinct_id",
    "thana": "precinct_id",
    "district": "district",
    "districts": "district",
    "beat": "beat",
    "beats": "beat",
    "area": "beat",
    "areas": "beat",
    "locality": "beat",
    "localities": "beat",
    "io": "io_name",
    "ios": "io_name",
    "investigating officer": "io_name",
    "investigating officers": "io_name",
    "officer": "io_name",
    "officers": "io_name",
    "complaint mode": "complaint_mode",
    "mode of complaint": "complaint_mode",
    "mode": "complaint_mode",
    "modes": "complaint_mode",
    "sections": "act_sections",
    "act sections": "act_sections",
    "place of occurrence": "place_of_occurrence",
    "places of occurrence": "place_of_occurrence",
    "place": "place_of_occurrence",
    "location": "place_of_occurrence",
    "spot": "place_of_occurrence",
    "colour": "colour",
    "color": "colour",
    "make": "make",
    "brand": "make",
}
"""Words naming a GROUP BY column of `firs`."""

ROLE_WORDS: dict[str, str] = {
    "accused": "accused",
    "suspect": "accused",
    "aaropi": "accused",
    "mulzim": "accused",
    "complainant": "complainant",
    "informant": "complainant",
    "victim": "victim",
    "witness": "witness",
}

DIMENSION_LABELS: dict[str, str] = {
    "crime_group": "crime group",
    "crime_head": "crime head",
    "status": "status",
    "precinct_id": "police station",
    "district": "district",
    "beat": "beat",
    "io_name": "investigating officer",
    "complaint_mode": "complaint mode",
    "act_sections": "sections",
    "place_of_occurrence": "place of occurrence",
    "colour": "colour",
    "make": "make",
}


CRIME_DOERS: dict[str, tuple[str, ...]] = {
    "CRUELTY BY HUSBAND": (
        "husband",
        "husbands",
        "in-laws",
        "inlaws",
        "in laws",
        "relatives",
        "pati",
        "sasural",
        "sasural wale",
        "sasural walon",
        "sasural waale",
        "ganda",
        "atte",
        "maava",
    ),
}
"""Words naming who commits a crime (a stored crime value): said beside that crime they
restate it ("pati aur sasural wale ki cruelty"), so they are read with it, not as filters."""


def crime_heads(phrase: str) -> frozenset[str]:
    """The crime heads a known crime phrase covers (a group covers all of its heads)."""
    column, values = CRIME_PHRASES[phrase]
    return frozenset(h.crime_head for h in all_heads() if getattr(h, column) in values)


def crime_filter(phrase: str) -> CrimeFilter:
    """The filter a known crime phrase stands for."""
    column, values = CRIME_PHRASES[phrase]
    label = " / ".join(v.lower() for v in values)
    return CrimeFilter(column, values, label)


LOCAL_PHRASES: dict[str, str] = {
    "darj": "registered",
    "dakhala": "registered",
    "dakhalagide": "registered",
    "sabse zyada": "most",
    "sabse jyada": "most",
    "sabse kam": "fewest",
    "mili nahi": "not recovered",
    "nahi mili": "not recovered",
    "nahi mila": "not recovered",
    "mila nahi": "not recovered",
    "sikkilla": "not recovered",
    "sigalilla": "not recovered",
    "abhi bhi": "still",
    "kitne log": "how many people",
    "kitne logon": "how many people",
    "kitne logo": "how many people",
    "kaun log": "which people",
    "jo log": "people who",
    "sab log": "all people",
    "ab bhi": "still",
    "kaun kaun": "who",
    "jhapat mari": "chain snatching",
    "sarapali kalavu": "chain snatching",
    "vahana kalavu": "vehicle theft",
    "gaadi kalavu": "vehicle theft",
    "mobile kalavu": "mobile theft",
    "mane kalavu": "house theft",
    "ghar chori": "house theft",
    "aaropi": "accused",
    "aropi": "accused",
    "mulzim": "accused",
    "giraftar": "arrested",
    "giraftaar": "arrested",
    "giraftari": "arrests",
    "bandhana": "arrested",
    "gawah": "witness",
    "gavah": "witness",
    "saakshi": "witness",
    "sakshi": "witness",
    "peedit": "victim",
    "peedith": "victim",
    "shikayatkarta": "complainant",
    "jhapatmari": "chain snatching",
    "kalavu": "theft",
    "kalvu": "theft",
    "vahana": "vehicle",
    "gaadiyan": "vehicles",
    "jille": "district",
    "jilla": "district",
    "jilleyalli": "district",
    "jilleya": "district",
    "thane": "station",
    "thaane": "station",
    "thana": "station",
    "kis": "which",
    "yaava": "which",
    "dikhao": "show",
    "dikhaiye": "show",
    "thorisi": "show",
    "batao": "tell",
    "bataiye": "tell",
    "nobody": "no one",
    "without any arrests": "with no arrests",
    "without any arrest": "with no arrest",
    "without arrests": "with no arrests",
    "without arrest": "with no arrest",
    "investigation officer": "investigating officer",
    "investigation officers": "investigating officers",
    "pending iruva": "pending",
    "investigation nalli iruva": "under investigation",
    "investigation alli iruva": "under investigation",
    "tanikhe nalli iruva": "under investigation",
    "tanikheyalli iruva": "under investigation",
    "in me se": "of these",
    "isme se": "of these",
    "ismein se": "of these",
    "is mein se": "of these",
    "isme": "of these",
    "in mein se": "of these",
    "inme se": "of these",
    "inmein se": "of these",
    "inmese": "of these",
    "inmein": "of these",
    "ivugalalli": "of these",
    "ivalli": "of these",
    "idaralli": "of these",
    "arrest aagiddare": "arrested",
    "arrest agiddare": "arrested",
    "arrest aagidare": "arrested",
    "arrest aagide": "arrested",
    "arrest aagive": "arrested",
    "arrest hue": "arrested",
    "arrest hua": "arrested",
    "arrest huye": "arrested",
    "arrest kiye": "arrested",
    "arrest kiya": "arrested",
    "is fir ke": "this fir",
    "is fir ka": "this fir",
    "is fir ki": "this fir",
    "is fir mein": "this fir",
    "is case ke": "this case",
    "is case ka": "this case",
    "is case mein": "this case",
    "ee fir": "this fir",
    "ee case": "this case",
    "ee prakarana": "this case",
    "chain jhapatmari": "chain snatching",
    "chain jhapat": "chain snatching",
    "dhokhadhadi": "cheating",
    "dhokadhadi": "cheating",
    "dhokhebaazi": "cheating",
    "ghar me chori": "house theft",
    "gharon me chori": "house theft",
    "gharon mein chori": "house theft",
    "kolegalu": "murders",
    "kole": "murder",
    "moosa": "cheating",
    "mosa": "cheating",
    "vanchane": "cheating",
    "unki list": "list",
    "unka list": "list",
    "khule": "open",
    "khula": "open",
    "khuli": "open",
    "innu": "still",
    "yaaru": "who",
    "yaavu": "which",
    "kis kis": "which",
    "kaunsa": "which",
    "kaunsi": "which",
    "kaun sa": "which",
    "kaun si": "which",
    "kaun se": "which",
    "konsa": "which",
    "konsi": "which",
    "chori hui gaadiyan": "stolen vehicles",
    "chori hui gaadiyon": "stolen vehicles",
    "chori hui gaadi": "stolen vehicle",
    "chori huyi gaadiyan": "stolen vehicles",
    "mili hui": "recovered",
    "mili huyi": "recovered",
    "mil gayi": "recovered",
    "mil gaye": "recovered",
    "kaledu hoda vahana": "stolen vehicles",
    "kaledu hoda vahanagalu": "stolen vehicles",
    "kaledu hoda gaadi": "stolen vehicles",
    "kalavaada vahana": "stolen vehicles",
    "kaledu hoda": "stolen",
    "kaledu hogiruva": "stolen",
    "kalavu aada": "stolen",
    "kalavaada": "stolen",
    "churayi gayi": "stolen",
    "churai gayi": "stolen",
    "matte sikkiddu": "recovered",
    "matte sikkide": "recovered",
    "sikkiddu": "recovered",
    "sikkide": "recovered",
    "sikkive": "recovered",
    "pakde gaye": "arrested",
    "pakda gaya": "arrested",
    "pakde": "arrested",
    "arrest aagidana": "arrested",
    "arrest aagidala": "arrested",
    "arrest aagiddana": "arrested",
    "arrest aagiddala": "arrested",
    "how many times": "how many",
    "the same thing": "same",
    "same thing": "same",
    "transferred out of": "transferred in",
    "everyone": "persons",
    "everybody": "persons",
    "with their roles": "with role",
    "with their role": "with role",
    "agle": "next",
    "agla": "next",
    "agli": "next",
    "mundina": "next",
    "sab saal ke": "all years",
    "sab saal": "all years",
    "saare saal": "all years",
    "har saal ke": "all years",
    "ella varsha": "all years",
    "ella varshagalu": "all years",
    "ella varshada": "all years",
    "gayab": "missing",
    "gaayab": "missing",
    "laapata": "missing",
    "lapata": "missing",
    "kaanelilla": "missing",
    "kanelilla": "missing",
    "sankhye": "count",
    "tingalu vaaru": "month-wise",
    "tingala vaaru": "month-wise",
    "varsha vaaru": "year-wise",
    "absconding": "not arrested",
    "faraar": "not arrested",
    "farar": "not arrested",
    "talemaresikondiruva": "not arrested",
    "dakhalu": "registered",
    "converted to fir": "registered",
    "converted into fir": "registered",
    "poora saal": "full year",
    "pura saal": "full year",
    "poore saal": "full year",
    "ke naam pe": "under",
    "ke naam par": "under",
    "naam": "names",
    "lagaye": "applied",
    "lagayi": "applied",
    "lagaya": "applied",
    "lagi": "applied",
    "lage": "applied",
    "maar peet": "hurt",
    "maarpeet": "hurt",
    "mar peet": "hurt",
    "marpeet": "hurt",
    "break up": "breakdown",
    "broken down by": "by",
    "broken up by": "by",
    "broken down": "breakdown",
    "broken up": "breakdown",
    "picked up": "arrested",
    "pick up": "arrest",
    "uthaya": "arrested",
    "utha liya": "arrested",
    "likhi gayi": "registered",
    "likhi gai": "registered",
    "likhe gaye": "registered",
    "likha gaya": "registered",
    "likhi": "registered",
    "likhe": "registered",
    "ella seri": "together",
    "seri": "together",
    "ellavu": "all",
    "ellavoo": "all",
    "break-up": "breakdown",
    "breakup": "breakdown",
    "honge": "will be",
    "hogi": "will be",
    "hoga": "will be",
}
"""Hinglish and Kanglish words read as the English the parser's grammar and vocabulary use
("kis thane mein sabse zyada" -> "which station mein most"); longest phrase first."""
_INVESTIGATION_NOUNS = ("investigation", "investigations", "tanikhe", "tanikhey", "tafteesh")
_LOCATIVES = ("nalli", "alli", "yalli", "mein", "me", "mai", "main", "pe", "par")
_BEING = (
    "",
    " iruva",
    " iro",
    " irodu",
    " iruvantha",
    " ide",
    " ive",
    " hai",
    " hain",
    " chal raha",
    " chal rahe",
    " chal rahi",
)
LOCAL_PHRASES.update(
    {
        f"{noun} {at}{being}": "under investigation"
        for noun in _INVESTIGATION_NOUNS
        for at in _LOCATIVES
        for being in _BEING
    }
    | {f"in {noun}": "under investigation" for noun in _INVESTIGATION_NOUNS}
    | {f"pending{being}": "pending" for being in _BEING if being}
)
LOCAL_PHRASES.update(
    {
        f"{arrest}{still} {left}": "no arrest yet"
        for arrest in ("arrest", "giraftari")
        for still in ("", " abhi", " abhi bhi", " innu", " still")
        for left in ("baaki", "baki", "bakki")
    }
)
"""An arrest still to be made ("arrest baaki", "arrest innu baaki"): no accused arrested."""
"""Still-under-investigation wording in Hinglish and Kanglish ("investigation nalli iro",
"abhi bhi investigation mein", "tanikheyalli ide", "pending ide"): the status, never framing
words around a dropped "investigation"."""
