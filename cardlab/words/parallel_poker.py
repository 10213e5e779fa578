"""Parallel poker's words: one whole template per kind of event and per kind of refusal (PP-1 .. PP-5).

The kinds and their fields are declared in :mod:`cardlab.games.parallel_poker`, which imports
this module. Here too are all the game's other words, in English (the catalogs'
source): the tables' verbs and the adapters' clicks, the session's words, the how-to
and its glossary (figures from the game's spec), and the coach's sentence for each kind
of action with the game's round word.
"""

from __future__ import annotations

from cardlab.words import Plural, Verb, You, fill, game_words, second_person, templates
from cardlab.words.coach import Said, coach_words
from cardlab.words.howto import HowToPlay, Paragraph, Term, howto_words
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


#: A game's and a match's result (PP-5) said to each player (issue 36): ``seat`` is South
#: and ``other`` North, so a player's own points are the ones their seat's field names.
YOU = second_person("parallel_poker", {
    "arranged": You("seat", "You lay your five packets face down"),  # your own move, on your own screen
    "game_won": (
        You(("winner", "seat"), "game {number}: you win, {points} to {other_points} against {other}"),
        You(("winner", "other"), "game {number}: you win, {other_points} to {points} against {seat}"),
        You("seat", "game {number}: {winner} wins, {other_points} to your {points}"),
        You("other", "game {number}: {winner} wins, {points} to your {other_points}"),
    ),
    "game_drawn": (
        You("seat", "game {number}: a draw, you {points}, {other} {other_points}"),
        You("other", "game {number}: a draw, you {other_points}, {seat} {points}"),
    ),
    "match_won": (
        You(("winner", "seat"), Plural("match of {games} game: you win the match, {points} to {other_points} "
                                       "against {other}",
                                       "match of {games} games: you win the match, {points} to {other_points} "
                                       "against {other}", n="games")),
        You(("winner", "other"), Plural("match of {games} game: you win the match, {other_points} to {points} "
                                        "against {seat}",
                                        "match of {games} games: you win the match, {other_points} to {points} "
                                        "against {seat}", n="games")),
        You("seat", Plural("match of {games} game: {winner} wins the match, {other_points} to your {points}",
                           "match of {games} games: {winner} wins the match, {other_points} to your {points}",
                           n="games")),
        You("other", Plural("match of {games} game: {winner} wins the match, {points} to your {other_points}",
                            "match of {games} games: {winner} wins the match, {points} to your {other_points}",
                            n="games")),
    ),
    "match_drawn": (
        You("seat", Plural("match of {games} game: a draw, you {points}, {other} {other_points}",
                           "match of {games} games: a draw, you {points}, {other} {other_points}", n="games")),
        You("other", Plural("match of {games} game: a draw, you {other_points}, {seat} {points}",
                            "match of {games} games: a draw, you {other_points}, {seat} {points}", n="games")),
    ),
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


# -- how to play and the words on the table (issue 28) ----------------------------------------
HOW_TO_PLAY = howto_words(
    HowToPlay(
        "parallel_poker",
        aim=Paragraph("Aim", "Score more points than the other player over the five showings of a game, in a "
                             "match of {session}.", ("PP-5",)),
        turn=Paragraph("A turn", "Each player has a piquet deck of {deck}. The first {laid_out} of the dealer's deck are "
                                 "laid out face up, out of the game; the other player removes the same ones, and both "
                                 "hold the same {held}. Each "
                                 "player, unseen, fills {packets} of {packet_size}, from packet 1 to packet "
                                 "{last}, and lays them face down.", ("PP-1", "PP-2")),
        scoring=(
            Paragraph("Scoring", "Packet k of one player meets packet k of the other as poker hands, for k from 1 "
                                 "to {last}. Winning showing k scores k + 2 points: {showing_points} points, "
                                 "{total} in all. A tied showing scores nothing.", ("PP-3", "PP-4")),
        ),
    ),
    Term("piquet deck", "A deck of 32 cards, seven up to ace in each suit.", "PP-1"),
    Term("laid out", "The dealer's first seven cards, face up and out of the game for both players.", "PP-1"),
    Term("packet", "Five of your cards, played together as one poker hand.", "PP-2"),
    Term("showing", "Comparing one packet of each player, packet 1 first.", "PP-3"),
)


# -- the coach (issue 28): each kind of action as done and as the coach's choice -------------
coach_words("parallel_poker", {
    "arrange": Said("You laid the packets {packets}", "laying the packets {packets}"),  # PP-2
}, round="game")  # what round_index counts (SPEC.round_unit)


# What parallel poker refuses, and why (the kinds: cardlab.games.parallel_poker, "what it refuses").
REFUSALS = refusals("parallel_poker", {
    "match_over": "the match is over (PP-5): no move can be played",
    "arrange_only": "the only action is {arrange} (25 cards in packet order, PP-2), not {kind}",
    "already_arranged": "{seat} has already laid the packets; their order cannot change",
    "no_amount": "arranging takes no amount (parallel poker has no chips), got {amount}",
    "bad_arrangement": Plural(
        "an arrangement uses exactly the 25 held cards, each once, five packets of five; got {cards} card "
        "(missing {missing}; not held or repeated {extra})",
        "an arrangement uses exactly the 25 held cards, each once, five packets of five; got {cards} cards "
        "(missing {missing}; not held or repeated {extra})", n="cards"),
    "hierarchy": "{setting} must be one of {choices}, got {value}",
})
