"""Investigating officers of each station (the demo roster the records were seeded with).

The IO pool of a station is reference data, fixed per station and independent of the data
seed, so the parser can ground "IO D. Shankar" without reading the database.
"""

from __future__ import annotations

from dataclasses import dataclass

from tools.domain.seed_names import IO_POOLS


@dataclass(frozen=True, slots=True)
class Investigator:
    """One IO: KGID badge, display name with rank, and station."""

    io_badge: str
    io_name: str
    precinct_id: str

    @property
    def surname(self) -> str:
        """The name without initial and rank: 'D. Shankar (PSI)' -> 'shankar'."""
        return self.io_name.split("(")[0].split(".")[-1].strip().lower()

    @property
    def initial(self) -> str:
        """The initial, lower case: 'D. Shankar (PSI)' -> 'd'."""
        return self.io_name.split(".")[0].strip().lower()


INVESTIGATORS: tuple[Investigator, ...] = tuple(
    Investigator(o.io_badge, o.io_name, precinct)
    for precinct, pool in IO_POOLS.items()
    for o in pool
)


def investigators_in(precincts: tuple[str, ...] | list[str]) -> tuple[Investigator, ...]:
    """The IOs of these precincts, in roster order."""
    wanted = set(precincts)
    return tuple(i for i in INVESTIGATORS if i.precinct_id in wanted)
