"""A real rsyslog receiver on 127.0.0.1 for the SIEM tests (imtcp into a file)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

RSYSLOGD = shutil.which("rsyslogd") or next(
    (p for p in ("/usr/sbin/rsyslogd", "/sbin/rsyslogd") if Path(p).exists()), None
)
# What the receiver parsed out of each RFC 5424 message, one line per message.
CONFIG = """
global(workDirectory="{work}")
module(load="imtcp")
template(name="parsed" type="string"
         string="%app-name%|%msgid%|%procid%|%structured-data%|%msg%\\n")
ruleset(name="audit") {{
    action(type="omfile" file="{out}" template="parsed" flushOnTXEnd="on" asyncWriting="off")
}}
input(type="imtcp" address="127.0.0.1" port="{port}" ruleset="audit")
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Receiver:
    """One rsyslogd process; `lines()` is what it wrote."""

    port: int
    out: Path
    folder: Path
    process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        work = self.folder / "work"
        work.mkdir(parents=True, exist_ok=True)
        conf = self.folder / "rsyslog.conf"
        conf.write_text(CONFIG.format(work=work, out=self.out, port=self.port))
        self.process = subprocess.Popen(
            [str(RSYSLOGD), "-n", "-f", str(conf), "-i", str(self.folder / "rsyslog.pid")],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError(f"rsyslogd exited: {self.process.stderr}") from None
                time.sleep(0.05)
        raise RuntimeError("rsyslogd did not listen within 10 s")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        self.process = None

    def lines(self) -> list[str]:
        return self.out.read_text(encoding="utf-8").splitlines() if self.out.exists() else []

    def wait_for(self, count: int, timeout_s: float = 10.0) -> list[str]:
        """Poll the output until it has `count` lines (or the timeout passes)."""
        deadline = time.monotonic() + timeout_s
        while len(self.lines()) < count and time.monotonic() < deadline:
            time.sleep(0.05)
        return self.lines()
