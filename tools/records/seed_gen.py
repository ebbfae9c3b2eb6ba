"""Vectorised generation of one registration year of demo FIRs, persons and vehicles.

All draws come from one numpy Generator per (seed, year), so a year's rows depend only on
the seed, the year's span and its FIR count. Rows are returned as tuples in the column
order of `seed_schema.TABLE_COLUMNS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

import numpy as np
import numpy.typing as npt

from tools.domain import seed_names as nm
from tools.domain.crimes import CRIME_HEADS
from tools.domain.places import LOCALITIES, STATIONS
from tools.records.canaries import CANARY_PLATES
from tools.records.seed_text import GENERIC, ITEMS, TEMPLATES

Row = tuple[Any, ...]
IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

STATUSES = ("Under Investigation", "Charge Sheeted", "Closed", "Undetected", "Transferred")
UI, CS, CLOSED, UNDETECTED, TRANSFERRED = range(5)
MODES = ("Walk-in", "e-FIR", "Zero FIR", "Phone", "Suo Motu")
ZERO_FIR, SUO_MOTU = MODES.index("Zero FIR"), MODES.index("Suo Motu")
ROLES = ("complainant", "victim", "accused", "witness")

# Relative share of FIRs per station: Bengaluru stations are busier.
_STATION_P = np.array([1.6 if s.district.startswith("Bengaluru") else 1.0 for s in STATIONS])
_STATION_P /= _STATION_P.sum()
_HEAD_P = np.array([h.weight for h in CRIME_HEADS])
_HEAD_P /= _HEAD_P.sum()
# Registration hour: quiet at night, busiest late morning to evening.
_HOUR_W = np.array(
    [2, 1.5, 1, 1, 1, 1.5, 2.5, 4, 5, 6, 7, 7, 7, 6.5, 6, 6, 6, 6.5, 7, 7, 6, 5, 4, 3]
)
_HOUR_P = _HOUR_W / _HOUR_W.sum()


def _by_head(default: float, overrides: dict[str, float]) -> npt.NDArray[np.float64]:
    return np.array(
        [overrides.get(h.crime_head, overrides.get(h.crime_group, default)) for h in CRIME_HEADS]
    )


_MODE_PROFILES: dict[str, tuple[float, ...]] = {
    "default": (0.70, 0.06, 0.03, 0.14, 0.07),
    "property": (0.50, 0.40, 0.03, 0.05, 0.02),
    "online": (0.45, 0.35, 0.12, 0.08, 0.00),
    "raid": (0.03, 0.00, 0.00, 0.07, 0.90),
    "accident": (0.45, 0.00, 0.03, 0.32, 0.20),
    "sexual": (0.80, 0.00, 0.08, 0.12, 0.00),
}
_MODE_OF_HEAD = {
    "TWO-WHEELER THEFT": "property",
    "FOUR-WHEELER THEFT": "property",
    "MOBILE PHONE THEFT": "property",
    "ONLINE FRAUD": "online",
    "IDENTITY THEFT": "online",
    "OBSCENE MATERIAL ONLINE": "online",
    "GANJA POSSESSION": "raid",
    "DRUG CONSUMPTION": "raid",
    "GAMBLING": "raid",
    "PUBLIC NUISANCE": "raid",
    "FATAL ROAD ACCIDENT": "accident",
    "HIT AND RUN": "accident",
    "NON-FATAL ROAD ACCIDENT": "accident",
}
_MODE_CUM = np.cumsum(
    [
        _MODE_PROFILES[_MODE_OF_HEAD.get(h.crime_head, "sexual" if h.sexual_offence else "default")]
        for h in CRIME_HEADS
    ],
    axis=1,
)

_IS = {
    name: np.array([h.crime_head in heads or h.crime_group in heads for h in CRIME_HEADS])
    for name, heads in {
        "no_victim": {
            "GANJA POSSESSION",
            "DRUG CONSUMPTION",
            "GAMBLING",
            "PUBLIC NUISANCE",
            "RECEIVING STOLEN PROPERTY",
        },
        "no_accused": {"MISSING MAN", "MISSING WOMAN", "UNNATURAL DEATH"},
        "closes": {"MISSING MAN", "MISSING WOMAN", "UNNATURAL DEATH", "MISSING CHILD"},
        "child_victim": {"POCSO", "KIDNAPPING", "KIDNAPPING TO COMPEL MARRIAGE", "MISSING CHILD"},
        "female_victim": {
            "RAPE",
            "MOLESTATION",
            "CRUELTY BY HUSBAND",
            "DOWRY DEATHS",
            "MISSING WOMAN",
            "KIDNAPPING TO COMPEL MARRIAGE",
            "CHAIN SNATCHING",
        },
        "male_victim": {"MISSING MAN"},
        "all_child_victims": {"POCSO", "MISSING CHILD"},
        "online": {"ONLINE FRAUD", "IDENTITY THEFT", "OBSCENE MATERIAL ONLINE"},
        "gang": {"GAMBLING", "RIOTING", "DACOITY"},
        "snatch": {"CHAIN SNATCHING", "ROBBERY", "ROBBERY WITH DEADLY WEAPON"},
    }.items()
}
_DELAY_H = _by_head(
    6.0,
    {
        "CHEATING": 240.0,
        "ONLINE FRAUD": 30.0,
        "CRIMINAL BREACH OF TRUST": 480.0,
        "FORGERY": 720.0,
        "IDENTITY THEFT": 120.0,
        "CRUELTY BY HUSBAND": 240.0,
        "HOUSE THEFT": 20.0,
        "MISSING PERSON": 30.0,
        "TWO-WHEELER THEFT": 12.0,
    },
)
_DETECTION = np.array([h.detection for h in CRIME_HEADS])
_BASE_SENS = np.array([h.base_sensitivity for h in CRIME_HEADS])
_SEXUAL = np.array([h.sexual_offence for h in CRIME_HEADS])
_JUV_RATE = np.array([h.juvenile_rate for h in CRIME_HEADS])
_VEH = {
    s: np.array([h.vehicle_status == s for h in CRIME_HEADS])
    for s in ("Stolen", "Involved", "Seized")
}
_FOUR_WHEELER = np.array([h.crime_head == "FOUR-WHEELER THEFT" for h in CRIME_HEADS])

_STATION_IDS = [s.precinct_id for s in STATIONS]
_STATION_LAT = np.array([s.latitude for s in STATIONS])
_STATION_LON = np.array([s.longitude for s in STATIONS])
_LOCALITIES = [LOCALITIES[i] for i in _STATION_IDS]
_N_LOC = np.array([len(loc) for loc in _LOCALITIES])
_TOWN = [nm.TOWNS[s.district] for s in STATIONS]
_RTO = [nm.RTO_CODES[s.district] for s in STATIONS]
_ORDINALS = ["0th", "1st", "2nd", "3rd"] + [f"{i}th" for i in range(4, 16)]
_PLATE_LETTERS = np.array(list("ABCDEFGHJKLMNPQRSTUVWXYZ"))


@dataclass(frozen=True, slots=True)
class YearRows:
    """The generated rows of one registration year."""

    firs: list[Row]
    persons: list[Row]
    vehicles: list[Row]


def _times(seconds: IntArray) -> list[str]:
    stamps = np.datetime_as_string(seconds.astype("datetime64[s]"), unit="s")
    return [s.replace("T", " ") for s in stamps.tolist()]


def _pick(rng: np.random.Generator, cum: npt.NDArray[np.float64], rows: IntArray) -> IntArray:
    """One category per row from per-row cumulative probabilities `cum[rows]`."""
    u = rng.random(len(rows))[:, None]
    picked: IntArray = np.minimum((u > cum[rows]).sum(axis=1), cum.shape[1] - 1)
    return picked


def _plates(rng: np.random.Generator, station: IntArray) -> list[str]:
    n = len(station)
    kind = rng.random(n)
    letters = _PLATE_LETTERS[rng.integers(0, len(_PLATE_LETTERS), (n, 2))]
    number = rng.integers(1, 10_000, n)
    rto_pick = rng.integers(0, 3, n)
    year = rng.integers(21, 27, n)
    other = rng.integers(0, len(nm.OTHER_STATE_PREFIXES), n)
    out = []
    for i in range(n):
        ab = letters[i, 0] + letters[i, 1]
        if kind[i] < 0.03:
            plate = f"{year[i]:02d}BH{number[i]:04d}{ab}"
        elif kind[i] < 0.06:
            plate = f"{nm.OTHER_STATE_PREFIXES[other[i]]}{ab}{number[i]:04d}"
        else:
            codes = _RTO[station[i]]
            plate = f"KA{codes[rto_pick[i] % len(codes)]}{ab}{number[i]:04d}"
        out.append(plate if plate not in CANARY_PLATES else plate[:-1] + "0")
    return out


def generate_year(
    seed: int, year: int, first: date, last: date, count: int, reserved: set[int], today: date
) -> YearRows:
    """FIRs registered from `first` to `last` (inclusive) of one year, with people and vehicles."""
    rng = np.random.default_rng([seed, year])
    m = count
    if m == 0:
        return YearRows([], [], [])
    ndays = (last - first).days + 1
    base = np.datetime64(first, "s").astype(np.int64)
    reg = base + rng.integers(0, ndays, m) * 86_400 + rng.choice(24, m, p=_HOUR_P) * 3600
    reg = np.sort(reg + rng.integers(0, 3600, m))
    serials = np.setdiff1d(np.arange(1, m + len(reserved) + 1), sorted(reserved))[:m]
    fir_ids = [f"FIR-{year}-{s:05d}" for s in serials.tolist()]

    st = rng.choice(len(STATIONS), m, p=_STATION_P)
    hd = rng.choice(len(CRIME_HEADS), m, p=_HEAD_P)
    occ = reg - (rng.exponential(1.0, m) * _DELAY_H[hd] * 3600).astype(np.int64)
    occ = occ - occ % 60
    end_of_today = int(np.datetime64(today + timedelta(days=1), "s").astype(np.int64)) - 1
    age_days = (end_of_today - reg) / 86_400

    mode = _pick(rng, _MODE_CUM, hd)
    disposed = rng.random(m) < 0.92 * (1 - np.exp(-age_days / 150))
    detected = rng.random(m) < _DETECTION[hd]
    closes = _IS["closes"][hd]
    status = np.where(
        detected & ~closes,
        CS,
        np.where(detected | (_DETECTION[hd] >= 0.5) | closes, CLOSED, UNDETECTED),
    )
    status = np.where(disposed, status, UI)
    status = np.where((mode == ZERO_FIR) & (rng.random(m) < 0.7), TRANSFERRED, status)
    status = np.where(rng.random(m) < 0.005, TRANSFERRED, status)

    juvenile = rng.random(m) < _JUV_RATE[hd]
    bump1 = rng.choice(5, m, p=[0.70, 0.24, 0.045, 0.01, 0.005])
    bump_hi = rng.random(m) < np.where(_SEXUAL[hd], 0.2, 0.1)
    sens = np.where(_BASE_SENS[hd] == 1, 1 + bump1, _BASE_SENS[hd] + bump_hi)
    sens = np.clip(np.where(juvenile, np.maximum(sens, 3), sens), 1, 5)

    victims = np.where(_IS["no_victim"][hd], 0, rng.choice([1, 2, 3], m, p=[0.88, 0.09, 0.03]))
    known = (status == CS) | ((status != UNDETECTED) & (rng.random(m) < _DETECTION[hd]))
    known &= ~_IS["no_accused"][hd]
    accused = np.where(
        _IS["gang"][hd],
        rng.integers(3, 9, m),
        rng.choice([1, 2, 3, 4], m, p=[0.62, 0.24, 0.10, 0.04]),
    )
    accused = np.where(known, accused, 0)
    arrest_p = np.select([status == CS, status == UI], [0.9, 0.45], 0.2)
    arrested = rng.binomial(accused, arrest_p)
    # The juvenile is the first victim (child-victim heads, or no known accused), else the first
    # accused; an FIR only involves a juvenile if that person exists.
    juvenile &= np.where(_IS["child_victim"][hd] | (accused == 0), victims > 0, accused > 0)

    loc = (rng.random(m) * _N_LOC[st]).astype(np.int64)
    landmark = rng.integers(0, len(nm.LANDMARKS), m)
    lat = np.round(_STATION_LAT[st] + rng.normal(0, 0.01, m), 6)
    lon = np.round(_STATION_LON[st] + rng.normal(0, 0.01, m), 6)
    io = rng.integers(0, len(nm.IO_RANKS), m)
    value = (rng.lognormal(10.3, 1.0, m).astype(np.int64) // 100 + 1) * 100

    vehicles, first_vehicle = _vehicles(rng, fir_ids, st, hd, status)
    persons = _persons(
        rng, fir_ids, st, hd, victims, accused, arrested, juvenile, mode, io, reg, end_of_today
    )

    reg_s, occ_s = _times(reg), _times(occ)
    template = rng.integers(0, 2, m)
    item = rng.integers(0, len(ITEMS), m)
    online = _IS["online"][hd]
    firs: list[Row] = []
    for i in range(m):
        s, h = int(st[i]), CRIME_HEADS[hd[i]]
        locality = _LOCALITIES[s][loc[i]]
        place = "Online" if online[i] else f"Near {nm.LANDMARKS[landmark[i]]}, {locality}"
        officer = nm.IO_POOLS[_STATION_IDS[s]][io[i]]
        reg_date = date.fromisoformat(reg_s[i][:10])
        templates = TEMPLATES.get(h.crime_head, GENERIC)
        facts = templates[template[i] % len(templates)].format(
            date=occ_s[i][:10],
            time=occ_s[i][11:16],
            place=place,
            value=f"Rs {value[i]:,}",
            vehicle=first_vehicle.get(i, "a two-wheeler"),
            item=ITEMS[item[i]],
        )
        firs.append(
            (
                fir_ids[i],
                _STATION_IDS[s],
                STATIONS[s].district,
                reg_s[i],
                occ_s[i],
                h.crime_group,
                h.crime_head,
                h.act_sections(reg_date),
                STATUSES[status[i]],
                place,
                f"{locality} Beat",
                None if online[i] else float(lat[i]),
                None if online[i] else float(lon[i]),
                officer.io_badge,
                officer.io_name,
                MODES[mode[i]],
                int(sens[i]),
                int(juvenile[i]),
                int(h.sexual_offence),
                int(victims[i]),
                int(accused[i]),
                int(arrested[i]),
                facts,
            )
        )
    return YearRows(firs, persons, vehicles)


def _vehicles(
    rng: np.random.Generator, fir_ids: list[str], st: IntArray, hd: IntArray, status: IntArray
) -> tuple[list[Row], dict[int, str]]:
    m = len(fir_ids)
    count = np.where(_VEH["Stolen"][hd], 1, 0)
    count = np.where(_VEH["Involved"][hd], rng.choice([1, 2, 3], m, p=[0.55, 0.40, 0.05]), count)
    count = np.where(_VEH["Seized"][hd] & (rng.random(m) < 0.35), 1, count)
    count = np.where(_IS["snatch"][hd] & (rng.random(m) < 0.3), 1, count)
    fir = np.repeat(np.arange(m), count)
    if len(fir) == 0:
        return [], {}
    k = np.arange(len(fir)) - (np.cumsum(count) - count)[fir] + 1
    h = hd[fir]
    recovered = ((status[fir] == CS) & (rng.random(len(fir)) < 0.75)) | (
        (status[fir] == CLOSED) & (rng.random(len(fir)) < 0.3)
    )
    vstatus = np.where(
        _VEH["Stolen"][h],
        np.where(recovered, "Recovered", "Stolen"),
        np.where(_VEH["Seized"][h], "Seized", "Involved"),
    )
    kind = rng.random(len(fir))
    kind = np.where(
        _FOUR_WHEELER[h], 0.7, np.where(_VEH["Stolen"][h] | ~_VEH["Involved"][h], 0.0, kind)
    )
    make2 = rng.integers(0, len(nm.TWO_WHEELERS), len(fir))
    make4 = rng.integers(0, len(nm.CARS), len(fir))
    other = rng.integers(0, len(nm.OTHER_VEHICLES), len(fir))
    colour = rng.integers(0, len(nm.COLOURS), len(fir))
    plates = _plates(rng, st[fir])
    rows: list[Row] = []
    first: dict[int, str] = {}
    for j in range(len(fir)):
        if kind[j] < 0.55:
            vtype, make = "Two-wheeler", nm.TWO_WHEELERS[make2[j]]
        elif kind[j] < 0.85:
            vtype, make = "Car", nm.CARS[make4[j]]
        else:
            vtype, make = nm.OTHER_VEHICLES[other[j]]
        i = int(fir[j])
        first.setdefault(i, f"{make} {plates[j]}")
        rows.append(
            (
                f"{fir_ids[i]}-V{k[j]}",
                fir_ids[i],
                _STATION_IDS[st[i]],
                plates[j],
                vtype,
                make,
                nm.COLOURS[colour[j]],
                str(vstatus[j]),
            )
        )
    return rows, first


def _persons(
    rng: np.random.Generator,
    fir_ids: list[str],
    st: IntArray,
    hd: IntArray,
    victims: IntArray,
    accused: IntArray,
    arrested: IntArray,
    juvenile: BoolArray,
    mode: IntArray,
    io: IntArray,
    reg: IntArray,
    end_of_today: int,
) -> list[Row]:
    m = len(fir_ids)
    witnesses = rng.choice([0, 1, 2], m, p=[0.5, 0.35, 0.15])
    counts = np.stack([np.ones(m, np.int64), victims, accused, witnesses], axis=1)
    total = counts.sum(axis=1)
    fir = np.repeat(np.arange(m), total)
    role = np.repeat(np.tile(np.arange(4), m), counts.ravel())
    start = np.cumsum(counts, axis=1) - counts  # offset of each role inside its FIR
    ordinal = np.arange(len(fir)) - (np.cumsum(total) - total)[fir]
    k_role = ordinal - start[fir, role]  # 0-based index inside the role
    n = len(fir)
    h = hd[fir]

    child_victim = _IS["child_victim"][h]
    juv = (
        juvenile[fir]
        & (k_role == 0)
        & np.where(child_victim | (accused[fir] == 0), role == 1, role == 2)
    )
    juv |= (role == 1) & juvenile[fir] & _IS["all_child_victims"][h]

    female_p = np.select(
        [
            role == 0,
            (role == 1) & _IS["female_victim"][h],
            (role == 1) & _IS["male_victim"][h],
            (role == 1) & _SEXUAL[h],
            role == 1,
            role == 2,
        ],
        [0.38, 1.0, 0.0, 0.9, 0.45, 0.08],
        0.4,
    )
    female = rng.random(n) < female_p
    adult_age = np.select(
        [role == 2, role == 0], [rng.normal(31, 9, n), rng.normal(42, 12, n)], rng.normal(35, 13, n)
    )
    age = np.where(
        juv,
        np.where(role == 2, rng.integers(14, 18, n), rng.integers(4, 18, n)),
        np.clip(adult_age, 18, 85),
    ).astype(np.int64)
    first_m = rng.integers(0, len(nm.MALE_FIRST), n)
    first_f = rng.integers(0, len(nm.FEMALE_FIRST), n)
    surname = rng.integers(0, len(nm.SURNAMES), n)
    initial = rng.integers(0, len(nm.INITIALS), n)
    initial_style = rng.random(n) < 0.25
    has_phone = (rng.random(n) < np.select([role == 0, role == 2], [0.9, 0.5], 0.65)) & ~juv
    phone = rng.integers(6, 10, n) * 1_000_000_000 + rng.integers(0, 1_000_000_000, n)
    house = rng.integers(1, 400, n)
    cross = rng.integers(1, 16, n)
    pin = rng.integers(1, 100, n)
    addr_loc = (rng.random(n) * _N_LOC[st[fir]]).astype(np.int64)
    is_arrested = (role == 2) & (k_role < arrested[fir])
    arrested_at = np.minimum(
        reg[fir] + (rng.exponential(3.0, n) * 86_400).astype(np.int64), end_of_today
    )
    arrested_s = _times(arrested_at)
    suo_motu = (mode[fir] == SUO_MOTU) & (role == 0)

    rows: list[Row] = []
    for j in range(n):
        i, s = int(fir[j]), int(st[fir[j]])
        if suo_motu[j]:
            officer = nm.IO_POOLS[_STATION_IDS[s]][io[i]]
            rows.append(
                (
                    f"{fir_ids[i]}-P{ordinal[j] + 1}",
                    fir_ids[i],
                    _STATION_IDS[s],
                    "complainant",
                    officer.io_name,
                    None,
                    "Male",
                    None,
                    STATIONS[s].station_name,
                    0,
                    0,
                    None,
                )
            )
            continue
        given = nm.FEMALE_FIRST[first_f[j]] if female[j] else nm.MALE_FIRST[first_m[j]]
        name = (
            f"{nm.INITIALS[initial[j]]}. {given}"
            if initial_style[j]
            else f"{given} {nm.SURNAMES[surname[j]]}"
        )
        town, pin4 = _TOWN[s]
        address = (
            f"{house[j]}, {_ORDINALS[cross[j]]} Cross, {_LOCALITIES[s][addr_loc[j]]}, "
            f"{town} {pin4}{pin[j]:02d}"
        )
        rows.append(
            (
                f"{fir_ids[i]}-P{ordinal[j] + 1}",
                fir_ids[i],
                _STATION_IDS[s],
                ROLES[role[j]],
                name,
                int(age[j]),
                "Female" if female[j] else "Male",
                str(phone[j]) if has_phone[j] else None,
                address,
                int(juv[j]),
                int(is_arrested[j]),
                arrested_s[j] if is_arrested[j] else None,
            )
        )
    return rows
