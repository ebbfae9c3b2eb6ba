"""The load harness's CPU accounting counts a service's worker processes, not only its parent."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from bench.loadtest.cpu import tree_cpu_seconds

WORKER = """
import sys, time
end = time.process_time() + 0.3
while time.process_time() < end:
    pass
print("burnt", flush=True)
sys.stdin.read()
"""


def test_tree_cpu_counts_a_live_child_process() -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", WORKER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout is not None and child.stdout.readline() == "burnt\n"
        own = time.process_time()
        assert tree_cpu_seconds(os.getpid()) >= own + 0.25
        assert tree_cpu_seconds(child.pid) >= 0.25
    finally:
        child.communicate("")
