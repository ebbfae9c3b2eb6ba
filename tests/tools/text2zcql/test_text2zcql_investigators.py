"""The IO roster the parser grounds names against is the one the records were seeded with."""

from __future__ import annotations

from tools.text2zcql.investigators import INVESTIGATORS, investigators_in


def test_roster_gives_surname_and_initial_of_each_io() -> None:
    shankar = next(i for i in INVESTIGATORS if i.io_badge == "1001309")
    assert (shankar.io_name, shankar.surname, shankar.initial) == (
        "D. Shankar (PSI)",
        "shankar",
        "d",
    )


def test_ios_are_scoped_to_precincts() -> None:
    kr_puram = investigators_in(["BLR-E-KRP"])
    assert kr_puram and all(i.precinct_id == "BLR-E-KRP" for i in kr_puram)
    assert len({i.io_badge for i in INVESTIGATORS}) == len(INVESTIGATORS)
