"""Text normalisation and synonym expansion."""

import pytest

from tools.domain.synonyms import canonical_terms, expand_synonyms, normalise_text


def test_normalise_text_lowercases_collapses_spaces_and_nfkc() -> None:
    assert normalise_text("  ＦＩＲ   Status\t\nPLEASE ") == "fir status please"


def test_normalise_text_fixes_typos_and_fancy_punctuation() -> None:
    assert normalise_text("Chain snaching – chargesheat") == "chain snatching - chargesheet"


@pytest.mark.parametrize(
    ("text", "term"),
    [
        ("chain-snatching near Jayanagar", "chain snatching"),
        ("snatching cases", "chain snatching"),
        ("scooter stolen", "two-wheeler"),
        ("motorcycle lifted", "two-wheeler"),
        ("car stolen", "four-wheeler"),
        ("filed an efir", "e-fir"),
        ("online FIR", "e-fir"),
        ("Zero FIR transferred", "zero fir"),
        ("who is the IO", "investigating officer"),
        ("charge-sheeted cases", "charge sheeted"),
        ("ganja seized", "ndps"),
        ("kitne cases", "how many"),
        ("gaadi chori", "theft"),
        ("gaadi chori", "vehicle"),
        ("batao", "tell"),
        ("crime no 45", "fir"),
    ],
)
def test_canonical_terms_recognise_synonyms_and_hinglish(text: str, term: str) -> None:
    assert term in canonical_terms(text)


def test_words_inside_other_words_do_not_match() -> None:
    assert "investigating officer" not in canonical_terms("radio patrol")
    assert "four-wheeler" not in canonical_terms("careful scan")


def test_expand_synonyms_appends_canonical_terms_and_section_counterparts() -> None:
    out = expand_synonyms("Kitne bike chori IPC 379?")
    assert out.startswith("kitne bike chori ipc 379?")
    for term in ("two-wheeler", "how many", "theft", "bns 303(2)"):
        assert term in out


def test_expand_synonyms_maps_bns_back_to_ipc_and_does_not_repeat_present_terms() -> None:
    out = expand_synonyms("theft u/s BNS 303(2)")
    assert "ipc 379" in out
    assert out.count("theft") == 1


def test_expand_synonyms_leaves_plain_text_unchanged() -> None:
    assert expand_synonyms("Hello there") == "hello there"


def test_repeated_calls_give_equal_independent_results() -> None:
    first = canonical_terms("kitne bike chori")
    first.append("mutated by a caller")
    assert "mutated by a caller" not in canonical_terms("kitne bike chori")
    assert expand_synonyms("kitne bike chori") == expand_synonyms("kitne bike chori")
