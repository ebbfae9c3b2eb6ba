"""Karnataka police districts and stations used by the demo data, with name aliases.

`precinct_id` is `<district code>-<sub-division>-<station code>`, e.g. `BLR-E-KRP`
(Bengaluru East, KR Puram). District names follow the FIR data's `District_Name`
style; Bengaluru City is split into its East/West/South/North divisions.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Station:
    """One police station (a precinct): the row of `police_stations`."""

    precinct_id: str
    station_name: str
    district: str
    zone: str
    latitude: float
    longitude: float


BENGALURU_CITY = ("Bengaluru East", "Bengaluru West", "Bengaluru South", "Bengaluru North")

_S = Station
STATIONS: tuple[Station, ...] = (
    _S("BLR-E-KRP", "KR Puram PS", "Bengaluru East", "Bengaluru City", 13.0080, 77.6950),
    _S("BLR-E-WFD", "Whitefield PS", "Bengaluru East", "Bengaluru City", 12.9698, 77.7499),
    _S("BLR-E-MHD", "Mahadevapura PS", "Bengaluru East", "Bengaluru City", 12.9911, 77.6946),
    _S("BLR-E-IND", "Indiranagar PS", "Bengaluru East", "Bengaluru City", 12.9719, 77.6412),
    _S("BLR-S-JNR", "Jayanagar PS", "Bengaluru South", "Bengaluru City", 12.9299, 77.5826),
    _S("BLR-S-BSG", "Basavanagudi PS", "Bengaluru South", "Bengaluru City", 12.9422, 77.5750),
    _S("BLR-S-JPN", "JP Nagar PS", "Bengaluru South", "Bengaluru City", 12.9063, 77.5857),
    _S("BLR-S-BSK", "Banashankari PS", "Bengaluru South", "Bengaluru City", 12.9255, 77.5468),
    _S("BLR-W-UPP", "Upparpet PS", "Bengaluru West", "Bengaluru City", 12.9770, 77.5730),
    _S("BLR-W-RJN", "Rajajinagar PS", "Bengaluru West", "Bengaluru City", 12.9910, 77.5550),
    _S("BLR-W-VJN", "Vijayanagar PS", "Bengaluru West", "Bengaluru City", 12.9719, 77.5350),
    _S("BLR-W-CMP", "Chamarajpet PS", "Bengaluru West", "Bengaluru City", 12.9600, 77.5650),
    _S("BLR-N-YLK", "Yelahanka PS", "Bengaluru North", "Bengaluru City", 13.1007, 77.5963),
    _S("BLR-N-HBL", "Hebbal PS", "Bengaluru North", "Bengaluru City", 13.0358, 77.5970),
    _S("BLR-N-RTN", "RT Nagar PS", "Bengaluru North", "Bengaluru City", 13.0210, 77.5950),
    _S("MYS-C-JLP", "Jayalakshmipuram PS", "Mysuru", "Southern Range", 12.3270, 76.6250),
    _S("MYS-C-LSK", "Lashkar PS", "Mysuru", "Southern Range", 12.3100, 76.6550),
    _S("MYS-C-NZB", "Nazarbad PS", "Mysuru", "Southern Range", 12.3050, 76.6650),
    _S("MYS-C-KVN", "Kuvempunagar PS", "Mysuru", "Southern Range", 12.2850, 76.6250),
    _S("BGM-C-CMP", "Camp PS Belagavi", "Belagavi", "Northern Range", 15.8560, 74.5150),
    _S("BGM-C-MKT", "Market PS Belagavi", "Belagavi", "Northern Range", 15.8650, 74.5100),
    _S("BGM-C-TKW", "Tilakwadi PS", "Belagavi", "Northern Range", 15.8350, 74.5100),
    _S("BGM-R-KKT", "Kakati PS", "Belagavi", "Northern Range", 15.9240, 74.5060),
    _S("KLB-C-STB", "Station Bazaar PS", "Kalaburagi", "North Eastern Range", 17.3240, 76.8300),
    _S("KLB-C-BRP", "Brahmapur PS", "Kalaburagi", "North Eastern Range", 17.3350, 76.8380),
    _S("KLB-R-ALD", "Aland PS", "Kalaburagi", "North Eastern Range", 17.5650, 76.5690),
    _S("MLR-C-PDW", "Pandeshwar PS", "Mangaluru", "Western Range", 12.8600, 74.8400),
    _S("MLR-C-BRK", "Barke PS", "Mangaluru", "Western Range", 12.8780, 74.8430),
    _S("MLR-C-URW", "Urwa PS", "Mangaluru", "Western Range", 12.8900, 74.8300),
    _S("MLR-C-KDR", "Kadri PS", "Mangaluru", "Western Range", 12.8850, 74.8560),
    _S("HDH-C-HBT", "Hubballi Town PS", "Hubballi-Dharwad", "Northern Range", 15.3500, 75.1380),
    _S("HDH-C-VDN", "Vidyanagar PS", "Hubballi-Dharwad", "Northern Range", 15.3680, 75.1230),
    _S("HDH-C-OHB", "Old Hubballi PS", "Hubballi-Dharwad", "Northern Range", 15.3650, 75.1500),
    _S("HDH-C-DWT", "Dharwad Town PS", "Hubballi-Dharwad", "Northern Range", 15.4589, 75.0078),
    _S("SMG-U-DDP", "Doddapete PS", "Shivamogga", "Eastern Range", 13.9300, 75.5700),
    _S("SMG-R-SMR", "Shivamogga Rural PS", "Shivamogga", "Eastern Range", 13.9500, 75.5400),
    _S("SMG-U-JNR", "Jayanagar PS Shivamogga", "Shivamogga", "Eastern Range", 13.9400, 75.5600),
    _S("SMG-R-BDV", "Bhadravathi Old Town PS", "Shivamogga", "Eastern Range", 13.8400, 75.7000),
    _S("BLY-U-BRP", "Brucepet PS", "Ballari", "Ballari Range", 15.1450, 76.9250),
    _S("BLY-U-CWB", "Cowl Bazaar PS", "Ballari", "Ballari Range", 15.1500, 76.9100),
    _S("BLY-U-GDN", "Gandhinagar PS Ballari", "Ballari", "Ballari Range", 15.1400, 76.9300),
    _S("UDP-U-UDT", "Udupi Town PS", "Udupi", "Western Range", 13.3409, 74.7421),
    _S("UDP-U-MNP", "Manipal PS", "Udupi", "Western Range", 13.3520, 74.7860),
    _S("UDP-R-KAU", "Kaup PS", "Udupi", "Western Range", 13.2300, 74.7500),
    _S("UDP-R-KDP", "Kundapura PS", "Udupi", "Western Range", 13.6250, 74.6900),
    _S("MDY-U-MDW", "Mandya West PS", "Mandya", "Southern Range", 12.5230, 76.8950),
    _S("MDY-U-MDE", "Mandya East PS", "Mandya", "Southern Range", 12.5250, 76.9050),
    _S("MDY-R-SRP", "Srirangapatna PS", "Mandya", "Southern Range", 12.4180, 76.6950),
    _S("MDY-R-MDR", "Maddur PS", "Mandya", "Southern Range", 12.5840, 77.0440),
)

#: Localities (beats) inside each station's limits, used for beats and places of occurrence.
LOCALITIES: dict[str, tuple[str, ...]] = {
    "BLR-E-KRP": ("Ramamurthy Nagar", "Battarahalli", "Tin Factory", "Kasturi Nagar", "Hoodi"),
    "BLR-E-WFD": ("ITPL Main Road", "Hope Farm", "Kadugodi", "Varthur Road", "Nallurhalli"),
    "BLR-E-MHD": ("Marathahalli", "Doddanekundi", "Garudacharpalya", "Brookefield"),
    "BLR-E-IND": ("100 Feet Road", "HAL 2nd Stage", "Domlur", "Jeevan Bima Nagar"),
    "BLR-S-JNR": ("4th Block", "9th Block", "Tilak Nagar", "South End Circle", "Jayanagar East"),
    "BLR-S-BSG": ("Gandhi Bazaar", "Bull Temple Road", "NR Colony", "Hanumanthanagar"),
    "BLR-S-JPN": ("JP Nagar 2nd Phase", "JP Nagar 6th Phase", "Puttenahalli", "Sarakki"),
    "BLR-S-BSK": ("BSK 2nd Stage", "Kathriguppe", "Padmanabhanagar", "Chennamma Circle"),
    "BLR-W-UPP": ("Majestic Bus Stand", "Gandhinagar", "Chickpet", "Subhashnagar", "KG Road"),
    "BLR-W-RJN": ("Rajajinagar 1st Block", "Navarang", "Prakash Nagar", "Dr Rajkumar Road"),
    "BLR-W-VJN": ("Hosahalli", "RPC Layout", "Attiguppe", "Maruthi Mandir"),
    "BLR-W-CMP": ("Chamarajpet Main Road", "Tippu Fort", "Azad Nagar", "Pantharapalya"),
    "BLR-N-YLK": ("Yelahanka New Town", "Attur Layout", "Puttenahalli Yelahanka", "Kogilu"),
    "BLR-N-HBL": ("Hebbal Flyover", "Kempapura", "Bhoopasandra", "Ganganagar"),
    "BLR-N-RTN": ("RT Nagar Main Road", "Sultanpalya", "Cholanagar", "Dinnur"),
    "MYS-C-JLP": ("Jayalakshmipuram 1st Cross", "Gokulam", "Yadavagiri", "Vontikoppal"),
    "MYS-C-LSK": ("Devaraja Market", "Sayyaji Rao Road", "Mandi Mohalla", "Lashkar Mohalla"),
    "MYS-C-NZB": ("Nazarbad Main Road", "Ittige Gudu", "Chamundi Hill Road", "Siddhartha Layout"),
    "MYS-C-KVN": ("Kuvempunagar", "Saraswathipuram", "Ramakrishnanagar", "JP Nagar Mysuru"),
    "BGM-C-CMP": ("Camp Area", "Fort Road", "Hindwadi", "Club Road"),
    "BGM-C-MKT": ("Ganpat Galli", "Khade Bazaar", "Maruti Galli", "Raviwar Peth"),
    "BGM-C-TKW": ("Tilakwadi 1st Gate", "Shahapur", "Vadgaon", "Anandwadi"),
    "BGM-R-KKT": ("Kakati Village", "Honaga", "Kangrali", "Mutaga"),
    "KLB-C-STB": ("Station Road", "Super Market", "Jagat Circle", "Gazipur"),
    "KLB-C-BRP": ("Brahmapur", "Gunj Area", "Sedam Road", "Darga Area"),
    "KLB-R-ALD": ("Aland Town", "Khajuri", "Narona", "Madan Hipparga"),
    "MLR-C-PDW": ("Hampankatta", "Bunder", "Pandeshwar", "State Bank Circle"),
    "MLR-C-BRK": ("Bejai", "Lalbagh Mangaluru", "Kodialbail", "Ballalbagh"),
    "MLR-C-URW": ("Urwa Store", "Ladyhill", "Chilimbi", "Ashok Nagar"),
    "MLR-C-KDR": ("Kadri Park", "Nanthoor", "Bendoorwell", "Mallikatte"),
    "HDH-C-HBT": ("Durgadbail", "Koppikar Road", "Station Road Hubballi", "Shah Bazaar"),
    "HDH-C-VDN": ("Vidyanagar", "Unkal", "Akshay Colony", "Shirur Park"),
    "HDH-C-OHB": ("Old Hubballi", "Sidharoodh Math", "Anand Nagar", "Gadag Road"),
    "HDH-C-DWT": ("Subhas Road", "Saptapur", "Malamaddi", "Kalaghatagi Road"),
    "SMG-U-DDP": ("Gandhi Bazaar Shivamogga", "BH Road", "Doddapete", "Savarline Road"),
    "SMG-R-SMR": ("Ayanur", "Gajanur", "Holalur", "Machenahalli"),
    "SMG-U-JNR": ("Jayanagar Shivamogga", "Vinoba Nagar", "Gopala", "Tilak Nagar Shivamogga"),
    "SMG-R-BDV": ("Old Town Bhadravathi", "New Town Bhadravathi", "Hosamane", "Kagadanagar"),
    "BLY-U-BRP": ("Brucepet", "Royal Circle", "Moka Road", "Bangalore Road Ballari"),
    "BLY-U-CWB": ("Cowl Bazaar", "Kappagal Road", "Bapuji Nagar", "Sirguppa Road"),
    "BLY-U-GDN": ("Gandhinagar Ballari", "Parvathi Nagar", "Vidyanagar Ballari", "Cantonment"),
    "UDP-U-UDT": ("Car Street", "Court Road", "Kalsanka", "Ajjarkad"),
    "UDP-U-MNP": ("Tiger Circle", "Eshwar Nagar", "Perampalli", "End Point Road"),
    "UDP-R-KAU": ("Kaup Beach", "Mallar", "Padubidri", "Uchila"),
    "UDP-R-KDP": ("Kundapura Town", "Koteshwara", "Vaderhobli", "Basrur"),
    "MDY-U-MDW": ("Guttalu", "Subhash Nagar", "VV Nagar", "Kallahalli"),
    "MDY-U-MDE": ("Ashok Nagar Mandya", "Chamundeshwari Nagar", "Hosahalli Mandya", "Gandhinagar"),
    "MDY-R-SRP": ("Srirangapatna Fort", "Ganjam", "Palahalli", "Kirangur"),
    "MDY-R-MDR": ("Maddur Town", "Somanahalli", "Kolur", "Chamanahalli"),
}

#: Alias (normalised) -> districts it names. "Bengaluru"/"Bangalore" means all four divisions.
DISTRICT_ALIASES: dict[str, tuple[str, ...]] = {
    "bengaluru": BENGALURU_CITY,
    "bangalore": BENGALURU_CITY,
    "bengaluru city": BENGALURU_CITY,
    "bangalore city": BENGALURU_CITY,
    "bengaluru urban": BENGALURU_CITY,
    "blr": BENGALURU_CITY,
    "bengaluru east": ("Bengaluru East",),
    "bangalore east": ("Bengaluru East",),
    "bengaluru west": ("Bengaluru West",),
    "bangalore west": ("Bengaluru West",),
    "bengaluru south": ("Bengaluru South",),
    "bangalore south": ("Bengaluru South",),
    "bengaluru north": ("Bengaluru North",),
    "bangalore north": ("Bengaluru North",),
    "mysuru": ("Mysuru",),
    "mysore": ("Mysuru",),
    "mysuru city": ("Mysuru",),
    "belagavi": ("Belagavi",),
    "belgaum": ("Belagavi",),
    "kalaburagi": ("Kalaburagi",),
    "gulbarga": ("Kalaburagi",),
    "mangaluru": ("Mangaluru",),
    "mangalore": ("Mangaluru",),
    "mangaluru city": ("Mangaluru",),
    "dakshina kannada": ("Mangaluru",),
    "hubballi-dharwad": ("Hubballi-Dharwad",),
    "hubballi dharwad": ("Hubballi-Dharwad",),
    "hubli-dharwad": ("Hubballi-Dharwad",),
    "hubli dharwad": ("Hubballi-Dharwad",),
    "hubballi": ("Hubballi-Dharwad",),
    "hubli": ("Hubballi-Dharwad",),
    "dharwad": ("Hubballi-Dharwad",),
    "shivamogga": ("Shivamogga",),
    "shimoga": ("Shivamogga",),
    "ballari": ("Ballari",),
    "bellary": ("Ballari",),
    "udupi": ("Udupi",),
    "mandya": ("Mandya",),
}

#: Alias (normalised) -> precinct id, beyond the station names themselves.
STATION_ALIASES: dict[str, str] = {
    "kr puram": "BLR-E-KRP",
    "k r puram": "BLR-E-KRP",
    "k.r. puram": "BLR-E-KRP",
    "krishnarajapuram": "BLR-E-KRP",
    "whitefield": "BLR-E-WFD",
    "mahadevapura": "BLR-E-MHD",
    "marathahalli": "BLR-E-MHD",
    "indiranagar": "BLR-E-IND",
    "jayanagar": "BLR-S-JNR",
    "basavanagudi": "BLR-S-BSG",
    "jp nagar": "BLR-S-JPN",
    "j p nagar": "BLR-S-JPN",
    "banashankari": "BLR-S-BSK",
    "upparpet": "BLR-W-UPP",
    "majestic": "BLR-W-UPP",
    "kempegowda bus station": "BLR-W-UPP",
    "rajajinagar": "BLR-W-RJN",
    "vijayanagar": "BLR-W-VJN",
    "chamarajpet": "BLR-W-CMP",
    "yelahanka": "BLR-N-YLK",
    "hebbal": "BLR-N-HBL",
    "rt nagar": "BLR-N-RTN",
    "r t nagar": "BLR-N-RTN",
    "jayalakshmipuram": "MYS-C-JLP",
    "lashkar": "MYS-C-LSK",
    "nazarbad": "MYS-C-NZB",
    "kuvempunagar": "MYS-C-KVN",
    "camp belagavi": "BGM-C-CMP",
    "belagavi camp": "BGM-C-CMP",
    "market belagavi": "BGM-C-MKT",
    "belagavi market": "BGM-C-MKT",
    "tilakwadi": "BGM-C-TKW",
    "kakati": "BGM-R-KKT",
    "station bazaar": "KLB-C-STB",
    "brahmapur": "KLB-C-BRP",
    "aland": "KLB-R-ALD",
    "pandeshwar": "MLR-C-PDW",
    "barke": "MLR-C-BRK",
    "urwa": "MLR-C-URW",
    "kadri": "MLR-C-KDR",
    "hubballi town": "HDH-C-HBT",
    "hubli town": "HDH-C-HBT",
    "vidyanagar": "HDH-C-VDN",
    "old hubballi": "HDH-C-OHB",
    "old hubli": "HDH-C-OHB",
    "dharwad town": "HDH-C-DWT",
    "doddapete": "SMG-U-DDP",
    "shivamogga rural": "SMG-R-SMR",
    "shimoga rural": "SMG-R-SMR",
    "bhadravathi": "SMG-R-BDV",
    "brucepet": "BLY-U-BRP",
    "cowl bazaar": "BLY-U-CWB",
    "udupi town": "UDP-U-UDT",
    "manipal": "UDP-U-MNP",
    "kaup": "UDP-R-KAU",
    "kundapura": "UDP-R-KDP",
    "kundapur": "UDP-R-KDP",
    "mandya west": "MDY-U-MDW",
    "mandya east": "MDY-U-MDE",
    "srirangapatna": "MDY-R-SRP",
    "srirangapattana": "MDY-R-SRP",
    "maddur": "MDY-R-MDR",
}

_BY_ID: dict[str, Station] = {s.precinct_id: s for s in STATIONS}
_STATION_SUFFIX = re.compile(r"\s*\b(?:ps|p\.s\.?|police station|station|thana)\s*$")


def _key(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).lower().strip()
    return re.sub(r"\s+", " ", text)


def _station_keys() -> dict[str, str]:
    keys = {_key(s.station_name): s.precinct_id for s in STATIONS}
    keys.update({_STATION_SUFFIX.sub("", k): v for k, v in keys.items()})
    keys.update(STATION_ALIASES)
    keys.update({_key(s.precinct_id): s.precinct_id for s in STATIONS})
    return keys


_STATION_KEYS = _station_keys()


def all_stations() -> tuple[Station, ...]:
    """Every demo station, in a stable order."""
    return STATIONS


def station_by_id(precinct_id: str) -> Station:
    """The station with this precinct id (case-insensitive); KeyError if unknown."""
    return _BY_ID[precinct_id.strip().upper()]


def districts() -> tuple[str, ...]:
    """Distinct district names, in station order."""
    return tuple(dict.fromkeys(s.district for s in STATIONS))


def stations_in(district: str) -> tuple[Station, ...]:
    """Stations of a district (exact district name)."""
    return tuple(s for s in STATIONS if s.district == district)


def resolve_district(name: str) -> tuple[str, ...]:
    """Districts a free-text name refers to ("Bangalore" -> all four Bengaluru divisions)."""
    key = _key(name).removesuffix(" district").strip()
    if key in DISTRICT_ALIASES:
        return DISTRICT_ALIASES[key]
    close = difflib.get_close_matches(key, DISTRICT_ALIASES, n=1, cutoff=0.85)
    return DISTRICT_ALIASES[close[0]] if close else ()


def resolve_station(name: str) -> Station | None:
    """The station a free-text name refers to ("Whitefield PS", "majestic", "BLR-E-KRP")."""
    key = _key(name)
    for candidate in (key, _STATION_SUFFIX.sub("", key)):
        if candidate in _STATION_KEYS:
            return _BY_ID[_STATION_KEYS[candidate]]
    close = difflib.get_close_matches(_STATION_SUFFIX.sub("", key), _STATION_KEYS, n=1, cutoff=0.85)
    return _BY_ID[_STATION_KEYS[close[0]]] if close else None


def _mentions(text: str, keys: Iterable[str]) -> list[tuple[str, tuple[int, int]]]:
    """(alias, span) of aliases occurring in text as whole words, longest first, no overlaps."""
    found: list[tuple[str, tuple[int, int]]] = []
    for alias in sorted(keys, key=len, reverse=True):
        for m in re.finditer(rf"(?<![\w-]){re.escape(alias)}(?![\w-])", text):
            if all(m.end() <= a or m.start() >= b for _, (a, b) in found):
                found.append((alias, m.span()))
    return sorted(found, key=lambda hit: hit[1])


def find_stations(text: str) -> list[Station]:
    """Stations mentioned in free text, in order of first mention, without duplicates."""
    ids = [_STATION_KEYS[alias] for alias, _ in _mentions(_key(text), _STATION_KEYS)]
    return [_BY_ID[i] for i in dict.fromkeys(ids)]


def find_districts(text: str) -> list[str]:
    """Districts mentioned in free text, in order; station names ("Mandya West") do not count."""
    key = _key(text)
    for _, (start, end) in _mentions(key, _STATION_KEYS):
        key = key[:start] + " " * (end - start) + key[end:]
    names = [d for alias, _ in _mentions(key, DISTRICT_ALIASES) for d in DISTRICT_ALIASES[alias]]
    return list(dict.fromkeys(names))
