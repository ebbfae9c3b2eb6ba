from graph.routing.features import normalise


def test_fir_references_in_every_format_become_one_placeholder():
    assert normalise("Status of FIR 0123/2024") == "status of fir firno"
    assert normalise("FIR-2026-04829 status") == "firno status"
    assert normalise("crime number 45/2025") == "fir firno"


def test_plates_sections_years_and_numbers_become_placeholders():
    assert normalise("is KA01AB1234 stolen") == "is plateno stolen"
    assert normalise("KA 05 MN 7788 and 22 BH 1234 AB") == "plateno and plateno"
    assert normalise("BNS 303(2) and IPC 498A") == "bns secno and ipc secno"
    assert normalise("lost 3,00,000 in 2023") == "lost num in yearno"


def test_a_word_before_a_year_is_not_mistaken_for_a_plate():
    assert normalise("thefts in 2023") == "thefts in yearno"


def test_hinglish_and_kannada_cue_words_map_to_english():
    assert normalise("kitne chori ke case hain Whitefield mein") == (
        "how many theft ke case hain whitefield in"
    )
    assert normalise("Mysuru alli eshtu kalavu") == "mysuru in how many theft"
    assert normalise("ಎಷ್ಟು ಕಳ್ಳತನ") == "how many theft"


def test_nfkc_and_whitespace_are_normalised():
    assert normalise("  ＦＩＲ   status\t") == "fir status"
