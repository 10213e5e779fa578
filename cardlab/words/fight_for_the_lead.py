"""Fight for the Lead's words: one whole template per kind of event and per kind of refusal (FL-1 .. FL-10).

The kinds and their fields are declared in :mod:`cardlab.games.fight_for_the_lead`, which imports
this module. Here too are all the game's other words, in English (the catalogs'
source): the tables' verbs and the adapters' clicks, the session's words, the how-to
and its glossary (figures from the game's spec), and the coach's sentence for each kind
of action with the game's round word.
"""

from __future__ import annotations

from cardlab.words import (Each, Lists, Plural, Verb, You, fill, game_words, headlines, second_person, templates,
                           unit)
from cardlab.words.coach import Said, coach_words
from cardlab.words.howto import HowToPlay, Paragraph, Term, howto_words
from cardlab.words.refusals import refusals

_FIGHTS = Each("{seats} {cards}")  # FL-4: 'South 5♥, West 3♣'
_STACKS = Each("{seats} {stacks}")  # FL-10: 'South 104, West 96'
_SHARES = Each("{sharers} {shares}")  # FL-10: 'West 1, North 0'


def _chips(field: str) -> Each:
    """A number of chips with its unit: '1 chip', '8 chips'."""
    return unit(field, "chip", "chips")


def _shared(why: str, **units: Each) -> Lists:
    """An end of the session (FL-10) that shares the chips left in the pot."""
    joined = Plural  # the sentences are whole only once joined: the catalogs take them from the registry
    return Lists(joined(why + " The {pot} chip left in the pot is shared: {sharers}. Stacks: {seats}.",
                        why + " The {pot} chips left in the pot are shared: {sharers}. Stacks: {seats}.", n="pot"),
                 sharers=_SHARES, seats=_STACKS, **units)


TEMPLATES = templates("fight_for_the_lead", {
    "antes": Lists("{seats} pay the ante of {ante} each; the pot is {pot}.", ante=_chips("ante"), pot=_chips("pot")),
    "antes_on_top": Lists("{seats} pay the ante of {ante} each; the pot is {pot} on top of the {carried} "
                          "left in it.", ante=_chips("ante"), pot=_chips("pot"), carried=_chips("carried")),
    "new_game": Lists("Game {number}: {dealer} deals {cards} to each player; {stock} stay in the stock.",
                      cards=unit("cards", "card", "cards"), stock=unit("stock", "card", "cards")),
    "dealt": "{seat} is dealt {cards}.",
    "fight_card_laid": "{seat} lays a fight card face down.",
    "fight_card": "{seat} lays {card} face down as the fight card.",
    "lead_won_in_clubs": Lists("The fight cards are turned up: {seats}. {dealer} turns {turned}: "
                               "clubs is the fight suit; {winner} wins the lead with {card}.", seats=_FIGHTS),
    "lead_won_in_diamonds": Lists("The fight cards are turned up: {seats}. {dealer} turns {turned}: "
                                  "diamonds is the fight suit; {winner} wins the lead with {card}.", seats=_FIGHTS),
    "lead_won_in_hearts": Lists("The fight cards are turned up: {seats}. {dealer} turns {turned}: "
                                "hearts is the fight suit; {winner} wins the lead with {card}.", seats=_FIGHTS),
    "lead_won_in_spades": Lists("The fight cards are turned up: {seats}. {dealer} turns {turned}: "
                                "spades is the fight suit; {winner} wins the lead with {card}.", seats=_FIGHTS),
    "lead_won_stock_out": Lists("The fight cards are turned up: {seats}. {dealer} turns {turned} and the stock "
                                "runs out: the highest fight card, {card} of {winner}, wins the lead.", seats=_FIGHTS),
    "new_cards": "The fight cards go to the discard face down; {dealer} gives each player a new card.",
    "new_card": "{seat} gets {card}.",
    "fight_cards_back": Plural("The stock holds {stock} card, too few for a new card each: every player takes "
                               "their own fight card back.",
                               "The stock holds {stock} cards, too few for a new card each: every player takes "
                               "their own fight card back.", n="stock"),
    "exchange": Lists(Plural("{seat} exchanges {cards} card for {fee}; the pot is {pot}.",
                             "{seat} exchanges {cards} cards for {fee}; the pot is {pot}.", n="cards"),
                      fee=_chips("fee"), pot=_chips("pot")),
    "exchanged": "{seat} gives up {given} and draws {drawn}.",
    "keep": "{seat} keeps their cards.",
    "lead": "{seat} leads {card}.",
    "play": "{seat} plays {card}.",
    "trick": "{winner} wins trick {number} with {card}.",
    "payout": Lists(Plural("The pot of {pot} pays {per_trick} a trick: {seats}; {rest} chip stays in the pot.",
                           "The pot of {pot} pays {per_trick} a trick: {seats}; {rest} chips stay in the pot.",
                           n="rest"),
                    seats=Each(Plural("{seats} {chips} ({tricks} trick)", "{seats} {chips} ({tricks} tricks)",
                                      n="tricks")), pot=_chips("pot"), per_trick=_chips("per_trick")),
    "loser": Plural("{seat} took no trick: to play on they must pay {pot} chip.",
                    "{seat} took no trick: to play on they must pay {pot} chips.", n="pot"),
    "stake": Lists(Plural("{seat} pays their stake of {stake} chip; the pot is {pot}.",
                          "{seat} pays their stake of {stake} chips; the pot is {pot}.", n="stake"), pot=_chips("pot")),
    "cannot_pay": Plural("{seat} cannot pay {stake} chip and must leave.", "{seat} cannot pay {stake} chips and must leave.",
                         n="stake"),
    "leave": "{seat} leaves the table for good.",
    "leave_unpaid": "{seat} leaves the table for good and pays nothing.",
    "stay": "{seat} plays on.",
    "cannot_ante": "No loser pays a stake, so every player antes again, and {seat} cannot pay the ante: "
                   "they must leave.",
    "session_over": Lists(Plural("The session of {games} game is over. Stacks: {seats}.",
                                 "The session of {games} games is over. Stacks: {seats}.", n="games"), seats=_STACKS),
    "session_over_shared": _shared("The session of {games} is over.", games=unit("games", "game", "games")),
    "too_few_left": Lists("Fewer than two players remain. Stacks: {seats}.", seats=_STACKS),
    "too_few_left_shared": _shared("Fewer than two players remain."),
    "too_few_can_ante": Lists("Fewer than two players can pay the ante. Stacks: {seats}.", seats=_STACKS),
    "too_few_can_ante_shared": _shared("Fewer than two players can pay the ante."),
})


#: FL-4 in a table's banner: who won the lead and with what (the fight cards are drawn by
#: their seats beside it; the log keeps the whole story above).
HEADLINES = headlines("fight_for_the_lead", {
    "lead_won_in_clubs": "{winner} wins the lead: {card} is the highest club; the fight suit is clubs "
                         "(turned {turned}).",
    "lead_won_in_diamonds": "{winner} wins the lead: {card} is the highest diamond; the fight suit is diamonds "
                            "(turned {turned}).",
    "lead_won_in_hearts": "{winner} wins the lead: {card} is the highest heart; the fight suit is hearts "
                          "(turned {turned}).",
    "lead_won_in_spades": "{winner} wins the lead: {card} is the highest spade; the fight suit is spades "
                          "(turned {turned}).",
    "lead_won_stock_out": "{winner} wins the lead: the stock ran out before a turned card matched a fight card, "
                          "and {card} is the highest fight card.",
})


#: The results and the loser's choice said to the person at the screen where they name that
#: seat (issue 36): the lead, a trick, no trick and its stake, playing on or leaving. The
#: payout and the session's end list every seat alike, so they stay as they are.
YOU = second_person("fight_for_the_lead", {
    "dealt": You("seat", "You are dealt {cards}."),  # your own cards, on your own screen
    # your own moves, on your own screen
    "fight_card_laid": You("seat", "You lay a fight card face down."),
    "fight_card": You("seat", "You lay {card} face down as the fight card."),
    "new_card": You("seat", "You get {card}."),
    "exchange": You("seat", Lists(Plural("You exchange {cards} card for {fee}; the pot is {pot}.",
                                         "You exchange {cards} cards for {fee}; the pot is {pot}.", n="cards"),
                                  fee=_chips("fee"), pot=_chips("pot"))),
    "exchanged": You("seat", "You give up {given} and draw {drawn}."),
    "keep": You("seat", "You keep your cards."),
    "lead": You("seat", "You lead {card}."),
    "play": You("seat", "You play {card}."),
    # the whole sentences are written out (a translator sees each one whole, as above)
    "lead_won_in_clubs": You("winner", Lists("The fight cards are turned up: {seats}. {dealer} turns {turned}: "
                                             "clubs is the fight suit; you win the lead with {card}.", seats=_FIGHTS)),
    "lead_won_in_diamonds": You("winner", Lists("The fight cards are turned up: {seats}. {dealer} turns {turned}: "
                                                "diamonds is the fight suit; you win the lead with {card}.",
                                                seats=_FIGHTS)),
    "lead_won_in_hearts": You("winner", Lists("The fight cards are turned up: {seats}. {dealer} turns {turned}: "
                                              "hearts is the fight suit; you win the lead with {card}.", seats=_FIGHTS)),
    "lead_won_in_spades": You("winner", Lists("The fight cards are turned up: {seats}. {dealer} turns {turned}: "
                                              "spades is the fight suit; you win the lead with {card}.", seats=_FIGHTS)),
    "lead_won_stock_out": You("winner", Lists("The fight cards are turned up: {seats}. {dealer} turns {turned} and the "
                                              "stock runs out: the highest fight card, your {card}, wins the lead.",
                                              seats=_FIGHTS)),
    "trick": You("winner", "You win trick {number} with {card}."),
    "loser": You("seat", Plural("You took no trick: to play on you must pay {pot} chip.",
                                "You took no trick: to play on you must pay {pot} chips.", n="pot")),
    "stake": You("seat", Lists(Plural("You pay your stake of {stake} chip; the pot is {pot}.",
                                      "You pay your stake of {stake} chips; the pot is {pot}.", n="stake"),
                               pot=_chips("pot"))),
    "cannot_pay": You("seat", Plural("You cannot pay {stake} chip and must leave.",
                                     "You cannot pay {stake} chips and must leave.", n="stake")),
    "leave": You("seat", "You leave the table for good."),
    "leave_unpaid": You("seat", "You leave the table for good and pay nothing."),
    "stay": You("seat", "You play on."),
    "cannot_ante": You("seat", "No loser pays a stake, so every player antes again, and you cannot pay the ante: "
                               "you must leave."),
}, headlines={
    "lead_won_in_clubs": You("winner", "You win the lead: {card} is the highest club; the fight suit is clubs "
                                       "(turned {turned})."),
    "lead_won_in_diamonds": You("winner", "You win the lead: {card} is the highest diamond; the fight suit is "
                                          "diamonds (turned {turned})."),
    "lead_won_in_hearts": You("winner", "You win the lead: {card} is the highest heart; the fight suit is hearts "
                                        "(turned {turned})."),
    "lead_won_in_spades": You("winner", "You win the lead: {card} is the highest spade; the fight suit is spades "
                                        "(turned {turned})."),
    "lead_won_stock_out": You("winner", "You win the lead: the stock ran out before a turned card matched a fight "
                                        "card, and your {card} is the highest fight card."),
})


game_words(
    "fight_for_the_lead",
    verbs={
        "fight": Verb("Fight", "choose a fight card", chosen="Fight with {cards}",
                      needs="Select the card to fight with."),
        "exchange": Verb("Exchange", "exchange cards (select them) or keep all", chosen="Exchange {n}",
                         none="Keep all", needs="Select the cards to exchange, or keep all.",
                         costs=Plural("Exchange {n} for {chips} chip", "Exchange {n} for {chips} chips", n="chips")),
        "play": Verb("Play", "play a card", chosen="Play {cards}", needs="Select the card to play."),
        "stay": Verb("Play on", "play on",
                     costs=Plural("Play on for {chips} chip", "Play on for {chips} chips", n="chips")),
        "leave": Verb("Leave", "leave the table for good",
                      ask="Leave the table for good? The bots finish the session without you."),
    },
    clicks={
        "fight": "lay {card} face down to fight for the lead",  # FL-3
        "play": "play {card}",  # FL-7
        "exchange": "exchange the chosen cards",  # FL-6 (none chosen: keep all)
        "stay": "play on",  # FL-10
        "leave": "leave the table",  # FL-10
    },
    session=lambda game: fill(Plural("{games} game, or until one player is left, rule FL-10",
                                     "{games} games, or until one player is left, rule FL-10", n="games"),
                              games=game.games),
)


# -- how to play and the words on the table (issue 28) ----------------------------------------
HOW_TO_PLAY = howto_words(
    HowToPlay(
        "fight_for_the_lead",
        aim=Paragraph("Aim", "Win chips from the pot by taking tricks, over {session}.", ("FL-8", "FL-10")),
        turn=Paragraph("A turn", "Everyone pays the ante of {ante} into the pot and gets {hand}. Each player lays a "
                                 "fight card face down; the dealer turns stock cards until one shares its suit with "
                                 "a fight card, and the highest fight card of that suit wins the lead. Everyone gets "
                                 "a new card, then may exchange cards with the stock for {fee} a card. Then "
                                 "{tricks} are played: follow suit, playing the suit led, if you can; the highest card "
                                 "of that suit wins the trick.", ("FL-1", "FL-2", "FL-3", "FL-4", "FL-5", "FL-6", "FL-7")),
        scoring=(
            Paragraph("Scoring", "Each trick wins a quarter of the pot in whole chips; what does not divide stays "
                                 "in the pot for the next game.", ("FL-8",)),
            Paragraph("The loser's stake", "A player who took no trick must pay the whole pot of that game as "
                                           "their stake to play the next one, or leave. If no loser plays on, "
                                           "everyone pays the ante again.", ("FL-9", "FL-10", "FL-1")),
        ),
    ),
    Term("ante", "The chips every player pays into the pot before a game.", "FL-1"),
    Term("pot", "The chips on the table; each trick wins a quarter of them.", "FL-8"),
    Term("stock", "The face-down cards left after the deal; exchanged cards come from it.", "FL-2"),
    Term("fight card", "The card each player lays face down at once to fight for the lead.", "FL-3"),
    Term("lead", "The right to play the first card of the first trick.", "FL-4"),
    Term("exchange", "Swapping cards of your hand for stock cards, for a fee per card paid into the pot.",
         "FL-6"),
    Term("trick", "One card from each player in turn; the highest card of the suit led wins it.", "FL-7"),
    Term("follow suit", "Playing a card of the suit led when you hold one.", "FL-7"),
    Term("stake", "What a player who took no trick must pay, as much as the whole pot of the game just played, to play the next one.",
         "FL-9"),
    Term("play on", "Staying at the table for the next game; the other choice is to leave for good.", "FL-10"),
    Term("discard", "Cards out of play: fight cards, turned stock cards and exchanged cards.", "FL-5"),
)


# -- the coach (issue 28): each kind of action as done and as the coach's choice -------------
coach_words("fight_for_the_lead", {
    "fight": Said("You fought with {cards}", "fighting with {cards}"),  # FL-3
    "exchange": Said(Plural("You exchanged {n} card, {cards}", "You exchanged {n} cards, {cards}", n="n"),  # FL-6
                     "exchanging {cards}", "You kept all your cards", "keeping all your cards"),
    "play": Said("You played {cards}", "playing {cards}"),  # FL-7
    "stay": Said("You played on", "playing on"),  # FL-10
    "leave": Said("You left the table", "leaving the table"),  # FL-10
}, round="game")  # what round_index counts (SPEC.round_unit)


# What Fight for the Lead refuses, and why (the kinds: cardlab.games.fight_for_the_lead, "what it refuses").
REFUSALS = refusals("fight_for_the_lead", {
    "session_over": "the session is over (FL-10): no move can be played",
    "unknown_kind": "{kind} is not a Fight for the Lead action ({kinds})",
    "no_amount": "no move takes an amount of chips: the game counts fees and stakes itself",
    "now_fight": "now each player lays a fight card face down",
    "now_exchange": "now exchange cards or keep all",
    "now_play": "now play a card to the trick",
    "now_decide": "now play on or leave",
    "not_in_game": "{seat} is not in this game",
    "fight_laid": "{seat} has already laid a fight card",
    "turn_exchange": "it is {current}'s turn, not {seat}'s (FL-6: players exchange in turn, clockwise from the "
                     "dealer's left)",
    "turn_play": "it is {current}'s turn, not {seat}'s (FL-7: the winner of the lead, then of each trick, leads; "
                 "the others follow clockwise)",
    "turn_decide": "it is {current}'s turn, not {seat}'s (FL-10: players decide in turn, clockwise from the "
                   "dealer's left)",
    "fight_one": "select one card to fight with ({selected} selected)",
    "play_one": "select one card to play ({selected} selected)",
    "not_held": "{seat} does not hold {card}",
    "follow_suit": "{seat} must follow suit: {led} was led, so play a card of its suit",
    "exchange_twice": "a card is named twice ({cards}): a card cannot be exchanged twice",
    "exchange_stock": Plural("select at most {most} card to exchange: the stock holds no more ({selected} selected)",
                             "select at most {most} cards to exchange: the stock holds no more ({selected} selected)",
                             n="most"),
    "exchange_cost": Lists("select fewer cards: exchanging {cards} costs {cost} and {seat} has {stack}",
                           cost=unit("cost", "chip", "chips")),
    "decide_no_cards": "to play on or leave, clear the selection: this choice takes no cards",
    "stack_below_ante": "stack ({stack}) must cover the first ante ({ante})",
})
