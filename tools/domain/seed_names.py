"""Vocabulary the seeder draws from: names, vehicles, registration codes, PIN prefixes, IOs."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tools.domain.places import STATIONS

MALE_FIRST = (
    "Manjunath",
    "Ravi",
    "Suresh",
    "Ramesh",
    "Mahesh",
    "Prakash",
    "Naveen",
    "Kiran",
    "Santosh",
    "Raghavendra",
    "Shivakumar",
    "Nagaraj",
    "Basavaraj",
    "Mallikarjun",
    "Venkatesh",
    "Girish",
    "Harish",
    "Praveen",
    "Srinivas",
    "Anil",
    "Sunil",
    "Vinay",
    "Chethan",
    "Darshan",
    "Pradeep",
    "Umesh",
    "Lokesh",
    "Yogesh",
    "Shankar",
    "Siddaraju",
    "Channappa",
    "Kumaraswamy",
    "Abdul",
    "Mohammed",
    "Imran",
    "Syed",
    "Joseph",
    "Anthony",
    "Rohan",
    "Arjun",
    "Vikram",
    "Sandeep",
    "Deepak",
    "Rajesh",
    "Ganesh",
    "Hanumantha",
    "Mohan",
    "Puneeth",
    "Sudeep",
    "Yash",
)
FEMALE_FIRST = (
    "Lakshmi",
    "Savitha",
    "Shobha",
    "Pushpa",
    "Kavya",
    "Divya",
    "Meghana",
    "Sowmya",
    "Anitha",
    "Sunitha",
    "Geetha",
    "Rekha",
    "Shilpa",
    "Bhavya",
    "Ramya",
    "Sahana",
    "Pooja",
    "Nandini",
    "Asha",
    "Usha",
    "Kamala",
    "Parvathi",
    "Gowramma",
    "Shwetha",
    "Spoorthi",
    "Apoorva",
    "Roopa",
    "Vani",
    "Jyothi",
    "Manjula",
    "Ayesha",
    "Fathima",
    "Shabana",
    "Mary",
    "Priya",
    "Deepa",
    "Chaitra",
    "Harini",
    "Keerthi",
    "Akshatha",
)
SURNAMES = (
    "Gowda",
    "Shetty",
    "Hegde",
    "Rao",
    "Naik",
    "Patil",
    "Kulkarni",
    "Reddy",
    "Murthy",
    "Swamy",
    "Achar",
    "Bhat",
    "Poojary",
    "Kamath",
    "Desai",
    "Joshi",
    "Hiremath",
    "Angadi",
    "Nayak",
    "Shastry",
    "Prasad",
    "Kumar",
    "Devi",
    "Pai",
    "Karanth",
    "Shenoy",
    "Biradar",
    "Talawar",
    "Madiwalar",
    "Pujar",
    "Khan",
    "Sheikh",
    "Pasha",
    "D'Souza",
    "Fernandes",
    "Lobo",
    "Iyer",
    "Nair",
    "Jain",
    "Naidu",
)
INITIALS = tuple("ABCDGHKLMNPRSTV")

#: Karnataka RTO codes by district (the first is the main office).
RTO_CODES: dict[str, tuple[str, ...]] = {
    "Bengaluru East": ("03", "53", "04"),
    "Bengaluru West": ("02", "01", "41"),
    "Bengaluru South": ("05", "51", "01"),
    "Bengaluru North": ("04", "50", "03"),
    "Mysuru": ("09", "55"),
    "Belagavi": ("22", "23"),
    "Kalaburagi": ("32",),
    "Mangaluru": ("19", "21"),
    "Hubballi-Dharwad": ("25", "63"),
    "Shivamogga": ("14", "15"),
    "Ballari": ("34", "35"),
    "Udupi": ("20",),
    "Mandya": ("11", "54"),
}
OTHER_STATE_PREFIXES = ("TN09", "TN22", "MH12", "MH09", "AP02", "TS09", "KL14", "GA07")

#: Town and first four PIN digits used in addresses, by district.
TOWNS: dict[str, tuple[str, str]] = {
    "Bengaluru East": ("Bengaluru", "5600"),
    "Bengaluru West": ("Bengaluru", "5600"),
    "Bengaluru South": ("Bengaluru", "5600"),
    "Bengaluru North": ("Bengaluru", "5600"),
    "Mysuru": ("Mysuru", "5700"),
    "Belagavi": ("Belagavi", "5900"),
    "Kalaburagi": ("Kalaburagi", "5851"),
    "Mangaluru": ("Mangaluru", "5750"),
    "Hubballi-Dharwad": ("Hubballi", "5800"),
    "Shivamogga": ("Shivamogga", "5772"),
    "Ballari": ("Ballari", "5831"),
    "Udupi": ("Udupi", "5761"),
    "Mandya": ("Mandya", "5714"),
}

TWO_WHEELERS = (
    "Honda Activa",
    "Hero Splendor Plus",
    "TVS Jupiter",
    "Bajaj Pulsar 150",
    "Royal Enfield Classic",
    "Yamaha FZ",
    "Suzuki Access",
    "TVS Apache",
    "Hero HF Deluxe",
    "Honda Shine",
)
CARS = (
    "Maruti Swift",
    "Hyundai i20",
    "Toyota Innova",
    "Tata Nexon",
    "Mahindra XUV700",
    "Maruti Alto",
    "Hyundai Creta",
    "Maruti Baleno",
    "Honda City",
    "Kia Seltos",
)
OTHER_VEHICLES = (
    ("Auto-rickshaw", "Bajaj RE"),
    ("Goods vehicle", "Tata Ace"),
    ("Lorry", "Ashok Leyland 1616"),
    ("Bus", "KSRTC Ashok Leyland"),
)
COLOURS = ("Black", "White", "Silver", "Red", "Blue", "Grey", "Maroon", "Yellow", "Green")
LANDMARKS = (
    "bus stand",
    "main road",
    "1st cross",
    "temple",
    "market",
    "apartment parking",
    "petrol bunk",
    "school",
    "railway station",
    "park",
    "bakery",
    "ATM",
    "hospital",
    "bar and restaurant",
)
IO_RANKS = ("PI", "PSI", "PSI", "PSI", "ASI", "HC")


@dataclass(frozen=True, slots=True)
class Officer:
    """An investigating officer of a station: KGID and display name with rank."""

    io_badge: str
    io_name: str


def io_pool(station_index: int) -> tuple[Officer, ...]:
    """The fixed IOs of the station at this index of STATIONS (independent of the data seed)."""
    rng = np.random.default_rng([2024, station_index])
    officers = []
    for k, rank in enumerate(IO_RANKS):
        initial = INITIALS[int(rng.integers(len(INITIALS)))]
        name = (MALE_FIRST + SURNAMES)[int(rng.integers(len(MALE_FIRST) + len(SURNAMES)))]
        kgid = 1_000_000 + station_index * 10_000 + k * 1_000 + int(rng.integers(1_000))
        officers.append(Officer(str(kgid), f"{initial}. {name} ({rank})"))
    return tuple(officers)


IO_POOLS: dict[str, tuple[Officer, ...]] = {
    s.precinct_id: io_pool(i) for i, s in enumerate(STATIONS)
}
