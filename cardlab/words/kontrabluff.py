"""Kontrabluff's sentences: one whole template per kind of event (KB-1 .. KB-12), and per
kind of refusal.

The kinds and their fields are declared in :mod:`cardlab.games.kontrabluff`.
"""

from __future__ import annotations

from cardlab.words import Lists, Plural, Verb, fill, game_words, templates, unit
from cardlab.words.refusals import refusals

TEMPLATES = templates("kontrabluff", {
    "first_dealer": "{dealer} deals first",
    "new_deal": Lists("deal {number}: {dealer} deals {cards} each; {talon} in the talon",
                      cards=unit("cards", "card", "cards"), talon=unit("talon", "card", "cards")),
    "dealt": "{seat} is dealt {cards}",
    "first_lead": "{seat} leads the first round of the deal: a card or low",
    "hand_over": "{seat} hands over; {other} chooses",
    "lay": "{seat} lays {card}",
    "pass": "{seat} passes",
    "play_low": "{seat} plays low: {cards} cards face down",
    "pass_low": "{seat} passes: {cards} cards face down",
    "see": "{seat} sees with {cards}",
    "won_by_pass": Plural("{winner} wins {points} point, {cards} card on the table",
                          "{winner} wins {points} points, {cards} cards on the table", n="points"),
    "won_at_showdown": Plural("{winner} wins {points} point, {hand} against {against}",
                              "{winner} wins {points} points, {hand} against {against}", n="points"),
    "won_at_showdown_tie": Plural(
        "{winner} wins {points} point, {hand} against {against} (an exact tie goes to the leader)",
        "{winner} wins {points} points, {hand} against {against} (an exact tie goes to the leader)", n="points"),
    "low_passed": Plural("{winner} wins {points} point, the low round was passed; nothing is shown",
                         "{winner} wins {points} points, the low round was passed; nothing is shown", n="points"),
    "low_won_by_leader": Plural(
        "{winner} wins {points} point, the lower hand, {winner}'s {cards} is turned up as proof",
        "{winner} wins {points} points, the lower hand, {winner}'s {cards} is turned up as proof", n="points"),
    "low_won_by_leader_tie": Plural(
        "{winner} wins {points} point, the lower hand, {winner}'s {cards} is turned up as proof "
        "(an exact tie goes to the leader)",
        "{winner} wins {points} points, the lower hand, {winner}'s {cards} is turned up as proof "
        "(an exact tie goes to the leader)", n="points"),
    "low_won_by_seer": Plural("{winner} wins {points} point, the lower hand; {leader}'s cards stay hidden",
                              "{winner} wins {points} points, the lower hand; {leader}'s cards stay hidden",
                              n="points"),
    "talon_empty": "the talon is empty: no refill",
    "refill": Lists("{dealer} deals {winner_cards} to {winner} and {loser_cards} to {loser}; {talon} left in the talon",
                    winner_cards=unit("winner_cards", "card", "cards"), loser_cards=unit("loser_cards", "card", "cards"),
                    talon=unit("talon", "card", "cards")),
    "refilled": "{seat} receives {cards}",
    "deal_ends": Plural("{seat} holds {cards} card: the deal ends", "{seat} holds {cards} cards: the deal ends",
                        n="cards"),
    "match_won": Plural("{winner} reaches {points} point and wins the match",
                        "{winner} reaches {points} points and wins the match", n="points"),
})


game_words(
    "kontrabluff",
    verbs={
        "lay": Verb("Lay a card", "lay a card", chosen="Lay {cards}", needs="Select one card of your hand to lay."),
        "low": Verb("Play low", "play low with five cards", chosen="Play low",
                    needs="Select five cards to play low (KB-6)."),
        "hand_over": Verb("Hand over", "hand over (the other chooses)"),
        "see": Verb("See", "see with five cards", chosen="See", needs="Select five cards to see with (KB-6)."),
        "pass": Verb("Pass", "pass (you lose the round)", chosen="Pass",
                     needs="Select five cards to lay face down (KB-6)."),
    },
    clicks={
        "lay": "lay {card}",  # KB-3
        "low": "play low with the chosen cards",  # KB-6
        "hand_over": "hand over",  # KB-2
        "pass": "pass",  # KB-4; KB-6 passes with the chosen cards face down
        "see": "see with the chosen cards",  # KB-6
    },
    session=lambda game: fill(Plural("first to {target} point wins, rule KB-12",
                                     "first to {target} points wins, rule KB-12", n="target"), target=game.target),
    zones={"stock": "talon"},  # KB-1: the rule pages' word for the stock
)

# What Kontrabluff refuses, and why (the kinds: cardlab.games.kontrabluff, "what it refuses").
REFUSALS = refusals("kontrabluff", {
    "match_over": "the match is over (KB-12): no move can be played",
    "unknown_kind": "{kind} is not a Kontrabluff action (low, hand_over, lay, pass, see)",
    "no_amount": "Kontrabluff has no chips: an action takes no amount",
    "dealer_pass": "the dealer may not pass before any card is laid: it would score nothing for anyone, give the "
                   "dealer nothing that leading does not already give (KB-2), and could repeat without end; play low "
                   "or hand over instead (KB-2)",
    "dealer_choice": "the dealer may lead only by playing low: play low or hand over",
    "leader_pass": "the leader may not pass before any card is laid: it would score nothing for anyone, give the "
                   "leader nothing that leading does not already give (KB-2), and could repeat without end; lay a "
                   "card or play low instead",
    "first_round_hand_over": "the first round of a deal is led by the non-dealer, and the dealer has no choice in it: "
                             "nothing to hand over; lay a card or play low",
    "leader_choice": "the leader of a new round lays a card for a normal round or plays low: do one of these",
    "normal_round": "in a normal round lay a card or pass",
    "low_round": "answer a low round by seeing or passing with 5 cards",
    "pass_no_cards": "passing a normal round takes no cards: clear the selection ({selected} selected)",
    "hand_over_no_cards": "handing over takes no cards: clear the selection ({selected} selected)",
    "lay_one": "select one card to lay ({selected} selected)",
    "low_cards": Plural("select {need} card to play low ({selected} selected)",
                        "select {need} cards to play low ({selected} selected)", n="need"),
    "see_cards": Plural("select {need} card to see with ({selected} selected)",
                        "select {need} cards to see with ({selected} selected)", n="need"),
    "pass_low_cards": Plural("select {need} card to pass a low round face down ({selected} selected)",
                             "select {need} cards to pass a low round face down ({selected} selected)", n="need"),
    "named_twice": "a card is named twice ({cards}): select each card once",
    "not_held": "{seat} does not hold {cards}",
})
