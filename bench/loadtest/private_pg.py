"""A private PostgreSQL instance the harness starts itself: own data directory and port."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from bench.loadtest.cpu import tree_cpu_seconds


def free_port() -> int:
    """An unused TCP port on the loopback interface."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def pg_bin(name: str) -> str:
    """A PostgreSQL server binary (Debian keeps them out of PATH)."""
    found = shutil.which(name) or next(
        iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))), None
    )
    if not found:
        raise RuntimeError(f"PostgreSQL's {name} is not installed (apt-get install postgresql)")
    return found


class PrivatePostgres:
    """initdb + pg_ctl on 127.0.0.1:<port>; stop() and start() inject an outage."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="crimeassist-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self.run_as = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        if self.run_as:
            shutil.chown(self.root, "postgres", "postgres")

    def dsn(self, dbname: str = "postgres", user: str = "postgres") -> str:
        """A DSN for this instance."""
        return f"postgresql://{user}@127.0.0.1:{self.port}/{dbname}"

    def _run(self, *argv: str) -> None:
        subprocess.run([*self.run_as, *argv], check=True, capture_output=True, timeout=120)

    def init(self) -> PrivatePostgres:
        """Create the cluster (trust auth on loopback) and start it."""
        self._run(
            pg_bin("initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E", "UTF8"
        )
        self.start()
        return self

    def start(self) -> None:
        """Start the server and wait until it accepts connections."""
        options = (
            f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c max_connections=200"
        )
        self._run(
            pg_bin("pg_ctl"),
            "-D",
            str(self.data),
            "-o",
            options,
            "-w",
            "-l",
            str(self.root / "log"),
            "start",
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.1)
        raise RuntimeError("the private PostgreSQL did not start")

    def stop(self) -> None:
        """Stop the server at once (connections are cut)."""
        self._run(pg_bin("pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")

    def cpu_seconds(self) -> float:
        """CPU seconds the server (postmaster and its backends) has used since it last started."""
        try:
            pid = int((self.data / "postmaster.pid").read_text(encoding="ascii").split()[0])
        except (OSError, ValueError, IndexError):
            return 0.0
        return tree_cpu_seconds(pid)

    def outage(self, seconds: float) -> None:
        """Stop the server, keep it down for `seconds`, start it again."""
        self.stop()
        time.sleep(seconds)
        self.start()

    def destroy(self) -> None:
        """Stop (if running) and remove the data directory."""
        with contextlib.suppress(subprocess.CalledProcessError):
            self.stop()
        shutil.rmtree(self.root, ignore_errors=True)
