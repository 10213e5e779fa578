"""fight_for_the_lead sentences: one whole template per kind of event (to be filled as the game records typed events)."""

from __future__ import annotations

from cardlab.words import Plural, Verb, game_words, templates

TEMPLATES = templates("fight_for_the_lead", {
})


game_words(
    "fight_for_the_lead",
    verbs={
        "fight": Verb("Fight", "choose a fight card", chosen="Fight with {cards}",
                      needs="Select the card to fight with."),
        "exchange": Verb("Exchange", "exchange cards (select them) or keep all", chosen="Exchange {n}",
                         none="Keep all"),
        "play": Verb("Play", "play a card", chosen="Play {cards}", needs="Select the card to play."),
        "stay": Verb("Play on", "play on"),
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
    session=lambda game: f"{game.games} games, or until one player is left (FL-10)",
)
