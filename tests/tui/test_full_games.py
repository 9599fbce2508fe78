"""One complete game of each game, all seats human, driven by key presses
(the curtain, the cards, the prompts, the confirmations) to the game-over screen."""

from __future__ import annotations

import pytest
from tui_helpers import make_app, play_to_game_over, run_async, screen_text, table_of

pytestmark = pytest.mark.slow  # complete games driven by keys


def sensible(session, seat, legal, rng):
    """A quick but ordinary player: keeps the games short without avoiding any screen."""
    by_kind: dict[str, list] = {}
    for move in legal:
        by_kind.setdefault(type(move).__name__, []).append(move)
    game = session.game.id
    if game == "shed":
        if "Exchange" in by_kind and rng.random() < 0.3:
            return rng.choice(by_kind["Exchange"])
        if "Done" in by_kind:
            return by_kind["Done"][0]
        if "Play" in by_kind:
            return min(by_kind["Play"], key=lambda m: (m.cards[0].rank in (2, 10), m.cards[0].rank, -len(m.cards)))
        return (by_kind.get("PlayFaceDown") or legal)[0]
    if game == "one-card":
        return rng.choice(by_kind.get("Play") or legal)
    return rng.choice(legal)


GAMES = [
    ("one-too-many", 2, None, 11),
    ("one-card", 2, {"target": 40, "hand_size": 4}, 5),
    ("shed", 2, {"short_game": True}, 3),
]


@pytest.mark.parametrize("game_id, players, options, seed", GAMES, ids=[g[0] for g in GAMES])
@run_async
async def test_complete_game_by_keys(game_id, players, options, seed):
    app = make_app(game_id, players, options=options, seed=seed)
    seen: set[str] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        over = await play_to_game_over(pilot, sensible, seed=seed, on_step=lambda app, name: seen.add(name))
        session = table_of(app).session
        assert session.is_over
        text = screen_text(app)
        assert "game over" in text
        outcome = session.game.outcome(session.state)
        winner = session.names[outcome.winners()[0]]
        assert winner in text
        assert over.outcome == outcome
        assert "CurtainScreen" in seen
    if game_id == "one-too-many":
        assert {"SecretPromptScreen", "RevealScreen", "SummaryScreen"} <= seen
    if game_id == "one-card":
        assert "SummaryScreen" in seen
