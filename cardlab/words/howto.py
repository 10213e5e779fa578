"""How to play each game, in plain words from the rule pages (issue 28): the aim, a turn,
and the scoring that matters, each paragraph with its rule ids; and a glossary of the
words a table shows (talon, muck, stock, low round ...), each in one sentence with its
rule id.

Paragraphs are whole sentences with named placeholders (``{target}``, ``{ante}``): the
figures come from the game's own code and settings and are put in by the layer that
knows the games (:mod:`cardlab.widgets.howto`), already said with their unit
(:func:`amount`: '1 chip', '4 chips').

>>> how = HOW_TO_PLAY["kontrabluff"]
>>> how.aim.rules, sorted(how.aim.placeholders())
(('KB-12',), ['target'])
>>> TERMS["kontrabluff"]["talon"].text
'The face-down cards left after the deal; the loser of a round refills both hands from it.'
>>> amount(1, "chips"), amount(4, "chips"), amount(2, "games")
('1 chip', '4 chips', '2 games')
"""

from __future__ import annotations

import string
from dataclasses import dataclass

from cardlab.words import Plural, fill

__all__ = ["Paragraph", "HowToPlay", "Term", "HOW_TO_PLAY", "TERMS", "UNITS", "amount"]

#: A number said with its unit, singular or plural.
UNITS: dict[str, Plural] = {
    "chips": Plural("{n} chip", "{n} chips", n="n"),
    "points": Plural("{n} point", "{n} points", n="n"),
    "cards": Plural("{n} card", "{n} cards", n="n"),
    "games": Plural("{n} game", "{n} games", n="n"),
    "hands": Plural("{n} hand", "{n} hands", n="n"),
    "tricks": Plural("{n} trick", "{n} tricks", n="n"),
    "packets": Plural("{n} packet", "{n} packets", n="n"),
    "deals": Plural("{n} sampled deal", "{n} sampled deals", n="n"),  # a hint's samples
}


def amount(n: int, unit: str) -> str:
    """``n`` with its unit ('1 chip', '3 points'); see :data:`UNITS`."""
    return fill(UNITS[unit], n=n)


@dataclass(frozen=True)
class Paragraph:
    """One paragraph of a how-to: a heading, whole sentences with named placeholders, and
    the rule ids it sums up."""

    heading: str
    text: str
    rules: tuple[str, ...]

    def placeholders(self) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(self.text) if name}

    def say(self, figures: dict[str, str]) -> str:
        """The paragraph with the game's figures put in."""
        return fill(self.text, **figures)


@dataclass(frozen=True)
class HowToPlay:
    """A game's how-to: the aim, a turn, and the scoring (one or more paragraphs)."""

    game: str
    aim: Paragraph
    turn: Paragraph
    scoring: tuple[Paragraph, ...]

    @property
    def paragraphs(self) -> tuple[Paragraph, ...]:
        return (self.aim, self.turn, *self.scoring)

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule id the how-to cites, in order, once each."""
        return tuple(dict.fromkeys(rule for p in self.paragraphs for rule in p.rules))


@dataclass(frozen=True)
class Term:
    """A word the table shows, explained in one plain sentence, with the rule that defines it."""

    word: str
    text: str
    rule: str


def _terms(*terms: Term) -> dict[str, Term]:
    return {term.word: term for term in terms}


HOW_TO_PLAY: dict[str, HowToPlay] = {
    "kontrabluff": HowToPlay(
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
    "draw_poker": HowToPlay(
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
    ),
    "parallel_poker": HowToPlay(
        "parallel_poker",
        aim=Paragraph("Aim", "Score more points than the other player over the five showings of a game, in a "
                             "match of {session}.", ("PP-5",)),
        turn=Paragraph("A turn", "Each player has a {deck} piquet deck. The first {laid_out} of the dealer's deck are "
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
    "fight_for_the_lead": HowToPlay(
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
}

#: Each game's glossary: every word its table shows that a newcomer may not know.
TERMS: dict[str, dict[str, Term]] = {
    "kontrabluff": _terms(
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
    ),
    "draw_poker": _terms(
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
    ),
    "parallel_poker": _terms(
        Term("piquet deck", "A deck of 32 cards, seven up to ace in each suit.", "PP-1"),
        Term("laid out", "The dealer's first seven cards, face up and out of the game for both players.", "PP-1"),
        Term("packet", "Five of your cards, played together as one poker hand.", "PP-2"),
        Term("showing", "Comparing one packet of each player, packet 1 first.", "PP-3"),
    ),
    "fight_for_the_lead": _terms(
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
    ),
}
