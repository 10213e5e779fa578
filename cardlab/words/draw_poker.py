"""Draw poker's sentences: one whole template per kind of event (DP-1 .. DP-10).

The kinds and their fields are declared in :mod:`cardlab.games.draw_poker`.
"""

from __future__ import annotations

from cardlab.words import Each, Lists, Plural, Verb, game_words, templates

_EACH = Each("{winners}")

TEMPLATES = templates("draw_poker", {
    "new_hand": "hand {number}: {dealer} deals",
    "ante": "every player pays the ante of {ante}; the pot is {pot}",
    "dealt": "{seat} is dealt {cards}",
    "open": "{seat} opens with {amount}; the pot is {pot}",
    "call": "{seat} calls {chips}; the pot is {pot}",
    "raise": "{seat} raises by {amount} to {stake}; the pot is {pot}",
    "pass_before_opening": "{seat} passes and leaves the hand, losing {lost}",
    "pass_after_opening": "{seat} passes and leaves the hand, losing {lost}",
    "draw_begins": "the draw begins",
    "stock_refilled": "the stock runs out; the {cards} cards discarded by the other players are shuffled into a new stock",
    "draw": "{seat} draws {cards}",
    "exchange": "{seat} discards {discarded} and receives {received}",
    "second_round": "the second betting round begins",
    "show": "{seat} shows {cards}: {hand}",
    "show_as_last_raiser": "{seat} shows {cards}: {hand} (as the last raiser of the second round)",
    "show_as_opener": "{seat} shows {cards}: {hand} (as the opener of the second round)",
    "concede": "{seat} concedes without showing",
    "one_left": "{winner} is the only player left and takes the pot of {pot} without showing",
    "won": "{winner} wins the pot of {pot} with {hand}",
    # the winners are listed with commas only ('South, West')
    "split": Lists("{winners} tie with {hand} and split the pot of {pot}: {share} each", winners=_EACH),
    "split_carried": Lists("{winners} tie with {hand} and split the pot of {pot}: {share} each; "
                           "{carried} stays in the pot for the next hand", winners=_EACH),
    "leaves_table": "{seat} has {chips} chips, less than the ante, and leaves the table",
    "session_ends_one_left": "the session ends: one player is left",
    "session_ends_hands_played": Plural("the session ends: {hands} hand played", "the session ends: {hands} hands played",
                                        n="hands"),
    # each seat then its share ('West 1, North 0')
    "left_over_shared": Lists(Plural("the {pot} chip left in the pot is shared: {seats}",
                                     "the {pot} chips left in the pot are shared: {seats}", n="pot"),
                              seats=Each("{seats} {shares}")),
})


def _session(game) -> str:
    if game.hands:
        return f"{game.hands} hands, or until one player is left (DP-10)"
    return "until one player is left (DP-10)"


game_words(
    "draw_poker",
    verbs={
        "open": Verb("Open", "open", chosen="Open {amount}"),
        "call": Verb("Call", "call"),
        "raise": Verb("Raise", "raise", chosen="Raise {amount}"),
        "draw": Verb("Draw", "draw (select the cards to throw away) or stand pat", chosen="Draw {n}",
                     none="Stand pat"),
        "show": Verb("Show", "show your hand"),
        "concede": Verb("Concede", "concede without showing"),
        "pass": Verb("Pass", "pass (you leave the hand)"),
    },
    clicks={
        "pass": "pass",  # DP-2, DP-3
        "call": "call",  # DP-3
        "draw": "draw: replace the chosen cards",  # DP-5 (none chosen: keep all five)
        "show": "show",  # DP-7
        "concede": "concede",  # DP-7
        "open": "open with {amount}",  # DP-2
        "raise": "raise by {amount}",  # DP-3
    },
    session=_session,
)
