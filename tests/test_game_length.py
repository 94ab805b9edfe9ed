"""Games between the app's computer players end: a small seeded sample per preset and kind.

The full measure (200 seeded games per preset and kind, the share over within 30 hands) is
printed by ``python -m tutor bench --players``; this only guards against a player that can no
longer finish a game, such as Modern players who never reach 8,500.
"""

from __future__ import annotations

import pytest

from tutor.devtools.bench import QUICK_HANDS, play_to_the_end
from tutor.engine.rules import PRESET_NAMES


@pytest.mark.parametrize("preset", PRESET_NAMES)
@pytest.mark.parametrize("kind", ["standard", "beginner"])
@pytest.mark.parametrize("seed", range(3))
def test_game_between_same_players_ends_within_30_hands(preset: str, kind: str, seed: int) -> None:
    game = play_to_the_end(preset, kind, seed, cap=QUICK_HANDS)
    assert game.ended, f"{preset}, {kind} players, seed {seed}: not over after {game.hands} hands"
