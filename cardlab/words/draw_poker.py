"""Draw poker's words: one whole template per kind of event and per kind of refusal (DP-1 .. DP-10).

The kinds and their fields are declared in :mod:`cardlab.games.draw_poker`, which imports
this module. Here too are all the game's other words, in English (the catalogs'
source): the tables' verbs and the adapters' clicks, the session's words, the how-to
and its glossary (figures from the game's spec), and the coach's sentence for each kind
of action with the game's round word.
"""

from __future__ import annotations

from cardlab.words import Each, Lists, Plural, Verb, You, fill, game_words, second_person, templates, unit
from cardlab.words.coach import Said, coach_words
from cardlab.words.howto import HowToPlay, Paragraph, Term, howto_words
from cardlab.words.refusals import refusals

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


_YOU_PASS = You("seat", Lists("You pass and leave the hand, losing {lost}", lost=_chips("lost")))  # DP-2, DP-3 alike

#: What is said to the person at the screen where it names their seat (issue 36): their
#: deal, their moves, the pot won, and leaving the table.
YOU = second_person("draw_poker", {
    "dealt": You("seat", "You are dealt {cards}"),  # your own cards, on your own screen
    # your own moves, on your own screen
    "open": You("seat", Lists("You open with {amount}; the pot is {pot}", amount=_chips("amount"), pot=_chips("pot"))),
    "call": You("seat", Lists("You call {chips}; the pot is {pot}", chips=_chips("chips"), pot=_chips("pot"))),
    "raise": You("seat", Lists("You raise by {amount} to a stake of {stake}; the pot is {pot}", amount=_chips("amount"),
                               stake=_chips("stake"), pot=_chips("pot"))),
    "pass_before_opening": _YOU_PASS,
    "pass_after_opening": _YOU_PASS,
    "draw": You("seat", Plural("You draw {cards} card", "You draw {cards} cards", n="cards")),
    "exchange": You("seat", "You discard {discarded} and receive {received}"),
    "show": You("seat", "You show {cards}: {hand}"),
    "show_as_last_raiser": You("seat", "You show {cards}: {hand} (as the last raiser of the second round)"),
    "show_as_opener": You("seat", "You show {cards}: {hand} (as the opener of the second round)"),
    "concede": You("seat", "You concede without showing"),
    "one_left": You("winner", Lists("You are the only player left and take the pot of {pot} without showing",
                                    pot=_chips("pot"))),
    "won": You("winner", Lists("You win the pot of {pot} with {hand}", pot=_chips("pot"))),
    "leaves_table": You("seat", Plural("You have {chips} chip, less than the ante, and leave the table",
                                       "You have {chips} chips, less than the ante, and leave the table", n="chips")),
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


# -- how to play and the words on the table (issue 28) ----------------------------------------
HOW_TO_PLAY = howto_words(
    HowToPlay(
        "draw_poker",
        aim=Paragraph("Aim", "Win chips: the best hand shown at the showdown takes the pot. The session lasts "
                             "{session}.", ("DP-8", "DP-10")),
        turn=Paragraph("A turn", "Everyone pays the ante of {ante} into the pot and gets {hand}. In the first "
                                 "betting round each player passes, leaving the hand with their cards in the muck, or "
                                 "opens with more than the "
                                 "ante and at most {max_bet}. After the opening each player passes, calls the stake "
                                 "or raises it by {ante} to {max_bet}. Then each player still in discards 0 to "
                                 "{hand} and draws as many from the stock; a second betting round follows, then the "
                                 "showdown.", ("DP-1", "DP-2", "DP-3", "DP-5", "DP-6", "DP-7")),
        scoring=(
            Paragraph("Scoring", "The best hand shown takes the whole pot, by the hand order of the deck used. "
                                 "Tied hands split it; a chip that does not divide stays in the pot for the next "
                                 "hand. When all the others pass, the last player takes the pot without showing.",
                      ("DP-8", "HR-4", "DP-4")),
        ),
        said=lambda game: {"session": session_length(game)},  # DP-10: a choice of sentence
    ),
    Term("ante", "The chips every player pays into the pot before the cards are dealt.", "DP-1"),
    Term("pot", "The chips bet in this hand; the winner takes them.", "DP-8"),
    Term("stock", "The face-down cards left after the deal, from which players draw.", "DP-1"),
    Term("open", "The first bet of a betting round, more than the ante.", "DP-2"),
    Term("stake", "The most any player has bet in this betting round; to stay in, match it.", "DP-3"),
    Term("call", "Putting in chips to match the stake.", "DP-3"),
    Term("raise", "Putting in more than the stake, so the others must match it to stay in.", "DP-3"),
    Term("pass", "Leaving the hand and the chips already bet in it.", "DP-2"),
    Term("stand pat", "Keeping all five cards at the draw.", "DP-5"),
    Term("showdown", "The end of a hand, where the players still in show their cards or concede.", "DP-7"),
    Term("concede", "Giving up at the showdown without showing the cards.", "DP-7"),
    Term("muck", "The face-down pile of cards passed or conceded; nobody sees them.", "DP-7"),
)


# -- the coach (issue 28): each kind of action as done and as the coach's choice -------------
def _said_with_chips(verb: str, doing: str) -> Said:
    """The coach's words of a bet with its chips: 'You opened with 3 chips', 'opening with 3 chips'."""
    return Said(Plural(f"You {verb} {{amount}} chip", f"You {verb} {{amount}} chips", n="amount"),
                Plural(f"{doing} {{amount}} chip", f"{doing} {{amount}} chips", n="amount"))


coach_words("draw_poker", {
    "open": _said_with_chips("opened with", "opening with"),  # DP-2
    "call": Said("You called", "calling"),  # DP-3
    "raise": _said_with_chips("raised by", "raising by"),  # DP-3
    "pass": Said("You passed", "passing"),  # DP-2, DP-3
    "draw": Said(Plural("You drew {n} card", "You drew {n} cards", n="n"),  # DP-5
                 Plural("keeping {kept} and drawing {n} card", "keeping {kept} and drawing {n} cards", n="n"),
                 "You stood pat", "standing pat"),
    "show": Said("You showed your hand", "showing your hand"),  # DP-7
    "concede": Said("You conceded", "conceding"),  # DP-7
}, round="hand")  # what round_index counts (SPEC.round_unit)


# What draw poker refuses, and why (the kinds: cardlab.games.draw_poker, "what it refuses").
REFUSALS = refusals("draw_poker", {
    "session_over": "the session is over (DP-10): no move can be played",
    "unknown_kind": "{kind} is not a draw poker action ({kinds})",
    "no_fold": "draw poker has no fold: to fold, pass (DP-3)",
    "no_check": "there is no check: before the opening a player passes (leaving the hand) or opens",
    "betting_only": "in a betting round a player passes, opens, calls or raises",
    "bet_no_cards": "a betting round moves chips only: passing, opening, calling and raising take no cards",
    "call_no_amount": "a call takes no amount: it matches the stake",
    "pass_no_amount": "a pass takes no amount: it puts nothing in",
    "already_open": "the pot is already open ({opener}): call, raise or pass",
    "open_amount": Plural("open with an amount: more than the ante of {ante} and at most {most} chip",
                          "open with an amount: more than the ante of {ante} and at most {most} chips", n="most"),
    "open_range": Plural("open with more than the ante of {ante} and at most {most} chip, not {amount}",
                         "open with more than the ante of {ante} and at most {most} chips, not {amount}", n="most"),
    "open_all_in": Plural("open with at most {stack} chip: there is no all-in and {seat} has {stack}",
                          "open with at most {stack} chips: there is no all-in and {seat} has {stack}", n="stack"),
    "nobody_opened": "nobody has opened: there is no check, {seat} passes (leaving the hand) or opens",
    "raise_amount": Plural("raise the stake by an amount: {ante} to {most} chip",
                           "raise the stake by an amount: {ante} to {most} chips", n="most"),
    "raise_range": Plural("raise the stake by {ante} to {most} chip, not {amount}",
                          "raise the stake by {ante} to {most} chips, not {amount}", n="most"),
    "no_all_in": Plural("no all-in: {seat} needs {need} chip and has {stack}; a player who cannot match must pass",
                        "no all-in: {seat} needs {need} chips and has {stack}; a player who cannot match must pass",
                        n="need"),
    "draw_only": "it is the draw: {seat} discards 0 to 5 cards",
    "draw_no_amount": "a draw names the discarded cards, not an amount",
    "draw_twice": "a card is named twice ({cards}): each card is discarded once",
    "not_held": "{seat} does not hold {cards}",
    "show_or_concede": "at the showdown a player shows or concedes",
    "show_takes_nothing": "showing and conceding take no cards and no amount (the whole hand is shown)",
    "deck_size": "deck_size must be one of {sizes}, got {value}",
    "ace_low_short_only": "{setting} is an option for short decks only: 52 cards always count A-2-3-4-5 (HR-1)",
    "max_bet_above_ante": "an opening must be greater than the ante and at most max_bet, so max_bet ({max_bet}) "
                          "must exceed the ante ({ante})",
    "stack_below_ante": "a stack ({stack}) smaller than the ante ({ante}) could not sit down",
    "deck_too_small": "deck_size {size} is too small: {players} players need a deck of at least {need} cards (five "
                      "each, and five more so that the last player can always draw five)",
})
