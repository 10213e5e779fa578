"""Make notebooks/data/06-duels.json: cardlab's SearchBot against OpenSpiel's ISMCTS,
with the notebook's settings, more games than a notebook should wait for.

    PYTHONPATH=$PWD python notebooks/data/make_06_duels.py
"""

import json
from pathlib import Path

from cardlab.bots import SearchBot
from cardlab.interop.openspiel import duel

SETTINGS = {"kontrabluff": {"target": 15}, "draw_poker": {}}
GAMES, SIMULATIONS, SAMPLES, SEED = 60, 20, 8, 7

if __name__ == "__main__":
    results = {name: duel(name, SearchBot(seed=1, samples=SAMPLES), games=GAMES, simulations=SIMULATIONS, seed=SEED, **kw)
               for name, kw in SETTINGS.items()}
    data = {"games": GAMES, "simulations": SIMULATIONS, "samples": SAMPLES, "settings": SETTINGS, "results": results}
    Path(__file__).with_name("06-duels.json").write_text(json.dumps(data, indent=1))
