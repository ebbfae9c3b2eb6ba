"""The service runs with a short GIL switch interval and restores the interpreter's on exit."""

from __future__ import annotations

import sys

import pytest

from app.gil import gil_switch_interval


def test_the_interval_holds_inside_and_is_restored_after() -> None:
    before = sys.getswitchinterval()
    with gil_switch_interval(1.0):
        assert sys.getswitchinterval() == pytest.approx(0.001)
    assert sys.getswitchinterval() == before


def test_the_interval_is_restored_when_the_body_fails() -> None:
    before = sys.getswitchinterval()
    with pytest.raises(RuntimeError), gil_switch_interval(0.5):
        raise RuntimeError("service crashed")
    assert sys.getswitchinterval() == before
