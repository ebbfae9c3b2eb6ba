"""A safe arithmetic evaluator over Python's `ast` (never `eval`), and the calculator tool.

Accepts numbers (Indian digit grouping "2,35,000" included), + - * / // % **, parentheses,
percent phrases ("18% of 2,35,000"), and round/abs/min/max. Everything else is refused
with a clear error. Arithmetic is exact (fractions); sizes and exponents are bounded.
"""

from __future__ import annotations

import ast
import math
import operator
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from pydantic import BaseModel, Field

from tools.agent.base import AgentTool, ToolContext, ToolError, ToolOutput

MAX_EXPRESSION_CHARS = 200
MAX_NODES = 80
MAX_EXPONENT = 100
MAX_RESULT_DIGITS = 60
MAX_PRECISION_BITS = 700

Number = Fraction

_GROUPED = re.compile(r"(?<![\d.])\d{1,3}(?:,\d{2,3})+(?:\.\d+)?(?![\d,])")
_PERCENT_OF = re.compile(r"(\d+(?:\.\d+)?)\s*(?:%|percent|per cent)\s*of\b", re.IGNORECASE)
_PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*(?:%|percent|per cent)(?!\s*\d)", re.IGNORECASE)
_CURRENCY = re.compile(r"₹|\brs\.?(?=\s*\d)|\binr\b", re.IGNORECASE)
_SYMBOLS = {"×": "*", "÷": "/", "^": "**", "−": "-"}

_BINARY: dict[type[ast.operator], Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
}
_FUNCTIONS = {"round", "abs", "min", "max"}


def normalise_expression(text: str) -> str:
    """Rewrite digit grouping, currency, percent phrases and symbols into plain arithmetic."""
    out = _CURRENCY.sub("", text)
    for symbol, replacement in _SYMBOLS.items():
        out = out.replace(symbol, replacement)
    out = _GROUPED.sub(lambda m: m.group(0).replace(",", ""), out)
    out = _PERCENT_OF.sub(lambda m: f"({m.group(1)}/100)*", out)
    return _PERCENT.sub(lambda m: f"({m.group(1)}/100)", out)


def _power(base: Number, exponent: Number) -> Number:
    if abs(exponent) > MAX_EXPONENT:
        raise ToolError(f"exponent {exponent} is larger than the allowed {MAX_EXPONENT}")
    if base != 0 and abs(float(exponent) * math.log10(abs(float(base)))) > MAX_RESULT_DIGITS:
        raise ToolError("the result of that power would be too large or too precise")
    if isinstance(exponent, Fraction) and exponent.denominator == 1:
        if base == 0 and exponent < 0:
            raise ToolError("zero cannot be raised to a negative power")
        return Fraction(base) ** int(exponent)
    if base < 0:
        raise ToolError("a negative number cannot be raised to a fractional power")
    return Fraction(float(base) ** float(exponent))


def _check_size(value: Number) -> Number:
    if max(value.numerator.bit_length(), value.denominator.bit_length()) > MAX_PRECISION_BITS:
        raise ToolError("the result is too large or too precise to compute exactly")
    if value != 0 and math.log10(abs(float(value))) > MAX_RESULT_DIGITS:
        raise ToolError("the result is too large")
    return value


def _call(node: ast.Call) -> Number:
    if not isinstance(node.func, ast.Name) or node.func.id not in _FUNCTIONS:
        raise ToolError("only round, abs, min and max may be called")
    if node.keywords:
        raise ToolError("keyword arguments are not supported")
    args = [_eval(arg) for arg in node.args]
    name = node.func.id
    if name == "abs" and len(args) == 1:
        return abs(args[0])
    if name in ("min", "max") and args:
        return min(args) if name == "min" else max(args)
    if name == "round" and len(args) in (1, 2):
        digits = int(args[1]) if len(args) == 2 else 0
        if not 0 <= digits <= 12:
            raise ToolError("round() takes 0 to 12 decimal places")
        return Fraction(round(Fraction(args[0]), digits))
    raise ToolError(f"wrong number of arguments for {name}()")


def _eval(node: ast.AST) -> Number:
    if isinstance(node, ast.Expression):
        return _eval(node.body)
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return Fraction(str(node.value))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        value = _eval(node.operand)
        return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.BinOp):
        left, right = _eval(node.left), _eval(node.right)
        if isinstance(node.op, ast.Pow):
            return _check_size(_power(left, right))
        operation = _BINARY.get(type(node.op))
        if operation is None:
            raise ToolError(f"the operator {type(node.op).__name__} is not allowed")
        if isinstance(node.op, ast.Div | ast.FloorDiv | ast.Mod) and right == 0:
            raise ToolError("division by zero")
        return _check_size(Fraction(operation(left, right)))
    if isinstance(node, ast.Call):
        return _check_size(_call(node))
    if isinstance(node, ast.Name):
        raise ToolError(f"names such as {node.id[:20]!r} are not allowed; use numbers only")
    if isinstance(node, ast.Attribute):
        raise ToolError("attribute access is not allowed")
    raise ToolError(f"{type(node).__name__} is not allowed in a calculation")


def evaluate(expression: str) -> Number:
    """The exact value of a whitelisted arithmetic expression; raises ToolError otherwise."""
    text = normalise_expression(expression.strip())
    if not text:
        raise ToolError("the expression is empty")
    if len(text) > MAX_EXPRESSION_CHARS:
        raise ToolError(f"the expression is longer than {MAX_EXPRESSION_CHARS} characters")
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError as error:
        raise ToolError("that is not a valid arithmetic expression") from error
    if sum(1 for _ in ast.walk(tree)) > MAX_NODES:
        raise ToolError("the expression is too complex")
    return _eval(tree)


def indian_grouping(integer: int) -> str:
    """1234567 -> '12,34,567'."""
    sign, digits = ("-", str(-integer)) if integer < 0 else ("", str(integer))
    if len(digits) <= 3:
        return sign + digits
    head, tail = digits[:-3], digits[-3:]
    pairs = [head[max(0, i - 2) : i] for i in range(len(head), 0, -2)][::-1]
    return sign + ",".join([*pairs, tail])


def format_number(value: Number) -> str:
    """An integer plainly; otherwise up to 6 decimal places without trailing zeros."""
    if value.denominator == 1:
        return str(value.numerator)
    text = f"{float(value):.6f}".rstrip("0").rstrip(".")
    return text if text not in ("-0", "") else "0"


class CalculatorArgs(BaseModel):
    """Arguments of the calculator tool."""

    expression: str = Field(
        description="Arithmetic only, e.g. '(45000*3)/4 + 1200' or '18% of 2,35,000'",
        max_length=MAX_EXPRESSION_CHARS * 2,
    )


async def run_calculator(args: CalculatorArgs, ctx: ToolContext) -> ToolOutput:
    """Evaluate the expression exactly and report it with Indian digit grouping."""
    value = evaluate(args.expression)
    text = format_number(value)
    grouped = ""
    if value.denominator == 1 and abs(value) >= 1000:
        grouped = f" ({indian_grouping(value.numerator)})"
    return ToolOutput(
        text=f"{args.expression.strip()} = {text}{grouped}",
        data={"value": text, "expression": normalise_expression(args.expression)},
    )


CALCULATOR = AgentTool(
    name="calculator",
    description=(
        "Exact arithmetic: + - * / // % ** (small exponents), parentheses, percentages "
        "('18% of 2,35,000'), round/abs/min/max. Numbers may use Indian digit grouping."
    ),
    args_schema=CalculatorArgs,
    run=run_calculator,
    timeout_s=1.0,
)
