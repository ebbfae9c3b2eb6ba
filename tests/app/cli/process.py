"""The command line run as a separate process, as an officer's shell would run it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def run_python(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`python <args>` from the checkout with CRIMEASSIST_HOME at `home`; output captured."""
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env={**os.environ, "CRIMEASSIST_HOME": str(home)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
