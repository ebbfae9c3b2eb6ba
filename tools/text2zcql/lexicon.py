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
    "closed": "Closed",
    "disposed": "Closed",
    "undetected": "Undetected",
    "untraced": "Undetected",
    "un traced": "Undetected",
    "unsolved": "Undetected",
    "transferred": "Transferred",
}

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
}


def crime_filter(phrase: str) -> CrimeFilter:
    """The filter a known crime phrase stands for."""
    column, values = CRIME_PHRASES[phrase]
    label = " / ".join(v.lower() for v in values)
    return CrimeFilter(column, values, label)


LOCAL_PHRASES: dict[str, str] = {
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
    "pending iruva": "pending",
    "in me se": "of these",
    "in mein se": "of these",
    "inme se": "of these",
    "inmein se": "of these",
    "inmese": "of these",
    "inmein": "of these",
    "ivugalalli": "of these",
    "ivalli": "of these",
    "idaralli": "of these",
    "agle": "next",
    "agla": "next",
    "agli": "next",
    "mundina": "next",
    "honge": "will be",
    "hogi": "will be",
    "hoga": "will be",
}
"""Hinglish and Kanglish words read as the English the parser's grammar and vocabulary use
("kis thane mein sabse zyada" -> "which station mein most"); longest phrase first."""
