"""Stations, districts and name aliases."""

import re

import pytest

from tools.domain.places import (
    LOCALITIES,
    all_stations,
    districts,
    find_districts,
    find_stations,
    resolve_district,
    resolve_station,
    station_by_id,
    stations_in,
)


def test_precinct_ids_are_unique_and_well_formed() -> None:
    ids = [s.precinct_id for s in all_stations()]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[A-Z]{3}-[A-Z]-[A-Z]{3}", i) for i in ids)


def test_at_least_eight_districts_with_three_to_five_stations_each() -> None:
    assert len(districts()) >= 8
    for district in districts():
        assert 3 <= len(stations_in(district)) <= 5, district


def test_every_station_has_localities_and_karnataka_coordinates() -> None:
    for s in all_stations():
        assert len(LOCALITIES[s.precinct_id]) >= 3
        assert 11.5 < s.latitude < 18.5 and 74.0 < s.longitude < 78.6


def test_station_by_id_is_case_insensitive_and_rejects_unknown() -> None:
    assert station_by_id("blr-e-krp").station_name == "KR Puram PS"
    with pytest.raises(KeyError):
        station_by_id("XXX-X-XXX")


@pytest.mark.parametrize(
    ("name", "precinct"),
    [
        ("Whitefield PS", "BLR-E-WFD"),
        ("whitefield police station", "BLR-E-WFD"),
        ("Majestic", "BLR-W-UPP"),
        ("K R Puram", "BLR-E-KRP"),
        ("Hubballi Town PS", "HDH-C-HBT"),
        ("Shivamogga Rural", "SMG-R-SMR"),
        ("Mandya West", "MDY-U-MDW"),
        ("whitefeild", "BLR-E-WFD"),
        ("MYS-C-JLP", "MYS-C-JLP"),
    ],
)
def test_resolve_station_accepts_names_aliases_and_small_typos(name: str, precinct: str) -> None:
    station = resolve_station(name)
    assert station is not None and station.precinct_id == precinct


def test_resolve_station_returns_none_for_unrelated_text() -> None:
    assert resolve_station("Timbuktu") is None


def test_bangalore_means_all_four_bengaluru_divisions() -> None:
    assert set(resolve_district("Bangalore")) == {
        "Bengaluru East",
        "Bengaluru West",
        "Bengaluru South",
        "Bengaluru North",
    }


@pytest.mark.parametrize(
    ("name", "district"),
    [
        ("Mysore", "Mysuru"),
        ("Mysuru district", "Mysuru"),
        ("Belgaum", "Belagavi"),
        ("Dakshina Kannada", "Mangaluru"),
        ("Hubli", "Hubballi-Dharwad"),
        ("Shimoga", "Shivamogga"),
    ],
)
def test_resolve_district_knows_old_and_official_names(name: str, district: str) -> None:
    assert resolve_district(name) == (district,)


def test_find_stations_and_districts_scan_free_text() -> None:
    text = "Top 5 beats of Whitefield PS for night burglaries, and Mysore district totals"
    assert [s.precinct_id for s in find_stations(text)] == ["BLR-E-WFD"]
    assert find_districts(text) == ["Mysuru"]


def test_station_name_with_district_word_is_not_a_district_mention() -> None:
    assert find_districts("FIR 77/2025 Mandya West PS") == []


def test_find_stations_keeps_order_of_mention() -> None:
    found = find_stations("compare Hebbal with KR Puram and Hebbal again")
    assert [s.precinct_id for s in found] == ["BLR-N-HBL", "BLR-E-KRP"]


def test_district_and_its_station_both_count_when_named_separately() -> None:
    assert find_districts("Mandya district, especially Mandya West PS") == ["Mandya"]
