"""cardlab's games as OpenSpiel games (issue 18): OpenSpiel's own consistency test with
serialization, ISMCTS to the end of every game, stable click ids, hidden information."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open-spiel has no wheel for this platform (pip install open_spiel)")

from cardlab.cards import Card  # noqa: E402
from cardlab.engine import Action, IllegalActionError  # noqa: E402
from cardlab.interop import openspiel as cos  # noqa: E402
from cardlab.interop.clicks import Clicks, info_layout  # noqa: E402
from tests.interop_checks import QUICK, cards_in_info_vector, cards_in_text, cards_in_vector  # noqa: E402

NAMES = list(cos.GAMES)


def _step_randomly(state, rng):
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
    elif state.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
        state.apply_actions([int(rng.choice(state.legal_actions(p))) for p in range(state.num_players())])
    else:
        state.apply_action(int(rng.choice(state.legal_actions())))


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_consistency_test_passes_with_serialization(name):
    game = cos.load(name, **QUICK[name])
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_every_game_is_registered_with_its_settings_as_parameters():
    assert {f"cardlab_{name}" for name in NAMES} <= set(pyspiel.registered_names())
    game = pyspiel.load_game("cardlab_draw_poker", {"players": 3, "deck_size": 32, "ante": 2, "max_bet": 6})
    settings = game.settings
    assert (settings.players, settings.deck_size, settings.ante, settings.max_bet, settings.hands) == (3, 32, 2, 6, 1)
    assert game.num_players() == 3
    # DP-2/DP-3: one button per amount 1..max_bet for open and for raise
    assert game.num_distinct_actions() == 32 + 5 + 2 * 6


@pytest.mark.parametrize("name", NAMES)
def test_sampled_chance_passes_the_consistency_test_and_reproduces_from_its_seed(name):
    """chance='sampled': no chance node; each new game draws its cardlab seed (every shuffle,
    KB-11, DP-5, DP-10) from the game's seed, so two games with one seed deal alike.

    open-spiel 2.0.2 serializes a sampled game with its generator (``GetRNGState``), which a
    Python game cannot provide, so ``random_sim_test`` runs without ``serialize`` and the
    states' own serialization is checked here instead, at every step of a game."""
    game = cos.load(name, chance="sampled", **QUICK[name])
    first = [game.new_initial_state().cardlab_state.seed for _ in range(3)]
    again = cos.load(name, chance="sampled", **QUICK[name])
    assert len(set(first)) == 3 and again.new_initial_state().cardlab_state.seed == first[0]
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    state, rng, steps = game.new_initial_state(), np.random.default_rng(4), 0
    while not state.is_terminal():
        copy = game.deserialize_state(state.serialize())
        assert (str(copy), copy.history(), copy.legal_actions()) == (str(state), state.history(), state.legal_actions())
        _step_randomly(state, rng)
        steps += 1
    assert steps > 5
    assert not game.new_initial_state().is_chance_node()
    with pytest.raises(ValueError, match="chance must be"):
        cos.load(name, chance="random")


def test_parallel_poker_chance_lays_out_seven_cards_and_holds_the_rest_as_a_set():
    """PP-1 (GameState.cards_read_in_order): chance places the seven laid-out cards one by one,
    in the order they are laid out; the 25 held follow as a set, with no node of their own."""
    game = cos.load("parallel_poker", games=2, simultaneous=False)
    deck = game.clicks.deck
    state = game.new_initial_state()
    rng = np.random.default_rng(4)
    deals: list[list[Card]] = []
    while not state.is_terminal():
        if not state.is_chance_node():
            _step_randomly(state, rng)
            continue
        run: list[Card] = []  # one shuffle's nodes, in a row
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            outcome = outcomes[int(rng.integers(len(outcomes)))][0]
            state.apply_action(outcome)
            if outcome < len(deck):  # not the first dealer's draw
                run.append(deck[outcome])
        assert run == list(state.cardlab_state.laid_out)
        deals.append(run)
    assert [len(run) for run in deals] == [7, 7]


@pytest.mark.parametrize("chance", ["explicit", "sampled"])
@pytest.mark.parametrize("name", NAMES)
def test_ismcts_plays_every_game_to_the_end(name, chance):
    # ISMCTS needs turns: in parallel poker each seat then arranges unseen, in turn (PP-2)
    params = {"kontrabluff": {"target": 15}, "parallel_poker": {"simultaneous": False}}.get(name, {})
    game = cos.load(name, chance=chance, **params)
    bots = [cos.ismcts_bot(game, simulations=4, seed=seat) for seat in range(game.num_players())]
    rng = np.random.default_rng(1)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            _step_randomly(state, rng)
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
    assert decisions > 0
    assert sum(state.returns()) == 0 and state.cardlab_state.is_terminal


@pytest.mark.parametrize("name", NAMES)
def test_every_cardlab_action_is_reached_by_its_clicks_and_only_by_them(name):
    """clicks_of(action) walks legal ids only and commits exactly that action; the ids
    do not depend on the legal list's order (they come from the deck and the catalogue)."""
    cls, overrides = cos.GAMES[name]
    settings = cls(**overrides)
    clicks = Clicks(settings)
    rng = np.random.default_rng(5)
    checked = 0
    for seed in range(40):
        state = settings.new_state(seed=seed)
        while not state.is_terminal and checked < 20 * (seed + 1):
            seat = state.current_player
            view = state.legal_actions(seat)
            offers = clicks.offers(view)
            action = view.sample(rng)
            chosen: tuple[int, ...] = ()
            for i, click in enumerate(ids := clicks.clicks_of(action)):
                assert click in clicks.legal_ids(offers, chosen), (action, clicks.words(click))
                played = clicks.commit(offers, click, chosen)
                if i < len(ids) - 1:
                    assert played is None
                    chosen += (click,)
            assert played is not None and played in view
            assert sorted(played.cards) == sorted(action.cards) and (played.kind, played.amount) == (action.kind, action.amount)
            if size := clicks.catalogue.packet:  # PP-2: the same packets in the same order (the last one never clicked)
                assert len(ids) == len(action.cards) - size + 1
                packets = [sorted(cards[k:k + size]) for cards in (played.cards, action.cards) for k in range(0, len(cards), size)]
                assert packets[:len(packets) // 2] == packets[len(packets) // 2:]
            state.apply_for(seat, action)
            checked += 1
    assert checked >= 60  # some hundred actions over the seeds


def test_an_illegal_click_raises_and_changes_nothing():
    game = cos.load("kontrabluff")
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while state.is_chance_node():
        _step_randomly(state, rng)
    before = (str(state), state.legal_actions())
    illegal = next(i for i in range(game.num_distinct_actions()) if i not in state.legal_actions())
    with pytest.raises(ValueError, match="not legal"):
        state.apply_action(illegal)
    assert (str(state), state.legal_actions()) == before


def test_action_to_string_is_in_the_tables_words():
    game = cos.load("kontrabluff")
    clicks = game.clicks
    words = {game.new_initial_state().action_to_string(0, i) for i in range(game.num_distinct_actions())}
    assert {"choose A♠", "lay 10♥", "hand over", "play low with the chosen cards", "see with the chosen cards"} <= words
    assert not any("_" in w for w in words)  # no field names
    assert clicks.clicks_of(Action("hand_over")) == [clicks.button_id("hand_over")]


@pytest.mark.parametrize("name", NAMES)
def test_no_string_or_tensor_of_a_seat_holds_a_card_hidden_from_it(name):
    game = cos.load(name, **QUICK[name])
    deck = game.clicks.deck
    base = game.observation_tensor_shape()[0]
    layout = info_layout(game.settings, game.max_game_length())
    rng = np.random.default_rng(11)
    observed = 0
    remembered = 0  # cards the information-state tensor recalls beyond the observation now
    for _ in range(6 if name == "draw_poker" else 2):  # one hand of draw poker is short
        state = game.new_initial_state()
        # The information state recalls the past: a card in it must have been open to the
        # seat at some step (its own folded hand, DP-4, is hidden now but was seen).
        seen = [set() for _ in range(game.num_players())]
        while not state.is_terminal():
            _step_randomly(state, rng)
            inner = state.cardlab_state
            if inner is None:
                continue
            for seat in range(game.num_players()):
                hidden = inner.hidden_from(seat)
                seen[seat] |= set(deck) - hidden
                now = cards_in_text(state.observation_string(seat))
                assert not now & hidden, (seat, now & hidden)
                assert not cards_in_vector(np.array(state.observation_tensor(seat)), deck) & hidden
                recalled = cards_in_text(state.information_state_string(seat))
                assert recalled <= seen[seat], (seat, recalled - seen[seat])
                tensor = np.array(state.information_state_tensor(seat))
                recalled = cards_in_info_vector(tensor, deck, layout)
                assert recalled <= seen[seat], (seat, recalled - seen[seat])
                remembered += len(recalled - cards_in_vector(tensor[:base], deck))
                observed += 1
    assert observed > 50
    if name == "draw_poker":  # discarded cards (DP-5) leave the table but stay in the seat's memory
        assert remembered > 0


@pytest.mark.parametrize("name", NAMES)
def test_the_information_state_string_never_forgets(name):
    """Perfect recall: at every step a seat's information-state string keeps every line it
    held before (its log and its own actions) and adds the new ones after them."""
    game = cos.load(name, **QUICK[name])
    rng = np.random.default_rng(6)
    state = game.new_initial_state()
    while state.is_chance_node():
        _step_randomly(state, rng)
    before = [None] * game.num_players()
    grew, over = 0, False
    while not over:
        over = state.is_terminal()  # the last look is at the end of the game
        for seat in range(game.num_players()):
            text = state.information_state_string(seat)
            log, did = text.split("\nYou did: ")[0].split("\n"), text.split("\nYou did: ")[1].split("\n")[0]
            if before[seat] is not None:
                old_log, old_did = before[seat]
                assert log[: len(old_log)] == old_log and (old_did == "nothing yet" or did.startswith(old_did))
                grew += len(log) > len(old_log)
            before[seat] = (log, did)
        if not over:
            _step_randomly(state, rng)
    assert grew >= game.num_players()  # each seat saw something happen


@pytest.mark.parametrize("name", NAMES)
def test_the_information_state_tensor_has_perfect_recall(name):
    """Two different information states of a seat (strings) never share a tensor, over many
    random games: the tensor keeps the seat's whole log and every action it made, however
    long the session (KB-11, DP-10: several deals). Its size is fixed by the settings."""
    settings = {"kontrabluff": {"target": 40}, "draw_poker": {"players": 3, "hands": 3, "stack": 20}}.get(name, LONG[name])
    game = cos.load(name, **settings)  # smaller bounds than LONG's: a tensor is as long as the bound
    size = game.information_state_tensor_shape()[0]
    tensors: dict[tuple[int, bytes], str] = {}
    rng = np.random.default_rng(9)
    longest = 0
    for _ in range(4):
        state = game.new_initial_state()
        while not state.is_terminal():
            _step_randomly(state, rng)
            if state.cardlab_state is None or state.is_chance_node():
                continue
            for seat in range(game.num_players()):
                tensor = np.array(state.information_state_tensor(seat), np.float32)
                assert tensor.shape == (size,)
                text = state.information_state_string(seat)
                assert tensors.setdefault((seat, tensor.tobytes()), text) == text
                longest = max(longest, len(state.cardlab_state.observation(seat).log))
    assert len(tensors) > 100 and longest > 15


def test_parallel_poker_strings_do_not_change_with_the_others_arrangement():
    """PP-2: no card is hidden, only the other's order; a seat's view is the same whatever it is."""
    game = cos.load("parallel_poker", simultaneous=False)
    texts = set()
    for seed in range(3):
        rng = np.random.default_rng(seed)
        state = game.new_initial_state()
        for outcome in [32 + 0] + list(range(7)):  # the same deal every time: a dealer, seven laid out (PP-1)
            state.apply_action(outcome)
        assert not state.is_chance_node()
        while state.current_player() == 0:
            state.apply_action(int(rng.choice(state.legal_actions())))
        texts.add((state.information_state_string(1), state.observation_string(1), tuple(state.observation_tensor(1)),
                   tuple(state.information_state_tensor(1))))
    assert len(texts) == 1


def test_returns_are_the_games_chips_or_points():
    rng = np.random.default_rng(2)
    for name in NAMES:
        game = cos.load(name, **QUICK[name])
        state = game.new_initial_state()
        while not state.is_terminal():
            _step_randomly(state, rng)
        inner = state.cardlab_state
        if inner.chips() is None:
            assert state.returns()[0] == inner.points[0] - inner.points[1]
        else:
            assert state.returns() == inner.returns()


def test_cardlab_and_the_library_stay_apart():
    import subprocess
    import sys

    code = "import sys, cardlab, cardlab.interop, cardlab.interop.clicks; print('pyspiel' in sys.modules, 'pettingzoo' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split() == ["False", "False"]


def test_an_illegal_engine_action_from_a_stale_button_is_refused_by_the_engine():
    """The clicks commit only actions the engine accepts: a button pressed with the wrong
    number of chosen cards is not among the legal ids, and the engine names the rule."""
    game = cos.load("kontrabluff")
    clicks = game.clicks
    state = game.settings.new_state(seed=1, dealer=0)
    offers = clicks.offers(state.legal_actions())
    assert clicks.button_id("low") not in clicks.legal_ids(offers, ())
    with pytest.raises(IllegalActionError, match="KB-6"):
        state.apply(clicks.commit(offers, clicks.button_id("low"), ()))


def test_cfr_solves_the_small_draw_poker_and_exploits_the_rule_bot_more():
    from open_spiel.python.algorithms import expected_game_score, exploitability

    from cardlab.bots import RuleBot

    from cardlab.interop.draw_poker import kuhn_draw_poker

    game = kuhn_draw_poker()
    policy, curve = cos.solve(game, 16)
    first, last = curve[0][1], curve[-1][1]
    assert [i for i, _ in curve] == [1, 2, 4, 8, 16] and last < 0.05 and last < first / 20
    rule = cos.bot_policy(game, lambda: RuleBot(seed=0))
    assert exploitability.exploitability(game, rule) > 10 * last
    state = game.new_initial_state()
    as_south = expected_game_score.policy_value(state, [rule, policy])[0]
    as_north = expected_game_score.policy_value(state, [policy, rule])[1]
    assert (as_south + as_north) / 2 < 0  # the rule bot loses chips to the CFR policy


#: Sessions with more than one shuffle: a Kontrabluff match over several deals (KB-11),
#: five hands of draw poker for seven (DP-10; the stock runs out, DP-5), three games of
#: parallel poker, four of Fight for the Lead.
LONG = {"kontrabluff": {"target": 300}, "draw_poker": {"players": 7, "deck_size": 40, "hands": 5},
        "parallel_poker": {"games": 3}, "fight_for_the_lead": {"players": 2, "games": 4}}


def _play_recorded(game, rng):
    """A random game; its history (every chance outcome and click) and what each shuffle chance made."""
    state = game.new_initial_state()
    shuffles = 0
    while not state.is_terminal():
        if state.is_chance_node() and state.cardlab_state is not None and not state._core.order:
            shuffles += 1  # a shuffle after the first deal starts: its first chance node
        _step_randomly(state, rng)
    return state, shuffles


@pytest.mark.parametrize("name", NAMES)
def test_every_shuffle_is_chance_in_explicit_mode_and_the_seed_decides_nothing(name):
    """Explicit chance: each shuffle after the first deal (KB-11, DP-5, DP-10, PP's and FL's
    next games) is chance nodes, one per card read in order; replaying the same history under another
    ``seed`` gives the same game, card for card."""
    settings = {**LONG[name], **({"simultaneous": False} if name == "parallel_poker" else {})}  # a history of single moves
    game = cos.load(name, **settings)
    other = cos.load(name, seed=12345, **settings)
    rng = np.random.default_rng(8)
    later = refills = 0
    for _ in range(3):
        state, shuffles = _play_recorded(game, rng)
        inner = state.cardlab_state
        assert shuffles == inner._shuffles - 1  # every shuffle but the first deal's waited for chance
        later += shuffles
        refills += sum(event.kind == "stock_refilled" for event in inner.history)
        again = other.new_initial_state()
        for action in state.history():
            again.apply_action(action)
        assert str(again) == str(state) and again.returns() == state.returns()
        assert again.cardlab_state.history == inner.history
    assert later >= 3
    if name == "draw_poker":
        assert refills > 0  # DP-5's refill was played by chance too


@pytest.mark.parametrize("name", NAMES)
def test_consistency_test_passes_over_many_shuffles(name):
    game = cos.load(name, **LONG[name])
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_a_shuffle_deals_the_order_chance_chose():
    """DP-10: the second hand's cards are the first cards chance placed, dealt one at a
    time from the dealer's left (DP-1)."""
    game = cos.load("draw_poker", hands=2, dealer=0)
    deck = game.clicks.deck
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    while state.cardlab_state is None or state.cardlab_state.round_index == 0:
        if state.is_chance_node() and state.cardlab_state is not None:
            state.apply_action(min(i for i, _ in state.chance_outcomes()))  # the deck in its own order
        else:
            _step_randomly(state, rng)
    inner = state.cardlab_state
    first = (inner.dealer + 1) % 2
    assert inner.round_index == 1
    assert inner.hands[first] == list(deck[0:10:2]) and inner.hands[1 - first] == list(deck[1:10:2])


@pytest.mark.parametrize("chance", ["explicit", "sampled"])
@pytest.mark.parametrize("name", NAMES)
def test_the_python_answers_to_who_acts_and_what_is_legal_are_pyspiels_own(name, chance):
    """CardlabState answers legal_actions and is_*_node in Python (a Python caller skips
    pyspiel's round trips); pyspiel's C++ route (the one C++ algorithms take) must give the
    same answer for every seat, at every step of random games, chance nodes and the end too."""
    game = cos.load(name, chance=chance, **QUICK[name])
    rng = np.random.default_rng(2)
    nodes = set()
    for _ in range(2):
        state = game.new_initial_state()
        while True:
            for question in ("is_chance_node", "is_simultaneous_node", "is_player_node", "is_terminal"):
                assert getattr(state, question)() == getattr(pyspiel.State, question)(state), question
            assert state.legal_actions() == pyspiel.State.legal_actions(state)
            for seat in range(game.num_players()):
                assert state.legal_actions(seat) == pyspiel.State.legal_actions(state, seat)
            if state.is_player_node() or state.is_simultaneous_node():  # else chance outcomes or nothing, for anyone
                for ask in (state.legal_actions, lambda p: pyspiel.State.legal_actions(state, p)):
                    with pytest.raises(pyspiel.SpielError, match="pseudo-player -5"):
                        ask(-5)
            else:
                assert state.legal_actions(-5) == pyspiel.State.legal_actions(state, -5)
            nodes.add(state.current_player() if state.current_player() < 0 else "seat")
            if state.is_terminal():
                break
            mine = state.legal_actions(state.current_player()) if state.is_player_node() else None
            if mine:
                mine.clear()  # the caller's copy: the state's own list is untouched
                assert state.legal_actions() == pyspiel.State.legal_actions(state) != []
            _step_randomly(state, rng)
    expected = {"seat", pyspiel.PlayerId.TERMINAL} | ({pyspiel.PlayerId.CHANCE} if chance == "explicit" else set())
    if name == "parallel_poker":
        expected = (expected - {"seat"}) | {pyspiel.PlayerId.SIMULTANEOUS}
    assert nodes == expected


@pytest.mark.parametrize("chance", ["explicit", "sampled"])
@pytest.mark.parametrize("name", NAMES)
def test_the_python_tensors_are_pyspiels_own_and_draw_no_seed(name, chance):
    """state.observation_tensor / information_state_tensor (made in Python) equal pyspiel's
    C++ route for every seat along random games; reading them draws none of the sampled
    game's seeds (pyspiel's route makes a new initial state per call to size the tensor)."""
    game = cos.load(name, chance=chance, **QUICK[name])
    twin = cos.load(name, chance=chance, **QUICK[name])
    rng = np.random.default_rng(3)
    state, reads = game.new_initial_state(), 0
    while not state.is_terminal():
        if not state.is_chance_node():
            for seat in range(game.num_players()):
                assert state.observation_tensor(seat) == pyspiel.State.observation_tensor(state, seat)
                if name != "kontrabluff" or reads < 4:  # Kontrabluff's tensor holds 200,000 numbers
                    assert state.information_state_tensor(seat) == pyspiel.State.information_state_tensor(state, seat)
                reads += 1
            if state.is_player_node():
                assert state.observation_tensor() == state.observation_tensor(state.current_player())
        else:
            with pytest.raises(pyspiel.SpielError):
                state.observation_tensor()
        _step_randomly(state, rng)
    assert reads > 3
    if chance == "sampled":  # reading tensors in Python draws none of the game's seeds
        first, fresh = twin.new_initial_state(), cos.load(name, chance=chance, **QUICK[name])
        fresh.new_initial_state()
        for _ in range(3):
            first.observation_tensor(0), first.information_state_tensor(0)
        assert twin.new_initial_state().cardlab_state.seed == fresh.new_initial_state().cardlab_state.seed
        pyspiel.State.observation_tensor(first, 0)  # pyspiel's route makes (and seeds) one more game
        assert twin.new_initial_state().cardlab_state.seed != fresh.new_initial_state().cardlab_state.seed


def test_the_stored_duels_are_what_their_script_makes():
    """notebooks/data/06-duels.json (notebook 06) is made by make_06_duels.py with fixed
    seeds: its first three games of each game replay exactly with today's code (a change
    to the chance model or the bots that made other games would leave it stale)."""
    import importlib.util
    import json
    from pathlib import Path

    from cardlab.bots import SearchBot

    data_dir = Path(__file__).resolve().parents[1] / "notebooks" / "data"
    spec = importlib.util.spec_from_file_location("make_06_duels", data_dir / "make_06_duels.py")
    maker = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(maker)
    stored = json.loads((data_dir / "06-duels.json").read_text())
    assert (stored["games"], stored["simulations"], stored["samples"]) == (maker.GAMES, maker.SIMULATIONS, maker.SAMPLES)
    for name, settings in maker.SETTINGS.items():
        again = cos.duel(name, SearchBot(seed=1, samples=maker.SAMPLES), games=3, simulations=maker.SIMULATIONS,
                         seed=maker.SEED, **settings)
        assert again == stored["results"][name][:3], name
