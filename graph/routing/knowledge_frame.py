"""Law and procedure questions recognised by how they are asked, not by what they are about.

A question framed as a punishment ("how many years"), a time limit ("within how many days",
"kitne din mein", "eshtu hottu olage"), a meaning ("what does X stand for"), an authority
("who may", "which rank", "yaaru"), whether something is allowed or compulsory ("is it
mandatory", "avashyaka"), the rights a person has, the contents of a document ("what details
go into"), a data rule ("which counts are suppressed", "is a field confidential data") or a
how-to asks the knowledge base, even when it names a crime ("robbery", "rape case"): the
records hold no punishments or deadlines. It
stays a records question when it also names something only the records have (an FIR, a
plate, a station or district, a period, an IO or a person) or counts or lists records.
"""

from __future__ import annotations

import re
from datetime import date

from graph.routing.scope import police_work_named
from tools.knowledge.query_text import texting_words
from tools.request_memo import per_request
from tools.text2zcql.understand import understand

FRAMES = {
    "punishment": re.compile(
        r"\bhow many years\b|\b(?:max(?:imum)?|min(?:imum)?) (?:sentence|punishment|jail"
        r"|imprisonment|term)\b|\bpunish\w*|\bsentence for\b|\bjail term\b|\bsaz(?:a|aa)\b"
        r"|\bshikshe\b|\bfine (?:amount|for)\b|\bpenalt(?:y|ies)\b|\bbailable\b",
        re.IGNORECASE,
    ),
    "time_limit": re.compile(
        r"\bdeadline\b|\btime limits?\b|\bwithin how (?:many|long|much)\b|\bhow soon\b"
        r"|\bby when\b|\bhow long (?:can|may|does|do|should|must|is|are)\b"
        r"|\bkitne (?:din|dino|ghant\w*|mahin\w*|samay|waqt|time)\b|\bkitni der\b"
        r"|\beshtu (?:hottu|dina\w*|gante|ghante|tingal\w*|samaya|time|varsha)\b"
        r"|\bhow many (?:days|hours|weeks|months)\s+(?:to|for|before|after|does|do|is|are|can"
        r"|may|should|must|has|have|within)\b|\bwithin\s*\??\s*$|\by(?:aa|a)vag(?:a|e)\b"
        r"|\b(?:after|in|within) how (?:many|much) (?:days|hours|weeks|months|time)\b"
        r"|\bkab (?:karna|karte|kiya|hota|hoti|lena|dena|bhejna|tak)\b"
        r"|\b(?:day|date)\b[^?]{0,40}\b(?:itself )?(?:counted|included|excluded)\b"
        r"|\b(?:intimation|notice|reporting|filing|informing) (?:window|period|time)\b",
        re.IGNORECASE,
    ),
    "meaning": re.compile(
        r"\bwhat does\b.{1,60}\bmean\b|\bmeaning of\b|\bstands? for\b|\bdefin(?:e|ition)\b"
        r"|\bfull form\b|\bmatlab\b|\bartha\b|\bmeant to\b|\bpurpose of\b"
        r"|^\s*what (?:exactly )?is (?:a|an)\b"
        r"|\bwhat (?:exactly |actually )?(?:is|are) (?:an? |the )?(?:[\w()-]+\s+){0,5}?[\w()-]+"
        r"\s*(?:[?.,;]|$)"
        r"|\bmeans?\s+what\b|\bwhat (?:is|are) (?:it|they|this|that) used for\b|\bused for\b"
        r"|\bwhat is it\b"
        r"|\b(?:explain|describe|tell me)\s+what\s+(?:[\w()-]+\s+){1,4}(?:is|are|means?)\b"
        r"|\bwhat is meant by\b",
        re.IGNORECASE,
    ),
    "authority": re.compile(
        r"\bwho (?:can|may|must|should|is allowed|is competent|has the power|decides|orders"
        r"|approves|sanctions|authori[sz]es|sees|gets to see)\b"
        r"|\b(?:which|what|minimum) rank\b|\brank of (?:the )?officer\b"
        r"|\bkaun (?:kar|de|le)\b|\by(?:aa|a)r(?:u|ige|inda)\b|\bkis(?:ko|e)\b"
        r"|\bwhat (?:is|are) the rules?\b|\bwhose (?:permission|approval|sanction)\b"
        r"|\bwhat does the (?:law|act|code|sop) say\b",
        re.IGNORECASE,
    ),
    "permission": re.compile(
        r"\b(?:allowed|permitted|zaroori|zaruri|jaruri|compulsory|mandatory|kadda\w*"
        r"|avashyaka)\b(?:\s+(?:hai|he|ha|hain|ide|ideya|aa|kya|or not))*\s*\??\s*$"
        r"|\b(?:kadda\w*|avashyaka)\b"
        r"|^\s*(?:is|are)\b.*\b(?:allowed|permitted|compulsory|mandatory)\b"
        r"|^\s*(?:may|can|could|should|must)\s+(?:the|a|an|i|we|police|officers?)\s+\w+"
        r"|\b(?:can|may|could)\s+(?:we|i|police|the police|io|sho|accused|the accused)\s+\w+"
        r"|\b(?:can|may|could)\s+the\s+(?:io|sho|sp|dsp|si|psi|magistrate|officer|constable)\s+\w+"
        r"|\bis (?:it|that|this) (?:valid|legal|allowed|permitted|ok|okay|mandatory|compulsory"
        r"|necessary)\b|\b(?:mandatory|compulsory|allowed|permitted)\s*\?"
        r"|\b(?:allowed|permitted|zaroori|zaruri|jaruri|compulsory|mandatory)\s+(?:hai|he|hain|ide)\b"
        r"|\b(?:sakte|sakta|sakti|sakenge|sakega)\b|\bchale(?:ga|gi)\b|\bmaan[ae] jaye(?:ga|gi)\b"
        r"|\b\w{3,}(?:bahuda|bahudu|bahude|bahudaa)\b|\b\w{3,}(?:beka|bekaa)\b",
        re.IGNORECASE,
    ),
    "rights": re.compile(r"\b(?:rights?|hakku\w*|adhikaa?r\w*)\b", re.IGNORECASE),
    "contents": re.compile(
        r"\bwhat (?:details|particulars|entries)\b|\byaava vivara\w*|\bkya kya likh\w*"
        r"|\by?enu (?:bare|barey)\w*|\bkya likh\w*"
        r"|\bwhat (?:goes|go|is written|is entered|has to go|have to go|needs? to go) in(?:to)?\b"
        r"|\b(?:list|name) the (?:items|points|details|contents|things|papers|documents)\b"
        r"|\bwhat (?:papers|documents|forms)\b[^?]{0,30}\b(?:carry|take|bring|send|submit"
        r"|produce|attach)\b"
        r"|\bwhat (?:should|must|does|do) (?:a|an|the)\b.{1,40}\b(?:contain|include|carry|mention"
        r"|record|show|state|cover|note)\b",
        re.IGNORECASE,
    ),
    "data_rule": re.compile(
        r"\b(?:suppress\w*|redact\w*|mask(?:ed|ing)?)\b|\bclearance (?:is )?(?:needed|required)\b"
        r"|\bsmall[- ]cell\b|\b(?:restricted|confidential|sensitive|internal|public) (?:data|field"
        r"|information)\b|\bdata (?:tier|class\w*|sensitivity)\b"
        r"|\b(?:in|of|by|for|to) (?:this|the) (?:system|assistant|app|database)\b|\bfirs table\b"
        r"|\bformats? of\b|\b(?:ids?|numbers?) (?:are |is )?(?:written|formatted)\b"
        r"|\b(?:status(?:es)?|values?|columns?|fields?)"
        r" (?:values|available|allowed|used|possible)\b",
        re.IGNORECASE,
    ),
    "how_to": re.compile(
        r"\bhow (?:do|should|can|must) (?:i|we|one|an officer)\b"
        r"(?! (?:find|get|see|list|count|check|search for|look up|pull|export|download)\b)"
        r"|\bhow to\b(?! (?:find|get|see|list|count|check|search for|look up|pull|export))"
        r"|\bsteps (?:for|to|in|before|after)\b|\bwhat to do\b|\bkaise\b|\bhege\b"
        r"|\bwhat (?:all )?(?:should|must|can) (?:i|we|the io|io|sho|an? officer|the officer"
        r"|police|the police|complainant|the complainant)\b|\bfirst (?:steps?|things?)\b"
        r"|\bprocedure\b|\bprinciples\b|\bguidelines\b|\bchecklist\b|\bcontents\b"
        r"|\b(?:which|what)(?: \w+)? section\b|\bnew section\b|\bin (?:the )?(?:bns|bnss|bsa)\b"
        r"|\byaava (?:kaayde|kaanoonu|kanoonu|section|sekshan)\b"
        r"|\b(?:kaun ?sa|kaunsi|kis) (?:kanoon|kaanoon|dhara|section)\b"
        r"|\bstanding order\b|\b(?:have|has|need|needs) to (?:inform|intimate|notify|tell|send"
        r"|produce|record)\b|\bwhom (?:to|do|must|should)\b"
        r"|\bwhat are (?:his|her|their|my|our) options\b"
        r"|\bwhat (?:can|should|must|may) (?:he|she|they|the (?:person|victim|complainant"
        r"|informant|accused)) do\b|\bkya (?:kare|karen|karein|karna chahiye)\b"
        r"|\bwhat (?:do|should|must|can) (?:i|we) do\b"
        r"|\bwhat (?:should|must) (?:the|my|our) (?:team|staff|officers?|io|sho|police)\s+do\b",
        re.IGNORECASE,
    ),
}
#: Law and procedure words beyond `scope.POLICE_WORK`: a frame needs one of these or police work,
#: so "how do I fix my laptop" or "neevu yaaru" is never a procedure question.
LEGAL_TERMS = re.compile(
    r"\b(?:act|law|rules?|officers?|police|rank|status|exhibits?|mahazar|panchnama|seal\w*"
    r"|samples?|notices?|summons|detention|sentence|jail|prison|imprison\w*|fine|bailable"
    r"|cognis\w*|cogniz\w*|forensic|lab|diary|memo|inquest|post-?mortem|udr|register\w*"
    r"|e-?fir|zero fir|chargesheet|medical|juvenile|child|women|woman|mahila|hengasu|maga"
    r"|witness|informant|sho|psi|asi|dsp|dysp|sp|si|constable|inspector|handcuff\w*"
    r"|lock-?up|warrant|search|bns|bnss|bsa|ipc|crpc|pocso|ndps|jj|reports?|exam\w*"
    r"|aaropi|bandhi\w*|dooru|varadi|pariksh\w*|tanikhe|giraftar\w*|jaanch|gawah|bayan"
    r"|aadhaar|aadhar|identifiers?|hathkadi|enquiry|inquiry|standing orders?|surveillance"
    r"|guidelines?|basu|cyber|fraud|esakshya|hash|evidence|custody|seiz\w*|raid|inform(?:er|ant)s?"
    r"|bail|source register|statistics|statuses|ids?|malkhana|case property|property register)\b",
    re.IGNORECASE,
)
#: Records questions that a frame word does not make a law question: the IOs or cases past a
#: deadline, "is this bailable" about the FIR on screen.
RECORDS_ASKED = re.compile(
    r"\b(?:ios|investigating officers)\b|\b(?:cases?|firs?) (?:past|beyond|over|overdue)\b"
    r"|\bwhich (?:ios?|officers|stations|cases|firs)\b"
    r"|^\s*(?:is|was|are|were|can)\s+(?:this|that|it|these|those)\b",
    re.IGNORECASE,
)
COUNT_OR_LIST = re.compile(
    r"\b(?:how many|number of|count|list|show|total|kitne|eshtu)\b"
    r"(?!\s+(?:days?|hours?|weeks?|months?|years?|minutes?)\b)(?:\s+\S+){0,3}?\s+"
    r"(?:cases?|firs?|accused|arrests?|persons?|people|vehicles?|complaints?|chargesheets?"
    r"|thefts?|robber(?:y|ies)|burglar(?:y|ies)|murders?|crimes?)\b",
    re.IGNORECASE,
)

#: A person's age ("a 70 yr old man"): who the question is about, never a period of records.
AGE = re.compile(r"\b\d{1,3}\s*[- ]?(?:years?|yrs?|yr)\s*[- ]?old\b", re.IGNORECASE)

#: A station's own document ("Whitefield standing order for the cyber desk"): the station
#: names the document asked about, not records.
STATION_DOCUMENT = re.compile(
    r"\bstanding orders?\b|\bstation (?:sops?|orders?|circulars?)\b"
    r"|\b(?:intake|complaint|desk) (?:sheets?|forms?|formats?|checklists?|templates?)\b",
    re.IGNORECASE,
)


@per_request
def knowledge_frame(text: str) -> str | None:
    """The law or procedure frame of a question ("punishment", "time_limit", ...), or None;
    texting spellings and chat padding are read first ("wat is UDR sir")."""
    plain = texting_words(text)
    return next((name for name, cue in FRAMES.items() if cue.search(plain)), None)


def names_records(text: str) -> bool:
    """The question names something only the records hold, or counts or lists records.
    A station counts only when its name is written out and a person only when the name is
    written as cased ("Ravi Kumar") and is not a law or procedure word ("Aadhaar"): the
    records reader's guesses ("karni" for Kadri, "about" for a name) do not."""
    if COUNT_OR_LIST.search(text) or RECORDS_ASKED.search(text):
        return True
    e = understand(AGE.sub(" ", text), date.today()).entities
    lowered = text.lower()
    station_named = not STATION_DOCUMENT.search(text) and any(
        s.station_name.lower().removesuffix(" ps") in lowered for s in e.stations
    )
    return bool(
        e.fir_ids
        or e.fir_serials
        or e.plates
        or station_named
        or (e.districts and not STATION_DOCUMENT.search(text))
        or e.period
        or e.io_badge
        or e.io_candidates
        or (e.person_name and e.person_name in text and not LEGAL_TERMS.fullmatch(e.person_name))
        or e.refers_to_active
        or e.refers_to_visible
    )


def asks_law_or_procedure(text: str) -> bool:
    """A law or procedure question that names no records."""
    if knowledge_frame(text) is None:
        return False
    if not (police_work_named(text) or LEGAL_TERMS.search(text)):
        return False
    return not names_records(text)
