"""Every rule id of cardlab, with its title and a short statement: the one list that error
messages, the tables' logs, the notebooks and the docs draw on.

Rule ids are stable: ``HR`` hand rankings, ``KB`` Kontrabluff, ``DP`` five-card draw
poker, ``PP`` parallel poker, ``FL`` Fight for the Lead, and ``EN`` the engine's own
refusals that are no game's rule (a turn out of order, a game already over ...). The
full rules are the pages in ``docs/rules/``; the statements here are their short form.

>>> rule("KB-4").title
'Passing'
>>> print(rule_text("FL-8"))
FL-8 Payout: Each trick wins a quarter of the pot in whole chips (pot // 4); the remainder stays in the pot for the next game.
>>> rule("kb-4") == rule("KB-4"), rule("KB-4").page
(True, 'docs/rules/kontrabluff.md')
>>> [r.id for r in rules_of("PP")]
['PP-1', 'PP-2', 'PP-3', 'PP-4', 'PP-5']
>>> cited("KB-2 and FL-10; not XX-1, not KB-2x")
['KB-2', 'FL-10']
>>> rule("KB-13")
Traceback (most recent call last):
...
KeyError: 'no rule KB-13: the Kontrabluff rules run KB-1 to KB-12 (see docs/rules/kontrabluff.md)'
"""

from __future__ import annotations

import gettext
import re
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Rule", "RULES", "BOOKS", "rule", "rule_text", "rules_of", "cited", "RULE_ID", "LANGUAGES", "add_book",
           "remove_book"]

#: The languages of the rules' titles and statements (the words layer's, issue 29).
LANGUAGES = ("en", "sv", "pl", "uk")
_LOCALE = Path(__file__).resolve().parent / "locale"  # the gettext catalogs


@dataclass(frozen=True)
class Rule:
    """One rule: its id (``"KB-4"``), title, and a one- or two-sentence statement.

    >>> r = rule("DP-2")
    >>> r.book, r.number, r.title
    ('DP', 2, 'First betting round: opening')
    """

    id: str
    title: str
    statement: str

    @property
    def book(self) -> str:
        """The prefix: which set of rules this one belongs to."""
        return self.id.split("-")[0]

    @property
    def number(self) -> int:
        return int(self.id.split("-")[1])

    @property
    def page(self) -> str:
        """The repository's page with the full rule."""
        return BOOKS[self.book][1]

    def __str__(self) -> str:
        return f"{self.id} {self.title}: {self.statement}"


#: Each prefix: the name of its set of rules and its page in the repository.
BOOKS: dict[str, tuple[str, str]] = {
    "HR": ("poker hand rankings", "docs/rules/hand-rankings.md"),
    "KB": ("Kontrabluff", "docs/rules/kontrabluff.md"),
    "DP": ("draw poker", "docs/rules/draw-poker.md"),
    "PP": ("parallel poker", "docs/rules/parallel-poker.md"),
    "FL": ("Fight for the Lead", "docs/rules/fight-for-the-lead.md"),
    "EN": ("engine", "docs/rules/engine.md"),
}

_TEXTS: tuple[tuple[str, str, str], ...] = (
    # -- hand rankings ------------------------------------------------------------------
    ("HR-1", "Categories, 52 cards",
     "nine categories, best first: straight flush, four of a kind, full house, flush, straight, three of a "
     "kind, two pair, one pair, high card. The ace is high; A-2-3-4-5 is the lowest straight and a straight "
     "never wraps round the ace."),
    ("HR-2", "Ties inside a category",
     "hands of one category compare their ranks in order of weight: the main group first (the pair, the "
     "three, the four, the top of a straight), then the side cards from the highest down. Hands equal at "
     "every step tie exactly; suits never break a tie."),
    ("HR-3", "Short decks",
     "a short deck drops the lowest ranks, all four suits at a time: 48 cards (3 to ace), 44, 40, 36, "
     "32 (7 to ace, the piquet deck), 28, 24 and 20 (10 to ace)."),
    ("HR-4", "Short-deck hierarchy",
     "with fewer cards the top categories change order: from 48 to 36 cards a flush beats a full house, "
     "and from 32 cards down a flush also beats four of a kind. Three of a kind and below keep their order."),
    ("HR-5", "Ace-low straights in short decks",
     "in a short deck the ace may also count below the lowest rank, making the lowest straight "
     "(A-7-8-9-10 with 32 cards). It is an option, on by default."),
    ("HR-6", "Low ranking",
     "playing low turns the high ranking in force upside down: the worse poker hand wins. Straights and "
     "flushes count against a low hand and the ace stays high, so the best low hand of 52 cards is 7-5-4-3-2 "
     "in mixed suits."),
    ("HR-7", "Fewer than five cards",
     "a partial hand is ranked only by the groups it already shows (a pair, two pair, three or four of a "
     "kind); no game compares it with a full hand."),
    # -- Kontrabluff ------------------------------------------------------------------------
    ("KB-1", "Deal",
     "the first dealer is drawn at random. Each player gets 10 cards, one at a time, the non-dealer first; "
     "the rest is the talon."),
    ("KB-2", "Who leads a round",
     "the non-dealer leads the first round of every deal, a normal or a low round; the dealer has no choice "
     "there. Every later round starts with the dealer's choice: he plays low, or hands over and the other "
     "leads a normal or a low round."),
    ("KB-3", "Normal round",
     "the leader lays one card face up in his row, then the other, turn about; each row holds at most five "
     "cards."),
    ("KB-4", "Passing",
     "on his turn a player may pass instead of laying a card, and so loses the round; the responder may pass "
     "on his very first turn. The leader may not pass before any card is laid."),
    ("KB-5", "End of a normal round and score",
     "a normal round ends at a pass or with two full rows, where the better poker hand wins (an exact tie "
     "goes to the leader). The winner scores the triangular number of the cards on the table: 1, 3, 6 ... 55."),
    ("KB-6", "Low round",
     "the leader lays five cards face down and the lower hand wins. The other sees with five cards face up "
     "(55 points to the lower hand, a tie to the leader) or passes with five face down (15 to the leader)."),
    ("KB-7", "What each player may see",
     "cards laid face up are public for the rest of the deal; a hand, and face-down cards never turned up, "
     "stay private. The sizes of the hands and of the talon are public."),
    ("KB-8", "After a round",
     "both rows go to the discard; the cards left in hand stay for the next round."),
    ("KB-9", "Refill",
     "the loser of a round becomes the dealer and deals from the talon, one card at a time, the winner "
     "first, until both hold 10 cards or the talon is empty."),
    ("KB-10", "Empty talon",
     "once the talon is empty, play goes on by the same rules without refills."),
    ("KB-11", "End of a deal",
     "when a player holds fewer than five cards as a round should start, the deal ends: the cards are "
     "shuffled, the scores kept, and the deal passes to the other player."),
    ("KB-12", "End of the match",
     "the first player to reach the target (300 points) at the end of a round wins the match, even in the "
     "middle of a deal."),
    # -- draw poker ----------------------------------------------------------------------------
    ("DP-1", "Deal",
     "the first dealer is drawn at random. Every player pays the ante and gets five cards, one at a time "
     "from the dealer's left; the rest is the stock."),
    ("DP-2", "First betting round: opening",
     "from the dealer's left each player passes or opens. There is no check: before the opening a pass "
     "leaves the hand; an opening bet is more than the ante and at most the maximum bet."),
    ("DP-3", "After the opening",
     "each player in turn passes (folds), calls the stake, or raises it by the ante up to the maximum bet. "
     "There is no all-in; the round ends when every player still in has matched the stake."),
    ("DP-4", "One player left",
     "when all other players have passed, the last one takes the pot at once without showing, and the hand "
     "ends."),
    ("DP-5", "Draw",
     "in turn from the dealer's left each player still in discards 0 to 5 cards face down and draws as many. "
     "If the stock runs out, the other players' discards are shuffled into a new stock."),
    ("DP-6", "Second betting round",
     "a second betting round as the first, among the players still in, from the nearest of them to the "
     "dealer's left."),
    ("DP-7", "Showdown order",
     "the last raiser of the second round shows first (its opener if nobody raised); then, clockwise, each "
     "other player shows or concedes without showing."),
    ("DP-8", "Winner and split pots",
     "the best hand shown, by the hierarchy of the deck in use, takes the pot. Tied hands split it; an "
     "indivisible remainder stays in the pot for the next hand."),
    ("DP-9", "Chips are conserved",
     "the stacks and the pot always add up to the chips the players sat down with."),
    ("DP-10", "Next hand",
     "the deal passes left and a player with less than the ante leaves the table. The session ends with one "
     "player left or after its hands; chips left in the pot are then shared among those still at the table."),
    # -- parallel poker -------------------------------------------------------------------------
    ("PP-1", "Setup",
     "each player has a 32-card piquet deck. The dealer lays the first seven cards of his deck face up, out "
     "of the game, and the other removes the same seven: both hold the same 25 cards."),
    ("PP-2", "Arranging",
     "unseen, each player splits his 25 cards into five packets of five, in an order from packet 1 to "
     "packet 5 that cannot change once the showings begin."),
    ("PP-3", "Showings",
     "packet k of one player meets packet k of the other, k = 1 to 5, as poker hands: the traditional "
     "ranking by default, the 32-card hierarchy (HR-4) and the ace-low straight (HR-5) as settings."),
    ("PP-4", "Score",
     "winning showing k scores k + 2 points (3 to 7, 25 in all); a tied showing scores nothing."),
    ("PP-5", "Winner",
     "after five showings the player with more points wins; equal points is a draw. The games of a match "
     "alternate the dealer and add up their points."),
    # -- Fight for the Lead -------------------------------------------------------------------------
    ("FL-1", "Stakes",
     "every player antes before the first game. Before a later game, if no loser pays a stake (FL-9), every "
     "player antes again, on top of any chips left in the pot."),
    ("FL-2", "Deal",
     "the first dealer is drawn at random and the deal passes clockwise. Four cards each, one at a time "
     "from the dealer's left; the rest is the stock."),
    ("FL-3", "Fight card",
     "every player chooses one of his cards and lays it face down, all at once, unseen by the others."),
    ("FL-4", "The fight for the lead",
     "the dealer turns stock cards until one shares its suit with a fight card; the highest fight card of "
     "that suit wins the lead. If the stock runs out first, the highest fight card wins, a tie to the "
     "player nearest the dealer's left."),
    ("FL-5", "Replacement",
     "the fight cards go to the discard face down and the dealer gives each player a new card from the stock, so "
     "everyone holds four again."),
    ("FL-6", "Exchange",
     "in turn from the dealer's left each player may exchange any of his cards for stock cards, paying the "
     "exchange fee for each card into the pot."),
    ("FL-7", "Tricks",
     "four tricks without trumps; the winner of the lead leads the first. Players follow suit if they can, "
     "and the highest card of the suit led wins the trick and leads the next."),
    ("FL-8", "Payout",
     "each trick wins a quarter of the pot in whole chips (pot // 4); the remainder stays in the pot for "
     "the next game."),
    ("FL-9", "The loser's stake",
     "a player who took no trick must pay the whole pot of that game to play the next one; he pays only "
     "when the next game really starts."),
    ("FL-10", "Leaving",
     "before each later game the players decide in turn, from the dealer's left, to play on or leave for "
     "good; a loser who cannot pay his stake must leave. When the session ends, chips left in the pot are "
     "shared among the players still at the table."),
    ("FL-11", "Chips are conserved",
     "the stacks and the pot always add up to the chips the players sat down with."),
    # -- the engine ------------------------------------------------------------------------------------
    ("EN-1", "Only the seat to act may act",
     "an action out of turn is refused: it is another seat's turn (in a simultaneous choice, that seat has "
     "chosen already or is not in the game)."),
    ("EN-2", "No action once the game is over",
     "a finished game or session takes no more actions; start a new one."),
    ("EN-3", "Well-formed actions",
     "an action is a cardlab Action of a kind this game knows, with well-formed cards, and an amount only "
     "where the game takes one."),
    ("EN-4", "Seats",
     "a seat is a whole number from 0 to the number of players minus one."),
    ("EN-5", "Saved games",
     "a saved game must be complete, of a known format version (\"cardlab/1\"), and replay legally from its "
     "seed and actions."),
    ("EN-6", "Settings",
     "settings are whole numbers (or the named options) within their stated ranges, checked when a game "
     "is built."),
)


def _sentence(text: str) -> str:
    return text[0].upper() + text[1:]


#: Every rule, by id, in book order (HR, KB, DP, PP, FL, EN).
RULES: dict[str, Rule] = {rid: Rule(rid, title, _sentence(text)) for rid, title, text in _TEXTS}

#: cardlab's own books (:func:`remove_book` takes out only a book added later).
_OWN_BOOKS = frozenset(BOOKS)
#: A rule id as it is cited in text: ``KB-4``, ``FL-10`` (a book added later is cited too).
RULE_ID = re.compile(rf"\b(?:{'|'.join(BOOKS)})-\d+\b")


def add_book(book: str, name: str, page: str, rules: list[tuple[str, str]]) -> tuple[Rule, ...]:
    """Add a game's own book of rules: ``book`` its prefix (two capitals, new), ``name``
    and ``page`` as :data:`BOOKS` holds them, ``rules`` each rule's title and statement,
    numbered from 1 (``book-1``, ``book-2`` ...). A game registered after cardlab's own
    calls this in its module, so that its how-to, its events and its refusals may cite
    its rules; their titles and statements are English, the catalogs' source.

    >>> try:
    ...     add_book("KB", "Kontrabluff", "docs/rules/kontrabluff.md", [("Deal", "ten cards each.")])
    ... except ValueError as error:
    ...     print(error)
    the book KB has its rules already
    """
    global RULE_ID
    if not (isinstance(book, str) and re.fullmatch(r"[A-Z]{2}", book)):
        raise ValueError(f"a book's prefix is two capital letters, got {book!r}")
    if book in BOOKS:
        raise ValueError(f"the book {book} has its rules already")
    added = tuple(Rule(f"{book}-{number}", title, _sentence(text)) for number, (title, text) in enumerate(rules, 1))
    if not added:
        raise ValueError(f"the book {book} needs at least one rule")
    BOOKS[book] = (name, page)
    RULES.update((found.id, found) for found in added)
    RULE_ID = re.compile(rf"\b(?:{'|'.join(BOOKS)})-\d+\b")
    return added


def remove_book(book: str) -> tuple[Rule, ...]:
    """Take a book added by :func:`add_book` out again, with its rules (a test's game
    leaves no trace); cardlab's own books stay. A ValueError for a book not added.

    >>> added = add_book("ZZ", "a test's game", "tests/zz.md", [("Deal", "one card each.")])
    >>> [r.id for r in remove_book("ZZ")], "ZZ" in BOOKS, rule_text("KB-4").startswith("KB-4")
    (['ZZ-1'], False, True)
    """
    global RULE_ID
    if book not in BOOKS or book in _OWN_BOOKS:
        raise ValueError(f"the book {book!r} was not added by add_book")
    del BOOKS[book]
    removed = tuple(RULES.pop(rid) for rid in [rid for rid in RULES if rid.split("-")[0] == book])
    for key in [key for key in _SAID if key[1].split("-")[0] == book]:
        del _SAID[key]
    RULE_ID = re.compile(rf"\b(?:{'|'.join(BOOKS)})-\d+\b")
    return removed


def rule(rule_id: str, lang: str | None = None) -> Rule:
    """The rule with this id (any case); a ``KeyError`` that says which ids exist.
    ``lang``: its title and statement in that language (``"sv"``, ``"pl"``, ``"uk"``;
    None or ``"en"``: English, the rules' own words).

    >>> rule("HR-4").title, rule("HR-4", lang="en").title
    ('Short-deck hierarchy', 'Short-deck hierarchy')
    """
    found = _rule(rule_id)
    if lang is None or lang == "en":
        return found
    code = lang.replace("-", "_").split("_")[0].lower() if isinstance(lang, str) else ""
    if code not in LANGUAGES:
        raise ValueError(f"cardlab speaks {', '.join(LANGUAGES)}; not {lang!r}")
    said = _SAID.get((code, found.id))
    if said is None:
        words = _catalog(code)
        said = _SAID[code, found.id] = Rule(found.id, words.gettext(found.title), words.gettext(found.statement))
    return said


def _catalog(lang: str) -> gettext.NullTranslations:
    """A language's catalog (the words layer's own, read here with the standard library so
    that the rules import nothing of cardlab)."""
    found = _CATALOGS.get(lang)
    if found is None:
        found = _CATALOGS[lang] = gettext.translation("cardlab", _LOCALE, languages=[lang], fallback=True)
    return found


_CATALOGS: dict[str, gettext.NullTranslations] = {}
_SAID: dict[tuple[str, str], Rule] = {}  # each rule in each language, made once


def _rule(rule_id: str) -> Rule:
    if not isinstance(rule_id, str):
        raise KeyError(f"a rule id is a string such as 'KB-4', got {rule_id!r}")
    key = rule_id.strip().upper()
    found = RULES.get(key)
    if found is None:
        book = key.split("-")[0]
        if book in BOOKS:
            numbers = [r.number for r in RULES.values() if r.book == book]
            name, page = BOOKS[book]
            raise KeyError(f"no rule {key}: the {name} rules run {book}-1 to {book}-{max(numbers)} (see {page})")
        raise KeyError(f"no rule {rule_id!r}: rule ids start with {', '.join(BOOKS)} (such as 'KB-4')")
    return found


def rule_text(rule_id: str, lang: str | None = None) -> str:
    """``"<id> <title>: <statement>"`` in one line (a table shows it when a log line's id is pointed at).

    >>> rule_text("EN-1")
    "EN-1 Only the seat to act may act: An action out of turn is refused: it is another seat's turn (in a simultaneous choice, that seat has chosen already or is not in the game)."
    """
    return str(rule(rule_id, lang))


def rules_of(book: str) -> list[Rule]:
    """The rules of one book (``"KB"``, ``"FL"`` ...), in order.

    >>> len(rules_of("KB")), len(rules_of("HR")), len(rules_of("EN"))
    (12, 7, 6)
    """
    if book not in BOOKS:
        raise KeyError(f"no book {book!r}: the books are {', '.join(BOOKS)}")
    return [r for r in RULES.values() if r.book == book]


def cited(text: str) -> list[str]:
    """The rule ids cited in ``text``, in order of first appearance (known or not)."""
    return list(dict.fromkeys(RULE_ID.findall(text)))
