"""Draw poker's sentences: one whole template per kind of event (DP-1 .. DP-10).

The kinds and their fields are declared in :mod:`cardlab.games.draw_poker`.
"""

from __future__ import annotations

from cardlab.words import Each, Lists, Plural, Verb, fill, game_words, templates, unit

_EACH = Each("{winners}")


def _chips(field: str) -> Each:
    """A number of chips with its unit: '1 chip', '8 chips'."""
    return unit(field, "chip", "chips")


TEMPLATES = templates("draw_poker", {
    "new_hand": "hand {number}: {dealer} deals",
    "ante": Lists("every player pays the ante of {ante}; the pot is {pot}", ante=_chips("ante"), pot=_chips("pot")),
    "dealt": "{seat} is dealt {cards}",
    "open": Lists("{seat} opens with {amount}; the pot is {pot}", amount=_chips("amount"), pot=_chips("pot")),
    "call": Lists("{seat} calls {chips}; the pot is {pot}", chips=_chips("chips"), pot=_chips("pot")),
    "raise": Lists("{seat} raises by {amount} to a stake of {stake}; the pot is {pot}", amount=_chips("amount"),
                   stake=_chips("stake"), pot=_chips("pot")),
    "pass_before_opening": Lists("{seat} passes and leaves the hand, losing {lost}", lost=_chips("lost")),
    "pass_after_opening": Lists("{seat} passes and leaves the hand, losing {lost}", lost=_chips("lost")),
    "draw_begins": "the draw begins",
    "stock_refilled": Plural("the stock runs out; the {cards} card discarded by the other players is shuffled into "
                             "a new stock",
                             "the stock runs out; the {cards} cards discarded by the other players are shuffled into "
                             "a new stock", n="cards"),
    "draw": Plural("{seat} draws {cards} card", "{seat} draws {cards} cards", n="cards"),
    "exchange": "{seat} discards {discarded} and receives {received}",
    "second_round": "the second betting round begins",
    "show": "{seat} shows {cards}: {hand}",
    "show_as_last_raiser": "{seat} shows {cards}: {hand} (as the last raiser of the second round)",
    "show_as_opener": "{seat} shows {cards}: {hand} (as the opener of the second round)",
    "concede": "{seat} concedes without showing",
    "one_left": Lists("{winner} is the only player left and takes the pot of {pot} without showing", pot=_chips("pot")),
    "won": Lists("{winner} wins the pot of {pot} with {hand}", pot=_chips("pot")),
    # the winners are listed with commas only ('South, West')
    "split": Lists("{winners} tie with {hand} and split the pot of {pot}: {share} each", winners=_EACH,
                   pot=_chips("pot"), share=_chips("share")),
    "split_carried": Lists("{winners} tie with {hand} and split the pot of {pot}: {share} each; "
                           "the pot keeps {carried} for the next hand", winners=_EACH, pot=_chips("pot"),
                           share=_chips("share"), carried=_chips("carried")),
    "leaves_table": Plural("{seat} has {chips} chip, less than the ante, and leaves the table",
                           "{seat} has {chips} chips, less than the ante, and leaves the table", n="chips"),
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
        return fill(Plural("{hands} hand, or until one player is left, rule DP-10",
                           "{hands} hands, or until one player is left, rule DP-10", n="hands"), hands=game.hands)
    return fill("until one player is left, rule DP-10")


def session_length(game) -> str:
    """How long a session of ``game`` lasts, without its rule (DP-10): the how-to's words
    ('The session lasts 3 hands, or until one player is left.'), a whole template of its own.

    >>> from cardlab.games.draw_poker import DrawPoker
    >>> session_length(DrawPoker(hands=1)), session_length(DrawPoker())
    ('1 hand, or until one player is left', 'until one player is left')
    """
    if game.hands:
        return fill(Plural("{hands} hand, or until one player is left", "{hands} hands, or until one player is left",
                           n="hands"), hands=game.hands)
    return fill("until one player is left")


game_words(
    "draw_poker",
    verbs={
        "open": Verb("Open", "open", chosen="Open {amount}",
                     costs=Plural("Open with {chips} chip", "Open with {chips} chips", n="chips")),
        "call": Verb("Call", "call", costs=Plural("Call for {chips} chip", "Call for {chips} chips", n="chips")),
        "raise": Verb("Raise", "raise", chosen="Raise {amount}",
                      costs=Plural("Raise by {amount} for {chips} chip", "Raise by {amount} for {chips} chips",
                                   n="chips")),
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
