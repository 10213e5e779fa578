"""Speed of Fight for the Lead (FL) on this machine.

- ``fight_for_the_lead_actions_per_second``: random play of 4-player sessions
  (``FightForTheLead(players=4)``: ante 4, fee 4, stacks of 100, 10 games at most),
  against RLCard's limit hold'em in the same run (``peers.py``). Target: at least 2x.
- ``fight_for_the_lead_observed_actions_per_second``: the same, each action chosen
  from ``state.observation(seat).legal_actions`` (what a bot sees: zones, the log ...).

::

    python benchmarks/bench_fight_for_the_lead.py           # about 40 s
    python benchmarks/bench_fight_for_the_lead.py --quick
"""

from __future__ import annotations

import argparse

from peers import print_rows, throughput_rows

from cardlab.games.fight_for_the_lead import FightForTheLead

GAME = FightForTheLead(players=4)


def bench(quick: bool) -> list[dict]:
    """Rows (name, value, unit, note) for benchmarks/bench_games.py."""
    return throughput_rows("fight_for_the_lead", GAME, "4-player sessions", quick)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="short timings")
    print_rows(bench(parser.parse_args().quick))


if __name__ == "__main__":
    main()
