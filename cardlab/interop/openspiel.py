"""cardlab's games as OpenSpiel games: ``pyspiel.load_game("cardlab_kontrabluff")``.

Importing this module registers four games with ``pyspiel.register_game``:
``cardlab_kontrabluff``, ``cardlab_draw_poker``, ``cardlab_parallel_poker`` and
``cardlab_fight_for_the_lead``. Each game's settings are its OpenSpiel parameters (a
setting that may be None takes -1 for None); more choose how chance is played:

* ``chance="explicit"`` (the default): every shuffle is **explicit chance**. A chance node
  picks the first dealer (KB-1, DP-1, PP-1, FL-2), then one node per card picks the deck's
  next card, uniformly from those left; the game then runs on that stacked deck. (Only
  the cards a game may read in order, ``GameState.cards_read_in_order``, have nodes: in
  parallel poker the seven laid out, PP-1, as the 25 held are one set; in draw poker ten
  a player, DP-1 and DP-5, as the stock below is never dealt.) Every
  later shuffle (a new Kontrabluff deal, KB-11; a refilled stock, DP-5; the next hand,
  DP-10; parallel poker's and Fight for the Lead's next games) is chance nodes the same
  way, right after the action that makes it: the engine takes its
  order through ``GameState.deck_source``. ``seed`` decides nothing in this mode. This is
  the default because OpenSpiel's exact algorithms (CFR, exploitability, best response)
  and its tree searches need the chance outcomes listed.
* ``chance="sampled"``: ``SAMPLED_STOCHASTIC``, no chance node. Each new game draws one
  cardlab seed from the game's ``seed``, and that seed shuffles every deck and refill and
  draws the first dealer: all of the game's chance, sampled, at no step's cost (for random
  play, reinforcement learning and ISMCTS, which resamples). open-spiel 2.0.2 cannot save
  a Python game's generator, so ``pyspiel.serialize_game_and_state`` (and pickling a
  state) is refused in this mode; ``state.serialize()`` and ``game.deserialize_state``
  work.
* ``dealer`` >= 0 fixes the first dealer instead of a chance node.
* ``decks``: deck lists ("Ah Kd ...|...") make the shuffle one chance node choosing one
  of them uniformly, and ``prefix`` ("open 2|call|...") plays the same first moves after
  every deal: a small game that CFR can solve
  (:func:`cardlab.interop.draw_poker.kuhn_draw_poker`).

Actions are :mod:`cardlab.interop.clicks` ids (choose a card, press a button), so a
five-card low (KB-6) is five choices and a button. Parallel poker's arrangement (PP-2)
is a simultaneous move (``simultaneous=False`` plays it seat after seat, each unseen,
for algorithms that need turns). Fight for the Lead's hidden fight cards (FL-3) are
chosen in turn, each seat seeing none of the others', as cardlab's engine does.
Information-state and observation strings and tensors come from
``state.observation(player)`` (and the seat's own past actions): what that seat may see and
nothing else. Both information states have perfect recall. The string: the seat's whole
log (every event it saw since the first deal; the engine never cuts a log), everything it
did, then the table and its chosen cards. The tensor
(:func:`cardlab.interop.clicks.info_vector`): the observation tensor, then one slot per
log line (the code of its words, its cards, numbers and seat names in order) and one per
own action (kind, amount, cards), as many slots of each as ``max_game_length``, a true
bound on the steps of a game (so a draw poker or Fight for the Lead session needs
``hands`` or ``games``). Returns are
chips won (draw poker, Fight for the Lead) or the points margin (Kontrabluff,
parallel poker).

>>> import pyspiel
>>> game = pyspiel.load_game("cardlab_draw_poker", {"players": 2, "deck_size": 20, "max_bet": 2})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 2)
>>> game.num_distinct_actions(), game.get_parameters()["hands"]
(29, 1)
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import pyspiel

from cardlab.cards import Card, parse_cards
from cardlab.engine import Action, Game, GameState
from cardlab.words import seat_names
from cardlab.games import GAMES as CARDLAB_GAMES
from cardlab.games import by_game
from cardlab.interop.clicks import (Clicks, info_layout, info_text, info_vector, observation_vector, own_actions, seat_returns,
                                    table_text, vector_size)
from cardlab.odds import Z95
from cardlab.words.seats import zone_title

__all__ = ["GAMES", "SHORT_NAMES", "registered", "CardlabGame", "CardlabState", "duel", "ismcts_bot", "action_from_text", "bot_policy", "load", "solve", "mean_interval", "play_clicks", "resampler"]

#: cardlab's game classes by name (every game of :data:`cardlab.games.GAMES`), with the
#: settings an OpenSpiel game starts from where cardlab's own defaults make a long session
#: (each game's ``spec.adapter_settings``: one hand of draw poker, one game of Fight for the Lead).
#: A live table: a game registered after this module is imported is here too.
GAMES: Mapping[str, tuple[type[Game], dict[str, Any]]] = by_game(
    lambda entry: (entry.game, dict(entry.spec.adapter_settings)))
#: Each game's name in OpenSpiel's registry (:func:`registered` adds a game to it).
SHORT_NAMES: Mapping[str, str] = by_game(lambda entry: f"cardlab_{entry.name}")
_NONE = -1  # an OpenSpiel parameter cannot be None
# Who acts, as plain ints (pyspiel's enum compares at a few times an int's cost, several times a step)
_CHANCE_ID, _TERMINAL_ID, _SIMULTANEOUS_ID = (int(p) for p in (pyspiel.PlayerId.CHANCE, pyspiel.PlayerId.TERMINAL,
                                                               pyspiel.PlayerId.SIMULTANEOUS))


def _defaults(name: str) -> dict[str, Any]:
    cls, overrides = GAMES[name]
    params: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        value = overrides.get(f.name, f.default)
        params[f.name] = _NONE if value is None else value
    params.update(seed=0, dealer=_NONE, decks="", prefix="", chance="explicit")
    if CARDLAB_GAMES[name].spec.joint:  # both seats arrange at once (PP-2); False: one after the other
        params["simultaneous"] = True
    return params


def _settings(name: str, params: dict[str, Any]) -> Game:
    cls, _ = GAMES[name]
    fields = {f.name for f in dataclasses.fields(cls)}
    return cls(**{k: (None if v == _NONE and not isinstance(v, bool) else v) for k, v in params.items() if k in fields})


def _game_type(name: str) -> pyspiel.GameType:
    players = CARDLAB_GAMES[name].spec.players
    simultaneous = _simultaneous(name)
    return pyspiel.GameType(
        short_name=SHORT_NAMES[name],
        long_name=f"cardlab {name.replace('_', ' ')}",
        dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS if simultaneous else pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_defaults(name),
    )


def _simultaneous(name: str) -> bool:
    """Whether the game has a simultaneous node (parallel poker's arrangements, PP-2):
    a parameter ``simultaneous`` chooses it or plays the seats one after the other."""
    return CARDLAB_GAMES[name].spec.joint


class CardlabGame(pyspiel.Game):
    """One cardlab game as an OpenSpiel game (see the module's docstring)."""

    def __init__(self, name: str, params: dict[str, Any] | None = None):
        full = _defaults(name)
        full.update(params or {})
        self.cardlab_name = name
        self.settings = _settings(name, full)
        self.clicks = Clicks(self.settings)
        self.seed = int(full["seed"])
        self.dealer = None if full["dealer"] == _NONE else int(full["dealer"])
        self.decks = tuple(parse_cards(text) for text in full["decks"].split("|")) if full["decks"] else ()
        self.prefix = tuple(action_from_text(text) for text in full["prefix"].split("|")) if full["prefix"] else ()
        self.simultaneous = bool(full.get("simultaneous", False))
        if full["chance"] not in ("explicit", "sampled"):
            raise ValueError(f"chance must be 'explicit' or 'sampled', got {full['chance']!r}")
        self.sampled = full["chance"] == "sampled"
        if self.sampled and self.decks:
            raise ValueError("decks lists the deals for an explicit chance node: it needs chance='explicit'")
        self._seeds = np.random.default_rng(self.seed)  # sampled chance: one cardlab seed per new game
        self._observers: dict[bool, CardlabObserver] = {}  # see observer
        self._batch: list[int] = []  # its next seeds, drawn 64 at a time (the same numbers as one by one), last first
        n = self.settings.num_players
        d = len(self.clicks.deck)
        self.deck_outcomes = [(i, 1.0 / len(self.decks)) for i in range(len(self.decks))]
        self.dealer_outcomes = [(d + seat, 1.0 / n) for seat in range(n)]
        #: chance_pairs[k][i]: card i's outcome when k cards are left, (i, 1/k), made once
        self.chance_pairs = [[(i, 1.0 / k) for i in range(d)] if k else [] for k in range(d + 1)]
        low, high, length = CARDLAB_GAMES[name].spec.bounds(self.settings)  # ValueError for an endless session
        game_type = _game_type(name)
        one_by_one = _simultaneous(name) and not self.simultaneous
        if one_by_one or self.sampled:
            game_type = _variant(
                game_type,
                pyspiel.GameType.Dynamics.SEQUENTIAL if one_by_one else game_type.dynamics,
                pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC if self.sampled else game_type.chance_mode)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.clicks.num_actions,
            max_chance_outcomes=0 if self.sampled else max(len(self.clicks.deck) + n, len(self.decks)),
            num_players=n,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=length,
        )
        super().__init__(game_type, info, full)

    def reads(self, size: int) -> int:
        """How many cards of a shuffle of ``size`` get a chance node (GameState.cards_read_in_order)."""
        return self.settings.state_class.cards_read_in_order(self.settings, size)

    def new_initial_state(self) -> CardlabState:
        state = CardlabState(self)
        if self.sampled:  # the whole game's chance (every shuffle, KB-11, DP-5, DP-10) from one fresh seed
            if not self._batch:
                self._batch = self._seeds.integers(2**62, size=64).tolist()[::-1]
            state._start(None, self._batch.pop())
        return state

    def __reduce__(self) -> tuple:
        return (GAME_CLASSES[self.cardlab_name], (self.get_parameters(),))

    def observer(self, perfect_recall: bool) -> CardlabObserver:
        """This game's observer of one kind, made once (for the states' tensors)."""
        kept = self._observers.get(perfect_recall)
        if kept is None:
            kept = self._observers[perfect_recall] = CardlabObserver(self, perfect_recall)
        return kept

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> CardlabObserver:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params!r}")
        perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        return CardlabObserver(self, perfect_recall)


def _variant(game_type: pyspiel.GameType, dynamics: Any, chance_mode: Any) -> pyspiel.GameType:
    """The same game type with other dynamics (parallel poker arranged seat after seat) or
    another chance mode (sampled chance)."""
    return pyspiel.GameType(
        short_name=game_type.short_name,
        long_name=game_type.long_name,
        dynamics=dynamics,
        chance_mode=chance_mode,
        information=game_type.information,
        utility=game_type.utility,
        reward_model=game_type.reward_model,
        max_num_players=game_type.max_num_players,
        min_num_players=game_type.min_num_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=game_type.parameter_specification,
    )


class _Core:
    """Everything a state holds, copied by hand (OpenSpiel's ``Clone`` deep-copies the
    Python fields of a state; the cardlab state has a fast ``clone``)."""

    def __init__(self, game: CardlabGame):
        self.dealer: int | None = game.dealer
        # A shuffle played by chance nodes: the ids of the cards placed so far and of those
        # left (the first deal's: the whole deck); the orders of this action's shuffles done
        # so far, and the action waiting for them (None for the first deal).
        self.order: list[int] = []
        self.left: list[int] = list(range(len(game.clicks.deck)))
        self.reads = game.reads(len(self.left))  # the shuffle's chance nodes end once this many cards are placed
        self.orders: tuple[tuple[Card, ...], ...] = ()
        self.waiting: tuple[int, Action] | None = None
        self.state: GameState | None = None
        n = game.settings.num_players
        self.chosen: list[tuple[int, ...]] = [() for _ in range(n)]
        # OpenSpiel asks who acts several times a step: the answer is kept until the next move
        self.player: int = _CHANCE_ID
        self.moves = 0  # cardlab actions played (a key for the caches below)
        self.offers: dict[int, list] = {}  # each seat's offers now (both seats arrange at once, PP-2)
        self.offers_at = 0  # the moves they were read at
        self.ids: dict[int, tuple[int, tuple[int, ...], list[int]]] = {}  # each seat's (moves, chosen, legal ids): both arrange at once
        # A state resampled for search (:func:`resampler`): the searcher's information
        # state at the root, and the clicks made since.
        self.root_keys: dict[int, str] = {}
        self.since = 0

    def moved(self, simultaneous: bool) -> None:
        """Work out who acts now (after a chance outcome or a cardlab action)."""
        state = self.state
        if state is None or self.waiting is not None:
            self.player = _CHANCE_ID
        elif state.current_player is None:
            self.player = _TERMINAL_ID
        elif simultaneous and state.simultaneous:
            self.player = _SIMULTANEOUS_ID
        else:
            self.player = state.current_player

    def __deepcopy__(self, memo: dict) -> _Core:
        new = copy.copy(self)
        new.order = self.order[:]
        new.left = self.left[:]
        new.state = None if self.state is None else self.state.clone()
        new.chosen = self.chosen[:]
        new.offers = self.offers.copy()
        new.ids = self.ids.copy()  # a clone's moves must not land in this state's caches
        return new


class CardlabState(pyspiel.State):
    """A cardlab game in progress, seen through OpenSpiel's State interface."""

    def __init__(self, game: CardlabGame, core: _Core | None = None):
        super().__init__(game)
        self._game = game
        self._core = core if core is not None else _Core(game)

    # -- who acts -----------------------------------------------------------------------
    @property
    def cardlab_state(self) -> GameState | None:
        """The cardlab state (None while the deck is being dealt by chance)."""
        return self._core.state

    def current_player(self) -> int:
        return self._core.player

    def is_terminal(self) -> bool:
        return self._core.player == _TERMINAL_ID

    # pyspiel answers these from C++ by calling back into Python several times a question
    # (``legal_actions()`` asks who acts three times, then ``_legal_actions``, then converts
    # the list twice); a Python caller (ISMCTS, random play, RL loops) gets the same answers
    # here in one call. C++ callers still take pyspiel's own route: tests check both agree.
    def is_chance_node(self) -> bool:
        return self._core.player == _CHANCE_ID

    def is_simultaneous_node(self) -> bool:
        return self._core.player == _SIMULTANEOUS_ID

    def is_player_node(self) -> bool:
        return self._core.player >= 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal ids of ``player`` (default: whoever acts), as ``pyspiel.State.legal_actions``
        gives them: chance outcomes at a chance node, nothing at the end or for a seat not to act."""
        acting = self._core.player
        if player is None or player == acting:
            if acting >= 0:  # the usual question: the seat to act's ids
                return self._ids(acting)[:]  # a copy: the caller may change it, the cache stays
            player = acting
        if acting == _TERMINAL_ID:
            return []
        if acting == _CHANCE_ID:
            return [outcome for outcome, _ in self.chance_outcomes()]
        if player == acting or (player >= 0 and acting == _SIMULTANEOUS_ID):
            return self._legal_actions(player)[:]  # a copy: the caller may change it, the cache stays
        if player < 0:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")  # pyspiel's own error
        return []

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """``pyspiel.State.observation_tensor``'s numbers, made here: pyspiel's own route sizes
        the tensor by making a new initial state at every call (in sampled mode that draws one
        of the game's seeds, so the next game's deal would depend on how often tensors were read)."""
        return self._tensor(False, player)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """``pyspiel.State.information_state_tensor``'s numbers, made here (see :meth:`observation_tensor`)."""
        return self._tensor(True, player)

    def _tensor(self, perfect_recall: bool, player: int | None) -> list[float]:
        if player is None:
            player = self._core.player
        if not 0 <= player < self._game.settings.num_players:  # pyspiel's SPIEL_CHECK on the player
            raise pyspiel.SpielError(f"a tensor of player {player}: a seat 0..{self._game.settings.num_players - 1} is needed")
        observer = self._game.observer(perfect_recall)
        observer.set_from(self, player)
        return observer.tensor.tolist()

    def _offers(self, player: int) -> list:
        core = self._core
        if core.offers_at != core.moves:
            core.offers, core.offers_at = {}, core.moves
        offers = core.offers.get(player)
        if offers is None:
            view = core.state.legal_actions(player)
            # a seat done arranging has an empty view (PP-2): no offers, so no ids
            simultaneous_and_done = core.player == _SIMULTANEOUS_ID and not view
            offers = core.offers[player] = [] if simultaneous_and_done else self._game.clicks.offers(view)
        return offers

    def _legal_actions(self, player: int) -> list[int]:
        acting = self._core.player
        if player < 0:  # chance outcomes come from chance_outcomes()
            return []
        if acting == player or acting == _SIMULTANEOUS_ID:  # a seat done arranging has no offers, so no ids (PP-2)
            return self._ids(player)
        return []

    def _ids(self, player: int) -> list[int]:
        """The legal ids of ``player``, worked out once per position (OpenSpiel asks for
        them before a move, and the move checks them again)."""
        core = self._core
        chosen = core.chosen[player]
        known = core.ids.get(player)
        # the same position: no action since, and the very tuple of chosen cards (a click makes a new one)
        if known is None or known[0] != core.moves or known[1] is not chosen:
            known = core.ids[player] = (core.moves, chosen, self._game.clicks.legal_ids(self._offers(player), chosen))
        return known[2]

    # -- chance ---------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[int, float]]:
        core, game = self._core, self._game
        if core.state is None and game.decks:
            return game.deck_outcomes
        if core.state is None and core.dealer is None:
            return game.dealer_outcomes
        left = core.left  # the cards not yet placed, equally likely: (id, 1/k) pairs made once per game
        return list(map(game.chance_pairs[len(left)].__getitem__, left))

    def _apply_chance(self, outcome: int) -> None:
        core, game = self._core, self._game
        if core.state is None:
            if game.decks:
                self._start(game.decks[outcome])
                return
            if core.dealer is None:
                core.dealer = outcome - len(game.clicks.deck)
                return
        left = core.left
        core.order.append(outcome)
        left.remove(outcome)
        if len(left) > 1 and len(core.order) < core.reads:  # the common case: one more card placed, more to come
            return
        # the last card has no choice left, and the game never reads the order of the cards
        # after those it may read in order (GameState.cards_read_in_order): they follow as they are
        core.order += left
        core.left = []
        cards = tuple([game.clicks.deck[i] for i in core.order])
        core.order = []
        if core.state is None:
            self._start(cards)
            return
        core.orders += (cards,)
        player, action = core.waiting
        if self._play(player, action):  # else one more shuffle in the same action (none in these games)
            self._played(player)

    def _play(self, player: int, action: Action) -> bool:
        """Play ``action`` if every shuffle it makes has its order; else leave the state as
        it is, make the missing shuffle chance nodes and return False.

        The engine shuffles inside ``_apply`` (KB-11, DP-5, DP-10 ...), where it cannot wait
        for chance: so the action is tried on a clone whose ``deck_source`` hands out the
        orders chance chose and raises at a shuffle it has none for. The clone becomes the
        state when it gets through (nearly always: one clone per action is the cost)."""
        core = self._core
        state = core.state
        if state.deck_source is None:  # sampled chance, or a state sampled for search: the seed shuffles
            state.apply_trusted(player, action)
            return True
        trial = state.clone()
        trial.deck_source = _ChanceDeck(core.orders)
        try:
            trial.apply_trusted(player, action)
        except _Shuffle as shuffle:
            index = self._game.clicks.index
            core.waiting = (player, action)
            core.left = sorted(index[card] for card in shuffle.cards)
            core.reads = self._game.reads(len(shuffle.cards))
            core.player = _CHANCE_ID
            return False
        trial.deck_source = _CHANCE
        core.state, core.orders, core.waiting = trial, (), None
        return True

    def _start(self, deck: Sequence | None, seed: int | None = None) -> None:
        game = self._game
        dealer = game.dealer if game.decks or game.sampled else self._core.dealer
        settings = game.settings
        if deck is None:  # sampled chance: the seed shuffles every deck and draws the first dealer
            state = settings.new_state(seed=seed, dealer=dealer)
        elif game.decks:  # given as text: checked like any stacked deck
            state = settings.new_state(seed=game.seed, dealer=dealer, deck=deck)
        else:  # a permutation of the deck's own cards by construction: new_state's check (a sort) is skipped
            state = settings.state_class(settings, game.seed, dealer, tuple(deck))
        for action in game.prefix:  # a small variant's opening moves, the same in every deal
            state.apply_for(state.current_player, action)
        if not game.sampled:  # every later shuffle is chance nodes too (see _play)
            state.deck_source = _CHANCE
        self._core.state = state
        self._core.moved(game.simultaneous)

    # -- moves ------------------------------------------------------------------------------
    def _apply_action(self, action: int) -> None:
        player = self._core.player
        if player == _CHANCE_ID:
            self._apply_chance(int(action))
        elif player >= 0:
            self._click(player, int(action))
        else:
            raise ValueError(f"no player can act now (player id {player}); id {action} is not legal")

    def _apply_actions(self, actions: Sequence[int]) -> None:
        seats = [p for p in range(len(actions)) if self._offers(p)]  # the seats still arranging (PP-2)
        for seat in seats:
            if self._core.waiting is None:  # else a shuffle waits for chance (no game shuffles between two seats' moves)
                self._click(seat, int(actions[seat]))

    def _click(self, player: int, action: int) -> None:
        core, clicks = self._core, self._game.clicks
        if action not in self._ids(player):
            raise ValueError(f"{clicks.words(action) if 0 <= action < clicks.num_actions else action} "
                             f"(id {action}) is not legal for seat {player} now")
        core.since += 1
        if action < clicks.d:  # a card chosen: the seat clicks on
            core.chosen[player] = core.chosen[player] + (action,)
            return
        played = clicks.commit(self._offers(player), action, core.chosen[player])
        # The id was checked against the ids read from this very state's legal view, so the
        # action is legal for the seat: the engine's own check is skipped (as random play's
        # ``sample`` skips it; tests.test_interop_openspiel checks every committed action).
        if self._play(player, played):
            self._played(player)

    def _played(self, player: int) -> None:
        core = self._core
        core.chosen[player] = ()
        core.moves += 1
        core.moved(self._game.simultaneous)

    def _action_to_string(self, player: int, action: int) -> str:
        clicks = self._game.clicks
        if player == _CHANCE_ID:
            d = len(clicks.deck)
            if self._game.decks and self._core.state is None:
                return f"deal deck {action + 1} of {len(self._game.decks)}"
            if action >= d:
                return f"{seat_names(self._game.settings.num_players)[action - d]} deals first"
            return f"the next card of the deck is {clicks.deck[action]}"
        return clicks.words(action)

    # -- results ------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        state = self._core.state
        n = self._game.settings.num_players
        if state is None or not self.is_terminal():
            return [0.0] * n
        return seat_returns(state)  # chips won, or the points margin

    # -- what a seat sees ------------------------------------------------------------------------
    def seat_text(self, player: int, perfect_recall: bool) -> str:
        core = self._core
        if core.state is None:
            return f"{'Seat ' + str(player)}: the cards are being shuffled."
        if core.root_keys and perfect_recall:
            root = core.root_keys.get(player, "")
            if core.since == 0 and root:
                return root
        obs = core.state.observation(player)
        chosen = tuple(self._game.clicks.deck[i] for i in core.chosen[player])
        if not perfect_recall:
            return table_text(obs, chosen)
        if core.root_keys:  # a resampled state: the searcher's root, then what happened since
            return f"{core.root_keys.get(player, '')}\n(then, {core.since} clicks)\n{table_text(obs, chosen)}"
        return info_text(obs, own_actions(core.state, player), chosen)

    def __str__(self) -> str:
        core = self._core
        if core.state is None:
            return f"shuffling: dealer {core.dealer}, deck so far {' '.join(str(self._game.clicks.deck[i]) for i in core.order)}"
        chosen = "; ".join(" ".join(str(self._game.clicks.deck[i]) for i in c) for c in core.chosen)
        state = core.state
        players, name = state.game.num_players, state.game.name
        places = "; ".join(f"{zone_title(zone, players, name)}: {' '.join(map(str, zone.cards))}"
                           for zone in state.zones())
        text = f"{places} | actions: {' / '.join(f'{p}:{a}' for p, a in state.actions)} | chosen: {chosen}"
        if core.waiting is not None:
            shuffled = [" ".join(map(str, order)) for order in core.orders]
            shuffled.append(" ".join(str(self._game.clicks.deck[i]) for i in core.order))
            text += f" | {core.waiting[1]} waits for a shuffle: {' / '.join(shuffled)}"
        return text


class CardlabObserver:
    """OpenSpiel's observer interface: a tensor (the seat's cards and counts, see
    :func:`cardlab.interop.clicks.observation_vector`; with perfect recall also its own past
    actions and the cards of its log, :func:`cardlab.interop.clicks.info_vector`) and
    strings, from ``observation(player)``."""

    def __init__(self, game: CardlabGame, perfect_recall: bool):
        self.game = game
        self.perfect_recall = perfect_recall
        self.layout = info_layout(game.settings, game.max_game_length()) if perfect_recall else None
        size = self.layout.size if perfect_recall else vector_size(game.settings)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"information_state" if perfect_recall else "observation": self.tensor}

    def set_from(self, state: CardlabState, player: int) -> None:
        core = state._core
        if core.state is None:
            self.tensor.fill(0.0)
            return
        obs = core.state.observation(player)
        if self.perfect_recall:
            self.tensor[:] = info_vector(obs, own_actions(core.state, player), self.game.clicks, self.layout, core.chosen[player])
        else:
            self.tensor[:] = observation_vector(obs, self.game.clicks, core.chosen[player])

    def string_from(self, state: CardlabState, player: int) -> str:
        return state.seat_text(player, self.perfect_recall)


class _Shuffle(Exception):
    """A shuffle (of ``cards``) that chance has not played yet (see ``CardlabState._play``)."""

    def __init__(self, cards: tuple[Card, ...]):
        super().__init__(f"a shuffle of {len(cards)} cards waits for chance")
        self.cards = cards


class _ChanceDeck:
    """A ``GameState.deck_source``: the shuffle orders chance chose, in turn; raises
    :class:`_Shuffle` at a shuffle it has none for."""

    __slots__ = ("orders",)

    def __init__(self, orders: Sequence[tuple[Card, ...]] = ()):
        self.orders = list(orders)

    def __call__(self, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        if not self.orders:
            raise _Shuffle(cards)
        order = self.orders.pop(0)
        if sorted(order) != sorted(cards):  # the engine shuffles what chance shuffled, or says so
            raise AssertionError(f"chance shuffled {len(order)} other cards than the {len(cards)} the game shuffles")
        return order


_CHANCE = _ChanceDeck()  # every state in explicit mode: the next shuffle waits for chance


def _game_class(name: str) -> type[CardlabGame]:
    # One class per game: OpenSpiel's registry keeps its creator until the interpreter
    # ends, and a class (unlike a closure) is safe to hold that long.
    def __init__(self: CardlabGame, params: dict[str, Any] | None = None) -> None:
        CardlabGame.__init__(self, name, params)

    title = "".join(part.title() for part in name.split("_"))
    cls = type(f"Cardlab{title}Game", (CardlabGame,), {"__init__": __init__, "__module__": __name__})
    globals()[cls.__name__] = cls  # picklable by name
    return cls


#: Each game's OpenSpiel game class, made once (a live table, as :data:`GAMES`).
GAME_CLASSES: Mapping[str, type[CardlabGame]] = by_game(lambda entry: _game_class(entry.name))


def registered(name: str) -> str:
    """The OpenSpiel short name of cardlab game ``name``, registered with OpenSpiel first
    if it is not yet (every game of :data:`cardlab.games.GAMES` is when this module is
    imported; a game registered later is when it is first loaded).

    >>> registered("kontrabluff"), "cardlab_kontrabluff" in pyspiel.registered_names()
    ('cardlab_kontrabluff', True)
    """
    short = SHORT_NAMES[name]
    if short not in pyspiel.registered_names():
        pyspiel.register_game(_game_type(name), GAME_CLASSES[name])
    return short


for _name in GAMES:
    registered(_name)


def action_from_text(text: str) -> Action:
    """An action from the words ``str(action)`` writes: the kind, then cards or an amount.

    >>> action_from_text("open 2"), action_from_text("draw Ah 10c")
    (Action('open', amount=2), Action('draw', cards=(Card('Ah'), Card('Tc'))))
    """
    kind, *rest = text.split()
    amount = int(rest.pop()) if rest and rest[-1].isdigit() else None
    return Action(kind, " ".join(rest), amount)


def load(name: str, **params: Any) -> pyspiel.Game:
    """``pyspiel.load_game`` of a cardlab game by its cardlab name, settings as keywords.

    >>> load("kontrabluff", target=30).get_parameters()["target"]
    30
    """
    return pyspiel.load_game(registered(name), params)


# -- search and solving -------------------------------------------------------------------------
def resampler(seed: int = 0) -> Callable[[CardlabState, int], CardlabState]:
    """A resampler for OpenSpiel's ISMCTS: a state consistent with what ``player`` knows,
    the hidden cards dealt anew by cardlab's ``Game.sample_state`` (determinization).

    The sample keeps the searcher's information state at its root, as ISMCTS requires.
    """
    rng = np.random.default_rng(seed)

    def resample(state: CardlabState, player: int) -> CardlabState:
        game = state.get_game()
        core = state._core
        obs = core.state.observation(player)
        new = _Core(game)
        new.dealer = core.dealer
        new.state = game.settings.sample_state(obs, rng)
        new.chosen = core.chosen[:]
        new.root_keys = {player: state.information_state_string(player)}
        new.moved(game.simultaneous)
        return CardlabState(game, new)

    return resample


def ismcts_bot(game: pyspiel.Game, simulations: int = 50, seed: int = 0, rollouts: int = 1) -> Any:
    """OpenSpiel's ISMCTS bot on a cardlab game, random rollouts, cardlab's resampler."""
    from open_spiel.python.algorithms import ismcts, mcts

    random_state = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=rollouts, random_state=random_state)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=random_state,
                           final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
    bot.set_resampler(resampler(seed))
    return bot


def bot_policy(game: pyspiel.Game, make_bot: Callable[[], Callable[[Any], Action]]) -> Any:
    """A cardlab bot as an OpenSpiel policy (for exploitability): at each state, the next
    click of the action a fresh ``make_bot()`` chooses from the seat's observation."""
    from open_spiel.python import policy as policy_lib

    class BotPolicy(policy_lib.Policy):
        def action_probabilities(self, state: CardlabState, player_id: int | None = None) -> dict[int, float]:
            seat = state.current_player() if player_id is None else player_id
            inner = state.cardlab_state
            action = make_bot()(inner.observation(seat))
            clicks = game.clicks.clicks_of(action)
            chosen = clicks[len(state._core.chosen[seat])]
            return {click: float(click == chosen) for click in state.legal_actions(seat)}

    return BotPolicy(game, list(range(game.num_players())))


def solve(game: pyspiel.Game, iterations: int) -> tuple[Any, list[tuple[int, float]]]:
    """OpenSpiel's CFR+ on ``game``: the average policy and its exploitability along the way."""
    from open_spiel.python.algorithms import cfr, exploitability

    solver = cfr.CFRPlusSolver(game)
    curve = []
    for i in range(1, iterations + 1):
        solver.evaluate_and_update_policy()
        if i & (i - 1) == 0 or i == iterations:  # powers of two, and the last
            curve.append((i, float(exploitability.exploitability(game, solver.average_policy()))))
    return solver.average_policy(), curve


def play_clicks(state: CardlabState, action: Action) -> None:
    """Play a cardlab action (a bot's choice) on an OpenSpiel state as its clicks."""
    for click in state.get_game().clicks.clicks_of(action):
        state.apply_action(click)


def duel(name: str, bot: Callable[[Any], Action], games: int, simulations: int = 20, seed: int = 0,
         **settings: Any) -> list[float]:
    """``bot`` (a cardlab bot: observation -> action) against OpenSpiel's ISMCTS, seats
    alternating game by game; the bot's return (points margin or chips) in each game.

    >>> from cardlab.bots import RandomBot
    >>> len(duel("draw_poker", RandomBot(seed=1), games=2, simulations=2))
    2
    """
    game = load(name, **settings)
    rng = np.random.default_rng(seed)
    results = []
    for number in range(games):
        mine = number % game.num_players()
        search = ismcts_bot(game, simulations=simulations, seed=seed + number)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
            elif state.current_player() == mine:
                play_clicks(state, bot(state.cardlab_state.observation(mine)))
            else:
                state.apply_action(search.step(state))
        results.append(state.returns()[mine])
    return results


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95% normal interval (mean - Z95 se, mean + Z95 se; Z95 = 1.95996...).

    >>> mean_interval([1.0, 3.0, 2.0, 2.0])
    (2.0, 1.2, 2.8)
    """
    v = np.asarray(values, dtype=float)
    half = Z95 * v.std(ddof=1) / np.sqrt(len(v))
    return round(float(v.mean()), 2), round(float(v.mean() - half), 2), round(float(v.mean() + half), 2)
