"""Three Tricks' words (the tests' fifth game, issue 35): in English only.

One whole template per kind of event and of refusal, the table's verb and the adapters'
click, the session's words, the how-to and its glossary, and the coach's sentence. No
catalog translates them (they are not cardlab's), so every language shows them in
English, and a table says so (:func:`cardlab.words.untranslated_note`).
"""

from __future__ import annotations

from cardlab.words import Each, Lists, Plural, Verb, fill, game_words, templates
from cardlab.words.coach import Said, coach_words
from cardlab.words.howto import HowToPlay, Paragraph, Term, howto_words
from cardlab.words.refusals import refusals

NAME = "three_tricks"

TEMPLATES = templates(NAME, {
    "new_deal": "Deal {number}: {dealer} deals three cards to each player.",
    "dealt": "{seat} is dealt {card}.",
    "play": "{seat} plays {card}.",
    "trick": "{winner} wins trick {number} with {card}.",
    "deal_over": Lists("Deal {number} is over. Points: {seats}.", seats=Each("{seats} {points}")),
    "game_won": Lists("The game is over; most points: {winners}. Points: {seats}.", seats=Each("{seats} {points}")),
})

game_words(
    NAME,
    verbs={"play": Verb("Play", "play a card", chosen="Play {cards}", needs="Select the card to play.")},
    clicks={"play": "play {card}"},
    session=lambda game: fill(Plural("{deals} deal; most points wins, rule TT-5",
                                     "{deals} deals; most points wins, rule TT-5", n="deals"), deals=game.deals),
)

howto_words(
    HowToPlay(
        NAME,
        aim=Paragraph("Aim", "Win more tricks than the others over {session}.", ("TT-5",)),
        turn=Paragraph("A turn", "Everyone gets {hand}. In turn, play one card; follow the suit led if you can.",
                       ("TT-1", "TT-2", "TT-3")),
        scoring=(Paragraph("Scoring", "The highest card of the suit led wins the trick and one point.", ("TT-4",)),),
        said=lambda game: {"session": fill(Plural("{n} deal", "{n} deals", n="n"), n=game.deals)},
    ),
    Term("trick", "One card from each player in turn; the highest card of the suit led wins it.", "TT-4"),
    Term("stock", "The face-down cards nobody is dealt.", "TT-1"),
)

coach_words(NAME, {"play": Said("You put {cards} on the trick", "putting {cards} on the trick")}, round="deal")

REFUSALS = refusals(NAME, {
    "unknown_kind": "{kind} is not a move of Three Tricks (play a card)",
    "play_one": "select one card to play ({selected} selected)",
    "not_held": "{seat} does not hold {card}",
    "follow_suit": "{seat} holds the suit led ({led}) and has to play a card of it",
})
