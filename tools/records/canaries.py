"""Fixed "canary" rows present in every demo database, whatever the seed or size.

Tests and demos rely on them. Their FIR serials are reserved, so generated FIRs never take
their ids, and no generated vehicle carries a canary plate. Person names start with
"CANARY" so no generated name can match. The dates are fixed (in 2024-2026): build with a
`today` on or after 2026-12-01 to keep them in the past.

| FIR | station | what it is | sensitivity |
| --- | --- | --- | --- |
| FIR-2026-04829 | BLR-E-KRP | two-wheeler theft, stolen vehicle KA05MN4321 | 2 |
| FIR-2026-03117 | BLR-E-WFD | rape; victim "CANARY VICTIM Meera" (sexual offence) | 4 |
| FIR-2026-02231 | MYS-C-JLP | chain snatching; juvenile accused "CANARY JUVENILE Ravi" | 3 |
| FIR-2025-00901 | HDH-C-HBT | murder, restricted to clearance 5 | 5 |
| FIR-2025-00077 | MDY-U-MDW | POCSO; juvenile victim "CANARY CHILD Kavya" | 5 |
| FIR-2024-00123 | BLR-S-JNR | IPC house theft before the cut-over, still under investigation | 1 |
| FIR-2024-00210 | SMG-R-SMR | IPC 498A cruelty by husband before the cut-over | 3 |
| FIR-2025-00045 | HDH-C-HBT | BNS 318(4) online fraud | 1 |
"""

from __future__ import annotations

from typing import Any

from tools.domain.seed_names import IO_POOLS
from tools.records.seed_schema import TABLE_COLUMNS

CANARY_VEHICLE_THEFT_FIR = "FIR-2026-04829"
CANARY_VEHICLE_THEFT_PRECINCT = "BLR-E-KRP"
CANARY_STOLEN_PLATE = "KA05MN4321"
CANARY_STOLEN_VEHICLE_ID = "FIR-2026-04829-V1"
CANARY_COMPLAINANT_NAME = "CANARY COMPLAINANT Suresh"
CANARY_COMPLAINANT_PHONE = "9845012345"

CANARY_SEXUAL_OFFENCE_FIR = "FIR-2026-03117"
CANARY_SEXUAL_OFFENCE_PRECINCT = "BLR-E-WFD"
CANARY_VICTIM_NAME = "CANARY VICTIM Meera"
CANARY_VICTIM_PHONE = "9900112233"
CANARY_VICTIM_PERSON_ID = "FIR-2026-03117-P1"

CANARY_JUVENILE_FIR = "FIR-2026-02231"
CANARY_JUVENILE_PRECINCT = "MYS-C-JLP"
CANARY_JUVENILE_NAME = "CANARY JUVENILE Ravi"
CANARY_JUVENILE_PERSON_ID = "FIR-2026-02231-P2"

CANARY_SENSITIVITY5_FIR = "FIR-2025-00901"
CANARY_SENSITIVITY5_PRECINCT = "HDH-C-HBT"

CANARY_POCSO_FIR = "FIR-2025-00077"
CANARY_POCSO_PRECINCT = "MDY-U-MDW"
CANARY_CHILD_VICTIM_NAME = "CANARY CHILD Kavya"

CANARY_PRE_CUTOVER_FIR = "FIR-2024-00123"
CANARY_PRE_CUTOVER_PRECINCT = "BLR-S-JNR"
CANARY_CRUELTY_FIR = "FIR-2024-00210"
CANARY_CRUELTY_PRECINCT = "SMG-R-SMR"
CANARY_FRAUD_FIR = "FIR-2025-00045"
CANARY_FRAUD_PRECINCT = "HDH-C-HBT"

CANARY_FIR_IDS: tuple[str, ...] = (
    CANARY_VEHICLE_THEFT_FIR,
    CANARY_SEXUAL_OFFENCE_FIR,
    CANARY_JUVENILE_FIR,
    CANARY_SENSITIVITY5_FIR,
    CANARY_POCSO_FIR,
    CANARY_PRE_CUTOVER_FIR,
    CANARY_CRUELTY_FIR,
    CANARY_FRAUD_FIR,
)
CANARY_PLATES: frozenset[str] = frozenset({CANARY_STOLEN_PLATE, "KA09EQ7788"})


def reserved_serials() -> dict[int, set[int]]:
    """Year -> FIR serials the canaries occupy (the seeder skips them)."""
    out: dict[int, set[int]] = {}
    for fir_id in CANARY_FIR_IDS:
        _, year, serial = fir_id.split("-")
        out.setdefault(int(year), set()).add(int(serial))
    return out


def _io(precinct: str, k: int) -> dict[str, str]:
    officer = IO_POOLS[precinct][k]
    return {"io_badge": officer.io_badge, "io_name": officer.io_name}


def _fir(**values: Any) -> tuple[Any, ...]:
    return tuple(values[c] for c in TABLE_COLUMNS["firs"])


def _person(**values: Any) -> tuple[Any, ...]:
    defaults: dict[str, Any] = {"age": None, "gender": None, "phone": None, "address": None}
    defaults |= {"is_juvenile": 0, "arrested": 0, "arrested_at": None}
    return tuple((defaults | values)[c] for c in TABLE_COLUMNS["persons"])


def _also_victim(complainant: tuple[Any, ...], person_id: str) -> tuple[Any, ...]:
    """The same person recorded again as the victim (a complainant who was the victim)."""
    return (person_id, *complainant[1:3], "victim", *complainant[4:])


FIRS: tuple[tuple[Any, ...], ...] = (
    _fir(
        fir_id=CANARY_VEHICLE_THEFT_FIR,
        precinct_id="BLR-E-KRP",
        district="Bengaluru East",
        registered_at="2026-11-28 19:40:00",
        occurred_at="2026-11-28 07:30:00",
        crime_group="THEFT",
        crime_head="TWO-WHEELER THEFT",
        act_sections="BNS 303(2)",
        status="Under Investigation",
        place_of_occurrence="Near bus stand, Tin Factory",
        beat="Tin Factory Beat",
        latitude=13.0012,
        longitude=77.6801,
        **_io("BLR-E-KRP", 1),
        complaint_mode="e-FIR",
        sensitivity=2,
        involves_juvenile=0,
        sexual_offence=0,
        victim_count=1,
        accused_count=0,
        arrested_count=0,
        brief_facts="The complainant reports that his Honda Activa bearing registration "
        "KA05MN4321, parked near the Tin Factory bus stand at 07:30, was stolen by unknown "
        "persons. CCTV footage of the junction is being collected.",
    ),
    _fir(
        fir_id=CANARY_SEXUAL_OFFENCE_FIR,
        precinct_id="BLR-E-WFD",
        district="Bengaluru East",
        registered_at="2026-10-14 22:15:00",
        occurred_at="2026-10-14 20:00:00",
        crime_group="RAPE",
        crime_head="RAPE",
        act_sections="BNS 64",
        status="Charge Sheeted",
        place_of_occurrence="Residential layout, Hope Farm",
        beat="Hope Farm Beat",
        latitude=12.9821,
        longitude=77.7553,
        **_io("BLR-E-WFD", 0),
        complaint_mode="Walk-in",
        sensitivity=4,
        involves_juvenile=0,
        sexual_offence=1,
        victim_count=1,
        accused_count=1,
        arrested_count=1,
        brief_facts="The victim's statement was recorded by a woman officer under BNSS "
        "176(1); medical examination done within 24 hours. The accused, known to the victim, "
        "was arrested and the charge-sheet filed within two months.",
    ),
    _fir(
        fir_id=CANARY_JUVENILE_FIR,
        precinct_id="MYS-C-JLP",
        district="Mysuru",
        registered_at="2026-09-03 11:05:00",
        occurred_at="2026-09-03 06:45:00",
        crime_group="THEFT",
        crime_head="CHAIN SNATCHING",
        act_sections="BNS 304",
        status="Charge Sheeted",
        place_of_occurrence="Near temple, Gokulam",
        beat="Gokulam Beat",
        latitude=12.3312,
        longitude=76.6198,
        **_io("MYS-C-JLP", 1),
        complaint_mode="Walk-in",
        sensitivity=3,
        involves_juvenile=1,
        sexual_offence=0,
        victim_count=1,
        accused_count=1,
        arrested_count=1,
        brief_facts="A gold chain of about 20 g was snatched from the complainant during her "
        "morning walk by a youth on a two-wheeler. The apprehended child in conflict with law "
        "was produced before the Juvenile Justice Board.",
    ),
    _fir(
        fir_id=CANARY_SENSITIVITY5_FIR,
        precinct_id="HDH-C-HBT",
        district="Hubballi-Dharwad",
        registered_at="2025-08-19 02:30:00",
        occurred_at="2025-08-19 00:40:00",
        crime_group="MURDER",
        crime_head="MURDER",
        act_sections="BNS 103(1), BNS 3(5)",
        status="Under Investigation",
        place_of_occurrence="Near railway station, Koppikar Road",
        beat="Koppikar Road Beat",
        latitude=15.3489,
        longitude=75.1402,
        **_io("HDH-C-HBT", 0),
        complaint_mode="Phone",
        sensitivity=5,
        involves_juvenile=0,
        sexual_offence=0,
        victim_count=1,
        accused_count=0,
        arrested_count=0,
        brief_facts="Restricted: a witness under protection; the investigation is supervised "
        "by the CID. Details are held in the case diary only.",
    ),
    _fir(
        fir_id=CANARY_POCSO_FIR,
        precinct_id="MDY-U-MDW",
        district="Mandya",
        registered_at="2025-03-11 17:20:00",
        occurred_at="2025-03-10 16:00:00",
        crime_group="POCSO",
        crime_head="SEXUAL ASSAULT ON CHILD",
        act_sections="POCSO 8, BNS 74",
        status="Under Investigation",
        place_of_occurrence="Near school, Guttalu",
        beat="Guttalu Beat",
        latitude=12.5262,
        longitude=76.8911,
        **_io("MDY-U-MDW", 1),
        complaint_mode="Walk-in",
        sensitivity=5,
        involves_juvenile=1,
        sexual_offence=1,
        victim_count=1,
        accused_count=1,
        arrested_count=1,
        brief_facts="The child's statement was recorded at her home by a woman officer not in "
        "uniform (POCSO s.24); the CWC and the Special Court were informed within 24 hours.",
    ),
    _fir(
        fir_id=CANARY_PRE_CUTOVER_FIR,
        precinct_id="BLR-S-JNR",
        district="Bengaluru South",
        registered_at="2024-03-12 10:10:00",
        occurred_at="2024-03-11 14:00:00",
        crime_group="THEFT",
        crime_head="HOUSE THEFT",
        act_sections="IPC 380",
        status="Under Investigation",
        place_of_occurrence="Near park, 4th Block",
        beat="4th Block Beat",
        latitude=12.9288,
        longitude=77.5841,
        **_io("BLR-S-JNR", 2),
        complaint_mode="Walk-in",
        sensitivity=1,
        involves_juvenile=0,
        sexual_offence=0,
        victim_count=1,
        accused_count=0,
        arrested_count=0,
        brief_facts="Gold ornaments worth Rs 1,85,000 were stolen from the complainant's "
        "house while the family was away; no sign of forced entry.",
    ),
    _fir(
        fir_id=CANARY_CRUELTY_FIR,
        precinct_id="SMG-R-SMR",
        district="Shivamogga",
        registered_at="2024-05-20 16:45:00",
        occurred_at="2024-05-18 21:00:00",
        crime_group="CRUELTY BY HUSBAND",
        crime_head="CRUELTY BY HUSBAND OR RELATIVES",
        act_sections="IPC 498A, IPC 34",
        status="Under Investigation",
        place_of_occurrence="Residential layout, Holalur",
        beat="Holalur Beat",
        latitude=13.9602,
        longitude=75.5311,
        **_io("SMG-R-SMR", 1),
        complaint_mode="Walk-in",
        sensitivity=3,
        involves_juvenile=0,
        sexual_offence=0,
        victim_count=1,
        accused_count=2,
        arrested_count=0,
        brief_facts="The complainant alleges harassment for additional dowry by her husband "
        "and mother-in-law. Notices under CrPC 41A were served; no arrest so far.",
    ),
    _fir(
        fir_id=CANARY_FRAUD_FIR,
        precinct_id="HDH-C-HBT",
        district="Hubballi-Dharwad",
        registered_at="2025-01-22 13:00:00",
        occurred_at="2025-01-21 18:30:00",
        crime_group="CHEATING",
        crime_head="ONLINE FRAUD",
        act_sections="BNS 318(4), IT Act 66D",
        status="Under Investigation",
        place_of_occurrence="Online (UPI)",
        beat="Durgadbail Beat",
        latitude=None,
        longitude=None,
        **_io("HDH-C-HBT", 2),
        complaint_mode="e-FIR",
        sensitivity=1,
        involves_juvenile=0,
        sexual_offence=0,
        victim_count=1,
        accused_count=0,
        arrested_count=0,
        brief_facts="The complainant lost Rs 2,40,000 through UPI transfers to a caller posing "
        "as a courier agent. An NCRP complaint was filed and Rs 60,000 frozen.",
    ),
)

_SURESH = _person(
    person_id="FIR-2026-04829-P1",
    fir_id=CANARY_VEHICLE_THEFT_FIR,
    precinct_id="BLR-E-KRP",
    role="complainant",
    full_name=CANARY_COMPLAINANT_NAME,
    age=41,
    gender="Male",
    phone=CANARY_COMPLAINANT_PHONE,
    address="12, 3rd Cross, Tin Factory, Bengaluru 560016",
)
_LAKSHMI = _person(
    person_id="FIR-2026-02231-P1",
    fir_id=CANARY_JUVENILE_FIR,
    precinct_id="MYS-C-JLP",
    role="complainant",
    full_name="CANARY COMPLAINANT Lakshmi",
    age=58,
    gender="Female",
    phone="9886054321",
    address="21, 5th Cross, Gokulam, Mysuru 570002",
)
_ANITHA = _person(
    person_id="FIR-2024-00123-P1",
    fir_id=CANARY_PRE_CUTOVER_FIR,
    precinct_id="BLR-S-JNR",
    role="complainant",
    full_name="CANARY COMPLAINANT Anitha",
    age=52,
    gender="Female",
    phone="9731122334",
    address="110, 4th Block, Jayanagar, Bengaluru 560011",
)
_SHWETHA = _person(
    person_id="FIR-2024-00210-P1",
    fir_id=CANARY_CRUELTY_FIR,
    precinct_id="SMG-R-SMR",
    role="complainant",
    full_name="CANARY COMPLAINANT Shwetha",
    age=29,
    gender="Female",
    phone="9591234567",
    address="Holalur, Shivamogga 577216",
)
_GIRISH = _person(
    person_id="FIR-2025-00045-P1",
    fir_id=CANARY_FRAUD_FIR,
    precinct_id="HDH-C-HBT",
    role="complainant",
    full_name="CANARY COMPLAINANT Girish",
    age=47,
    gender="Male",
    phone="9845198451",
    address="Durgadbail, Hubballi 580028",
)

PERSONS: tuple[tuple[Any, ...], ...] = (
    _SURESH,
    _also_victim(_SURESH, "FIR-2026-04829-P2"),
    _person(
        person_id=CANARY_VICTIM_PERSON_ID,
        fir_id=CANARY_SEXUAL_OFFENCE_FIR,
        precinct_id="BLR-E-WFD",
        role="victim",
        full_name=CANARY_VICTIM_NAME,
        age=27,
        gender="Female",
        phone=CANARY_VICTIM_PHONE,
        address="48, 2nd Main, Hope Farm, Bengaluru 560066",
    ),
    _person(
        person_id="FIR-2026-03117-P2",
        fir_id=CANARY_SEXUAL_OFFENCE_FIR,
        precinct_id="BLR-E-WFD",
        role="accused",
        full_name="CANARY ACCUSED Prakash",
        age=33,
        gender="Male",
        phone="9740011223",
        address="7, Kadugodi, Bengaluru 560067",
        arrested=1,
        arrested_at="2026-10-15 09:30:00",
    ),
    _LAKSHMI,
    _person(
        person_id=CANARY_JUVENILE_PERSON_ID,
        fir_id=CANARY_JUVENILE_FIR,
        precinct_id="MYS-C-JLP",
        role="accused",
        full_name=CANARY_JUVENILE_NAME,
        age=16,
        gender="Male",
        phone="8971234560",
        address="3, Vontikoppal, Mysuru 570002",
        is_juvenile=1,
        arrested=1,
        arrested_at="2026-09-05 15:00:00",
    ),
    _also_victim(_LAKSHMI, "FIR-2026-02231-P3"),
    _person(
        person_id="FIR-2025-00901-P1",
        fir_id=CANARY_SENSITIVITY5_FIR,
        precinct_id="HDH-C-HBT",
        role="complainant",
        full_name="CANARY WITNESS Imran",
        age=36,
        gender="Male",
        phone="9448098765",
        address="Koppikar Road, Hubballi 580020",
    ),
    _person(
        person_id="FIR-2025-00901-P2",
        fir_id=CANARY_SENSITIVITY5_FIR,
        precinct_id="HDH-C-HBT",
        role="victim",
        full_name="CANARY DECEASED Mohan",
        age=44,
        gender="Male",
        address="Old Hubballi, Hubballi 580024",
    ),
    _person(
        person_id="FIR-2025-00077-P1",
        fir_id=CANARY_POCSO_FIR,
        precinct_id="MDY-U-MDW",
        role="victim",
        full_name=CANARY_CHILD_VICTIM_NAME,
        age=14,
        gender="Female",
        phone=None,
        address="Guttalu, Mandya 571401",
        is_juvenile=1,
    ),
    _person(
        person_id="FIR-2025-00077-P2",
        fir_id=CANARY_POCSO_FIR,
        precinct_id="MDY-U-MDW",
        role="accused",
        full_name="CANARY ACCUSED Naveen",
        age=45,
        gender="Male",
        phone="9663012345",
        address="VV Nagar, Mandya 571401",
        arrested=1,
        arrested_at="2025-03-12 10:00:00",
    ),
    _person(
        person_id="FIR-2025-00077-P3",
        fir_id=CANARY_POCSO_FIR,
        precinct_id="MDY-U-MDW",
        role="complainant",
        full_name="CANARY COMPLAINANT Manjula",
        age=39,
        gender="Female",
        phone="9480012345",
        address="Guttalu, Mandya 571401",
    ),
    _ANITHA,
    _also_victim(_ANITHA, "FIR-2024-00123-P2"),
    _SHWETHA,
    _also_victim(_SHWETHA, "FIR-2024-00210-P2"),
    _person(
        person_id="FIR-2024-00210-P3",
        fir_id=CANARY_CRUELTY_FIR,
        precinct_id="SMG-R-SMR",
        role="accused",
        full_name="CANARY ACCUSED Mahesh",
        age=34,
        gender="Male",
        phone="9591765432",
        address="Holalur, Shivamogga 577216",
    ),
    _person(
        person_id="FIR-2024-00210-P4",
        fir_id=CANARY_CRUELTY_FIR,
        precinct_id="SMG-R-SMR",
        role="accused",
        full_name="CANARY ACCUSED Gowramma",
        age=58,
        gender="Female",
        address="Holalur, Shivamogga 577216",
    ),
    _GIRISH,
    _also_victim(_GIRISH, "FIR-2025-00045-P2"),
)

VEHICLES: tuple[tuple[Any, ...], ...] = (
    (
        CANARY_STOLEN_VEHICLE_ID,
        CANARY_VEHICLE_THEFT_FIR,
        "BLR-E-KRP",
        CANARY_STOLEN_PLATE,
        "Two-wheeler",
        "Honda Activa",
        "Grey",
        "Stolen",
    ),
    (
        "FIR-2026-02231-V1",
        CANARY_JUVENILE_FIR,
        "MYS-C-JLP",
        "KA09EQ7788",
        "Two-wheeler",
        "TVS Apache",
        "Black",
        "Seized",
    ),
)
