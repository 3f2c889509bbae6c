"""Tokens a text costs: counted with OpenAI's o200k_base where bpe-openai is installed, else
estimated from its UTF-8 bytes, and said which.

bpe-openai (MIT, on PyPI) ships the o200k_base and cl100k_base BPE files inside its wheel and so
counts offline; its files are byte-identical to the ones tiktoken downloads (their SHA-256 is
the ``expected_hash`` tiktoken checks), and tests/unit/test_tokens.py checks its counts against
tiktoken's own encoder built from the same file. tiktoken itself needs to download its files on
first use, which a build must not. The tokenizer is optional (``toolgen[tokens]``): the build
never needs it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

BYTES_PER_TOKEN: Final = 4.2
"""Measured with o200k_base on the compact JSON of every tool in every constant, the estimate
being ``ceil(bytes / 4.2)``: on the golden cases' 258 tools it is off by 6.1 % at the median,
14.6 % at the 95th percentile and 17.6 % at most (+1.1 % on the total); on the example's 21,
2.7 %, 8.2 %, 8.3 % (+1.9 %); on 1,400 tools of the benchmark corpus, 2.8 %, 8.1 %, 13.6 %
(-2.7 %). JSON schemas run at 4.1 to 4.3 bytes a token; 4.1 and 4.3 did worse at the tails."""

ENCODING: Final = "o200k_base"


@dataclass(frozen=True, slots=True)
class Counter:
    """How tokens are counted: ``exact`` with a tokenizer, or estimated."""

    name: str
    exact: bool
    count: Callable[[str], int]


def _estimate(text: str) -> int:
    return math.ceil(len(text.encode("utf-8", "surrogatepass")) / BYTES_PER_TOKEN)


ESTIMATE: Final = Counter(f"estimate: UTF-8 bytes / {BYTES_PER_TOKEN}", False, _estimate)


def counter(exact: bool = True) -> Counter:
    """The o200k_base tokenizer when bpe-openai imports (and ``exact``), else the estimate."""
    if not exact:
        return ESTIMATE
    try:
        import bpe_openai  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError:
        return ESTIMATE
    encoding = bpe_openai.get_encoding(ENCODING)

    def count(text: str) -> int:
        return len(encoding.encode_ordinary(text))

    return Counter(ENCODING, True, count)


def wire_text(value: Any) -> str:
    """A tool as a request carries it: compact JSON (the bytes :func:`serialized_size` counts)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def weight_note(value: Any, how: Counter | None = None) -> str:
    """``441 bytes, 105 tokens (o200k_base)``: what one tool adds to every request."""
    how = how or counter()
    text = wire_text(value)
    size = len(text.encode("utf-8", "surrogatepass"))
    return f"{size:,} bytes, {how.count(text):,} tokens ({how.name})"
