"""Query text before retrieval: Hinglish and Kanglish words in English, question framing dropped.

`expand_query` rewrites romanised Hindi and Kannada (and a few Kannada-script) procedure
words to the English the knowledge base is written in, and drops framing words ("steps to
follow when ... is received") that match many documents without saying what is asked
about. Section numbers, act names and English content words pass through unchanged, so an
English question and its Hinglish form reach the same passages.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from tools.request_memo import per_request

#: Romanised Hindi / Kannada (and Kannada-script) words -> English, one word or phrase each.
TRANSLITERATIONS: dict[str, str] = {
    # people
    "mahila": "woman",
    "mahilaon": "women",
    "aurat": "woman",
    "auraton": "women",
    "stri": "woman",
    "hengasu": "woman",
    "hengasaru": "women",
    "mahile": "woman",
    "ಮಹಿಳೆ": "woman",
    "bachcha": "child",
    "bachche": "child",
    "bacche": "child",
    "baccha": "child",
    "bachchi": "girl child",
    "ladki": "girl",
    "ladka": "boy",
    "ladke": "boy",
    "huduga": "boy",
    "hudugi": "girl",
    "pakda": "arrested",
    "pakdi": "arrested",
    "pakde": "arrested",
    "sikkidda": "caught",
    "sikkibidda": "caught",
    "nabalig": "minor child",
    "magu": "child",
    "makkalu": "children",
    "ಮಗು": "child",
    "aaropi": "accused",
    "mulzim": "accused",
    "aropi": "accused",
    "peedit": "victim",
    "peedita": "victim",
    "gawah": "witness",
    "gavah": "witness",
    "sakshi": "witness",
    # time
    "raat": "night",
    "rat": "night",
    "ratri": "night",
    "raatri": "night",
    "ರಾತ್ರಿ": "night",
    "din": "days",
    "dino": "days",
    "dina": "days",
    "ghante": "hours",
    "ghanta": "hours",
    "ganta": "hours",
    "suryast": "sunset",
    "suryoday": "sunrise",
    "andar": "within",
    "olage": "within",
    # actions and procedure
    "giraftar": "arrest",
    "giraftari": "arrest",
    "girftar": "arrest",
    "bandhana": "arrest",
    "bandhisu": "arrest",
    "bandhisabahuda": "can arrest",
    "bandhisabahude": "can arrest",
    "bandhisabeku": "must arrest",
    "ಬಂಧನ": "arrest",
    "zamanat": "bail",
    "jamanat": "bail",
    "jamin": "bail",
    "jameen": "bail",
    "talashi": "search",
    "jabt": "seizure",
    "jabti": "seizure",
    "shikayat": "complaint",
    "shikayatkarta": "complainant",
    "shikayath": "complaint",
    "dooru": "complaint",
    "ದೂರು": "complaint",
    "mukadma": "case",
    "mukadmaa": "case",
    "prakarana": "case",
    "ಪ್ರಕರಣ": "case",
    "thana": "police station",
    "thane": "police station",
    "thaane": "police station",
    "bayan": "statement",
    "hethike": "statement",
    "saza": "punishment",
    "sazaa": "punishment",
    "shikshe": "punishment",
    "ಶಿಕ್ಷೆ": "punishment",
    "dhara": "section",
    "kalam": "section",
    "chori": "theft",
    "kalavu": "theft",
    "ಕಳ್ಳತನ": "theft",
    "dhokha": "cheating",
    "dhokhadhadi": "cheating",
    "vanchane": "cheating",
    "balatkar": "rape",
    "hatya": "murder",
    "kole": "murder",
    "laapata": "missing",
    "lapata": "missing",
    "kaanevu": "missing",
    "janch": "investigation",
    "tanikhe": "investigation",
    "adalat": "court",
    "nyayalaya": "court",
    "majistret": "magistrate",
    # question words that carry meaning for the answerer
    "sakte": "can",
    "sakta": "can",
    "sakti": "can",
    "sakteh": "can",
    "beku": "must",
    "maadabahuda": "can",
    "madabahuda": "can",
    "maadabahudu": "can",
    "maadbahuda": "can",
    "chahiye": "must",
    "kitne": "how many",
    "kitni": "how many",
    "eshtu": "how many",
    "kaise": "how",
    "hege": "how",
    "kya": "what",
    "enu": "what",
    "yenu": "what",
    "ಏನು": "what",
    "kab": "when",
    "yavaga": "when",
    "yaavaga": "when",
    "yavag": "when",
    "matlab": "meaning",
    "arth": "meaning",
    "bandide": "came",
    "bandaga": "when",
    "maadodu": "do",
    "maadi": "do",
    "kaun": "who",
    "deta": "gives",
    "deti": "gives",
    "dete": "give",
    "dikha": "show",
    "dikhana": "show",
    "dikhaa": "show",
    "kisko": "to whom",
    "kise": "to whom",
    "yaarige": "to whom",
    "yaaru": "who",
    "yaru": "who",
    "modalu": "first",
    "pehle": "first",
    "baad": "after",
    "mele": "after",
    "saamne": "before",
    "munde": "before",
    # verbs and nouns of procedure
    "likhna": "write",
    "likhe": "write",
    "bareyabeku": "write",
    "bareyodu": "write",
    "bhejna": "send",
    "bhejen": "send",
    "kalisabeku": "send",
    "laga": "use",
    "lagana": "use",
    "hakabahuda": "can use",
    "pesh": "produce",
    "darj": "register",
    "turant": "immediately",
    "foran": "immediately",
    "rukna": "wait",
    "likhni": "register",
    "maadbeku": "do",
    "sahi": "signature",
    "dastakhat": "signature",
    "paas": "before",
    "hajarupadisabeku": "produce",
    "hajarupadisu": "produce",
    "haajar": "produce",
    "hajar": "produce",
    "haazir": "produce",
    "hazir": "produce",
    "madbeku": "must",
    "tilisabeku": "inform",
    "batana": "inform",
    "suchit": "inform",
    "maadabeku": "do",
    "karna": "do",
    "karein": "do",
    "gante": "hours",
    "hottu": "time",
    "hottinalli": "hours",
    "samay": "time",
    "suraj": "sun",
    "hennu": "woman",
    "hennumakkalu": "women",
    "saboot": "evidence",
    "sabut": "evidence",
    "saakshya": "evidence",
    "saamaan": "property",
    "maal": "property",
    "hathkadi": "handcuff",
    "tapaas": "investigation",
    "tapasane": "search",
    "shodhane": "search",
    "vaidyakiya": "medical",
    "jaanch": "investigation",
    "jaach": "investigation",
    "gayab": "missing",
    "ghayab": "missing",
    "gum": "missing",
    "gumshuda": "missing",
    "gumshudgi": "missing",
    "kaanealla": "missing",
    "kanealla": "missing",
    "hakku": "rights",
    "hakkugalu": "rights",
    "adhikar": "rights",
    "adhikaar": "rights",
    "adhikaron": "rights",
    "vyakti": "person",
    "vyaktige": "person",
    "alag": "different",
    "kadda": "mandatory",
    "kaddaya": "mandatory",
    "kaddayavagi": "mandatory",
    "khatam": "complete",
    "poora": "complete",
    "mugisabeku": "complete",
    "zaroori": "mandatory",
    "jaruri": "mandatory",
    "avashyaka": "mandatory",
    "hattira": "before",
    "samaya": "time",
    "tayarisu": "prepare",
    "tayar": "prepare",
    "vivara": "details",
    "vivaragalu": "details",
    "haakabeku": "include",
    "haaku": "include",
    "haakbeku": "include",
    "yaava": "which",
    "yava": "which",
    # more everyday Hindi and Kannada words for people, time, law and acts
    "pakadna": "arrest",
    "pakadne": "arrest",
    "pakad": "arrest",
    "pakdo": "arrest",
    "kanoon": "law",
    "kanun": "law",
    "kaanoon": "law",
    "kaanun": "law",
    "kaanoonu": "law",
    "mahina": "months",
    "mahine": "months",
    "mahino": "months",
    "mahinon": "months",
    "tingal": "months",
    "tingalu": "months",
    "tingala": "months",
    "ikbaliya": "confession",
    "iqbaliya": "confession",
    "ikbal": "confession",
    "iqbal": "confession",
    "naabalig": "minor child",
    "nabaalig": "minor child",
    "naabaalig": "minor child",
    "akhbaar": "newspaper media",
    "akhbar": "newspaper media",
    "patrike": "newspaper media",
    "naam": "name",
    "hesaru": "name",
    "ganteyolage": "within hours",
    "ganteyalli": "within hours",
    "dinadolage": "within days",
    "sikkilla": "untraced",
    "sikkade": "untraced",
    "kaanuvaagiruva": "missing",
    "kaanuvaada": "missing",
    "kaanuvagiruva": "missing",
    "helbeka": "inform",
    "helabeka": "inform",
    "helbeku": "inform",
    "aadmele": "after",
    "aadamele": "after",
    "aadavarige": "person",
    "aadavaru": "person",
    "likhne": "register",
    "mana": "refuse",
    "kiski": "whose",
    "kiska": "whose",
    "kiske": "whose",
    "chalega": "allowed",
    "kaunse": "which",
    "kaunsa": "which",
    "kaunsi": "which",
    "konse": "which",
    "konsa": "which",
    "chhap": "publish",
    "chhapna": "publish",
    "chhaap": "publish",
    "nirakarisidare": "refuses",
    "nirakarisu": "refuse",
    "nirakarane": "refusal",
    "saakshi": "witness",
    "saakshigalu": "witnesses",
    "koduvavaru": "person",
    "intimate": "inform",
    "intimated": "informed",
    "notify": "inform",
    "option": "remedy",
    "options": "remedies",
    "recourse": "remedy",
    "notified": "informed",
    "informer": "informant source",
    "informers": "informants sources",
    # everyday Hindi: people, places, things, time
    "aadmi": "person",
    "purush": "man",
    "bujurg": "elderly",
    "ghatna": "offence",
    "ghar": "house",
    "gaadi": "vehicle",
    "gadi": "vehicle",
    "kagaz": "documents",
    "kagzat": "documents",
    "dastavez": "documents",
    "hawalat": "lockup",
    "laash": "dead body",
    "lash": "dead body",
    "maut": "death",
    "khudkushi": "suicide",
    "atmahatya": "suicide",
    "jurmana": "fine",
    "saja": "punishment",
    "gawahi": "testimony",
    "anumati": "permission",
    "ijazat": "permission",
    "izazat": "permission",
    "suchna": "information",
    "khabar": "information",
    "ilaj": "medical treatment",
    "hafta": "weeks",
    "hafte": "weeks",
    "saal": "years",
    "waqt": "time",
    "jagah": "place",
    "zila": "district",
    "zile": "district",
    "jila": "district",
    "jile": "district",
    "jille": "district",
    "dahej": "dowry",
    "dahez": "dowry",
    "varadakshine": "dowry",
    "naya": "new",
    "naye": "new",
    "nayi": "new",
    "purana": "old",
    "purane": "old",
    "purani": "old",
    "dusra": "other",
    "dusre": "other",
    "dusri": "other",
    # everyday Hindi verbs and question words
    "uthana": "arrest",
    "uthaana": "arrest",
    "uthaya": "arrested",
    "uthao": "arrest",
    "utha": "arrest",
    "chhod": "release",
    "chhodna": "release",
    "riha": "release",
    "wapas": "return",
    "dhoondhna": "trace",
    "dhundhna": "trace",
    "dhoondh": "trace",
    "talash": "search",
    "chhapa": "raid",
    "dena": "give",
    "dene": "give",
    "kahan": "where",
    "kyun": "why",
    "kyon": "why",
    "kitna": "how much",
    "nahi": "not",
    "nahin": "not",
    "nhi": "not",
    # everyday Kannada: people, places, things, time and question words
    "gandasu": "man",
    "mane": "house",
    "dakhale": "documents",
    "daakhale": "documents",
    "maadhyama": "media",
    "kanoonu": "law",
    "kanunu": "law",
    "hosa": "new",
    "hale": "old",
    "sanje": "evening",
    "beligge": "morning",
    "kattale": "night",
    "katthalu": "night",
    "kattalu": "night",
    "yaavudu": "which",
    "yavudu": "which",
    "yaavdu": "which",
    "yaara": "whose",
    "hidkondu": "arrest",
    "hidi": "arrest",
    "huduku": "search",
    "sikkitu": "found",
    "bandmele": "after",
    "bandamele": "after",
}

#: Texting spellings and chat padding typed or dictated on a phone: the spelling written out,
#: the padding (forms of address, "pls", "etc") dropped, so neither weighs as a topic word.
TEXTING: dict[str, str] = {
    "wat": "what",
    "wht": "what",
    "wats": "what is",
    "whats": "what is",
    "hw": "how",
    "wen": "when",
    "whn": "when",
    "r": "are",
    "u": "you",
    "ur": "your",
    "abt": "about",
    "hrs": "hours",
    "hr": "hour",
    "yrs": "years",
    "yr": "year",
    "mins": "minutes",
    "wrt": "about",
    "diff": "difference",
    "pct": "percent",
    "pls": "",
    "plz": "",
    "plss": "",
    "plzz": "",
    "sir": "",
    "sirji": "",
    "saar": "",
    "madam": "",
    "mam": "",
    "maam": "",
    "ji": "",
    "bro": "",
    "yaar": "",
    "boss": "",
    "thx": "",
    "thanks": "",
    "ok": "",
    "okay": "",
    "etc": "",
    "pa": "",
    "guru": "",
}
#: Abbreviations written with a slash, read before the slash splits them into words.
_SLASHED = re.compile(r"\b(?:u/s|r/w)(?=\s|\d|$)", re.IGNORECASE)
_SLASH_MEANING = {"u/s": "under section", "r/w": "read with"}
_TEXTING_WORD = re.compile(r"[^\s.,;:!?()\[\]{}\"'/-]+")


#: "v" for "we" after a modal ("can v arrest").
_TEXTING_WE = re.compile(
    r"\b(?P<modal>can|could|should|shud|shd|must|may|do|did|will|shall)\s+v\b", re.I
)
#: "4" for "for" and "2" for "to" where only the word fits ("steps 4 mahazar", "4 the
#: victim", "how 2 register"); never in arithmetic ("closes 4 every week").
_TEXTING_FOR = re.compile(
    r"\b(?P<word>steps|step|time|rules|rule|procedure|limit|deadline|sop|process|days|hours"
    r"|form|format|checklist|punishment|bail|documents|needed|required|ready) 4 (?=[a-z])"
    r"|(?P<none>) 4 (?=(?:a|an|the|this|that|my|our|his|her|their|any)\b)",
    re.I,
)
_TEXTING_TO = re.compile(
    r"\b(?P<word>how|hw|what|wat|where|need|needs|have|has|had|want|going|able|supposed|used)"
    r" 2 (?=[a-z])",
    re.I,
)


@per_request
def texting_words(text: str) -> str:
    """`normalise_texting` with the texting uses of "v", "4" and "2" read as words; for
    reading a procedure question only (arithmetic keeps its digits)."""
    text = _TEXTING_WE.sub(lambda m: f"{m['modal']} we", normalise_texting(text))
    text = _TEXTING_FOR.sub(lambda m: f"{m['word'] or ''} for ", text)
    return _TEXTING_TO.sub(lambda m: f"{m['word']} to ", text)


@per_request
def normalise_texting(text: str) -> str:
    """Texting spellings written out and chat padding dropped ("wat is zero fir sir" ->
    "what is zero fir"); "u/s" is "under section". Other words are unchanged."""
    text = _SLASHED.sub(lambda m: _SLASH_MEANING[m.group().lower()], text)
    out = _TEXTING_WORD.sub(lambda m: TEXTING.get(m.group().lower(), m.group()), text)
    return _SPACES.sub(" ", out).strip()


#: Romanised phrases rewritten before the word-by-word pass (longest first).
PHRASES: dict[str, str] = {
    "suraj dhalne ke baad": "after sunset",
    "suraj dhalne": "sunset",
    "suryasta aada mele": "after sunset",
    "hennu makkalu": "women",
    "hennu makkalannu": "women",
    "likhne se mana": "refuses to register",
    "maana jayega": "admissible",
    "court me chalega": "admissible in court",
    "court mein chalega": "admissible in court",
    "adalat me chalega": "admissible in court",
    "adalat mein chalega": "admissible in court",
    "mana jayega": "admissible",
    "kya kya likhna": "what must contain",
    "kya kya likhe": "what must contain",
    "enu enu bareyabeku": "what must contain",
    "kya kya": "what",
    "enu enu": "what",
    "kitne time": "how soon",
    "kitne samay": "how soon",
    "eshtu time": "how soon",
    "eshtu samaya": "how soon",
    "pesh karna": "produce",
    "pesh karein": "produce",
    "bata do": "",
    "bata dijiye": "",
    "kya hota hai": "what is",
    "kya hai": "what is",
    "andare enu": "what is",
    "yendare enu": "what is",
    "endare enu": "what is",
    "kitne din": "how many days",
    "eshtu dina": "how many days",
    "kitne ghante": "how many hours",
    "eshtu gante": "how many hours",
    "eshtu hottinalli": "within how many hours",
    "andre enu": "what is",
    "darj karna": "register",
    "darj kare": "register",
    "le jaana": "produce",
    "le jana": "produce",
    "le jaane": "produce",
    "le jaate": "produce",
    "sahi haakabeku": "sign",
    "karkondu hogbeku": "produce",
    "karkondu hogabeku": "produce",
    "kaddukondu hogbeku": "produce",
    "sahi maadabeku": "sign",
    # informal English the knowledge base words formally
    "under the new code": "under the BNSS",
    "under new code": "under the BNSS",
    "under new law": "under the BNS and BNSS",
    "under the new law": "under the BNS and BNSS",
    "new criminal laws": "BNS BNSS BSA",
    "taken into custody": "arrested",
    "picking up": "arresting",
    "picked up": "arrested",
    "take into custody": "arrest",
    "meant to": "purpose to",
    "after dark": "after sunset",
    "lady": "woman",
    "ladies": "women",
}

#: Hindi and Kannada function words that carry no subject: dropped before retrieval.
_FUNCTION_TEXT = (
    "ko ke ka ki se mein par aur hai hain tha kar karke hota hoti "
    "nalli alli ge ige inda aada aadre aagide ide untu annu bhi toh "
    "dhalne lagaa wala wali wale karwana karvana karana karega karegi na karni karna hoga "
    "padta padti padte padega liye hone hona galu galige aagi ive madida maadida "
    "karta karte karti kiya kiye jata jaata jati jaati "
    "kisi ho ek baje bolta bolti bolte kehta kehti diya diye gaya gayi gaye kare bagge "
    "agar uska unka iska apna apne bata batao bataiye vishaya dalli ralli "
    "hamara hamare hamari humara humare humari mera mere meri aapka aapke aapki yahan wahan "
    "namma nanna nammadu avaru ivaru illi alli"
)
FUNCTION_WORDS = frozenset(_FUNCTION_TEXT.split())

#: Kannada verb endings ("maadtheevi" we do, "aagutte" it happens, "kodtare" they give): a
#: word not known as it stands that ends in one is a verb form carrying no subject.
_KANNADA_VERB_ENDINGS = (
    "ddivi",
    "theevi",
    "tivi",
    "teevi",
    "thini",
    "tini",
    "tare",
    "thare",
    "utte",
    "uthe",
)

#: Kannada case endings; a word not known as it stands is looked up without them.
_KANNADA_ENDINGS = (
    "olage",
    "uvaga",
    "aada",
    "dalli",
    "ralli",
    "dinda",
    "annu",
    "alli",
    "inda",
    "kke",
    "ige",
    "ge",
    "ina",
    "ida",
    "na",
)

#: Kannada endings that carry a meaning of their own ("hottinolage" within the time).
_ENDING_MEANING = {"olage": "within"}


def _stems(stem: str) -> tuple[str, ...]:
    """The forms a Kannada stem may be listed under: as it stands, with its final "u", without
    the glide "y" a vowel takes before an ending (`aaropiy-annu` -> `aaropi`), without the
    linking "in" (`hott-in-olage` -> `hottu`)."""
    forms = [stem, stem + "u"]
    if stem.endswith("y"):
        forms.append(stem[:-1])
    if stem.endswith("in") and len(stem) > 4:
        forms += [stem[:-2], stem[:-2] + "u"]
    return tuple(forms)


#: Kannada modal endings of a verb not known as it stands ("haakabahudu" may put, "kodabeku"
#: must give): the modal carries the question's meaning, the verb rarely does.
_MODAL_MEANING = (("bahuda", "can"), ("bahudu", "can"), ("bahude", "can"), ("beku", "must"))
_KANNADA_MODALS = tuple(ending for ending, _ in _MODAL_MEANING)
#: Case names written with their initials run together ("DK Basu").
_INITIALS = re.compile(r"\bD\.?\s?K\.?\s+Basu\b", re.IGNORECASE)

#: Phrases that frame a question without naming its subject; removed before retrieval.
_FRAMING = re.compile(
    r"\b(?:what are the |the )?steps? (?:to (?:follow|take)|i (?:should|must) (?:follow|take))"
    r"(?: when| if| after| once| on)?\b"
    r"|\b(?:what should i do|what do i do|what to do)(?: when| if| after| once)?\b"
    r"|\b(?:is|are|has been|have been|gets?|was) (?:received|reported|brought|made)\b"
    r"|\b(?:please|kindly|tell me|can you tell me|explain to me)\b"
    r"|\b(?:in (?:one|a|1) (?:line|sentence)|in short|in brief|briefly|in a nutshell)\b"
    # who is asking and where they heard of it: the asker, not the subject
    r"|\bjust joined(?: (?:as|at|in|the|this))?\b"
    r"|\b(?:i am |i'm |im )?(?:a |an )?new (?:constables?|recruits?|joinee|posting|officers?"
    r"|(?:a?si|psi|pc|hc)|to (?:the |this )?(?:station|job|service|department))(?: here)?\b"
    r"|\b(?:heard|saw|came across|read) (?:it|this|that|the (?:term|word|phrase)|about it)"
    r"(?: (?:in|at|during|from) (?:the |a |our |my |today's )?[\w-]+(?: [\w-]+)?)?"
    r"|\b(?:[\w-]+ )?keeps? (?:saying|mentioning|talking about|using)\b"
    r"|\bin (?:police|policing) (?:work|terms|language|parlance)\b"
    r"|\b(?:actually|exactly|really|basically)\b|\blist (?:them|it|out)(?: all)?\b",
    re.IGNORECASE,
)
#: The listener of an explanation ("explain ... to a new constable"): who it is for, not what
#: it is about.
_EXPLAINS = re.compile(r"\b(?:explain|describe|tell|teach)\b", re.IGNORECASE)
_AUDIENCE = re.compile(
    r"\b(?:to|for) (?:a |an |the |my |our )?"
    r"(?:new |junior |young |fresh )?(?:constables?|recruits?|trainees?|probationers?"
    r"|colleagues?|laym[ae]n|beginners?|newcomers?|rookies?)(?= *[?.!]?\s*$)",
    re.IGNORECASE,
)
#: Everyday names for a crime scene ("murder spot", "site of the incident") in the knowledge
#: base's words.
_SCENE = re.compile(
    r"\b(?P<what>murder|crime|incident|offence|accident|occurrence|robbery|theft|dacoity|burglary)"
    r"\s+(?:spot|site|location)\b|\b(?:spot|site) of (?:the |an? )?(?P<of>crime|incident|offence"
    r"|murder|occurrence)\b",
    re.IGNORECASE,
)
#: An offence said to have happened in another place ("in another district", "other police
#: station area"): the knowledge base says "outside its jurisdiction".
_ELSEWHERE = re.compile(
    r"\b(?:in|of|from|at)\s+(?:an?other|other|a different|some other|different)\s+"
    r"(?:district|police station|station|area|state|city|taluk|jurisdiction)s?(?:'s)?"
    r"(?:\s+(?:area|limits|jurisdiction))?\b"
    r"|\b(?:an?other|other|different)\s+(?:district|police station|station|state)'?s?"
    r"(?=\s+(?:area|limits|jurisdiction|case|offence|incident)\b)",
    re.IGNORECASE,
)
#: Who among the police may see a kind of data ("can I see the complainant's phone number",
#: "who can view a juvenile's name"): in this system that is the clearance rule, in its words
#: (what the accused or the public may see is another question).
_ASKS_VISIBILITY = re.compile(
    r"\b(?:can|may|could) (?:i|we|(?:an? |the )?(?:officer|constable|io|sho|inspector|si|asi|psi"
    r"|head constable)s?) "
    r"(?:see|view|access|look at|open)\b"
    r"|\bwho (?:all )?(?:can|may|is allowed to|gets to) (?:see|view|access|look at|open)\b"
    r"|\b(?:visible|accessible) to\b",
    re.IGNORECASE,
)
#: A person's name asked about ("the victim's name", "naam of the juvenile"): "name" is a
#: stop word to the analyser, the knowledge base says "identity".
_NAME = re.compile(r"\bnames?\b", re.IGNORECASE)
_PERSON = re.compile(
    r"\b(?:victims?|survivors?|child(?:ren)?|juveniles?|minors?|accused|complainants?|witness(?:es)?"
    r"|wom[ae]n|girls?|boys?|informants?)\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[^\s.,;:!?()\[\]{}\"'/]+")
_SPACES = re.compile(r"\s+")


_PHRASE = re.compile(
    r"\b(?:" + "|".join(re.escape(p) for p in sorted(PHRASES, key=len, reverse=True)) + r")\b",
    re.IGNORECASE,
)


@lru_cache(maxsize=1 << 16)
def _word(word: str) -> str:
    """One word in English: known as it stands, a function word (dropped), or known once a
    Kannada case ending is taken off (`makkalannu` -> `makkalu`, `aaropiyannu` -> `aaropi`);
    else unchanged."""
    lower = word.lower()
    if lower in TRANSLITERATIONS:
        return TRANSLITERATIONS[lower]
    if lower in FUNCTION_WORDS:
        return ""
    if lower.endswith(_KANNADA_MODALS):
        return next(english for ends, english in _MODAL_MEANING if lower.endswith(ends))
    if lower.endswith(_KANNADA_VERB_ENDINGS) and len(lower) > 5:
        return ""
    for ending in _KANNADA_ENDINGS:
        stem = lower[: -len(ending)]
        if lower.endswith(ending) and len(stem) >= 3:
            for form in _stems(stem):
                if form in TRANSLITERATIONS:
                    meaning = _ENDING_MEANING.get(ending, "")
                    return f"{TRANSLITERATIONS[form]} {meaning}".strip()
    return word


def transliterate(text: str) -> str:
    """Hinglish / Kanglish words replaced by their English form, their function words
    dropped; other words (English, section numbers, act names) unchanged."""
    text = texting_words(unicodedata.normalize("NFKC", text))
    text = _PHRASE.sub(lambda m: PHRASES[m.group().lower()], text)
    return _WORD.sub(lambda m: _word(m.group()), text)


#: A clock time ("7 pm", "11.30 p.m.", "4am"): between 6 pm and 6 am it is night, after sunset
#: and before sunrise in the words of BNSS 43(5); a daytime clock time says nothing.
_CLOCK = re.compile(
    r"\b(?P<hour>\d{1,2})(?:[:.]\d{2})?\s*(?P<half>a\.?m\.?|p\.?m\.?)(?!\w)", re.IGNORECASE
)


def _clock_meaning(match: re.Match[str]) -> str:
    hour = int(match["hour"]) % 12
    evening = match["half"].lower().startswith("p")
    night = (evening and hour >= 6) or (not evening and hour < 6)
    return "night after sunset" if night else "daytime"


def clock_terms(text: str) -> str:
    """A clock time replaced by what it means for the law on arrests at night."""
    return _CLOCK.sub(_clock_meaning, text)


_AGE = re.compile(
    r"\b(\d{1,2})[- ]?(?:years?|yrs?|saal|varsha)[- ]?(?:old|ka|ki|ke|da)\b", re.IGNORECASE
)


def _age_meaning(match: re.Match[str]) -> str:
    age = int(match[1])
    if age < 18:
        return "child"
    return "above 60 years elderly" if age >= 60 else "adult"


def age_terms(text: str) -> str:
    """An age written out ("16 year old") replaced by what it means in law: under 18 a
    child (JJ Act, POCSO), 60 and over a senior citizen (BNSS 35(7)), else an adult."""
    return _AGE.sub(_age_meaning, text)


_JUVENILE = re.compile(r"\bjuveniles?\b", re.I)
_YOUNG_CHILD = re.compile(r"\bchild(?:ren)?\b", re.I)
_YOUNG = re.compile(r"\b(?:child|children|minor|juveniles?|teenagers?|boys?|girls?|kids?)\b", re.I)
_ACCUSED = re.compile(
    r"\b(?:caught|accused|apprehended|arrest(?:ed|ing)?|stole|steal(?:s|ing)?|committed"
    r"|suspect(?:ed)?|offender|fir against|case against|booked)\b",
    re.I,
)
_HARMED = re.compile(
    r"\b(?:victims?|survivors?|missing|abused|assaulted|kidnapped|abducted|trafficked|rescued)\b",
    re.I,
)


def juvenile_terms(text: str) -> str:
    """A child said to have done something ("a child caught stealing", "FIR against a
    minor") is a child in conflict with law (JJ Act s.2(13)): that phrase is added, unless
    the child is the one harmed (victim, missing, abused). A juvenile is a child: the word
    the JJ Act's sections use is added for retrieval."""
    if "conflict with law" in text.lower() or _HARMED.search(text):
        return text
    if _YOUNG.search(text) and _ACCUSED.search(text):
        return f"{text} child in conflict with law"
    if _JUVENILE.search(text) and not _YOUNG_CHILD.search(text):
        return f"{text} child"
    return text


#: A question about what a document holds ("what goes into a memo", "which details"): the
#: retrieval form also asks for its contents, so the section listing them is found.
ASKS_CONTENTS = re.compile(
    r"\bcontain|\bcontents?\b|\binclude|\bdetails\b|\bparticulars\b|\bgo(?:es)? in(?:to)?\b"
    r"|\blist (?:them|it|all|out|the|of)\b"
    r"|\b(?:what|which)\b.*\b(?:carry|carries|hold|holds|mention|written|entered)\b",
    re.I,
)


#: A station not taking a complaint said in everyday words ("did not take his FIR", "won't
#: lodge my complaint"): the knowledge base says "refuses to register".
_NOT_REGISTERED = re.compile(
    r"\b(?:did ?n[o']t|does ?n[o']t|do ?n[o']t|won'?t|would ?n[o']t|not|never|refus\w*)"
    r"\s+(?:to\s+)?(?:take|taking|took|accept\w*|lodge|lodging|write|writing|register\w*"
    r"|record\w*|file|filing)\s+(?:(?:his|her|their|my|our|the|a|an)\s+)?(?:fir|complaint)s?\b",
    re.I,
)

#: The same said in Hinglish, object first ("FIR nahi likh rahe", "complaint nahi le rahe").
_NOT_REGISTERED_HINGLISH = re.compile(
    r"\b(?:fir|complaint)s?\s+(?:nahi|nahin|nhi)\s+(?:likh|le|darj kar)\w*"
    r"(?:\s+(?:rahe|raha|rahi|rhe))?(?:\s+(?:hai|hain|he))?",
    re.I,
)
#: "PE" in capitals is a preliminary enquiry (lower-case "pe" is Hindi "on", left alone).
_PE = re.compile(r"\bPEs?\b")

#: Where an arrest was made ("arrested him at his house") tells the scenario, not the topic:
#: the place is dropped so the arrest rule, not a passage about houses, is retrieved.
_ARREST_PLACE = re.compile(
    r"(?P<arrest>\barrest\w*\s+(?:[\w-]+\s+){0,3}?)(?:from|at|in)\s+(?:his|her|their|the|a)\s+"
    r"(?:house|home|residence|office|shop|workplace|room|flat)\b",
    re.I,
)

#: "In which cases" (Hinglish "kis case mein", Kanglish "yaava case alli") asks for the
#: categories a rule covers, not for case records.
_WHICH_CASES = re.compile(
    r"\b(?:in\s+)?(?:which|what|kis|kaunse|kaunsa|kaun se|konse|yaava|yava)"
    r"(?:\s+(?:kind|type|sort)s? of)?\s+cases?\b(?:\s+(?:me|mein|mai|alli|nalli))?",
    re.I,
)
#: What a document "records", "shows" or "notes" is what it contains ("what should the
#: mahazar record"); the verb would otherwise weigh as a topic word.
_RECORDS_OF_A_DOCUMENT = re.compile(
    r"(?P<ask>\bwhat (?:should|must|does|do|will) (?:a|an|the|our|this) (?:[\w-]+ ){0,2}[\w-]+)"
    r" (?:record|show|state|note|cover|capture)\b",
    re.I,
)


@lru_cache(maxsize=4096)
def question_form(text: str) -> str:
    """The officer's question in English words with its framing kept ("what to do when ...",
    "steps to follow"): what the question's type is read from when the retrieval form has
    lost it."""
    text = _WHICH_CASES.sub(" which categories ", text)
    text = _PE.sub("preliminary enquiry", text)
    english = juvenile_terms(age_terms(transliterate(age_terms(clock_terms(text)))))
    english = _NOT_REGISTERED.sub("refuses to register the FIR", english)
    english = _NOT_REGISTERED_HINGLISH.sub("refuses to register the FIR", english)
    english = _ARREST_PLACE.sub(r"\g<arrest>", english)
    english = _RECORDS_OF_A_DOCUMENT.sub(r"\g<ask> contain", english)
    if "steps" in english.lower() and "procedure" not in english.lower():
        english += " procedure"
    if ASKS_CONTENTS.search(english) and "contents" not in english.lower():
        english += " contents"
    english = _INITIALS.sub("D.K. Basu", english)
    english = _ELSEWHERE.sub(" outside jurisdiction ", english)
    if _NAME.search(english) and _PERSON.search(english) and "identity" not in english.lower():
        english += " identity"
    if _ASKS_VISIBILITY.search(english):
        english += " visible clearance"
    english = _SCENE.sub(lambda m: f"{m['what'] or m['of']} crime scene", english)
    if _EXPLAINS.search(english):
        english = _AUDIENCE.sub(" ", english)
    return _SPACES.sub(" ", english).strip() or text.strip()


@lru_cache(maxsize=4096)
def expand_query(text: str) -> str:
    """The retrieval form of an officer's question (see the module docstring): the
    `question_form` with its framing removed; a pure function of the text, asked several
    times per question, so remembered."""
    stripped = _FRAMING.sub(" ", question_form(text))
    return _SPACES.sub(" ", stripped).strip() or text.strip()
