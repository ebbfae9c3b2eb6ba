"""The calculator evaluates whitelisted arithmetic exactly and refuses everything else."""

from __future__ import annotations

import operator
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tools.agent.base import ToolError
from tools.agent.calculator import evaluate, format_number, indian_grouping


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("18% of 2,35,000", "42300"),
        ("(45000*3)/4 + 1200", "34950"),
        ("₹1,00,000 * 12%", "12000"),
        ("7 // 2", "3"),
        ("10 % 3", "1"),
        ("2 ** 10", "1024"),
        ("2^8", "256"),
        ("1.1 + 2.2", "3.3"),
        ("round(2/3, 2)", "0.67"),
        ("max(1, 5, 3) - min(4, 2)", "3"),
        ("abs(-12.5)", "12.5"),
        ("12,34,567 + 1", "1234568"),
        ("15 percent of 200", "30"),
    ],
)
def test_evaluates_whitelisted_arithmetic_exactly(expression: str, expected: str) -> None:
    assert format_number(evaluate(expression)) == expected


@pytest.mark.parametrize(
    ("expression", "reason"),
    [
        ("__import__('os').system('ls')", "only round, abs, min and max"),
        ("(1).real", "attribute access"),
        ("x + 1", "names"),
        ("9 ** 9 ** 9", "exponent"),
        ("10 ** 99 * 10 ** 99", "too large"),
        ("[1, 2]", "List"),
        ("'a' * 3", "Constant"),
        ("1 / 0", "division by zero"),
        ("lambda: 1", "Lambda"),
        ("1 if 1 else 2", "IfExp"),
        ("round(1, 100)", "decimal places"),
        ("1 << 8", "LShift is not allowed"),
    ],
)
def test_refuses_anything_outside_the_whitelist(expression: str, reason: str) -> None:
    with pytest.raises(ToolError, match=reason):
        evaluate(expression)


def test_refuses_oversized_expressions() -> None:
    with pytest.raises(ToolError, match="longer than"):
        evaluate("+".join(["1"] * 150))
    with pytest.raises(ToolError, match="too complex"):
        evaluate("+".join(["1"] * 60))


def test_indian_digit_grouping() -> None:
    assert indian_grouping(1234567) == "12,34,567"
    assert indian_grouping(235000) == "2,35,000"
    assert indian_grouping(-1000) == "-1,000"
    assert indian_grouping(999) == "999"


def test_refuses_results_too_precise_to_compute_exactly() -> None:
    with pytest.raises(ToolError, match="too large or too precise"):
        evaluate("((1/10**50)**100)**100")


OPERATIONS = {"+": operator.add, "-": operator.sub, "*": operator.mul}


@given(
    st.lists(st.integers(-(10**6), 10**6), min_size=2, max_size=6),
    st.lists(st.sampled_from(sorted(OPERATIONS)), min_size=5, max_size=5),
)
def test_matches_exact_left_to_right_arithmetic(numbers: list[int], ops: list[str]) -> None:
    expression = f"({numbers[0]})"
    expected = Fraction(numbers[0])
    for number, symbol in zip(numbers[1:], ops, strict=False):
        expression = f"({expression} {symbol} ({number}))"
        expected = OPERATIONS[symbol](expected, Fraction(number))
    assert evaluate(expression) == expected
