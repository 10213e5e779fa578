"""Kontrabluff's words: one whole template per kind of event and per kind of refusal (KB-1 .. KB-12).

The kinds and their fields are declared in :mod:`cardlab.games.kontrabluff`, which imports
this module. Here too are all the game's other words, in English (the catalogs'
source): the tables' verbs and the adapters' clicks, the session's words, the how-to
and its glossary (figures from the game's spec), and the coach's sentence for each kind
of action with the game's round word.
"""

from __future__ import annotations

from cardlab.words import Lists, Plural, Verb, You, fill, game_words, second_person, templates, unit
from cardlab.words.coach import Said, coach_words
from cardlab.words.howto import HowToPlay, Paragraph, Term, howto_words
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


#: The results said to the person at the screen where they name that seat (issue 36): the
#: winner of a round or of the match is "you"; a low round's leader whose cards stay hidden too.
YOU = second_person("kontrabluff", {
    "dealt": You("seat", "You are dealt {cards}"),  # your own cards, on your own screen
    "refilled": You("seat", "You receive {cards}"),
    # your own moves, on your own screen
    "first_lead": You("seat", "You lead the first round of the deal: a card or low"),
    "lay": You("seat", "You lay {card}"),
    "pass": You("seat", "You pass"),
    "play_low": You("seat", "You play low: {cards} cards face down"),
    "pass_low": You("seat", "You pass: {cards} cards face down"),
    "see": You("seat", "You see with {cards}"),
    "won_by_pass": You("winner", Plural("You win {points} point, {cards} card on the table",
                                        "You win {points} points, {cards} cards on the table", n="points")),
    "won_at_showdown": You("winner", Plural("You win {points} point, {hand} against {against}",
                                            "You win {points} points, {hand} against {against}", n="points")),
    "won_at_showdown_tie": You("winner", Plural(
        "You win {points} point, {hand} against {against} (an exact tie goes to the leader: you)",
        "You win {points} points, {hand} against {against} (an exact tie goes to the leader: you)", n="points")),
    "low_passed": You("winner", Plural("You win {points} point, the low round was passed; nothing is shown",
                                       "You win {points} points, the low round was passed; nothing is shown",
                                       n="points")),
    "low_won_by_leader": You("winner", Plural(
        "You win {points} point, the lower hand, your {cards} is turned up as proof",
        "You win {points} points, the lower hand, your {cards} is turned up as proof", n="points")),
    "low_won_by_leader_tie": You("winner", Plural(
        "You win {points} point, the lower hand, your {cards} is turned up as proof "
        "(an exact tie goes to the leader: you)",
        "You win {points} points, the lower hand, your {cards} is turned up as proof "
        "(an exact tie goes to the leader: you)", n="points")),
    "low_won_by_seer": (
        You("winner", Plural("You win {points} point, the lower hand; {leader}'s cards stay hidden",
                             "You win {points} points, the lower hand; {leader}'s cards stay hidden", n="points")),
        You("leader", Plural("{winner} wins {points} point, the lower hand; your cards stay hidden",
                             "{winner} wins {points} points, the lower hand; your cards stay hidden", n="points")),
    ),
    "match_won": You("winner", Plural("You reach {points} point and win the match",
                                      "You reach {points} points and win the match", n="points")),
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


# -- how to play and the words on the table (issue 28) ----------------------------------------
HOW_TO_PLAY = howto_words(
    HowToPlay(
        "kontrabluff",
        aim=Paragraph("Aim", "Win rounds to score points: the first player to reach {target} at the end of a round "
                             "wins the match.", ("KB-12",)),
        turn=Paragraph("A turn", "Each player holds {hand}; the rest is the talon. In a normal round the leader lays "
                                 "one card face up in their row, then the other player, turn about, until both rows "
                                 "hold {row} or someone passes, and so loses the round. Whoever leads a round may "
                                 "play low instead: lay {low} face down; the other player sees with {low} face up "
                                 "or passes.", ("KB-1", "KB-2", "KB-3", "KB-4", "KB-6")),
        scoring=(
            Paragraph("Scoring", "A normal round pays its winner the triangular number of the cards on the table, "
                                 "both rows together: {triangle} points for 1 to {most} cards. With two full rows "
                                 "the better poker hand wins, an exact tie going to the leader.", ("KB-5", "HR-1")),
            Paragraph("A low round", "In a low round the lower poker hand wins. A seen low round pays {low_seen} to "
                                     "the lower hand, a tie to the leader; a passed low round pays {low_passed} to "
                                     "the leader.", ("KB-6", "HR-6")),
            Paragraph("Between rounds", "Both rows go to the discard, and the loser of a round deals from the "
                                        "talon until both hold {hand} again. "
                                        "When a player holds fewer than {min_hand} as a round should start, the deal "
                                        "ends and the cards are shuffled; the points are kept.", ("KB-8", "KB-9", "KB-11")),
        ),
    ),
    Term("talon", "The face-down cards left after the deal; the loser of a round refills both hands from it.",
         "KB-1"),
    Term("row", "The cards a player has laid face up on the table in the current round.", "KB-3"),
    Term("normal round", "A round in which the players lay one card each in turn until someone passes or both "
                         "rows are full.", "KB-3"),
    Term("low round", "A round in which the leader lays five cards face down at once and the worse poker hand "
                      "wins.", "KB-6"),
    Term("leader", "The player who starts a round, by laying the first card or by playing low.", "KB-2"),
    Term("hand over", "The dealer's choice to let the other player lead the next round.", "KB-2"),
    Term("pass", "Giving up the round: the other player wins it.", "KB-4"),
    Term("see", "Answering a low round by laying five cards face up to compare hands.", "KB-6"),
    Term("deal", "All the rounds played from one shuffle until a player holds fewer than five cards.", "KB-11"),
    Term("discard", "Cards out of play until the next deal.", "KB-8"),
)


# -- the coach (issue 28): each kind of action as done and as the coach's choice -------------
coach_words("kontrabluff", {
    "lay": Said("You laid {cards}", "laying {cards}"),  # KB-3
    "low": Said("You played low with {cards}", "playing low with {cards}"),  # KB-6
    "hand_over": Said("You handed over", "handing over"),  # KB-2
    "pass": Said("You passed, laying {cards} face down", "passing, laying {cards} face down",  # KB-6
                 "You passed", "passing"),  # KB-4
    "see": Said("You saw with {cards}", "seeing with {cards}"),  # KB-6
}, round="round")  # what round_index counts (SPEC.round_unit)


# What Kontrabluff refuses, and why (the kinds: cardlab.games.kontrabluff, "what it refuses").
REFUSALS = refusals("kontrabluff", {
    "match_over": "the match is over (KB-12): no move can be played",
    "unknown_kind": "{kind} is not a Kontrabluff action ({kinds})",
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
