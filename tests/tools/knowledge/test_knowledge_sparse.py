"""Tokenizer, domain normalisation and BM25 sparse vectors."""

from __future__ import annotations

from tools.knowledge.sparse import (
    Bm25Params,
    analyse,
    analyse_passage,
    document_vector,
    query_vector,
    stem,
    token_id,
    tokenize,
)


def test_section_tokens_are_kept_whole_with_their_base_and_act() -> None:
    tokens = tokenize("under BNS 303(2), BNSS 35(3) and IPC 498A")
    for token in ("303(2)", "303", "bns:303(2)", "35(3)", "bnss:35(3)", "498a", "ipc:498a"):
        assert token in tokens


def test_act_is_joined_across_u_s_and_the_word_section() -> None:
    assert "ipc:379" in tokenize("IPC u/s 379")
    assert "bsa:63" in tokenize("BSA section 63")
    assert "it:66d" in tokenize("IT Act 66D")


def test_text_is_lowercased_nfkc_and_stop_words_dropped() -> None:
    assert tokenize("The ＡＲＲＥＳＴ of a person") == ["arrest", "person"]


def test_simple_stemming_conflates_inflections() -> None:
    assert {stem(w) for w in ("arrest", "arrested", "arresting", "arrests")} == {"arrest"}
    assert stem("handcuffed") == stem("handcuffs") == "handcuff"
    assert stem("searches") == stem("searching") == "search"
    assert stem("bns") == "bns"


def test_ipc_sections_are_expanded_to_bns_on_both_sides() -> None:
    assert {"303(2)", "bns:303(2)"} <= set(analyse("theft u/s IPC 379"))
    assert "ipc:379" in analyse("BNS 303(2) theft")


def test_synonyms_and_typos_are_normalised() -> None:
    assert "theft" in analyse("gaadi chori")
    assert "chargesheet" in analyse("chargshet filed")


def test_passage_analysis_is_line_by_line_analysis() -> None:
    text = "Arrest memo details\nIPC 379 theft"
    assert analyse_passage(text) == analyse("Arrest memo details") + analyse("IPC 379 theft")


def test_token_ids_are_fixed_31_bit_values_not_process_salted_hashes() -> None:
    assert token_id("arrest") == 1873349767
    assert token_id("303(2)") == 259879361
    assert all(0 <= token_id(t) < 2**31 for t in ("a", "bns:303(2)", "ಕಳ್ಳತನ"))


def test_document_vector_saturates_term_frequency() -> None:
    params = Bm25Params(k1=1.2, b=0.75, avgdl=10)
    one, three, ten = (document_vector(["arrest"] * n + ["x"] * 7, params) for n in (1, 3, 10))
    key = token_id("arrest")
    w1, w3, w10 = (v.values[v.indices.index(key)] for v in (one, three, ten))
    assert w1 < w3 < w10 < params.k1 + 1
    assert (w10 - w3) / 7 < (w3 - w1) / 2


def test_document_vector_normalises_by_length() -> None:
    params = Bm25Params(k1=1.2, b=0.75, avgdl=10)
    short = document_vector(["arrest", "memo"], params)
    long = document_vector(["arrest", *[f"w{i}" for i in range(40)]], params)
    key = token_id("arrest")
    assert short.values[short.indices.index(key)] > long.values[long.indices.index(key)]


def test_vectors_have_sorted_unique_indices() -> None:
    vec = document_vector(tokenize("zero fir zero fir transfer station"), Bm25Params())
    assert list(vec.indices) == sorted(set(vec.indices))


def test_query_vector_weighs_each_distinct_term_by_its_idf() -> None:
    idf = {token_id("zero"): 2.5, token_id("fir"): 0.5}
    vec = query_vector(["zero", "fir", "fir"], idf.__getitem__)
    assert dict(zip(vec.indices, vec.values, strict=True)) == idf


def test_the_vendored_stop_words_are_scikit_learns_list() -> None:
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS as SKLEARN

    from tools.knowledge.stopwords import ENGLISH_STOP_WORDS

    assert ENGLISH_STOP_WORDS == SKLEARN
