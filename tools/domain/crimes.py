"""Crime groups and heads (KSP `CrimeGroup_Name` / `CrimeHead_Name` style) with their sections.

Each head carries its sections under the BNS (FIRs registered on or after the cut-over,
1 Jul 2024) and under the IPC (before it); special and local laws (POCSO, NDPS, IT Act,
KP Act, CrPC/BNSS procedure) appear in both lists. `weight` is the head's relative
frequency in the demo data: thefts, accidents, hurt and cheating are common, rape and
POCSO together are about 1.5 %.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from tools.domain.sections import CUTOVER


@dataclass(frozen=True, slots=True)
class CrimeHead:
    """One crime head of a crime group, with its sections and demo-data parameters."""

    crime_group: str
    crime_head: str
    bns: tuple[str, ...]
    ipc: tuple[str, ...]
    weight: float
    sexual_offence: bool = False
    base_sensitivity: int = 1
    juvenile_rate: float = 0.01
    vehicle_status: str | None = None
    detection: float = 0.5

    def sections_on(self, registered: date) -> tuple[str, ...]:
        """The sections cited by an FIR of this head registered on `registered`."""
        return self.bns if registered >= CUTOVER else self.ipc

    def act_sections(self, registered: date) -> str:
        """The `act_sections` text of an FIR of this head registered on `registered`."""
        return ", ".join(self.sections_on(registered))


_H = CrimeHead
CRIME_HEADS: tuple[CrimeHead, ...] = (
    _H(
        "THEFT",
        "TWO-WHEELER THEFT",
        ("BNS 303(2)",),
        ("IPC 379",),
        9.0,
        juvenile_rate=0.04,
        vehicle_status="Stolen",
        detection=0.3,
    ),
    _H(
        "THEFT",
        "FOUR-WHEELER THEFT",
        ("BNS 303(2)",),
        ("IPC 379",),
        1.5,
        vehicle_status="Stolen",
        detection=0.35,
    ),
    _H(
        "THEFT",
        "CHAIN SNATCHING",
        ("BNS 304",),
        ("IPC 379",),
        2.5,
        juvenile_rate=0.05,
        detection=0.35,
    ),
    _H("THEFT", "HOUSE THEFT", ("BNS 305",), ("IPC 380",), 4.0, juvenile_rate=0.02, detection=0.4),
    _H(
        "THEFT",
        "MOBILE PHONE THEFT",
        ("BNS 303(2)",),
        ("IPC 379",),
        4.5,
        juvenile_rate=0.04,
        detection=0.2,
    ),
    _H(
        "THEFT",
        "OTHER THEFT",
        ("BNS 303(2)",),
        ("IPC 379",),
        3.0,
        juvenile_rate=0.03,
        detection=0.35,
    ),
    _H(
        "BURGLARY - DAY",
        "HOUSE BREAKING BY DAY",
        ("BNS 331(3)", "BNS 305"),
        ("IPC 454", "IPC 380"),
        1.5,
        detection=0.4,
    ),
    _H(
        "BURGLARY - NIGHT",
        "HOUSE BREAKING BY NIGHT",
        ("BNS 331(4)", "BNS 305"),
        ("IPC 457", "IPC 380"),
        3.0,
        detection=0.35,
    ),
    _H("ROBBERY", "ROBBERY", ("BNS 309(4)",), ("IPC 392",), 1.8, juvenile_rate=0.04, detection=0.6),
    _H("ROBBERY", "ROBBERY WITH DEADLY WEAPON", ("BNS 311",), ("IPC 397",), 0.3, detection=0.65),
    _H("DACOITY", "DACOITY", ("BNS 310(2)",), ("IPC 395",), 0.3, base_sensitivity=2, detection=0.7),
    _H("MURDER", "MURDER", ("BNS 103(1)",), ("IPC 302",), 0.8, base_sensitivity=2, detection=0.9),
    _H(
        "ATTEMPT TO MURDER",
        "ATTEMPT TO MURDER",
        ("BNS 109", "BNS 3(5)"),
        ("IPC 307", "IPC 34"),
        1.0,
        juvenile_rate=0.03,
        detection=0.85,
    ),
    _H(
        "CASES OF HURT",
        "SIMPLE HURT",
        ("BNS 115(2)", "BNS 352", "BNS 351(2)"),
        ("IPC 323", "IPC 504", "IPC 506"),
        8.0,
        juvenile_rate=0.03,
        detection=0.85,
    ),
    _H("CASES OF HURT", "GRIEVOUS HURT", ("BNS 118(2)",), ("IPC 326",), 1.5, detection=0.85),
    _H(
        "CRIMINAL INTIMIDATION",
        "CRIMINAL INTIMIDATION",
        ("BNS 351(2)",),
        ("IPC 506",),
        2.0,
        detection=0.8,
    ),
    _H("CRIMINAL TRESPASS", "HOUSE TRESPASS", ("BNS 329(4)",), ("IPC 448",), 1.0, detection=0.8),
    _H(
        "RIOTS",
        "RIOTING",
        ("BNS 191(2)", "BNS 190"),
        ("IPC 147", "IPC 149"),
        0.7,
        base_sensitivity=2,
        detection=0.8,
    ),
    _H("MISCHIEF", "MISCHIEF", ("BNS 324(4)",), ("IPC 427",), 1.0, detection=0.6),
    _H("EXTORTION", "EXTORTION", ("BNS 308(2)",), ("IPC 384",), 0.4, detection=0.7),
    _H(
        "RECEIVING STOLEN PROPERTY",
        "RECEIVING STOLEN PROPERTY",
        ("BNS 317(2)",),
        ("IPC 411",),
        0.3,
        detection=0.95,
    ),
    _H("CHEATING", "CHEATING", ("BNS 318(4)",), ("IPC 420",), 4.0, detection=0.55),
    _H(
        "CHEATING",
        "ONLINE FRAUD",
        ("BNS 318(4)", "IT Act 66D"),
        ("IPC 420", "IT Act 66D"),
        3.0,
        detection=0.2,
    ),
    _H(
        "CRIMINAL BREACH OF TRUST",
        "CRIMINAL BREACH OF TRUST",
        ("BNS 316(2)",),
        ("IPC 406",),
        1.5,
        detection=0.6,
    ),
    _H(
        "FORGERY",
        "FORGERY FOR CHEATING",
        ("BNS 336(3)", "BNS 340(2)"),
        ("IPC 468", "IPC 471"),
        0.8,
        detection=0.6,
    ),
    _H(
        "CYBER CRIME",
        "IDENTITY THEFT",
        ("IT Act 66C", "BNS 319(2)"),
        ("IT Act 66C", "IPC 419"),
        1.0,
        detection=0.25,
    ),
    _H(
        "CYBER CRIME",
        "OBSCENE MATERIAL ONLINE",
        ("IT Act 67",),
        ("IT Act 67",),
        0.4,
        base_sensitivity=3,
        detection=0.4,
    ),
    _H(
        "KIDNAPPING AND ABDUCTION",
        "KIDNAPPING",
        ("BNS 137(2)",),
        ("IPC 363",),
        0.9,
        base_sensitivity=3,
        juvenile_rate=0.6,
        detection=0.75,
    ),
    _H(
        "KIDNAPPING AND ABDUCTION",
        "KIDNAPPING TO COMPEL MARRIAGE",
        ("BNS 87",),
        ("IPC 366",),
        0.4,
        base_sensitivity=3,
        juvenile_rate=0.3,
        detection=0.75,
    ),
    _H(
        "RAPE",
        "RAPE",
        ("BNS 64",),
        ("IPC 376",),
        0.5,
        sexual_offence=True,
        base_sensitivity=4,
        juvenile_rate=0.05,
        detection=0.85,
    ),
    _H(
        "POCSO",
        "PENETRATIVE SEXUAL ASSAULT ON CHILD",
        ("POCSO 4", "BNS 65(1)"),
        ("POCSO 4", "IPC 376"),
        0.5,
        sexual_offence=True,
        base_sensitivity=5,
        juvenile_rate=1.0,
        detection=0.9,
    ),
    _H(
        "POCSO",
        "SEXUAL ASSAULT ON CHILD",
        ("POCSO 8", "BNS 74"),
        ("POCSO 8", "IPC 354"),
        0.45,
        sexual_offence=True,
        base_sensitivity=5,
        juvenile_rate=1.0,
        detection=0.9,
    ),
    _H(
        "MOLESTATION",
        "ASSAULT TO OUTRAGE MODESTY",
        ("BNS 74",),
        ("IPC 354",),
        1.4,
        sexual_offence=True,
        base_sensitivity=4,
        juvenile_rate=0.03,
        detection=0.8,
    ),
    _H(
        "MOLESTATION",
        "SEXUAL HARASSMENT",
        ("BNS 75",),
        ("IPC 354A",),
        0.5,
        sexual_offence=True,
        base_sensitivity=4,
        detection=0.75,
    ),
    _H(
        "MOLESTATION",
        "INSULTING MODESTY OF A WOMAN",
        ("BNS 79",),
        ("IPC 509",),
        0.5,
        sexual_offence=True,
        base_sensitivity=4,
        detection=0.75,
    ),
    _H(
        "CRUELTY BY HUSBAND",
        "CRUELTY BY HUSBAND OR RELATIVES",
        ("BNS 85", "BNS 3(5)"),
        ("IPC 498A", "IPC 34"),
        2.5,
        base_sensitivity=3,
        detection=0.8,
    ),
    _H(
        "DOWRY DEATHS",
        "DOWRY DEATH",
        ("BNS 80(2)",),
        ("IPC 304B",),
        0.1,
        base_sensitivity=3,
        detection=0.95,
    ),
    _H(
        "ABETMENT OF SUICIDE",
        "ABETMENT OF SUICIDE",
        ("BNS 108",),
        ("IPC 306",),
        0.4,
        base_sensitivity=2,
        detection=0.7,
    ),
    _H("MISSING PERSON", "MISSING MAN", ("BNSS 173",), ("CrPC 154",), 1.8, detection=0.8),
    _H(
        "MISSING PERSON",
        "MISSING WOMAN",
        ("BNSS 173",),
        ("CrPC 154",),
        1.8,
        base_sensitivity=2,
        detection=0.8,
    ),
    _H(
        "MISSING PERSON",
        "MISSING CHILD",
        ("BNS 137(2)",),
        ("IPC 363",),
        0.8,
        base_sensitivity=3,
        juvenile_rate=1.0,
        detection=0.85,
    ),
    _H(
        "NARCOTIC DRUGS AND PSYCHOTROPIC SUBSTANCES",
        "GANJA POSSESSION",
        ("NDPS 20(b)",),
        ("NDPS 20(b)",),
        1.2,
        base_sensitivity=2,
        juvenile_rate=0.02,
        vehicle_status="Seized",
        detection=0.97,
    ),
    _H(
        "NARCOTIC DRUGS AND PSYCHOTROPIC SUBSTANCES",
        "DRUG CONSUMPTION",
        ("NDPS 27",),
        ("NDPS 27",),
        0.8,
        base_sensitivity=2,
        juvenile_rate=0.03,
        detection=0.98,
    ),
    _H(
        "MOTOR VEHICLE ACCIDENTS FATAL",
        "FATAL ROAD ACCIDENT",
        ("BNS 281", "BNS 106(1)"),
        ("IPC 279", "IPC 304A"),
        3.0,
        vehicle_status="Involved",
        detection=0.9,
    ),
    _H(
        "MOTOR VEHICLE ACCIDENTS FATAL",
        "HIT AND RUN",
        ("BNS 281", "BNS 106(2)"),
        ("IPC 279", "IPC 304A"),
        0.4,
        vehicle_status="Involved",
        detection=0.4,
    ),
    _H(
        "MOTOR VEHICLE ACCIDENTS NON-FATAL",
        "NON-FATAL ROAD ACCIDENT",
        ("BNS 281", "BNS 125(a)"),
        ("IPC 279", "IPC 337"),
        7.0,
        juvenile_rate=0.02,
        vehicle_status="Involved",
        detection=0.9,
    ),
    _H(
        "KARNATAKA POLICE ACT 1963", "GAMBLING", ("KP Act 87",), ("KP Act 87",), 2.5, detection=0.99
    ),
    _H(
        "KARNATAKA POLICE ACT 1963",
        "PUBLIC NUISANCE",
        ("KP Act 92",),
        ("KP Act 92",),
        1.5,
        detection=0.99,
    ),
    _H("UNNATURAL DEATH", "UNNATURAL DEATH", ("BNSS 194",), ("CrPC 174",), 2.0, detection=0.9),
)

_BY_HEAD: dict[str, CrimeHead] = {h.crime_head: h for h in CRIME_HEADS}


def all_heads() -> tuple[CrimeHead, ...]:
    """Every crime head, in a stable order."""
    return CRIME_HEADS


def crime_groups() -> tuple[str, ...]:
    """Distinct crime groups, in head order."""
    return tuple(dict.fromkeys(h.crime_group for h in CRIME_HEADS))


def heads_in_group(group: str) -> tuple[CrimeHead, ...]:
    """The heads of one crime group (case-insensitive, surrounding spaces ignored)."""
    key = group.strip().upper()
    return tuple(h for h in CRIME_HEADS if h.crime_group == key)


def head_by_name(name: str) -> CrimeHead:
    """The head with this exact name (case-insensitive); KeyError if unknown."""
    return _BY_HEAD[name.strip().upper()]


def sexual_offence_heads() -> tuple[CrimeHead, ...]:
    """Heads whose victims' identities are protected (BNS 64-79, POCSO)."""
    return tuple(h for h in CRIME_HEADS if h.sexual_offence)
