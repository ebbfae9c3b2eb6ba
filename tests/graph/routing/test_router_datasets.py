import json
from collections import Counter
from pathlib import Path

from graph.routing.classifier import DEFAULT_TRAIN_PATH
from graph.routing.evaluate import DEFAULT_EVAL_PATH
from graph.routing.features import normalise
from schemas.routing import ROUTES

NEAR_DUPLICATE_JACCARD = 0.7


def rows(path: Path) -> list[dict[str, str]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def char_grams(text: str, n: int = 4) -> set[str]:
    norm = normalise(text)
    return {norm[i : i + n] for i in range(max(1, len(norm) - n + 1))}


def test_training_set_is_large_covers_every_route_and_has_no_duplicates():
    train = rows(DEFAULT_TRAIN_PATH)
    counts = Counter(r["route"] for r in train)
    assert len(train) >= 600
    assert set(counts) == set(ROUTES)
    assert min(counts.values()) >= 60
    assert len({r["text"].lower().strip() for r in train}) == len(train)


def test_held_out_set_covers_every_route():
    held_out = rows(DEFAULT_EVAL_PATH)
    counts = Counter(r["route"] for r in held_out)
    assert len(held_out) >= 170
    assert set(counts) == set(ROUTES)
    assert min(counts.values()) >= 15


def test_held_out_messages_are_neither_copies_nor_near_copies_of_training_lines():
    train = rows(DEFAULT_TRAIN_PATH)
    train_norm = {normalise(r["text"]) for r in train}
    train_grams = [char_grams(r["text"]) for r in train]
    for row in rows(DEFAULT_EVAL_PATH):
        assert normalise(row["text"]) not in train_norm, row["text"]
        grams = char_grams(row["text"])
        closest = max(len(grams & other) / len(grams | other) for other in train_grams)
        assert closest < NEAR_DUPLICATE_JACCARD, row["text"]


def test_datasets_contain_code_mixed_text_and_no_slash_commands():
    texts = [r["text"] for r in rows(DEFAULT_TRAIN_PATH) + rows(DEFAULT_EVAL_PATH)]
    assert not [t for t in texts if t.lstrip().startswith("/")]
    assert any("kitne" in t for t in texts)  # Hinglish
    assert any("alli" in t for t in texts)  # romanised Kannada
    assert any(any("\u0c80" <= ch <= "\u0cff" for ch in t) for t in texts)  # Kannada script
