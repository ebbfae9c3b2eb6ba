"""Finding 1 through the outer edges: `crimeassist zcql run` and the HTTP API, each over two
databases that differ only in a sealed FIR of the constable's precinct."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.api.service import create_app
from app.auth import TokenService
from app.cli import main
from app.settings import Settings
from tests.noninterference.graph_pair import RUN_FIELDS
from tests.noninterference.regressions import CONSTABLE, VISIBLE, WITH_SEALED
from tests.noninterference.world import write_sqlite

#: The oracle of the finding: a comparison on an unmasked column of the sealed FIR.
PROBE = "SELECT COUNT(fir_id) FROM firs WHERE precinct_id = 'BLR-E-KRP' AND crime_head >= 'R'"


@pytest.fixture(scope="module")
def homes(tmp_path_factory: pytest.TempPathFactory, demo_home: Path) -> list[Path]:
    out = []
    for name, world in (("plain", VISIBLE), ("sealed", WITH_SEALED)):
        home = tmp_path_factory.mktemp(f"edges-{name}")
        write_sqlite(home / "records.db", world)
        shutil.copytree(demo_home / "qdrant", home / "qdrant")
        out.append(home)
    return out


@pytest.mark.parametrize("statement", [PROBE, PROBE.replace("COUNT(fir_id)", "fir_id")])
def test_finding_1_zcql_run_prints_the_same_whatever_is_sealed(
    homes: list[Path], statement: str, capsys: pytest.CaptureFixture[str]
) -> None:
    printed = []
    for home in homes:
        code = main(
            [
                "zcql",
                "run",
                statement,
                "--as",
                CONSTABLE.badge_id,
                "--json",
                "--db",
                str(home / "records.db"),
            ]
        )
        assert code == 0
        printed.append(json.loads(capsys.readouterr().out))
    assert printed[0] == printed[1]
    assert "withheld_rows" not in printed[0]


@pytest.fixture(scope="module")
def clients(homes: list[Path]) -> Iterator[list[tuple[TestClient, Settings]]]:
    settings = [Settings(home=home) for home in homes]
    with TestClient(create_app(settings[0])) as a, TestClient(create_app(settings[1])) as b:
        yield [(a, settings[0]), (b, settings[1])]


@pytest.mark.parametrize(
    "message",
    ["how many FIRs in KR Puram last month", "/vehicle KA04VK5932", "/person Chitra Shetty"],
)
def test_finding_1_http_chat_answers_the_same_whatever_is_sealed(
    clients: list[tuple[TestClient, Settings]], message: str
) -> None:
    bodies = []
    for client, settings in clients:
        token = TokenService.from_settings(settings).mint(CONSTABLE.badge_id)
        reply = client.post(
            "/v1/chat", headers={"Authorization": f"Bearer {token}"}, json={"message": message}
        )
        assert reply.status_code == 200
        bodies.append({k: v for k, v in reply.json().items() if k not in RUN_FIELDS})
    assert bodies[0] == bodies[1]
