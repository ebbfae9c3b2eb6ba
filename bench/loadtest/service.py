"""The real service as a separate process on loopback (`crimeassist serve`)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from bench.loadtest.cpu import tree_cpu_seconds
from bench.loadtest.private_pg import free_port

ROOT = Path(__file__).resolve().parents[2]


class ServiceProcess:
    """`python -m app serve` with the given environment (and `workers` processes); waits for
    /healthz."""

    def __init__(self, env: dict[str, str], log_path: Path, workers: int = 1) -> None:
        self.port = free_port()
        self.workers = workers
        self.env = {**os.environ, **env}
        self.log_path = log_path
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The service's base address."""
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout_s: float = 120) -> ServiceProcess:
        """Start the process and wait until /healthz answers."""
        log = self.log_path.open("ab")
        self.process = subprocess.Popen(
            [
                *(sys.executable, "-m", "app", "serve", "--host", "127.0.0.1"),
                *("--port", str(self.port), "--workers", str(self.workers)),
            ],
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=log,
        )
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the service exited; see {self.log_path}")
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return self.settled(deadline)
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"the service did not become healthy; see {self.log_path}")

    def settled(self, deadline: float, interval_s: float = 0.5) -> ServiceProcess:
        """Wait until every worker has finished starting: the first healthy answer may come
        from one worker while the others still import and open their services, so wait until
        the processes use under a fifth of a core."""
        before = self.cpu_seconds()
        while time.monotonic() < deadline:
            time.sleep(interval_s)
            now = self.cpu_seconds()
            if now - before < interval_s / 5:
                return self
            before = now
        return self

    def cpu_seconds(self) -> float:
        """CPU seconds the service (every worker) has used so far."""
        return tree_cpu_seconds(self.process.pid) if self.process is not None else 0.0

    def stop(self) -> None:
        """Graceful shutdown (SIGTERM), then kill if it hangs."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
