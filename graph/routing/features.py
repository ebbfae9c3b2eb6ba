"""Text normaliser and TF-IDF feature union for the router classifier."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

# Placeholders are plain words so both the word and the char analysers see them.
_FIR_ID = re.compile(r"\bfir-(?:19|20)\d{2}-\d{3,6}\b")
_FIR_REF = re.compile(r"\b\d{1,5}/(?:19|20)\d{2}\b")
_PLATE = re.compile(  # "is 26 jan 2027" is a date, not a spaced plate
    r"\b[a-z]{2}\d{1,2}[a-z]{0,3}\d{1,4}\b"
    r"|\b[a-z]{2}[\s-]\d{1,2}[\s-](?!(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\b)"
    r"[a-z]{1,3}[\s-]\d{1,4}\b"
    r"|\b\d{2}\s?bh\s?\d{4}\s?[a-z]{1,2}\b"
)
_SECTION = re.compile(r"\b\d{1,3}(?:\(\d{1,2}\))+|\b\d{2,3}[a-z]\b")
_YEAR = re.compile(r"\b(?:19|20)\d{2}\b")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_SPACES = re.compile(r"\s+")

# Romanised Hindi and Kannada (and a few Kannada-script words) mapped to English cue words.
_SUBSTITUTIONS: dict[str, str] = {
    "kitne": "how many",
    "kitni": "how many",
    "kitna": "how many",
    "eshtu": "how many",
    "ಎಷ್ಟು": "how many",
    "chori": "theft",
    "kalavu": "theft",
    "ಕಳ್ಳತನ": "theft",
    "mein": "in",
    "alli": "in",
    "nalli": "in",
    "dalli": "in",
    "ಅಲ್ಲಿ": "in",
    "dikhao": "show",
    "thorisu": "show",
    "ತೋರಿಸು": "show",
    "batao": "tell",
    "heli": "tell",
    "kaise": "how",
    "hege": "how",
    "kya": "what",
    "enu": "what",
    "ಏನು": "what",
    "kaun": "who",
    "yaaru": "who",
    "ನೀವು": "you",
    "ಯಾರು": "who",
    "gaadi": "vehicle",
    "prakarana": "case",
    "prakaranagalu": "cases",
    "ಪ್ರಕರಣಗಳು": "cases",
    "giraftar": "arrest",
    "giraftari": "arrest",
    "photo": "image",
    "pic": "image",
    "picture": "image",
    "snap": "image",
    "snapshot": "image",
    "tasveer": "image",
    "chitra": "image",
    "ಫೋಟೋದಲ್ಲಿ": "image",
    "namaskara": "hello",
    "namaskar": "hello",
    "namaste": "hello",
    "ನಮಸ್ಕಾರ": "hello",
    "dhanyavaad": "thanks",
    "dhanyavadagalu": "thanks",
    "ಧನ್ಯವಾದಗಳು": "thanks",
    "shukriya": "thanks",
    "mausam": "weather",
    "hawamana": "weather",
    "cses": "cases",
    "firs": "fir",
    "files": "cases",
    "matters": "cases",
    "matter": "case",
    "detained": "arrested",
    "apprehended": "arrested",
    "pakde": "arrested",
    "tally": "count",
    "forecast": "predict",
    "project": "predict",
    "compose": "write",
    "draft": "write",
}
_PHRASES = re.compile(r"\b(?:crime|case)\s+(?:number|no\.?)(?=\s|$)")
# Whitespace/punctuation-delimited tokens: \\w would split Kannada words at their vowel signs.
TOKEN_PATTERN = r"[^\s.,;:!?()\[\]{}\"'/]+"
_WORD = re.compile(TOKEN_PATTERN)


def normalise(text: str) -> str:
    """Lowercase, NFKC, identifier placeholders and Hinglish/Kannada cue words."""
    text = unicodedata.normalize("NFKC", text).lower()
    text = _PHRASES.sub(" fir ", text)
    text = _FIR_ID.sub(" firno ", text)
    text = _FIR_REF.sub(" firno ", text)
    text = _PLATE.sub(" plateno ", text)
    text = _SECTION.sub(" secno ", text)
    text = _YEAR.sub(" yearno ", text)
    text = _NUMBER.sub(" num ", text)
    text = _WORD.sub(lambda m: _SUBSTITUTIONS.get(m.group(), m.group()), text)
    return _SPACES.sub(" ", text).strip()


def build_features() -> Any:
    """Word 1-2 grams and char_wb 2-5 grams, both TF-IDF with sublinear tf, over normalised text
    (a scikit-learn FeatureUnion; imported here, so scoring never loads scikit-learn)."""
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.pipeline import FeatureUnion

    return FeatureUnion(
        [
            (
                "word",
                TfidfVectorizer(
                    preprocessor=normalise,
                    analyzer="word",
                    ngram_range=(1, 2),
                    token_pattern=TOKEN_PATTERN,
                    sublinear_tf=True,
                    min_df=1,
                ),
            ),
            (
                "char",
                TfidfVectorizer(
                    preprocessor=normalise,
                    analyzer="char_wb",
                    ngram_range=(2, 5),
                    sublinear_tf=True,
                    min_df=2,
                ),
            ),
        ]
    )
