from dataclasses import dataclass

import pytest

from cardtable.core.cards import Card, Rank, Suit
from cardtable.core.codec import move_from_json, move_to_json
from cardtable.core.secret import CHOSEN, SecretChoices


@dataclass(frozen=True)
class Play:
    card: Card
    suit: Suit | None = None


@dataclass(frozen=True)
class Multi:
    cards: tuple[Card, ...]
    count: int
    flag: bool


TYPES = (Play, Multi)


def test_moves_round_trip_through_json():
    for move in (
        Play(Card(Rank.SEVEN, Suit.HEARTS, 2), Suit.SPADES),
        Play(Card(Rank.RED_JOKER)),
        Multi((Card(Rank.TEN, Suit.CLUBS), Card(Rank.TEN, Suit.DIAMONDS)), 3, True),
    ):
        data = move_to_json(move)
        assert move_from_json(data, TYPES) == move
    assert move_to_json(Play(Card(Rank.SEVEN, Suit.HEARTS), Suit.SPADES)) == {
        "type": "Play",
        "card": "7H",
        "suit": "SPADES",
    }


@pytest.mark.parametrize(
    "data,message",
    [
        ({"card": "7H"}, "must be an object with a 'type'"),
        ({"type": "Jump"}, "unknown move type"),
        ({"type": "Play"}, "missing field 'card'"),
        ({"type": "Play", "card": "7X"}, "bad card code"),
        ({"type": "Play", "card": "7H", "suit": "STARS"}, "expected one of"),
        ({"type": "Multi", "cards": "7H", "count": 1, "flag": True}, "expected a list"),
        ({"type": "Multi", "cards": [], "count": "1", "flag": True}, "expected an integer"),
        ({"type": "Multi", "cards": [], "count": 1, "flag": 1}, "expected true or false"),
        ({"type": "Play", "card": "7H", "extra": 1}, "unknown field"),
    ],
)
def test_malformed_moves_are_refused_with_a_reason(data, message):
    with pytest.raises(ValueError, match=message):
        move_from_json(data, TYPES)


def test_secret_choices_hide_values_until_all_have_chosen():
    secret = SecretChoices.open([0, 1, 2])
    secret = secret.commit(1, 4)
    assert secret.pending == (0, 2)
    assert secret.masked(0) == ((1, CHOSEN),)
    assert secret.masked(1) == ((1, 4),)
    assert secret.masked(None) == ((1, CHOSEN),)
    with pytest.raises(ValueError):
        secret.commit(1, 5)
    with pytest.raises(ValueError):
        secret.revealed()
    secret = secret.commit(0, 0).commit(2, 10)
    assert secret.complete
    assert secret.revealed() == {0: 0, 1: 4, 2: 10}
    assert secret.masked(0) == ((0, 0), (1, 4), (2, 10))
    with pytest.raises(ValueError):
        secret.commit(3, 1)
