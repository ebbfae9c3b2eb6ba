"""Digit streams: every writing of a number yields its digits, ordinary text yields none."""

from __future__ import annotations

import pytest

from validators.guardrail.numbers import MAX_RUN_DIGITS, Run, number_slices, run_slices, runs

AADHAAR = "234567890124"


def digits_of(text: str) -> set[str]:
    return {piece.digits for piece in number_slices(text)}


@pytest.mark.parametrize(
    "written",
    [
        "2,3,4,5,6,7,8,9,0,1,2,4",
        "2345_6789_0124",
        "2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 0 | 1 | 2 | 4",
        "2a3a4a5a6a7a8a9a0a1a2a4",
        "2x3y4z5a6b7c8d9e0f1g2h4",
        "two three four five six seven eight nine zero one two four",
        "do teen char paanch chhah saat aath nau shunya ek do char",
        "eradu mooru naalku aidu aaru elu entu ombattu sonne ondu eradu naalku",
        "दो तीन चार पांच छह सात आठ नौ शून्य एक दो चार",
        "ಎರಡು ಮೂರು ನಾಲ್ಕು ಐದು ಆರು ಏಳು ಎಂಟು ಒಂಬತ್ತು ಸೊನ್ನೆ ಒಂದು ಎರಡು ನಾಲ್ಕು",
        "2345 6789 O124",
        "2345 6789 0I24",
    ],
)
def test_every_writing_of_a_number_yields_its_digits(written: str) -> None:
    assert AADHAAR in digits_of(f"UID {written} noted")


def test_double_and_triple_repeat_the_next_digit() -> None:
    assert "9888100000" in digits_of("nine triple eight one double zero triple zero")


def test_number_words_inside_ordinary_words_are_not_read() -> None:
    assert runs("someone weighed the network of tin factory on a weekday") == []


def test_look_alike_letters_count_only_when_glued_to_digits() -> None:
    assert digits_of("So I saw 98450 12345") == {"9845012345"}


def test_slices_say_how_the_number_was_written() -> None:
    (ordinary,) = [p for p in number_slices("ph 98450 12345") if p.digits == "9845012345"]
    (unusual,) = [p for p in number_slices("ph 98450_12345") if p.digits == "9845012345"]
    assert ordinary.ordinary and not unusual.ordinary and unusual.uniform
    assert unusual.sizes == (5, 5)


def test_digit_spans_map_back_to_the_text() -> None:
    text = "call nine8a4a5a0 1-2-3-4-6"
    (run,) = [r for r in runs(text) if r.digits == "9845012346"]
    first, last = run.spans()[0], run.spans()[-1]
    assert text[first[0] : first[1]] == "nine" and text[last[0] : last[1]] == "6"


def all_slices(run: Run, shortest: int) -> list[tuple[int, int, str, tuple[int, ...]]]:
    """Every contiguous slice of groups of `shortest` to 19 digits, enumerated in full."""
    groups = run.groups
    out = []
    for i in range(len(groups)):
        for j in range(i, len(groups)):
            digits = "".join(g.digits for g in groups[i : j + 1])
            if shortest <= len(digits) <= MAX_RUN_DIGITS:
                sizes = tuple(len(g.digits) for g in groups[i : j + 1])
                out.append((groups[i].start, groups[j].end, digits, sizes))
    return out


@pytest.mark.parametrize(
    "text",
    [
        "2026-03-12 14:22:00",
        "98450 12345 6 7",
        "1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1",
        "1234 5678 9012 3456 7890",
        "Month by month: 2026-03: 12, 2026-12: 7.",
        "nine eight four five zero 1 2 3 4 5",
    ],
)
@pytest.mark.parametrize("shortest", [7, 10])
def test_slices_are_every_long_enough_stretch_of_groups(text: str, shortest: int) -> None:
    for run in runs(text):
        expected = all_slices(run, shortest)
        got = [(s.start, s.end, s.digits, s.sizes) for s in run_slices(run, shortest)]
        assert sorted(got) == sorted(expected)
