"""Join codes a student can type: eight letters and digits, 40 bits, no look-alikes.

A code is eight symbols of Crockford's base32 alphabet (the digits and the letters
but I, L, O and U): 32 symbols, 5 bits each, 40 bits in all, shown in two groups of
four (``K7QF-2M9X``). Typing is forgiving: any case, with or without the dash or
spaces, and the look-alikes a student may type by mistake are read as what the
alphabet has (O as 0, I and L as 1). A code that is not eight such symbols is no code
at all: it is refused as a typing mistake before any lookup, so it costs no guess.

>>> import random
>>> code = new_code(random.Random(1))
>>> len(code), set(code) <= set(ALPHABET)
(8, True)
>>> parse_code(show_code(code).lower()) == code
True
>>> parse_code("k7qf-2m9x"), parse_code(" K7QF 2M9X "), show_code("K7QF2M9X")
('K7QF2M9X', 'K7QF2M9X', 'K7QF-2M9X')
>>> parse_code("0OIl-1234")
'00111234'
>>> parse_code("K7QF-2M9") is None, parse_code("K7QF-2M9U") is None
(True, True)
"""

from __future__ import annotations

import math
import random
import secrets

__all__ = ["ALPHABET", "CODE_LENGTH", "CODE_BITS", "new_code", "parse_code", "show_code"]

#: Crockford's base32 alphabet: no I, L, O (read as 1, 1, 0) and no U.
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 8
#: What a code carries: 8 symbols of 32, 40 bits.
CODE_BITS = int(CODE_LENGTH * math.log2(len(ALPHABET)))

_READ_AS = {"O": "0", "I": "1", "L": "1"}
_SEPARATORS = " -_.\t"


def new_code(rng: random.Random | None = None) -> str:
    """A fresh code (plain form, no dash), from the system's secure generator unless an
    ``rng`` is given (tests only: a seeded code is no secret)."""
    choose = secrets.choice if rng is None else rng.choice
    return "".join(choose(ALPHABET) for _ in range(CODE_LENGTH))


def parse_code(text: str) -> str | None:
    """The code ``text`` spells (plain form), or None if it spells none.

    >>> parse_code("abcd-efgh"), parse_code("ABCD-EFGU"), parse_code(12345678)
    ('ABCDEFGH', None, None)
    """
    if not isinstance(text, str) or len(text) > 40:
        return None
    letters = [_READ_AS.get(ch, ch) for ch in text.upper() if ch not in _SEPARATORS]
    if len(letters) != CODE_LENGTH or any(ch not in ALPHABET for ch in letters):
        return None
    return "".join(letters)


def show_code(code: str) -> str:
    """A code as printed and shown: two groups of four, ``K7QF-2M9X``."""
    return f"{code[:4]}-{code[4:]}"
