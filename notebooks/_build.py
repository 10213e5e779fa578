"""Write the teaching notebooks from the cell lists below, then execute them in place.

    python notebooks/_build.py              # every notebook
    python notebooks/_build.py 01 02        # the notebooks whose names start so
    python notebooks/_build.py 02 --draft   # run past failing cells, to inspect (do not commit)

Each notebook is a list of cells, ``md(...)`` and ``code(...)``, in the rhythm of
Norvig's pytudes: a sentence or two, a short cell, a visible result. The stored
outputs are what ``pytest --nbval notebooks/`` compares, so everything is seeded;
the only volatile outputs (altair's random element ids, progress bars) are listed,
with reasons, in ``nbval-sanitize.cfg``.
"""

from __future__ import annotations

import sys
import textwrap
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def md(text: str) -> tuple[str, str]:
    return ("markdown", textwrap.dedent(text).strip())


def code(text: str) -> tuple[str, str]:
    return ("code", textwrap.dedent(text).strip())


# ---------------------------------------------------------------------------------------------
# 00 start here
# ---------------------------------------------------------------------------------------------


def start_here() -> list[tuple[str, str]]:
    return [
        md(
            """
            # cardlab: start here

            **cardlab** is a Python package and a set of notebooks for learning, teaching and
            analysing four card games:

            - **Kontrabluff**: two players build poker hands on the table one card at a time,
              pass, bluff, or play "low" for a fixed stake;
            - **five-card draw poker** with Polish rules and short decks;
            - **parallel poker**: two piquet decks, 25 cards, five packets shown in order;
            - **Fight for the Lead**: 2-5 players fight for the lead, then take tricks for a pot.

            The rules are written rule by rule in `rules/*.md` (HR-1 ... HR-7 for hand rankings,
            KB-1 ... KB-12, DP-1 ... DP-10, PP-1 ... PP-5, FL-1 ... FL-11); code, tests and these
            notebooks cite those ids. This page is a map and a first taste.
            """
        ),
        md(
            """
            ## A first taste

            Cards read and print as you would write them; `show` draws them.
            """
        ),
        code(
            """
            from cardlab import Card, HandRules, evaluate, parse_cards
            from cardlab.render import show

            hand = parse_cards("Kh Ks Kd 7c 7h")
            show(hand)
            """
        ),
        code("evaluate(hand).describe()"),
        md(
            """
            Short decks change which hand is better (rule HR-4): in a 32-card deck a flush
            beats four of a kind, because it is rarer.
            """
        ),
        code(
            """
            flush, quads = parse_cards("7h 9h Jh Kh Ah"), parse_cards("8c 8d 8h 8s Ac")
            evaluate(flush, HandRules(32)) > evaluate(quads, HandRules(32)), evaluate(flush) > evaluate(quads)
            """
        ),
        md(
            """
            ## The map

            | notebook | what it teaches and answers |
            |---|---|
            | [01 hands and short decks](01-hands-and-short-decks.ipynb) | the hand rankings (HR-1 ... HR-7); exact odds for every deck from 52 to 20 cards; why the short-deck hierarchy changes |
            | [02 Kontrabluff](02-kontrabluff.ipynb) | the rules KB-1 ... KB-12 with sample hands; expected points of continuing or passing, of playing low; bot tournaments |
            | [03 draw poker](03-draw-poker.ipynb) | the rules DP-1 ... DP-10; exact improvement odds for every holding in 52, 36 and 32 cards |
            | [04 parallel poker](04-parallel-poker.ipynb) | the rules PP-1 ... PP-5; strategies against each other and best responses |
            | [05 Fight for the Lead](05-fight-for-the-lead.ipynb) | the rules FL-1 ... FL-11; the chance to win the lead, the value of an exchange, pot and bankroll paths |

            Each game notebook ends with a table to play against the bots; to play only, open a
            table of its own: [Kontrabluff](play-kontrabluff.ipynb),
            [draw poker](play-draw-poker.ipynb), [parallel poker](play-parallel-poker.ipynb),
            [Fight for the Lead](play-fight-for-the-lead.ipynb), or serve them as a classroom app
            with `voila notebooks/play-kontrabluff.ipynb`.

            The package, one room per concern (arrows point down the list only):

            | module | what it does |
            |---|---|
            | `cardlab.cards` | `Rank`, `Suit`, `Card`, decks of 52 ... 20 cards (HR-3), seeded shuffles |
            | `cardlab.hands` | hand rules as data, `evaluate`, low (HR-6) and partial (HR-7) hands, exact counts |
            | `cardlab.fast` | numpy batch evaluation and exact enumeration |
            | `cardlab.engine` | the protocol every game follows: actions, states, observations, replay |
            | `cardlab.games` | one module per game |
            | `cardlab.bots` | `RandomBot`, `RuleBot`, `SearchBot` |
            | `cardlab.analysis` | odds, simulations and tournaments as pandas DataFrames |
            | `cardlab.charts` | altair charts of those DataFrames |
            | `cardlab.render`, `cardlab.widgets` | cards drawn in HTML; tables to play |
            """
        ),
        md(
            """
            Every analysis in the notebooks is one call into the package, so you can run it
            yourself with other settings. For example, the exact odds of a 36-card deck:
            """
        ),
        code(
            """
            from cardlab.analysis.hands import category_odds

            category_odds(36, ace_low=True)[["category", "count", "probability", "hr4_rank"]]
            """
        ),
        md(
            """
            ## How to run things

            - Install and open the notebooks: `pip install -e . && jupyter lab notebooks/00-start-here.ipynb`.
            - Run every test (unit tests, doctests, these notebooks through nbval, browser tests):
              `bash tools/test.sh`. The notebooks alone: `python -m pytest notebooks/` (pytest's
              options in `pyproject.toml` include `--nbval`, which compares every stored output).
            - The notebooks are generated: edit `notebooks/_build.py`, then
              `python notebooks/_build.py 02` rewrites and re-executes `02-kontrabluff.ipynb`.
            - Simulations are seeded and sized to run in seconds; each analysis function takes a
              size parameter (`deals=`, `games=` ...) for bigger runs.
            """
        ),
        code(
            """
            import cardlab

            cardlab.__version__
            """
        ),
    ]


# ---------------------------------------------------------------------------------------------
# 01 hands and short decks
# ---------------------------------------------------------------------------------------------


def hands_and_short_decks() -> list[tuple[str, str]]:
    return [
        md(
            """
            # Hands and short decks

            Every game in cardlab compares five-card poker hands. This notebook walks through the
            hand rankings (rules HR-1 ... HR-7 of `rules/hand-rankings.md`), then answers, exactly,
            the questions short decks raise: how likely is each hand with 52, 48, ... 20 cards,
            why does the order of the hands change, and where would rarity alone change it more?
            """
        ),
        code(
            """
            import math
            from fractions import Fraction

            from cardlab import charts
            from cardlab.analysis import hands as odds
            from cardlab.cards import DECK_SIZES, deck, parse_cards, shuffled_deck
            from cardlab.hands import HandRules, category_counts, compare, evaluate, evaluate_low, evaluate_partial, hierarchy, rarity_order
            from cardlab.render import show
            """
        ),
        md(
            """
            ## HR-1 Categories

            Nine categories, best first with 52 cards. A sample of each, drawn and described:
            """
        ),
        code(
            """
            samples = {
                "straight flush": "9h 8h 7h 6h 5h",
                "four of a kind": "Qc Qd Qh Qs 4d",
                "full house": "Kh Ks Kd 7c 7h",
                "flush": "Ah Jh 9h 6h 3h",
                "straight": "Td 9c 8h 7s 6d",
                "three of a kind": "8c 8d 8s Kh 2c",
                "two pair": "Jh Js 4d 4c 2s",
                "one pair": "As Ad 9c 7h 3s",
                "high card": "Kc Jd 8h 5s 3c",
            }
            show(samples["full house"])
            """
        ),
        code(
            """
            [evaluate(parse_cards(cards)).describe() for cards in samples.values()]
            """
        ),
        md("The ace is high, but A-2-3-4-5 is the lowest straight; there is no wrap-around."),
        code(
            """
            show("Ah 2c 3d 4s 5h")
            """
        ),
        code(
            """
            evaluate(parse_cards("Ah 2c 3d 4s 5h")).describe(), evaluate(parse_cards("Qh Kc Ad 2s 3h")).describe()
            """
        ),
        md(
            """
            ## HR-2 Ties inside a category

            A pair is compared first by the pair, then the side cards from the highest down.
            `compare` gives 1 when the first hand wins, -1 when the second does, 0 for a tie.
            """
        ),
        code(
            """
            a, b = parse_cards("As Ad 9c 7h 3s"), parse_cards("Ac Ah 9d 7s 2c")
            display(show(a), show(b))
            """
        ),
        code(
            """
            compare(a, b), compare(parse_cards("Kh Qh 9h 7h 3h"), parse_cards("Ks Qs 9s 7s 3s"))
            """
        ),
        md(
            """
            ## HR-3 Short decks

            A short deck removes the lowest ranks, four cards at a time: 48 cards run 3-A,
            32 cards (the piquet deck) 7-A, 20 cards 10-A.
            """
        ),
        code(
            """
            show(deck(20), size="sm")
            """
        ),
        code(
            """
            {size: f"{deck(size)[0].rank}-A" for size in DECK_SIZES}
            """
        ),
        md("A five-card deal from a shuffled 32-card deck, seeded so it is the same every time:"),
        code(
            """
            deal = shuffled_deck(32, seed=7)[:5]
            display(show(deal))
            evaluate(deal, HandRules(32)).describe()
            """
        ),
        md(
            """
            ## Counting every hand exactly

            There are C(52, 5) = 2,598,960 five-card hands. `category_counts` counts each
            category exactly, by enumerating every multiset of ranks and its suit choices.
            The counts agree with the textbook figures:
            """
        ),
        code(
            """
            counts = category_counts(52)
            counts
            """
        ),
        code(
            """
            assert sum(counts.values()) == math.comb(52, 5) == 2_598_960
            assert (counts["straight flush"], counts["four of a kind"], counts["full house"]) == (40, 624, 3744)
            assert (counts["flush"], counts["straight"], counts["high card"]) == (5108, 10200, 1302540)
            """
        ),
        md("As exact fractions: four of a kind comes once in 4165 deals, a flush once in about 509."),
        code(
            """
            odds.exact_probability("four of a kind"), odds.exact_probability("flush")
            """
        ),
        md(
            """
            ## HR-4 The short-deck hierarchy

            With fewer low cards, some categories get rarer and others commoner, and the Polish
            table reorders the top five: from 48 cards a flush beats a full house, from 32 cards
            it beats four of a kind too.
            """
        ),
        code(
            """
            {size: [str(c) for c in hierarchy(size)[1:4]] for size in (52, 36, 32)}
            """
        ),
        code(
            """
            flush, full = parse_cards("7h 9h Jh Kh Ah"), parse_cards("7c 7d 7s 8c 8d")
            display(show(flush), show(full))
            """
        ),
        code(
            """
            {size: compare(flush, full, HandRules(size)) for size in (52, 36, 32)}
            """
        ),
        md(
            """
            ### Exact odds for every deck, both HR-5 settings

            `odds.category_odds()` is the whole table: one row per deck size, HR-5 setting and
            category, with the exact count, the probability and both orders.
            """
        ),
        code(
            """
            table = odds.category_odds()
            table.shape
            """
        ),
        code(
            """
            table.query("ace_low").pivot(index="category", columns="deck_size", values="count")[list(DECK_SIZES)]
            """
        ),
        md("The same without ace-low straights (HR-5 off), as probabilities:"),
        code(
            """
            table.query("not ace_low").pivot(index="category", columns="deck_size", values="probability")[list(DECK_SIZES)].round(5)
            """
        ),
        code("charts.category_odds_chart(table)"),
        md(
            """
            **Conclusion.** As the deck shrinks, every made hand gets commoner except the flush,
            which gets rarer (fewer cards per suit) until it is impossible with 20 cards (only
            five ranks per suit, so five of a suit are a straight flush); high card falls fastest
            of all. The two HR-5 panels differ only in the straights.
            """
        ),
        md(
            """
            ### Why HR-4 changes: rarity

            The source says the order follows how rare each category is. Computed exactly, the
            rarity order agrees with the HR-4 table in the top five places for every deck from 52
            down to 24 cards, under both HR-5 settings (`differs` lists the places where it would
            not):
            """
        ),
        code(
            """
            agreement = odds.hierarchy_agreement()
            agreement
            """
        ),
        code(
            """
            assert agreement.query("deck_size >= 24").top_five_agree.all()
            [str(c) for c in rarity_order(32)[:5]] == [str(c) for c in hierarchy(32)[:5]]
            """
        ),
        code("charts.hierarchy_chart(odds.hierarchy_vs_rarity(ace_low=True))"),
        md(
            """
            **Conclusion.** Down to 24 cards the HR-4 table is exactly the rarity order of the top
            five categories, so following the 32-card column with 28 and 24 cards is right. Only
            the bottom of the order drifts: with 24 cards high card is rarer than two pair (and,
            with ace-low straights, than three of a kind). With 20 cards the flush and high card
            are impossible and rarity has nothing to say: there the 32-card column is a
            convention, not a count.
            """
        ),
        md(
            """
            ### Where rarity alone would go further

            HR-4 never touches the bottom four, yet from 44 cards down a high-card hand is rarer
            than one pair. (The rule page says "below 44 cards"; the exact counts show it already
            holds at 44.)
            """
        ),
        code(
            """
            pairs = odds.high_card_vs_pair(ace_low=(True, False))
            pairs.query("ace_low")[["deck_size", "high_card", "one_pair", "high_card_rarer"]]
            """
        ),
        code("charts.high_card_vs_pair_chart(pairs)"),
        md(
            """
            **Conclusion.** With 48 cards there are still more high-card hands than pairs; with
            44 cards there are 463,080 against 506,880, and the gap widens to none at all with
            20 cards. A strict rarity rule would rank high card above one pair from 44 cards down;
            no table does, so "no pair" stays the weakest hand.
            """
        ),
        md(
            """
            ## HR-5 Ace-low straights in short decks

            With a short deck the ace may also count low with the deck's four lowest ranks:
            A-7-8-9-10 in 32 cards. It is a setting, and each count above says which it used.
            """
        ),
        code(
            """
            wheel = parse_cards("Ah 7c 8d 9s Th")
            display(show(wheel))
            evaluate(wheel, HandRules(32)).describe(), evaluate(wheel, HandRules(32, ace_low=False)).describe()
            """
        ),
        code(
            """
            odds.exact_probability("straight", 32, ace_low=True), odds.exact_probability("straight", 32, ace_low=False)
            """
        ),
        md(
            """
            The option adds one straight sequence: in 32 cards the four sequences 7-J ... 10-A
            become five, so straight flushes are 5/4 as common.
            """
        ),
        code(
            """
            assert category_counts(32, True)["straight flush"] * 4 == category_counts(32, False)["straight flush"] * 5
            """
        ),
        md(
            """
            ## HR-6 Low ranking

            Kontrabluff's "low" rounds use the exact inverse of the high ranking: the worse poker
            hand wins, straights and flushes count against you, and the ace is high. The best low
            hand with 52 cards is 7-5-4-3-2 of mixed suits.
            """
        ),
        code(
            """
            best_low, straight = parse_cards("7h 5s 4d 3c 2s"), parse_cards("6h 5c 4d 3s 2h")
            display(show(best_low), show(straight))
            """
        ),
        code(
            """
            evaluate_low(best_low) > evaluate_low(straight), evaluate_low(best_low).describe()
            """
        ),
        md(
            """
            ## HR-7 Fewer than five cards

            A bot judging a half-built Kontrabluff row ranks it by what it already shows: pairs,
            two pair, trips and quads. Such a value is never compared with a complete hand by any
            rule of a game.
            """
        ),
        code(
            """
            row = parse_cards("Qh Qs 3d")
            display(show(row))
            evaluate_partial(row).describe()
            """
        ),
        md(
            """
            ## Try it

            Change the deck and the setting; every number above is one call.
            """
        ),
        code(
            """
            size, ace_low = 28, False
            odds.category_odds(size, ace_low)[["category", "count", "one_in", "hr4_rank", "rarity_rank"]]
            """
        ),
    ]


# ---------------------------------------------------------------------------------------------
# shared set-up for the game notebooks: a stacked deck is the cards we want first, then the rest
# ---------------------------------------------------------------------------------------------

STACKING = code("from cardlab.cards import deck_starting_with, interleave  # stack a deck: the cards we want dealt first")


# ---------------------------------------------------------------------------------------------
# 02 Kontrabluff
# ---------------------------------------------------------------------------------------------


def kontrabluff() -> list[tuple[str, str]]:
    return [
        md(
            """
            # Kontrabluff

            Two players, one 52-card deck. Players build five-card poker hands on the table one
            card at a time; either may pass, and either may play "low" for a fixed stake. This
            notebook plays one stacked deal through the rules KB-1 ... KB-12 of
            `rules/kontrabluff.md`, then asks the questions players ask, answered by simulation
            with the search bot: is it worth going on or should I pass? When should I play low?
            Who wins a seen low round? Which bot is best?
            """
        ),
        code(
            """
            from cardlab import Action, charts
            from cardlab.analysis import kontrabluff as kb
            from cardlab.bots import RuleBot
            from cardlab.cards import deck, parse_cards
            from cardlab.engine import cards_in
            from cardlab.games.kontrabluff import Kontrabluff, triangle
            from cardlab.render import show
            """
        ),
        STACKING,
        md(
            """
            ## KB-1 Deal

            South deals (`dealer=0`): ten cards each, one at a time, North first. The rest is
            the talon. We stack the deck so the deal below happens on every run.
            """
        ),
        code(
            """
            north = "Ah Ad Ac 9s 9h Qd Jd 8d 6c 2h"
            south = "Kc Kd Ks 7c 5d 4s 3h 2c Th Tc"
            talon = "Js Jh 8c 8h 6d 6h 5s 5c"
            state = Kontrabluff().new_state(seed=1, dealer=0, deck=deck_starting_with(interleave(north, south) + parse_cards(talon)))
            """
        ),
        code("display(show(state.hands[1]), show(state.hands[0]))  # North, then South"),
        code("len(state.talon), state.scores"),
        md(
            """
            ## KB-2 Who leads: the dealer's choice

            The dealer either plays low himself or hands over; then the other player leads a
            normal round or a low round.
            """
        ),
        code("state.current_player, sorted(state.legal_actions().kinds())"),
        code(
            """
            state.apply(Action("hand_over"))
            state.current_player, sorted(state.legal_actions().kinds())
            """
        ),
        md(
            """
            ## KB-3 Normal round

            North leads: each lays one card face up in his own row, in turn. North builds three
            aces, South three kings.
            """
        ),
        code(
            """
            for mine, yours in [("Ah", "Kc"), ("Ad", "Kd"), ("Ac", "Ks")]:
                state.apply(Action("lay", mine))
                state.apply(Action("lay", yours))
            state.apply(Action("lay", "9s"))
            display(show(state.rows[1], fan=True), show(state.rows[0], fan=True))
            """
        ),
        md(
            """
            ## KB-4 Passing

            On his turn a player may pass instead of laying a card, and whoever passes loses the
            round. South cannot beat three aces with what he holds, so he passes.
            """
        ),
        code("sorted(state.legal_actions().kinds())"),
        code(
            """
            state.apply(Action("pass"))
            print(*state.log_for(0)[-4:-2], sep="\\n")
            """
        ),
        md(
            """
            ## KB-5 Score of a normal round

            The winner scores the triangular number of the cards on the table: 7 cards pay 28.
            """
        ),
        code("{cards: triangle(cards) for cards in range(1, 11)}"),
        code(
            """
            assert state.scores == (0, triangle(7)) == (0, 28)
            state.scores
            """
        ),
        md(
            """
            ## KB-6 Low round

            In a low round the worst poker hand wins (HR-6). South lost the first round, so he
            deals the next (KB-9) and chooses first. He holds 7-5-4-3-2 of mixed suits, the best
            low hand there is, so he plays low: five cards face down at once.
            """
        ),
        code(
            """
            state.apply(Action("low", "7c 5d 4s 3h 2c"))
            state.current_player, sorted(state.legal_actions().kinds())
            """
        ),
        md(
            """
            ## KB-7 What each player may see

            North sees five face-down cards, the sizes of both hands and the talon, and every
            card shown face up this deal; nothing of South's hand.
            """
        ),
        code(
            """
            seen_by_north = state.observation(1)
            show(seen_by_north.low_cards[0])
            """
        ),
        code(
            """
            assert not set(state.hands[0]) & cards_in(seen_by_north)
            seen_by_north.hand_sizes, seen_by_north.talon_size
            """
        ),
        md(
            """
            North **sees**: he lays his best low five face up. The lower hand wins 55; South's
            is lower, so it is turned up as proof.
            """
        ),
        code(
            """
            state.apply(Action("see", "9h 8d 6c 5s 2h"))
            print(*state.log_for(0)[-4:-2], sep="\\n")
            """
        ),
        md(
            """
            Next round North, the loser, deals, and **bluffs**: he plays low with a pair of
            jacks. South cannot be sure and **passes**: five cards face down, 15 points to North,
            and nothing is shown.
            """
        ),
        code(
            """
            state.apply(Action("low", "Qd Jd Js 8c 6d"))
            state.apply(Action("pass", "Th Tc Jh 4h 4c"))
            print(*state.log_for(0)[-4:-2], sep="\\n")
            """
        ),
        code(
            """
            assert not set(parse_cards("Qd Jd Js 8c 6d")) & cards_in(state.observation(0))  # never shown to South
            state.scores
            """
        ),
        md(
            """
            ## KB-8 After a round, KB-9 Refill

            After each of these rounds the rows and the low cards went to the discard, and the
            cards left in hand stayed. The loser became the dealer and refilled both hands to ten
            from the talon, one card at a time, the winner first:
            """
        ),
        code("print(*[line for line in state.log_for(0) if line.startswith('KB-9')], sep='\\n')"),
        code("len(state.discard), [len(hand) for hand in state.hands], len(state.talon)"),
        md(
            """
            ### Back to KB-5: two full rows

            South deals and hands over; North leads a straight to the ten, South answers with a
            straight to the jack. With two full rows the better hand wins all 55 points.
            """
        ),
        code(
            """
            state.apply(Action("hand_over"))
            for mine, yours in [("6s", "7d"), ("7h", "8h"), ("8s", "9c"), ("9d", "Td"), ("Ts", "Jc")]:
                state.apply(Action("lay", mine))
                state.apply(Action("lay", yours))
            print(*[line for line in state.log_for(0) if line.startswith("KB-5")][-1:])
            """
        ),
        md(
            """
            ## KB-10 Empty talon, KB-11 End of a deal

            The refill emptied the talon; play goes on without refills until a player holds
            fewer than five cards, and then the deal ends. We let two rule bots play on.
            """
        ),
        code(
            """
            bots = [RuleBot(1), RuleBot(2)]

            def play_on(state, until):
                while not state.is_terminal and not until(state):
                    seat = state.current_player
                    state.apply(bots[seat](state.observation(seat)))

            play_on(state, until=lambda s: s.deal == 2)
            print(*[line for line in state.log_for(0) if line.startswith(("KB-10", "KB-11"))], sep="\\n")
            """
        ),
        md(
            """
            ## KB-12 End of the match

            Scores carry over from deal to deal; the first to reach 300 at the end of a round
            wins the match.
            """
        ),
        code(
            """
            play_on(state, until=lambda s: False)
            print(state.log_for(0)[-1])
            """
        ),
        code("state.scores, state.deal, state.round_index"),
        md(
            """
            ## Expected points: continue or pass?

            Every figure below is **net points**: the deciding player's points from the round
            minus his opponent's. Passing with *n* cards on the table is worth exactly
            -triangle(*n*). The value of laying a card comes from the search bot: for each
            decision it deals the cards it cannot see at random (KB-7), plays each candidate out
            with the rule bot, and averages. We play normal rounds between two search bots to
            full rows, and record both values at every turn (a progress bar shows the run; raise
            `rounds` for tighter intervals).
            """
        ),
        code(
            """
            going_on = kb.continue_or_pass(rounds=80, samples=6, seed=2026)
            going_on.head(8)
            """
        ),
        code("charts.continue_or_pass_chart(going_on)"),
        code(
            """
            judged = going_on[going_on.decisions >= 10]  # cells with enough decisions to judge
            assert (judged.query("on_table >= 7 or on_table % 2 == 1").verdict != "pass").all()
            assert (judged.query("on_table == 2").verdict == "pass").all()
            judged.pivot(index="on_table", columns="row", values="verdict").fillna("")
            """
        ),
        md(
            """
            **Conclusion.** On the responder's turns (an odd number of cards on the table) going on
            is never worse than passing, and from seven cards on it never is for either player: a
            pass there gives away 28 points or more. The clear pass is the leader's with two cards
            down: the search bot values going on at about -18 net points against -3 for passing.
            ("either" marks cells whose 95% interval includes the value of passing.)
            """
        ),
        md(
            """
            ## Low or normal?

            When the dealer hands over, the other player chooses: lead a card or play low. For
            400 fresh deals the search bot values both, grouped by the leader's best low five.
            """
        ),
        code(
            """
            leads = kb.low_or_normal(deals=400, samples=6, seed=2026)
            leads[["low_hand", "deals", "low", "normal", "verdict"]].round(1)
            """
        ),
        code("charts.low_or_normal_chart(leads)"),
        code(
            """
            verdict = leads.set_index("low_hand").verdict
            assert (verdict[["7 high", "8 high", "9 high", "10 high"]] == "low").all() and verdict["J high"] == "normal"
            verdict.to_dict()
            """
        ),
        md(
            """
            **Conclusion.** With a nine-high low or better, playing low is worth about 50 net
            points more than leading a card, and a ten-high low still clearly pays; from a
            jack-high low on, lead a card instead.
            """
        ),
        md(
            """
            ## Who wins a seen low round?

            The dealer leads low with his best five in 3,000 fresh deals; the other player,
            the rule bot, sees with a nine-high low or better and passes otherwise.
            """
        ),
        code(
            """
            lows = kb.low_round_outcomes(rounds=3000, seed=2026)
            lows[["low_hand", "rounds", "seen", "leader_wins_when_seen", "leader_points"]].round(3)
            """
        ),
        code('charts.low_round_chart(lows, responder="rule bot")'),
        code(
            """
            overall = lows.set_index("low_hand").loc["all"]
            assert 0.3 < overall.leader_wins_when_seen < 0.45
            float(round(overall.leader_wins_when_seen, 3))
            """
        ),
        md(
            """
            **Conclusion.** A seen low round goes to the leader only a bit more than a third of the
            time: the responder sees only when he holds a good low himself, and the tie rule
            (KB-6) does not help much. A seven-high leader nearly always wins; from the jack up he
            never does against a player who sees only with nine-high or better.
            """
        ),
        md(
            """
            ## Bot tournament

            Random, rule-of-thumb and search bots play matches to 100 points (a shorter KB-12
            for speed; `target=300` for the real thing), in duplicate: the same cards twice with
            the seats swapped.
            """
        ),
        code(
            """
            results = kb.bot_tournament(matches=20, target=100, samples=6, seed=2026)
            results.query("opponent == 'all'")[["bot", "matches", "win_rate", "margin_per_round"]].round(2)
            """
        ),
        code('charts.tournament_chart(results, title="Kontrabluff bots, matches to 100 points")'),
        code(
            """
            pairs = results.set_index(["bot", "opponent"])
            assert pairs.loc[("rule", "random"), "margin_per_round_low"] > 10
            assert pairs.loc[("search", "random"), "margin_per_round_low"] > pairs.loc[("rule", "random"), "margin_per_round"]
            assert pairs.loc[("search", "rule"), "win_rate_low"] > 0.5
            columns = ["win_rate", "win_rate_low", "margin_per_round", "margin_per_round_low", "margin_per_round_high"]
            pairs.loc[[("rule", "random"), ("search", "random"), ("search", "rule")], columns].round(2)
            """
        ),
        md(
            """
            **Conclusion.** Search pays: the search bot (six sampled deals per decision, rollouts
            by the rule bot) beats the random bot by about 35 points a round, more than the rule
            bot does (about 26), and wins most of its matches against the rule bot it plans with.
            Its edge over the rule bot per round is still within the noise of 20 matches (one
            round can swing 110 points): raise `matches` and `samples` to measure it.
            """
        ),
        md(
            """
            ## Play

            Your seat is South; the bot plays North.
            """
        ),
        code(
            """
            # NBVAL_IGNORE_OUTPUT
            # (a live widget: nbval skips its view, whose model id is random; the text fallback only
            # repeats the table's HTML, which cardlab.widgets' own tests check)
            from cardlab.widgets import play

            play("kontrabluff", seed=7)
            """
        ),
    ]


# ---------------------------------------------------------------------------------------------
# 03 draw poker
# ---------------------------------------------------------------------------------------------


def draw_poker() -> list[tuple[str, str]]:
    return [
        md(
            """
            # Five-card draw poker, Polish rules

            Two to eight players, a 52-card deck or a short deck with its own hierarchy (HR-4).
            This notebook plays through the rules DP-1 ... DP-10 of `rules/draw-poker.md` with
            stacked decks, so every hand below is the same on every run; then it answers
            exactly what players ask about the draw: how likely is each holding to improve, in
            52, 36 and 32 cards, and when does the short deck change the best discard?
            """
        ),
        code(
            """
            from cardlab import Action, charts
            from cardlab.analysis import draw_odds
            from cardlab.cards import deck, parse_cards
            from cardlab.games.draw_poker import DrawPoker
            from cardlab.hands import HandRules
            from cardlab.render import show
            """
        ),
        STACKING,
        md(
            """
            ## The table

            Three players, a 52-card deck, an ante of 1 chip, bets up to 4, 20 chips each.
            East deals (`dealer=2`); the seats are South (0), West (1) and East (2).
            """
        ),
        code(
            """
            game = DrawPoker(players=3, deck_size=52, ante=1, max_bet=4, stack=20, hands=2)
            south, west, east = "Kc 7d 5s 3d 2c", "Jh Js 8c 4d 2s", "Ah Kh 9h 6h 3c"
            state = game.new_state(seed=1, dealer=2, deck=deck_starting_with(interleave(south, west, east) + parse_cards("Qd 5c 5h 2h")))
            """
        ),
        md(
            """
            ## DP-1 Deal

            Everyone pays the ante; five cards each, one at a time, from the dealer's left
            (South, West, East). The rest is the stock.
            """
        ),
        code("state.pot, state.stacks"),
        code("display(show(state.hands[0]), show(state.hands[1]), show(state.hands[2]))"),
        md(
            """
            ## DP-2 First betting round: opening

            Before anyone opens there is no check: passing means leaving the hand and the ante.
            South, with nothing, passes; West opens for 3 with his jacks.
            """
        ),
        code("[str(action) for action in state.legal_actions()]"),
        code(
            """
            state.apply(Action("pass"))
            state.apply(Action("open", amount=3))
            print(*state.log_for(0)[-2:], sep="\\n")
            """
        ),
        md(
            """
            ## DP-3 After the opening

            Each following player passes, calls or raises by at least the ante. East raises by
            1 with four hearts; West calls, and the round ends with every active player matched.
            """
        ),
        code(
            """
            state.apply(Action("raise", amount=1))
            state.apply(Action("call"))
            print(*state.log_for(0)[-3:], sep="\\n")
            """
        ),
        md(
            """
            ## DP-4 One player left

            If all the others pass, the last player takes the pot at once and shows nothing: no
            draw, no second round. The same deal again, where South opens and the others pass:
            """
        ),
        code(
            """
            quick = game.new_state(seed=1, dealer=2, deck=deck_starting_with(interleave(south, west, east)))
            quick.apply(Action("open", amount=2))
            quick.apply(Action("pass")); quick.apply(Action("pass"))
            print(*[line for line in quick.log_for(0) if line.startswith("DP-4")], sep="\\n")
            """
        ),
        md(
            """
            ## DP-5 Draw

            Back to the first deal. Each active player, from the dealer's left, discards 0 to 5
            cards face down and draws as many. West keeps his jacks and draws three; East throws
            the club and draws one to the flush.
            """
        ),
        code(
            """
            state.apply(Action("draw", "8c 4d 2s"))
            state.apply(Action("draw", "3c"))
            display(show(state.hands[1]), show(state.hands[2]))
            """
        ),
        md("Both improved: West to two pair, East to a flush. What were their chances? Exactly:"),
        code(
            """
            draw_odds.improve_probability(west, "8c 4d 2s"), draw_odds.improve_probability(east, "3c")
            """
        ),
        md(
            """
            ## DP-6 Second betting round

            As DP-2 and DP-3 among the active players, opened by the nearest active player left of
            the dealer: West opens for 2, East raises by 2, West calls.
            """
        ),
        code(
            """
            for action in (Action("open", amount=2), Action("raise", amount=2), Action("call")):
                state.apply(action)
            state.pot, state.stacks
            """
        ),
        md(
            """
            ## DP-7 Showdown order

            The last raiser of the second round shows first: East. Then West shows or concedes
            without showing; the teaching table offers both. West's two pair cannot win, so he
            concedes.
            """
        ),
        code("print(state.log_for(0)[-1])"),
        code("[str(action) for action in state.legal_actions()]"),
        code(
            """
            state.apply(Action("concede"))
            print(*[line for line in state.log_for(0) if line.startswith(("DP-7", "DP-8"))], sep="\\n")
            """
        ),
        md(
            """
            ## DP-8 Winner and split pots

            The best shown hand takes the pot: East's flush, 19 chips. Tied best hands split it,
            and an odd chip stays in the pot for the next hand.
            """
        ),
        md(
            """
            Here West and East hold the same straight; the pot of 11 splits 5 and 5, and the odd chip
            stays for the next hand.
            """
        ),
        code(
            """
            split = game.new_state(seed=1, dealer=2, deck=deck_starting_with(interleave("2c 3c 4c 6d 8d", "9h Tc Jd Qs Kh", "9c Td Jh Qc Ks")))
            for action in (Action("pass"), Action("open", amount=2), Action("call"), Action("draw"), Action("draw"),
                           Action("open", amount=2), Action("call"), Action("show")):
                split.apply(action)
            print(split.log_for(0)[-4])
            """
        ),
        code("split.stacks, split.pot"),
        md(
            """
            ## DP-9 Chips are conserved

            The stacks and the pot always add up to the chips brought to the table:
            """
        ),
        code(
            """
            assert state.chips() == 3 * 20
            state.stacks, state.pot  # hand 2 has begun: its pot is the three antes
            """
        ),
        md(
            """
            ## DP-10 Next hand

            The player left of the dealer deals next: East dealt, so South deals hand 2.
            """
        ),
        code("state.dealer, state.round_index"),
        md(
            """
            ## Draw odds, exactly

            `draw_odds.draw_counts` counts every possible draw from the unseen cards (the cards
            not in your hand). The textbook case, three cards to a pair of jacks in 52 cards:
            """
        ),
        code(
            """
            counts = draw_odds.draw_counts("Jh Js 8c 4d 2s", discard="8c 4d 2s")
            {str(category): n for category, n in counts.items() if n}
            """
        ),
        code(
            """
            assert sum(counts.values()) == 16215  # C(47, 3) draws
            draw_odds.improve_probability("Jh Js 8c 4d 2s", "8c 4d 2s")
            """
        ),
        md(
            """
            ### Every standard holding in 52, 36 and 32 cards

            `improvement_table` does this for each standard holding (pair, two pair, trips, four
            to a flush, open-ended and gutshot straights ...) in each deck.
            """
        ),
        code(
            """
            table = draw_odds.improvement_table((52, 36, 32))
            table.pivot(index="holding", columns="deck_size", values="improve")[[52, 36, 32]].round(4)
            """
        ),
        code("charts.improvement_chart(table)"),
        md(
            """
            **Conclusion.** Every holding improves more often in a short deck, because the cards
            you need make up a larger share of the stock: a pair drawing three improves 29% of the
            time in 52 cards, 41% in 36 and 46% in 32; an open-ended straight draw hits 17%, 26%
            and 30%. Only flush draws get *worse* at hitting their flush (four to a flush: 19%, 16%,
            15%): the short deck removes cards of your suit too, 9 of the 47 unseen cards in 52
            against 4 of 27 in 32.
            """
        ),
        code('charts.improvement_chart(table, measure="hit")'),
        md(
            """
            ### How the short deck changes the best discard

            For hands with a real choice, `best_discard_table` tries all 32 discards and keeps
            the best by two measures: the chance to improve, and the expected category
            strength (0 for the lowest category ... 8 for the best, in the deck's own order).
            """
        ),
        code(
            """
            choices = draw_odds.best_discard_table((52, 36, 32))
            choices.pivot_table(index=["holding", "measure"], columns="deck_size", values="best_discard", aggfunc="first")[[52, 36, 32]]
            """
        ),
        code("charts.best_discard_chart(choices)"),
        md(
            """
            **Conclusion.** Pairs and trips keep the same discard in every deck. The draws change:
            with an open-ended straight and four to a flush, 52 cards say throw the odd club
            (draw to both), 36 and 32 cards say throw the king of hearts and draw to the straight,
            because in a short deck straights come easier than flushes. Three to a straight flush
            is kept as a draw only in 32 cards when you only want to improve.
            """
        ),
        md("Any hand, any deck: every discard with its exact odds."),
        code(
            """
            draw_odds.discard_table("8h 9h Th Jc Kh", HandRules(32)).head(5)
            """
        ),
        md(
            """
            ## Play

            A table against two bots (the first hands are seeded; press the buttons to play).
            """
        ),
        code(
            """
            # NBVAL_IGNORE_OUTPUT
            # (a live widget: nbval skips its view, whose model id is random; the text fallback only
            # repeats the table's HTML, which cardlab.widgets' own tests check)
            from cardlab.widgets import play

            play("draw_poker", seed=3, players=3, deck_size=32)
            """
        ),
    ]


# ---------------------------------------------------------------------------------------------
# 04 parallel poker
# ---------------------------------------------------------------------------------------------


def parallel_poker() -> list[tuple[str, str]]:
    return [
        md(
            """
            # Parallel poker

            "Poker równoległy", Hubert Phillips' *Quintet*: two players, one 32-card piquet deck
            each. Both hold the same 25 cards and arrange them, unseen, into five packets of five;
            the packets are compared in order, and later showings are worth more. This notebook
            plays the worked example of `rules/parallel-poker.md` through the rules PP-1 ... PP-5,
            then pits arranging strategies against each other and asks what a best response to
            each looks like.
            """
        ),
        code(
            """
            from cardlab import charts
            from cardlab.analysis import parallel_poker as pp
            from cardlab.bots.parallel_poker import StrongestFirst
            from cardlab.cards import deck, parse_cards
            from cardlab.games.parallel_poker import SHOWING_POINTS, ParallelPoker, arrange, packets_of, showdown
            from cardlab.hands import evaluate
            from cardlab.render import show
            """
        ),
        STACKING,
        md(
            """
            ## PP-1 Setup

            The dealer lays out the first seven cards of his shuffled deck face up; the other
            player removes the same seven from his own deck. We stack the dealer's deck with the
            seven of the worked example.
            """
        ),
        code(
            """
            game = ParallelPoker()
            state = game.new_state(seed=1, dealer=0, deck=deck_starting_with("8h 7h 9d Ts 7s Qc Jc", size=32))
            show(state.laid_out)
            """
        ),
        code('show(state.held, size="sm")'),
        code("len(state.held), sorted(state.held + state.laid_out) == sorted(deck(32))"),
        md(
            """
            ## PP-2 Arranging

            Each player splits his 25 cards into five packets of five, face down, in order. Both
            choose at once, so each seat's arrangement is applied for that seat.
            """
        ),
        code(
            """
            a = arrange("9s 9c 8s 8c 7c | Ks Kd Kc Js Tc | Qd Jd Td 8d 7d | As Ah Ad Ac Qs | Kh Qh Jh Th 9h")
            b = arrange("As Ah Ac 8d 8c | Ks Qs Js 9s 8s | Kh Qh Jh Th 9h | Ad Kd Qd Jd Td | 7d 7c Kc Tc 9c")
            for packet in packets_of(b.cards):
                display(show(packet))
            """
        ),
        code(
            """
            state.apply_for(0, a)
            state.apply_for(1, b)
            state.is_terminal
            """
        ),
        md(
            """
            ## PP-3 Showings

            Packet *k* of one player meets packet *k* of the other, as poker hands. With two
            decks both can hold the same cards, so every kicker counts (HR-2).
            """
        ),
        code("print(*[line for line in state.log_for(0) if line.startswith('PP-3')], sep='\\n')"),
        md(
            """
            The default ranking is the traditional one (HR-1); the 32-card hierarchy of HR-4 is a
            setting, under which a flush beats four of a kind:
            """
        ),
        code(
            """
            flush, quads = parse_cards("Qd Jd Td 8d 7d"), parse_cards("As Ah Ad Ac Qs")
            {name: evaluate(flush, ParallelPoker(hierarchy=name).rules) > evaluate(quads, ParallelPoker(hierarchy=name).rules)
             for name in ("traditional", "32-card")}
            """
        ),
        md(
            """
            ## PP-4 Score

            Winning showing *k* scores *k* + 2 points, 25 in all; a tie scores nothing.
            """
        ),
        code("SHOWING_POINTS, sum(SHOWING_POINTS)"),
        md("## PP-5 Winner\n\nThe player with more points wins: B (North) by 18 to 7, as in the source."),
        code(
            """
            assert state.scores == [7, 18]
            print(state.log_for(0)[-1])
            """
        ),
        md(
            """
            ## Strategies against each other

            Five arranging strategies: **random**; **strongest first** (greedy packets, best
            first); **strongest last** (the same packets, best on the 7-point showing);
            **balanced** (raise the weakest packet); and **search** (local search for the most
            expected points against the others). Each plays each on the same 120 random deals.
            """
        ),
        code(
            """
            matrix = pp.strategy_matrix(n_deals=120, seed=2026)
            matrix.pivot(index="strategy", columns="opponent", values="margin").round(1)
            """
        ),
        code("charts.strategy_matrix_chart(matrix)"),
        code(
            """
            margin = matrix.set_index(["strategy", "opponent"]).margin
            assert all(margin["search", other] > 0 for other in ("random", "strongest first", "strongest last", "balanced"))
            assert margin["strongest last", "strongest first"] > 0
            """
        ),
        md(
            """
            **Conclusion.** Where you put your strength matters more than how strong you make it:
            the same greedy packets laid strongest *last* beat them laid strongest *first* by 6
            points a game, and every deliberate strategy crushes random packing. The search,
            which plays against the simple strategies' likely arrangements, beats every one of
            them by 8 to 24 points a game.
            """
        ),
        md(
            """
            ## What a best response looks like

            Knowing the opponent's packets, what is the most you can score? `best_response`
            searches for it and proves how close it is (an upper bound). Against the
            strongest-first arrangement of one deal:
            """
        ),
        code(
            """
            held = tuple(sorted(state.held))
            theirs = StrongestFirst(seed=1).arrangement(held, game)
            response = pp.best_response(theirs, game)
            response.points, response.upper_bound, response.proven
            """
        ),
        code(
            """
            for mine, yours in zip(packets_of(response.arrangement), packets_of(theirs)):
                display(show(list(mine) + [None] + list(yours), size="sm"))
            """
        ),
        md(
            """
            Each line is one showing: the best response's packet, a face-down gap, then strongest
            first's. The response concedes the two cheap showings, where strongest first spends
            its two royal flushes, and wins the three valuable ones, each with a hand just better
            than what is left against it (A-7-8-9-10 of clubs is a straight flush by HR-5): 18 of 25
            points, and the upper bound proves no arrangement does better.
            """
        ),
        code(
            """
            responses = pp.best_responses(n_deals=12, seed=2026)
            responses.groupby("strategy", sort=False)[["points", "upper_bound", "opponent_points", "search_points"]].mean().round(1)
            """
        ),
        code("charts.best_response_chart(responses)"),
        code(
            """
            mean = responses.groupby("strategy").points.mean()
            assert mean["strongest first"] > mean["strongest last"] and (responses.gap == 0).mean() > 0.9
            float(mean.min())
            """
        ),
        md(
            """
            **Conclusion.** Every fixed strategy is badly exploitable: knowing its packets, a best
            response takes at least two thirds of the 25 points. Among the deliberate strategies
            strongest first gives up the most (21 points), since spending its best hands on the
            cheap showings leaves the valuable ones weak. The search, which cannot see the packets, takes most of that against the simple
            strategies but far less against another search: the best play in parallel poker is to
            be unpredictable as well as strong.
            """
        ),
        md("## Play\n\nArrange your 25 cards against the search strategy."),
        code(
            """
            # NBVAL_IGNORE_OUTPUT
            # (a live widget: nbval skips its view, whose model id is random; the text fallback only
            # repeats the table's HTML, which cardlab.widgets' own tests check)
            from cardlab.widgets import play

            play("parallel_poker", seed=7)
            """
        ),
    ]


# ---------------------------------------------------------------------------------------------
# 05 Fight for the Lead
# ---------------------------------------------------------------------------------------------


def fight_for_the_lead() -> list[tuple[str, str]]:
    return [
        md(
            """
            # Fight for the Lead

            Two to five players, one 52-card deck, no trumps: four cards each, a hidden fight
            card decides who leads, paid exchanges, then four tricks for a pot paid by the quarter.
            This notebook plays one stacked game through the rules FL-1 ... FL-11 of
            `rules/fight-for-the-lead.md`, then asks: which fight card wins the lead, what is an
            exchange worth at the default fee, and how do the pot and the stacks move over a
            session?
            """
        ),
        code(
            """
            from cardlab import Action, charts
            from cardlab.analysis import fight_for_the_lead as fl
            from cardlab.bots import RuleBot
            from cardlab.games.fight_for_the_lead import FightForTheLead, payout, stacked_deck
            from cardlab.render import show
            """
        ),
        md(
            """
            ## FL-1 Stakes

            Three players, an ante of 4 chips, 40 chips each. Every player pays the ante into
            the pot before the first game.
            """
        ),
        code(
            """
            game = FightForTheLead(players=3, ante=4, stack=40, games=3)
            hands = ["Ah Kh 7c 3d", "Qh 9s Kc 5c", "As 4s 4h 2c"]  # South, West, East
            state = game.new_state(seed=1, dealer=2, deck=stacked_deck(hands, stock="Jd 8h Qc Td 3s Kd 2d 3h"))
            state.pot, state.stacks
            """
        ),
        md(
            """
            ## FL-2 Deal

            East deals four cards each, one at a time, from his left: South, West, East.
            `stacked_deck` puts the hands and the top of the stock where we want them.
            """
        ),
        code("display(*(show(state.hands[seat]) for seat in (0, 1, 2)))"),
        code("len(state.stock), state.phase"),
        md(
            """
            ## FL-3 Fight card

            Every player lays one card face down, all at once: the game takes the three choices
            in any order, and nobody sees another's before the turn-up.
            """
        ),
        code(
            """
            state.apply_for(0, Action("fight", "Kh"))
            state.apply_for(1, Action("fight", "5c"))
            print(*state.log_for(0)[-2:], sep="\\n")
            """
        ),
        code(
            """
            state.apply_for(2, Action("fight", "As"))
            state.phase
            """
        ),
        md(
            """
            ## FL-4 The fight for the lead

            The dealer turns stock cards until one matches a fight card's suit; the highest fight
            card of that suit wins the lead. The jack of diamonds matches nobody; the eight of
            hearts makes hearts the fight suit, and South's king wins, although East laid an ace.
            """
        ),
        code("print(*[line for line in state.log_for(0) if line.startswith('FL-4')], sep='\\n')"),
        code("state.lead, state.turned"),
        md(
            """
            ## FL-5 Replacement

            The fight cards go to the discard and each player draws one new card, so all hold
            four again.
            """
        ),
        code("display(*(show(state.hands[seat]) for seat in (0, 1, 2)))"),
        md(
            """
            ## FL-6 Exchange

            In turn from the dealer's left, each player may exchange cards at one ante (4 chips)
            a card, paid into the pot. South changes his three of diamonds, West keeps his
            cards, East changes two.
            """
        ),
        code(
            """
            state.apply_for(0, Action("exchange", "3d"))
            state.apply_for(1, Action("exchange"))
            state.apply_for(2, Action("exchange", "2c 4h"))
            state.pot, state.stacks
            """
        ),
        md(
            """
            ## FL-7 Tricks

            Four tricks; follow suit if you can; the highest card of the suit led wins and leads
            the next. South leads. Rule bots play the tricks for all three.
            """
        ),
        code(
            """
            bots = [RuleBot(seed) for seed in range(3)]
            while state.phase == "play":
                seat = state.current_player
                state.apply_for(seat, bots[seat](state.observation(seat)))
            print(*[line for line in state.log_for(0) if line.startswith("FL-7") and "wins" in line], sep="\\n")
            """
        ),
        md(
            """
            ## FL-8 Payout

            Each trick pays a quarter of the pot, in whole chips; a remainder would stay as the
            start of the next pot.
            """
        ),
        code("print(*[line for line in state.log_for(0) if line.startswith('FL-8')])"),
        code("payout(26, [2, 1, 1, 0])  # a pot of 26: 6 chips a trick, 2 stay in the pot"),
        md(
            """
            ## FL-9 The loser's stake

            East took no trick, so to play the next game he must pay the whole pot of the game
            just played into the next pot.
            """
        ),
        code("print(*[line for line in state.log_for(0) if line.startswith('FL-9')])"),
        md(
            """
            ## FL-10 Leaving

            Before each game every player decides to play on or leave for good; a loser who
            cannot pay his stake must leave. All three play on, and East pays his stake.
            """
        ),
        code("[str(action) for action in state.legal_actions(state.current_player)]"),
        code(
            """
            for seat in (0, 1, 2):
                state.apply_for(seat, Action("stay"))
            print(*[line for line in state.log_for(0) if line.startswith(("FL-9", "FL-10"))][-4:], sep="\\n")
            """
        ),
        md(
            """
            ## FL-11 Chips are conserved

            The stacks and the pot always add up to the chips the players brought.
            """
        ),
        code(
            """
            assert state.chips() == sum(state.stacks) + state.pot == 3 * 40
            state.stacks, state.pot
            """
        ),
        md(
            """
            ## Who wins the lead?

            For 4,000 shuffled deals per number of players, every player fights with a card
            drawn at random from his hand; the stock decides as in FL-4.
            """
        ),
        code(
            """
            leads = fl.lead_chances(players=(2, 3, 4, 5), deals=4000, seed=2026)
            by_rank = leads.groupby(["rank_number", "players"])[["fights", "leads"]].sum()
            (by_rank.leads / by_rank.fights).unstack().round(3)
            """
        ),
        code("charts.lead_chance_chart(leads)"),
        code(
            """
            chance = (by_rank.leads / by_rank.fights).unstack()
            assert (chance.loc[14] > chance.loc[2]).all() and (chance.loc[14].diff().dropna() < 0).all()
            chance.loc[14].round(2).tolist()
            """
        ),
        md(
            """
            **Conclusion.** An ace wins the lead 61% of the time against one opponent but only 32%
            against four; even a deuce wins 39% heads-up, because the suit turned up matters as
            much as the rank. The suit you hold least of is the better fight suit: cards of your
            own suit in your hand cannot be turned up from the stock.
            """
        ),
        code(
            """
            by_length = leads.groupby(["suit_length", "players"])[["fights", "leads"]].sum()
            (by_length.leads / by_length.fights).unstack().round(3)
            """
        ),
        md(
            """
            ## What is an exchange worth?

            In 300 seeded first games of four players, the first player to exchange gives up his
            k lowest cards (the same deal for every k); everyone plays by the rule bot. The fee is
            the default, one ante (4 chips) a card.
            """
        ),
        code(
            """
            exchanges = fl.exchange_value(cards=(0, 1, 2, 3, 4), games=300, players=4, seed=2026)
            exchanges[["k", "fee", "tricks", "no_trick", "payout", "net"]].round(2)
            """
        ),
        code("charts.exchange_value_chart(exchanges)"),
        code(
            """
            net = exchanges.set_index("k").net
            assert net.idxmax() == 0 and (net.diff().dropna() < 0).all()
            float(net[0].round(2))
            """
        ),
        md(
            """
            **Conclusion.** At one ante a card, exchanging never pays: each card exchanged adds
            about two chips of payout but costs four, so the net falls with every card, from +3.8
            chips for standing pat to -4 for changing all four (and changing all four makes a
            trickless game, with its FL-9 stake, more likely). Try `exchange_fee=0` in
            `FightForTheLead` to see the free exchange of other versions.
            """
        ),
        md(
            """
            ## Pot and bankroll paths

            A session of 20 games between four rule bots, 100 chips each.
            """
        ),
        code(
            """
            paths = fl.session_paths(bots=("rule", "rule", "rule", "rule"), games=20, seed=2026)
            assert paths.chips.nunique() == 1  # FL-11 in every game
            paths.query("game == game.max()")[["name", "stack"]]
            """
        ),
        code("charts.session_paths_chart(paths)"),
        md(
            """
            **Conclusion.** Most games pay out the antes and exchange fees, a few chips either way;
            the big swings come from the FL-9 stakes, when a trickless player pays the whole pot
            into the next one and the following game is played for several times the antes.
            """
        ),
        md("## Play\n\nYou are South against three bots."),
        code(
            """
            # NBVAL_IGNORE_OUTPUT
            # (a live widget: nbval skips its view, whose model id is random; the text fallback only
            # repeats the table's HTML, which cardlab.widgets' own tests check)
            from cardlab.widgets import play

            play("fight_for_the_lead", seed=7, players=4)
            """
        ),
    ]


NOTEBOOKS = {
    "00-start-here": start_here,
    "01-hands-and-short-decks": hands_and_short_decks,
    "02-kontrabluff": kontrabluff,
    "03-draw-poker": draw_poker,
    "04-parallel-poker": parallel_poker,
    "05-fight-for-the-lead": fight_for_the_lead,
}


def build(name: str) -> Path:
    """Write ``name``.ipynb from its cells (outputs empty)."""
    import nbformat

    notebook = nbformat.v4.new_notebook()
    notebook.metadata = {
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    }
    for kind, text in NOTEBOOKS[name]():
        cell = nbformat.v4.new_markdown_cell(text) if kind == "markdown" else nbformat.v4.new_code_cell(text)
        notebook.cells.append(cell)
    # Stable cell ids, so regenerating an unchanged notebook gives the same file.
    for index, cell in enumerate(notebook.cells):
        cell["id"] = f"{name[:2]}-{index:03d}"
    path = HERE / f"{name}.ipynb"
    nbformat.write(notebook, path)
    return path


def execute(path: Path, timeout: int = 600, allow_errors: bool = False) -> float:
    """Run the notebook in place in a fresh kernel, as nbval will; returns seconds taken.

    ``allow_errors`` keeps going past a failing cell (a draft to inspect, never to commit).
    """
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    start = time.perf_counter()
    NotebookClient(notebook, timeout=timeout, kernel_name="python3", allow_errors=allow_errors,
                   resources={"metadata": {"path": str(HERE)}}).execute()
    seconds = time.perf_counter() - start
    for cell in notebook.cells:
        cell.metadata.pop("execution", None)  # timestamps would change on every run
    notebook.metadata = {
        "kernelspec": notebook.metadata["kernelspec"],
        "language_info": {"name": "python"},
    }
    nbformat.write(notebook, path)
    return seconds


def main(args: list[str]) -> None:
    draft = "--draft" in args
    prefixes = [arg for arg in args if arg != "--draft"]
    names = [name for name in NOTEBOOKS if not prefixes or any(name.startswith(p) for p in prefixes)]
    for name in names:
        seconds = execute(build(name), allow_errors=draft)
        print(f"{name}.ipynb: built and executed in {seconds:.1f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
