"""A hint's reason says what the rules will do (found by a play-through: a Queen on a Jack with
three players said "the turn stays yours"; Shed said "the next player plays blind" of a player
with face-up cards left). Checked at every such position of random games."""

from __future__ import annotations

import random

from cardtable.bots import one_card as one_card_bots
from cardtable.bots import shed as shed_bots
from cardtable.bots.shed_rules import next_player
from cardtable.games.one_card import Play
from cardtable.session import Seat, Session


def positions(game_id: str, players: int, seeds: range, options=None):
    """Every position of seeded random games, with the seat to act."""
    for seed in seeds:
        session = Session.start(game_id, [Seat(f"P{i}") for i in range(players)], options, seed)
        rng = random.Random(seed)
        while not session.is_over and len(session.moves) < 400:
            seat = session.to_act[0]
            legal = session.legal_moves(seat)
            yield session, seat, legal
            session.apply(seat, rng.choice(legal))


def test_one_card_queen_on_a_jack_says_where_the_turn_goes():
    seen = {2: 0, 3: 0}
    for players in (2, 3):
        for session, seat, legal in positions("one-card", players, range(40)):
            view = session.view(seat)
            queens = [m for m in legal if isinstance(m, Play) and m.card.rank == 12]
            if not view.jack_pending or not queens:
                continue
            reason = one_card_bots.explain(view, queens[0])
            before = session.to_act
            after = session.game.apply(session.state, seat, queens[0])[0]
            stays = session.game.to_act(after) == before
            assert ("stays yours" in reason) == stays, (players, reason, stays)
            seen[players] += 1
    assert seen[3] > 0


def test_shed_says_blind_only_of_a_player_with_neither_hand_nor_face_up_cards():
    said = 0
    for session, seat, legal in positions("shed", 2, range(60), {"short_game": True}):
        view = session.view(seat)
        if getattr(view.phase, "value", view.phase) != "play":
            continue
        for move in legal:
            reason = shed_bots.explain(view, move)
            if "the next player" not in reason:
                continue
            following = next_player(seat, view.places)
            assert view.hand_sizes[following] == 0, (reason, view)
            assert ("plays blind" in reason) == (not view.face_up[following]), (reason, view.face_up[following])
            said += 1
    assert said > 0
