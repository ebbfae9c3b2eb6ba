"""A fixed corpus of guardrail inputs: the benchmark's answers and fuzzed identifiers.

Used to pin the guard's redactions byte for byte (`test_redaction_corpus`): a speed change
to the guardrail must leave every output and every counted reason exactly as it was. The
identifiers are written every way the guard reads (groupings, separators, prefixes, number
words, look-alike letters, reversed, foreign digits, zero-width marks, base64 and hex), and
beside them near misses (dates, amounts, FIR numbers, bare digit runs of every length).
Regenerate the pinned file only when a change of behaviour is meant:
`python -m tests.validators.guardrail.redaction_corpus`.
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
from collections.abc import Iterator
from pathlib import Path

from stdnum import luhn, verhoeff

from bench.bench_guardrail import answer, deny_values
from graph.nodes.aggregator import public_vocabulary
from schemas.officer import Officer
from tools.domain import seed_names as nm
from validators.guardrail.engine import Guardrail

PINNED = Path(__file__).with_name("redactions_pinned.jsonl")
CLEARANCES = (1, 3, 4, 5)
BENCH_ANSWERS = 400
FUZZED = 3600
KEPT_VERBATIM = 300  # longer outputs are pinned by their SHA-256
WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
HINDI = ("shunya", "ek", "do", "teen", "char", "paanch", "chhah", "saat", "aath", "nau")
KANNADA = ("ಸೊನ್ನೆ", "ಒಂದು", "ಎರಡು", "ಮೂರು", "ನಾಲ್ಕು", "ಐದು", "ಆರು", "ಏಳು", "ಎಂಟು", "ಒಂಬತ್ತು")
LOOKALIKE_OF = {"0": "O", "1": "l", "5": "S", "8": "B", "2": "Z", "6": "b"}
SEPARATORS = (" ", "-", ".", ",", "_", " | ", "/", ", ", "\n", "  ", "a")
INTROS = ("Call", "Aadhaar", "a/c no.", "Account number:", "ph", "PAN", "card", "id", "ref")


def officer(clearance: int) -> Officer:
    return Officer(
        badge_id=f"C-{clearance}",
        name="Corpus",
        rank="PC",
        clearance=clearance,
        precincts=frozenset({"BLR-E-KRP"}),
    )


def _digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(n))


def identifier(rng: random.Random) -> str:
    """A valid (or nearly valid) identifier's canonical form."""
    kind = rng.randrange(10)
    if kind == 0:
        body = rng.choice("23456789") + _digits(rng, 10)
        return body + verhoeff.calc_check_digit(body)
    if kind == 1:
        body = _digits(rng, 15)
        return body + verhoeff.calc_check_digit(body)
    if kind == 2:
        return rng.choice(("", "91", "0", "0091")) + rng.choice("6789") + _digits(rng, 9)
    if kind == 3:
        body = rng.choice(("4", "51", "22", "37", "60", "81", "508")) + _digits(rng, 12)
        return body + luhn.calc_check_digit(body)
    if kind == 4:
        letters = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(4))
        return f"{letters[:3]}{rng.choice('PCHFATBLJG')}{letters[3]}{_digits(rng, 4)}Z"
    if kind == 5:
        return f"{rng.choice(('ABC', 'XYZ', 'KAR'))}{_digits(rng, 7)}"
    if kind == 6:
        first, last = rng.choice("123456789"), rng.randint(1, 9)
        return f"{rng.choice('ABJKMNPZ')}{first}{_digits(rng, 5)}{last}"
    if kind == 7:
        return f"KA{_digits(rng, 2)} {rng.randint(1990, 2025)} {_digits(rng, 7)}"
    if kind == 8:
        return f"{rng.choice(('SBIN', 'HDFC', 'ICIC'))}0{_digits(rng, 6)}"
    return _digits(rng, rng.randint(5, 22))  # a near miss or a bare number of any length


def written(rng: random.Random, value: str) -> str:
    """The value as an answer might write it."""
    style = rng.randrange(14)
    if not value.isdigit() or style == 0:
        return value
    if style == 1:
        sep, size = rng.choice(SEPARATORS), rng.choice((2, 3, 4, 5))
        return sep.join(value[k : k + size] for k in range(0, len(value), size))
    if style == 2:
        return rng.choice((",", " ", "-", "")).join(value)
    if style == 3:
        words = rng.choice((WORDS, HINDI, KANNADA))
        return " ".join(words[int(d)] for d in value)
    if style == 4:
        return "".join(LOOKALIKE_OF.get(d, d) if rng.random() < 0.2 else d for d in value)
    if style == 5:
        return value[::-1]
    if style == 6:
        return "+91 " + value[-10:]
    if style == 7:
        return "".join(chr(0x966 + int(d)) if rng.random() < 0.5 else d for d in value)
    if style == 8:
        return "\u200b".join(value)
    if style == 9:
        return base64.b64encode(f"ph {value}".encode()).decode()
    if style == 10:
        return f"0x{value.encode().hex()}"
    if style == 11:
        pair = " double " + value[4] if value[3] == value[4] else value[3:5]
        return value.replace(value[3:5], pair)
    cut = rng.randint(1, len(value) - 1)  # a blank line or a long gap inside the number
    return value[:cut] + rng.choice(("\n\n", " \n\n", "+++++", "+ + +", "--+--")) + value[cut:]


def noise(rng: random.Random) -> str:
    """A near miss: dates, amounts, FIR numbers, counts."""
    return rng.choice(
        (
            f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d} {rng.randint(0, 23):02d}:10",
            f"Rs {rng.randint(1, 99)},{rng.randint(10, 99)},{rng.randint(100, 999)}",
            f"FIR-2026-{rng.randint(1, 99999):05d}",
            ", ".join(str(rng.randint(0, 99)) for _ in range(rng.randint(3, 8))),
            f"KA{rng.randint(1, 70):02d}MN{rng.randint(1000, 9999)}",
            f"u/s {rng.randint(100, 400)}, {rng.randint(100, 400)} BNS",
        )
    )


def fuzzed(rng: random.Random, deny: list[str]) -> str:
    """A short text of identifiers, withheld values and near misses."""
    parts = []
    for _ in range(rng.randint(1, 4)):
        pick = rng.random()
        if pick < 0.55:
            parts.append(f"{rng.choice(INTROS)} {written(rng, identifier(rng))}")
        elif pick < 0.7:
            value = rng.choice(deny)
            parts.append(f"Victim {value.upper() if rng.random() < 0.3 else value} seen.")
        elif pick < 0.8:
            email = f"{rng.choice(nm.MALE_FIRST).lower()}{rng.randint(1, 99)}@"
            parts.append(email + rng.choice(("gmail.com", "okaxis", "ybl")))
        else:
            parts.append(noise(rng))
    return rng.choice((" ", "; ", ". ", "\n")).join(parts)


def cases() -> Iterator[tuple[str, int, bool, str]]:
    """(case id, clearance, whether the bench deny-list applies, text), always the same."""
    rng = random.Random(7)
    deny = deny_values(rng)
    for k in range(BENCH_ANSWERS):
        yield f"bench-{k}", 1, True, answer(rng, deny)
    fuzz = random.Random(2026)
    for k in range(FUZZED):
        yield f"fuzz-{k}", CLEARANCES[k % len(CLEARANCES)], k % 3 != 0, fuzzed(fuzz, deny)


def redactions() -> Iterator[dict[str, object]]:
    """Every case's redacted text (or its SHA-256 when long) and counted reasons."""
    rng = random.Random(7)
    deny = deny_values(rng)
    shown = [f"{rng.choice(nm.MALE_FIRST)} {rng.choice(nm.SURNAMES)}" for _ in range(60)]
    allow = [*public_vocabulary(), *shown]
    guardrail = Guardrail.load()
    for case, clearance, withholds, text in cases():
        guard = guardrail.for_request(officer(clearance), deny if withholds else [], allow)
        redacted, count = guard.redact(text)
        if len(redacted) > KEPT_VERBATIM:
            redacted = "sha256:" + hashlib.sha256(redacted.encode()).hexdigest()
        notes = [(n["recogniser"], n["reason"], n["count"]) for n in guard.audit_notes()]
        yield {"case": case, "redacted": redacted, "count": count, "notes": notes}


if __name__ == "__main__":
    with PINNED.open("w", encoding="utf-8") as out:
        for row in redactions():
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
