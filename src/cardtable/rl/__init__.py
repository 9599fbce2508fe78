"""The engines as research environments (the optional ``rl`` extra:
``pip install 'cardtable[rl]'``). Nothing here is imported by the app.

* :mod:`.observations`: what a seat observes, from its view only: a flat
  ``float32`` vector (:mod:`.one_card`, :mod:`.shed`, :mod:`.one_too_many`
  lay it out) and a readable dict; the action mask from ``legal_actions``.
* :mod:`.table`: one game in play for an environment: the seat to act, its
  mask and observation, a checked step (an illegal action is refused with the
  reason, never replaced), the rewards at the end, a step limit.
* :mod:`.pettingzoo`: ``env(game=..., players=..., options=..., render_mode=None)``,
  a PettingZoo ``AECEnv``; ``parallel_env(...)``, a ``ParallelEnv``.
* :mod:`.openspiel`: ``register()`` registers the three games with OpenSpiel.
* :mod:`.agents`: the computer players as agents (``bot("hard", seed=1)``)
  and an outside policy as a player the arena can seat.

docs/research.md says how to use them, the layouts, and what they cost.
"""

from __future__ import annotations

EXTRA = "pip install 'cardtable[rl]'"


def missing(package: str) -> ImportError:
    """The error for a package of the ``rl`` extra that is not installed."""
    return ImportError(f"cardtable.rl needs {package}, from the rl extra: {EXTRA}")
