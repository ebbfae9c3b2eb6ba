from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from .conftest import FIXTURES

NOTEBOOK = Path(__file__).resolve().parents[3] / "notebooks" / "router_replay.ipynb"


def test_replay_notebook_runs_headless_and_draws_its_figures(
    monkeypatch: pytest.MonkeyPatch, router_cache: Path
):
    monkeypatch.setenv("MPLBACKEND", "Agg")
    monkeypatch.setenv("CRIMEASSIST_HOME", str(router_cache))
    monkeypatch.setenv("ROUTER_LOG", str(FIXTURES / "decisions.jsonl"))
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(
        notebook,
        kernel_name="python3",
        timeout=120,
        resources={"metadata": {"path": str(NOTEBOOK.parent)}},
    ).execute()
    outputs = [out for cell in notebook.cells if cell.cell_type == "code" for out in cell.outputs]
    assert not [out for out in outputs if out.output_type == "error"]
    images = [out for out in outputs if "image/png" in out.get("data", {})]
    assert len(images) == 4
    text = "".join(out.get("text", "") for out in outputs if out.output_type == "stream")
    assert "replayed 30 decisions" in text
    assert "decisions.jsonl" in text
