"""Parallel poker's sentences: one whole template per kind of event (PP-1 .. PP-5), and per
kind of refusal.

The kinds and their fields are declared in :mod:`cardlab.games.parallel_poker`.
"""

from __future__ import annotations

from cardlab.words import Plural, Verb, fill, game_words, templates
from cardlab.words.refusals import refusals

TEMPLATES = templates("parallel_poker", {
    "laid_out": "game {number}: {dealer} deals and lays out {cards} face up; {other} removes the same seven; "
                "both hold the same 25 cards",
    "arranged": "{seat} lays their five packets face down",
    "showing_won": Plural(
        "showing {packet}: {seat} {cards} ({hand}) against {other} {other_cards} ({other_hand}): "
        "{winner} wins {points} point (PP-4)",
        "showing {packet}: {seat} {cards} ({hand}) against {other} {other_cards} ({other_hand}): "
        "{winner} wins {points} points (PP-4)", n="points"),
    "showing_tied": "showing {packet}: {seat} {cards} ({hand}) against {other} {other_cards} ({other_hand}): "
                    "a tie, no points (PP-4)",
    "game_won": "game {number}: {winner} wins, {seat} {points} to {other} {other_points}",
    "game_drawn": "game {number}: a draw, {seat} {points} to {other} {other_points}",
    "match_won": Plural("match of {games} game: {winner} wins the match, {seat} {points} to {other} {other_points}",
                        "match of {games} games: {winner} wins the match, {seat} {points} to {other} {other_points}",
                        n="games"),
    "match_drawn": Plural("match of {games} game: a draw, {seat} {points} to {other} {other_points}",
                          "match of {games} games: a draw, {seat} {points} to {other} {other_points}", n="games"),
})


game_words(
    "parallel_poker",
    # the arrangement is one action of 25 cards, offered as no list of choices: the prompt
    # says how the table builds it (PP-2)
    verbs={"arrange": Verb("Lay the packets",
                           "click cards to fill the five packets (into the one marked ◀), then lay the packets")},
    clicks={"arrange": "lay the packets: the four chosen in order, then the five cards left"},  # PP-2
    session=lambda game: fill(Plural("{games} game; more points wins, rule PP-5",
                                     "{games} games; more points wins, rule PP-5", n="games"), games=game.games),
)

# What parallel poker refuses, and why (the kinds: cardlab.games.parallel_poker, "what it refuses").
REFUSALS = refusals("parallel_poker", {
    "match_over": "the match is over (PP-5): no move can be played",
    "arrange_only": "the only action is 'arrange' (25 cards in packet order, PP-2), not {kind}",
    "already_arranged": "{seat} has already laid the packets; their order cannot change",
    "no_amount": "arranging takes no amount (parallel poker has no chips), got {amount}",
    "bad_arrangement": Plural(
        "an arrangement uses exactly the 25 held cards, each once, five packets of five; got {cards} card "
        "(missing {missing}; not held or repeated {extra})",
        "an arrangement uses exactly the 25 held cards, each once, five packets of five; got {cards} cards "
        "(missing {missing}; not held or repeated {extra})", n="cards"),
    "hierarchy": "hierarchy must be 'traditional' or '32-card', got {value}",
})
