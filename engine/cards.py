"""Cards as small ints and sets of cards as int bitmasks.

A card is ``suit * 13 + rank`` with rank 0 for the two up to 12 for the ace and suits in the
order C, D, H, S, so a hand is a 52-bit int and "cards of suit s" is one AND. The search code
lives on these masks; strings appear only at the edges (records, rendering, errors).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

RANKS = "23456789TJQKA"
SUITS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES = (
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
)

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(13)

DECK_SIZE = 52
FULL_DECK = (1 << DECK_SIZE) - 1
SUIT_BITS = 0x1FFF
SUIT_MASK = tuple(SUIT_BITS << (13 * s) for s in range(4))

# Per-card lookup tables: faster than divmod on the hot path.
SUIT_OF = tuple(c // 13 for c in range(DECK_SIZE))
RANK_OF = tuple(c % 13 for c in range(DECK_SIZE))
BIT = tuple(1 << c for c in range(DECK_SIZE))


def card(rank: int, suit: int) -> int:
    return suit * 13 + rank


def parse_card(text: str) -> int:
    """Parse ``"AS"``, ``"TH"`` or ``"10H"`` (any case) into a card; ValueError otherwise."""
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise ValueError(f"unknown card {text!r}")
    return SUITS.index(t[1]) * 13 + RANKS.index(t[0])


def card_str(c: int) -> str:
    return RANKS[c % 13] + SUITS[c // 13]


def card_name(c: int) -> str:
    """``"queen of spades"``: for people and screen readers."""
    return f"{RANK_NAMES[c % 13]} of {SUIT_NAMES[c // 13]}"


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[int]:
    """The cards of a mask in ascending order (suit, then rank)."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def iter_cards(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def highest(mask: int) -> int:
    """The highest-numbered card of a non-empty mask (within one suit: the highest rank)."""
    return mask.bit_length() - 1


def lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def count(mask: int) -> int:
    return mask.bit_count()


def parse_cards(texts: Iterable[str]) -> list[int]:
    return [parse_card(t) for t in texts]


def cards_str(mask_or_cards: int | Iterable[int]) -> str:
    cs = cards_of(mask_or_cards) if isinstance(mask_or_cards, int) else list(mask_or_cards)
    return " ".join(card_str(c) for c in cs)
