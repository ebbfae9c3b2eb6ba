"""A loopback stand-in for Groq's API that answers every call with 429 or 503 (a storm)."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from itertools import count

from bench.loadtest.private_pg import free_port


class StormHandler(BaseHTTPRequestHandler):
    """Alternates 429 (rate limited, Retry-After 0) and 503 (overloaded)."""

    calls = count()

    def do_POST(self) -> None:
        length = int(self.headers.get("content-length") or 0)
        self.rfile.read(length)
        status = 429 if next(self.calls) % 2 == 0 else 503
        body = json.dumps({"error": {"message": "storm", "type": "rate_limit_exceeded"}}).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("retry-after", "0")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_args: object) -> None:
        """Quiet."""


class GroqStorm:
    """The storm server in a thread on 127.0.0.1; `url` is the base URL to configure."""

    def __init__(self) -> None:
        self.server = ThreadingHTTPServer(("127.0.0.1", free_port()), StormHandler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        """The base URL (ChatGroq appends /openai/v1/...)."""
        return f"http://127.0.0.1:{self.server.server_port}"

    @property
    def calls(self) -> int:
        """How many model calls the storm refused."""
        return next(StormHandler.calls)

    def __enter__(self) -> GroqStorm:
        self.thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.server.shutdown()
