"""SIEM export: every audit event as RFC 5424 syslog over TCP with octet-counting framing
(RFC 6587), through a local spool so nothing is lost while the receiver is down.

Delivery is at least once: a frame is removed from the spool only after `sendall` returned,
and a connection the receiver closed is detected before reuse. Plain TCP syslog has no
acknowledgements, so a frame in flight when the receiver dies can be resent (the SIEM
deduplicates on the `seq` parameter) or, in a narrow window, lost in the peer's buffer.
"""

from __future__ import annotations

import fcntl
import os
import select
import socket
import threading
import time
from pathlib import Path
from typing import IO
from urllib.parse import urlsplit

import structlog

from schemas.audit import AuditEvent
from schemas.errors import AuditUnavailable
from tools.audit.keys import AuditConfigError

log = structlog.get_logger()
PRI = 13 * 8 + 6  # facility 13 (log audit), severity 6 (informational)
SD_ID = "audit@32473"  # 32473: the private enterprise number reserved for documentation
APP_NAME = "crimeassist"
READ_PIECE = 1 << 20
COMPACT_AT = 1 << 16
BOM = b"\xef\xbb\xbf"  # RFC 5424: a UTF-8 message starts with the byte order mark


def parse_siem_url(url: str) -> tuple[str, int]:
    """`tcp://host:port` or `syslog+tcp://host:port` -> (host, port)."""
    parts = urlsplit(url)
    if parts.scheme not in ("tcp", "syslog", "syslog+tcp") or not parts.hostname or not parts.port:
        raise AuditConfigError(f"SIEM URL must look like tcp://host:port, not {url!r}")
    return parts.hostname, parts.port


def _sd_value(value: object) -> str:
    text = "" if value is None else str(value)
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("]", "\\]")


def _token(text: str, limit: int) -> str:
    """A header field: printable US-ASCII without spaces, or the nil value."""
    cleaned = "".join(ch if 33 <= ord(ch) <= 126 else "_" for ch in text)[:limit]
    return cleaned or "-"


def format_event(event: AuditEvent, canonical: str, hostname: str, procid: str) -> bytes:
    """One RFC 5424 message: header, one structured-data element (sequence, hashes, request,
    badge) and, as the message, the event's canonical JSON, the exact text its hash covers,
    so a SIEM can re-verify the chain: hash = SHA-256(prev + "\\n" + message)."""
    params = (
        ("seq", event.seq),
        ("hash", event.hash),
        ("prev", event.prev_hash),
        ("request", event.request_id),
        ("badge", event.badge_id),
    )
    sd = "[" + SD_ID + "".join(f' {k}="{_sd_value(v)}"' for k, v in params) + "]"
    header = f"<{PRI}>1 {_token(event.ts, 48)} {hostname} {APP_NAME} {procid} "
    header += f"{_token(event.kind, 32)} {sd} "
    return header.encode() + BOM + canonical.encode()


def frame(message: bytes) -> bytes:
    """Octet-counting framing: the length in decimal, a space, the message."""
    return str(len(message)).encode() + b" " + message


def whole_frames(data: bytes) -> int:
    """Length of the longest prefix of `data` made of complete frames."""
    end = 0
    while True:
        space = data.find(b" ", end, end + 12)
        if space < 0:
            return end
        size = int(data[end:space])
        if space + 1 + size > len(data):
            return end
        end = space + 1 + size


class SyslogExporter:
    """Spools frames on `submit` (called after each audit commit) and sends them from a thread."""

    def __init__(
        self,
        host: str,
        port: int,
        spool_dir: Path,
        *,
        retries: int = 3,
        backoff_s: float = 0.2,
        retry_interval_s: float = 5.0,
        timeout_s: float = 3.0,
    ) -> None:
        self.address = (host, port)
        self.retries, self.backoff_s = retries, backoff_s
        self.retry_interval_s, self.timeout_s = retry_interval_s, timeout_s
        self.hostname = _token(socket.gethostname(), 255)
        self.procid = str(os.getpid())
        self._lock = threading.Lock()  # spool writes, size and offset
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._socket: socket.socket | None = None
        try:
            self.spool_path, self._slot = _claim_spool(spool_dir)
            self._offset_path = self.spool_path.with_suffix(".offset")
            self._spool: IO[bytes] = open(self.spool_path, "ab")  # noqa: SIM115 (lives with self)
            self._size = self._spool.tell()
            self._offset = _read_offset(self._offset_path, self._size)
        except OSError as error:
            raise AuditUnavailable(f"SIEM spool {spool_dir} unusable: {error}") from error
        self._thread = threading.Thread(target=self._run, name="audit-siem", daemon=True)
        self._thread.start()

    def submit(self, events: list[AuditEvent], encodings: list[str]) -> None:
        """Spool the events' frames; the sender thread delivers them."""
        data = b"".join(
            frame(format_event(e, text, self.hostname, self.procid))
            for e, text in zip(events, encodings, strict=True)
        )
        try:
            with self._lock:
                self._spool.write(data)
                self._spool.flush()
                self._size += len(data)
        except OSError as error:
            raise AuditUnavailable(f"SIEM spool write failed: {error}") from error
        self._wake.set()

    def pending_bytes(self) -> int:
        """Bytes spooled but not yet delivered."""
        with self._lock:
            return self._size - self._offset

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(self.retry_interval_s)
            self._wake.clear()
            self.drain()

    def drain(self) -> bool:
        """Send everything spooled, retrying a bounded number of times; True when empty."""
        for attempt in range(self.retries + 1):
            try:
                self._send_pending()
                return True
            except OSError as error:
                self._disconnect()
                log.warning("audit.siem_send_failed", attempt=attempt + 1, error=str(error))
                if attempt < self.retries and not self._stop.is_set():
                    time.sleep(self.backoff_s * 2**attempt)
        return False

    def _send_pending(self) -> None:
        while True:
            with self._lock:
                offset, size = self._offset, self._size
            if offset >= size:
                self._compact()
                return
            with open(self.spool_path, "rb") as spool:
                spool.seek(offset)
                piece = spool.read(min(READ_PIECE, size - offset))
                length = whole_frames(piece)
                if length == 0:  # a single frame longer than a piece
                    piece += spool.read(size - offset - len(piece))
                    length = whole_frames(piece)
            self._connection().sendall(piece[:length])
            with self._lock:
                self._offset = offset + length
                _write_offset(self._offset_path, self._offset)

    def _connection(self) -> socket.socket:
        if self._socket is not None and _peer_closed(self._socket):
            self._disconnect()
        if self._socket is None:
            self._socket = socket.create_connection(self.address, timeout=self.timeout_s)
        return self._socket

    def _disconnect(self) -> None:
        if self._socket is not None:
            self._socket.close()
            self._socket = None

    def _compact(self) -> None:
        with self._lock:
            if self._offset == self._size and self._size >= COMPACT_AT:
                self._spool.truncate(0)
                self._spool.seek(0)
                self._size = self._offset = 0
                _write_offset(self._offset_path, 0)

    def close(self, timeout_s: float = 2.0) -> None:
        """Stop the sender after one bounded last attempt; undelivered frames stay spooled."""
        self._stop.set()
        self._wake.set()
        self._thread.join(timeout=timeout_s + self.timeout_s)
        if self.pending_bytes():
            try:
                self._send_pending()
            except OSError:
                log.warning("audit.siem_left_spooled", pending_bytes=self.pending_bytes())
        self._disconnect()
        self._spool.close()
        os.close(self._slot)


def _claim_spool(spool_dir: Path) -> tuple[Path, int]:
    """The first spool file no live process holds (a restarted process adopts its old one)."""
    spool_dir.mkdir(parents=True, exist_ok=True)
    for n in range(64):
        path = spool_dir / f"spool-{n}.syslog"
        fd = os.open(path.with_suffix(".lock"), os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            continue
        return path, fd
    raise OSError(f"no free spool slot in {spool_dir}")


def _read_offset(path: Path, size: int) -> int:
    try:
        return min(int(path.read_text()), size)
    except (OSError, ValueError):
        return 0


def _write_offset(path: Path, offset: int) -> None:
    temp = path.with_suffix(".offset-tmp")
    temp.write_text(str(offset))
    os.replace(temp, path)


def _peer_closed(sock: socket.socket) -> bool:
    """A syslog receiver never writes, so a readable socket means it closed or reset."""
    readable, _, _ = select.select([sock], [], [], 0)
    if not readable:
        return False
    try:
        return sock.recv(1, socket.MSG_PEEK) == b""
    except OSError:
        return True
