"""A replica for the two-process tests: appends batches through the service trail.

Usage: python -m tests.tools.audit.replica_writer CONFIG_JSON TAG BATCHES GO_FILE
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from schemas.audit import AuditEvent
from tools.audit.trail import AuditConfig, AuditTrail


def main(config_json: str, tag: str, batches: int, go_file: Path) -> None:
    raw = json.loads(config_json)
    config = AuditConfig(
        home=Path(raw["home"]),
        backend=raw["backend"],
        pg_dsn=raw.get("pg_dsn"),
        demo_mode=False,
        signing_key_file=Path(raw["key_file"]),
        checkpoint_interval_s=0,
    )
    trail = AuditTrail(config)
    go_file.with_name(f"ready-{tag}").touch()
    deadline = time.monotonic() + 30
    while not go_file.exists() and time.monotonic() < deadline:
        time.sleep(0.005)
    try:
        for n in range(batches):
            trail.append(
                [AuditEvent(kind="t", request_id=f"{tag}-{n}", ts="t", step=k) for k in range(3)]
            )
    finally:
        trail.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), Path(sys.argv[4]))
