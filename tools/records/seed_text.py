"""Brief-facts templates for generated FIRs. They never contain a person's name.

Placeholders: {date}, {time}, {place}, {value} (e.g. "Rs 45,000"), {vehicle} (make and
plate, or "a two-wheeler" when the FIR has no vehicle row) and {item}.
"""

from __future__ import annotations

GENERIC = (
    "The complainant reported an incident at {place} on {date} at about {time}. "
    "The matter is under enquiry.",
)

TEMPLATES: dict[str, tuple[str, ...]] = {
    "TWO-WHEELER THEFT": (
        "The complainant's {vehicle}, parked at {place} on {date} at about {time}, was stolen "
        "by unknown persons.",
        "The complainant parked the {vehicle} near {place} and found it missing on return at "
        "about {time} on {date}. Nearby CCTV footage is being examined.",
    ),
    "FOUR-WHEELER THEFT": (
        "The complainant's {vehicle}, parked overnight at {place}, was found missing on {date} "
        "at about {time}.",
    ),
    "CHAIN SNATCHING": (
        "Two persons on a two-wheeler snatched a gold chain worth {value} from the complainant "
        "near {place} on {date} at about {time}.",
        "While the complainant was walking near {place} at about {time} on {date}, an unknown "
        "person snatched her mangalsutra worth {value} and fled.",
    ),
    "HOUSE THEFT": (
        "Gold ornaments and cash worth {value} were stolen from the complainant's house at "
        "{place} between {time} and evening on {date}.",
    ),
    "MOBILE PHONE THEFT": (
        "The complainant's mobile phone worth {value} was stolen in a crowd near {place} on "
        "{date} at about {time}.",
    ),
    "OTHER THEFT": (
        "{item} worth {value} was stolen from the complainant's premises at {place} on {date}.",
    ),
    "HOUSE BREAKING BY DAY": (
        "Unknown persons broke the door lock of the complainant's locked house at {place} on "
        "{date} during the day and stole valuables worth {value}.",
    ),
    "HOUSE BREAKING BY NIGHT": (
        "Unknown persons broke open the rear door of the complainant's house at {place} on the "
        "night of {date} and stole gold and silver articles worth {value}.",
        "The lock of the complainant's house at {place} was found broken on {date} at about "
        "{time}; valuables worth {value} were missing.",
    ),
    "ROBBERY": (
        "The complainant was threatened and robbed of cash and a phone worth {value} near "
        "{place} on {date} at about {time}.",
    ),
    "ROBBERY WITH DEADLY WEAPON": (
        "Persons armed with a knife robbed the complainant of {value} near {place} on {date} at "
        "about {time}.",
    ),
    "DACOITY": (
        "A gang of five or more persons entered premises at {place} on {date} at about {time} "
        "and looted property worth {value}.",
    ),
    "MURDER": (
        "A body with injuries was found at {place} on {date} at about {time}. Inquest held; "
        "postmortem awaited.",
        "Following a quarrel at {place} on {date}, the deceased was assaulted with a weapon and "
        "died on the way to hospital.",
    ),
    "ATTEMPT TO MURDER": (
        "The injured was assaulted with a sharp weapon at {place} on {date} at about {time} "
        "following a previous enmity.",
    ),
    "SIMPLE HURT": (
        "During a quarrel at {place} on {date} at about {time}, the complainant was assaulted "
        "and abused.",
    ),
    "GRIEVOUS HURT": (
        "The complainant was assaulted with an iron rod at {place} on {date} and suffered a "
        "fracture.",
    ),
    "CHEATING": (
        "The complainant paid {value} for a site at {place} on the promise of registration, "
        "which was never done.",
        "The accused collected {value} from the complainant promising a job and stopped "
        "responding.",
    ),
    "ONLINE FRAUD": (
        "The complainant lost {value} through UPI transfers after a caller posing as a bank "
        "official obtained an OTP on {date}. An NCRP complaint has been filed.",
        "The complainant invested {value} in an online trading app promoted on social media; "
        "withdrawals were blocked.",
    ),
    "CRIMINAL BREACH OF TRUST": (
        "Goods worth {value} entrusted to the accused for delivery were misappropriated.",
    ),
    "FORGERY FOR CHEATING": ("Forged property documents were used to obtain a loan of {value}.",),
    "IDENTITY THEFT": (
        "The complainant's identity documents were misused online to open accounts; loss {value}.",
    ),
    "KIDNAPPING": (
        "The victim went missing from near {place} on {date} at about {time}; kidnapping is "
        "presumed.",
    ),
    "RAPE": (
        "The victim's statement was recorded by a woman officer; medical examination done "
        "within 24 hours. Details are restricted.",
    ),
    "PENETRATIVE SEXUAL ASSAULT ON CHILD": (
        "Information received about a child victim; CWC and the Special Court informed within "
        "24 hours. Details are restricted.",
    ),
    "SEXUAL ASSAULT ON CHILD": (
        "Information received about a child victim; statement recorded at home by a woman "
        "officer. Details are restricted.",
    ),
    "ASSAULT TO OUTRAGE MODESTY": (
        "The complainant reported being molested near {place} on {date} at about {time}. "
        "Details are restricted.",
    ),
    "CRUELTY BY HUSBAND OR RELATIVES": (
        "The complainant alleges harassment by her husband and in-laws for additional dowry.",
    ),
    "DOWRY DEATH": (
        "A married woman died under suspicious circumstances within seven years of marriage; "
        "dowry harassment alleged by her family.",
    ),
    "MISSING MAN": (
        "The complainant's relative left home near {place} on {date} at about {time} and has "
        "not returned.",
    ),
    "MISSING WOMAN": (
        "The complainant's relative left home near {place} on {date} and has not returned.",
    ),
    "MISSING CHILD": (
        "A child went missing near {place} on {date} at about {time}; FIR registered as "
        "kidnapping per the missing-child SOP.",
    ),
    "GANJA POSSESSION": (
        "On credible information a raid was conducted at {place} on {date} and ganja was seized "
        "under a mahazar, videographed.",
    ),
    "DRUG CONSUMPTION": (
        "Persons found consuming ganja near {place} on {date} at about {time}; medical test "
        "positive.",
    ),
    "FATAL ROAD ACCIDENT": (
        "The driver of {vehicle} drove rashly and negligently at {place} on {date} at about "
        "{time}, causing a fatal accident.",
    ),
    "HIT AND RUN": (
        "An unidentified vehicle hit a pedestrian at {place} on {date} at about {time} and fled.",
    ),
    "NON-FATAL ROAD ACCIDENT": (
        "The driver of {vehicle} drove rashly at {place} on {date} at about {time} and hit the "
        "complainant's vehicle, causing injuries.",
    ),
    "GAMBLING": (
        "A raid at {place} on {date} at about {time} found persons playing cards for money; "
        "cash of {value} seized.",
    ),
    "PUBLIC NUISANCE": (
        "Persons were found creating a nuisance in a public place at {place} on {date} at about "
        "{time}.",
    ),
    "UNNATURAL DEATH": (
        "A person was found dead at {place} on {date}; inquest under way to ascertain the cause.",
    ),
}

ITEMS = ("A laptop", "Copper wire", "A gas cylinder", "A water pump", "Cash", "A bicycle")
