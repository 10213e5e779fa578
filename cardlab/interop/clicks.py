"""Every cardlab action as a few table clicks with stable integer ids, and a seat's view
as text and numbers: the common ground of the OpenSpiel and PettingZoo adapters.

A cardlab action is a kind, some cards and an amount. Some actions use five or 25 cards
(a low round, KB-6; an arrangement, PP-2), far too many to number one by one, so an
action is played as a table plays it: **choose** its cards one at a time (in the deck's
order, so each set is reached one way only), then press its **button** (``low``,
``draw``, ``open 3`` ...). An arrangement (PP-2) chooses its first four packets, each
packet's cards in the deck's order; the five cards left are the last packet, so the
button comes after 20 choices. A kind that always takes exactly one card (lay, KB-3; fight,
FL-3; play, FL-7) is one click. The ids come from a fixed catalogue per game, never
from the order of a legal list:

    [0, D)                 choose card i of the deck (D cards)
    [D, D + D * S)         a one-card kind s with card i (S such kinds)
    [D + D * S, ...)       the buttons: (kind, amount) pairs

>>> from cardlab.games.kontrabluff import Kontrabluff
>>> clicks = Clicks.for_game(Kontrabluff())
>>> clicks.num_actions, clicks.words(0), clicks.words(52 + 12), clicks.words(clicks.button_id("low"))
(108, 'choose 2♣', 'lay 5♣', 'play low with the chosen cards')

:meth:`Clicks.legal_ids` answers which ids are legal for a seat with some cards chosen.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import functools
from bisect import bisect_right

import numpy as np

from cardlab.cards import Card
from cardlab.engine import Action, Game, GameState, LegalActions, Observation
from cardlab.games import by_game
from cardlab.games.spec import GameSpec, Takes
from cardlab.records import AMOUNTS, CARD, CARDS, HAND, SEAT, SEATS
from cardlab.words import CLICKS
from cardlab.words.seats import info_text, table_text

__all__ = ["CATALOGUES", "catalogue", "LINE_CARDS", "LINE_NUMBERS", "Catalogue", "Clicks", "InfoLayout", "info_layout", "info_text",
           "info_vector", "observation_vector", "own_actions", "seat_returns", "table_text", "vector_size"]


@dataclass(frozen=True)
class Catalogue:
    """The action shapes of one game (rules as data): the one-card kinds, the buttons
    with their words, and whether the cards of a multi-card action form ordered packets."""

    single: tuple[tuple[str, str], ...]  # (kind, words with {card})
    buttons: tuple[tuple[str, str], ...]  # (kind, words) of buttons without an amount
    amounts: tuple[tuple[str, str], ...] = ()  # (kind, words with {amount}): one button per amount 1..max
    packet: int = 0  # PP-2: the chosen cards are packets of this size, in order


def _max_amount(game: Game) -> int:
    return int(getattr(game, "max_bet", 0))


def catalogue(spec: GameSpec) -> Catalogue:
    """A game's action shapes from its spec (kinds in the spec's order) and its button
    words from :mod:`cardlab.words`.

    >>> from cardlab.games import GAMES
    >>> catalogue(GAMES["kontrabluff"].spec).single
    (('lay', 'lay {card}'),)
    """
    said = CLICKS[spec.name]
    return Catalogue(
        single=tuple((a.kind, said[a.kind]) for a in spec.actions if a.takes is Takes.ONE),
        buttons=tuple((a.kind, said[a.kind]) for a in spec.actions if a.takes is not Takes.ONE and not a.amount),
        amounts=tuple((a.kind, said[a.kind]) for a in spec.actions if a.amount),
        packet=spec.packet,
    )


#: Each game's action shapes (rules as data: its spec), by name.
CATALOGUES: Mapping[str, Catalogue] = by_game(lambda entry: catalogue(entry.spec))


_SINGLE, _EXACT, _PACKETS, _SUBSET = range(4)  # how an offer's ids are found (see Clicks.legal_ids)
_SIZE = [frozenset((n,)) for n in range(64)]  # an offer of exactly n cards (sizes shared, not rebuilt)


class _Offer:
    """Legal actions of one shape: ``kind``/``amount`` with ``n`` cards from ``pool``
    for each n in ``sizes`` (pool: deck indices, ascending; ``cards``: the same as a set);
    ``exact`` maps a chosen index tuple to the engine's own action where the view was
    listed in full. How :meth:`Clicks.legal_ids` finds the ids of a shape (``mode``, its
    ``button``, ``need``) is the same at every position: :meth:`Clicks._shape` works it out
    once per game and shape, and every offer of that shape shares it."""

    __slots__ = ("kind", "amount", "pool", "sizes", "exact", "mode", "button", "cards", "need")

    def __init__(self, kind: str, amount: int | None, pool: tuple[int, ...], sizes: frozenset[int],
                 exact: dict[tuple[int, ...], Action] | None = None, cards: frozenset[int] | None = None):
        self.kind, self.amount, self.pool, self.sizes, self.exact = kind, amount, pool, sizes, exact
        self.cards = frozenset(pool) if cards is None else cards
        self.mode = _SUBSET
        self.button = -1
        self.need: tuple[int, ...] = ()


def _needs(sizes: frozenset[int]) -> tuple[int, ...]:
    """need[k]: with k cards chosen, how many more must follow the next one (-1: none may)."""
    ordered, j, need = sorted(sizes), 0, []
    for k in range(ordered[-1] + 1 if ordered else 0):
        while j < len(ordered) and ordered[j] <= k:
            j += 1
        need.append(ordered[j] - k - 1 if j < len(ordered) else -1)
    return tuple(need)


class Clicks:
    """The action ids of one game (its catalogue and deck): words, and the bridge between
    the engine's legal actions and the ids legal for a seat with some cards chosen."""

    def __init__(self, game: Game):
        self.game = game
        self.catalogue = CATALOGUES[game.name]
        self.deck: tuple[Card, ...] = tuple(dict.fromkeys(game.full_deck))  # PP-1: two decks, one set of cards
        self.index: dict[Card, int] = {card: i for i, card in enumerate(self.deck)}
        d = len(self.deck)
        # the observation vector's layout (observation_vector): its size, and each card's
        # place in the block of face-up cards seen
        self.d, self.players, self.vector_size = d, game.num_players, vector_size(game)
        # Card hashes and compares in Python (a dict lookup is two Python calls): the hot
        # paths look a card up by its ``code`` (0..51) in a list instead.
        self.at: list[int] = [-1] * 52  # the deck index of each card code
        for i, card in enumerate(self.deck):
            self.at[card.code] = i
        self.seen_at: list[int] = [-1 if i < 0 else 2 * d + i for i in self.at]  # its place among face-up cards seen
        self.single_offset = {kind: d + s * d for s, (kind, _) in enumerate(self.catalogue.single)}
        first = d + d * len(self.catalogue.single)
        buttons: list[tuple[str, int | None, str]] = [(kind, None, words) for kind, words in self.catalogue.buttons]
        for kind, words in self.catalogue.amounts:
            buttons += [(kind, amount, words.format(amount=amount)) for amount in range(1, _max_amount(game) + 1)]
        self.buttons = tuple(buttons)
        self._button_id = {(kind, amount): first + i for i, (kind, amount, _) in enumerate(buttons)}
        self.first_button = first
        #: every action kind of the catalogue, in a fixed order (for the information-state vector)
        self.kinds: tuple[str, ...] = tuple(dict.fromkeys(
            [k for k, _ in self.catalogue.single] + [k for k, _ in self.catalogue.buttons] + [k for k, _ in self.catalogue.amounts]))
        self.num_actions = first + len(buttons)
        self._listed: dict[LegalActions, list[_Offer]] = {}  # listed views recur (betting choices are cached)
        self._shapes: dict[tuple, tuple[int, int, tuple[int, ...]]] = {}  # see _shape
        self._made: dict[int, Action] = {}  # see action_of

    @classmethod
    def for_game(cls, game: Game) -> Clicks:
        return cls(game)

    # -- ids and words ---------------------------------------------------------------
    def button_id(self, kind: str, amount: int | None = None) -> int:
        try:
            return self._button_id[kind, amount]
        except KeyError:
            raise ValueError(f"{self.game.name} has no button for {kind!r} with amount {amount!r} in its catalogue") from None

    def words(self, action_id: int) -> str:
        """The id in the table's words."""
        d = len(self.deck)
        if not 0 <= action_id < self.num_actions:
            raise ValueError(f"action id {action_id} is outside 0..{self.num_actions - 1} for {self.game.name}")
        if action_id < d:
            return f"choose {self.deck[action_id]}"
        if action_id < self.first_button:
            s, i = divmod(action_id - d, d)
            return self.catalogue.single[s][1].format(card=self.deck[i])
        return self.buttons[action_id - self.first_button][2]

    def action_of(self, action_id: int, chosen: Sequence[int]) -> Action | None:
        """The engine action an id commits (a button or a one-card kind), None for a choice."""
        d = len(self.deck)
        if action_id < d:
            return None
        if not chosen:  # a one-card kind or a button alone: the same (frozen) action every time, made once
            made = self._made.get(action_id)
            if made is None:
                made = self._made[action_id] = self._make(action_id, ())
            return made
        return self._make(action_id, chosen)

    def _make(self, action_id: int, chosen: Sequence[int]) -> Action:
        d = len(self.deck)
        if action_id < self.first_button:
            s, i = divmod(action_id - d, d)
            return Action.trusted(self.catalogue.single[s][0], (self.deck[i],))
        kind, amount, _ = self.buttons[action_id - self.first_button]
        return Action.trusted(kind, tuple([self.deck[i] for i in chosen]), amount)  # the deck's own Cards

    def clicks_of(self, action: Action) -> list[int]:
        """The ids that play ``action`` (choices, then its button): a bot's action as clicks.

        >>> from cardlab.games.kontrabluff import Kontrabluff
        >>> clicks = Clicks(Kontrabluff())
        >>> [clicks.words(i) for i in clicks.clicks_of(Action("see", "Ah 2c 3d 4s 9h"))][::2]
        ['choose 2♣', 'choose 4♠', 'choose A♥']
        """
        if action.kind in self.single_offset and len(action.cards) == 1 and action.amount is None:
            return [self.single_offset[action.kind] + self.index[action.cards[0]]]
        picks = [self.index[card] for card in action.cards]
        size = self.catalogue.packet
        if size:  # PP-2: every packet but the last, each ascending (the last is the cards left)
            picks = [i for k in range(0, len(picks) - size, size) for i in sorted(picks[k:k + size])]
        else:
            picks.sort()
        return picks + [self.button_id(action.kind, action.amount)]

    # -- legal ids --------------------------------------------------------------------
    def offers(self, view: LegalActions) -> list[_Offer]:
        """The legal actions grouped by shape. Known views of the games are read from
        their parts (a 252-way low is never listed); any other view is listed."""
        offers = self._offers(view)
        if offers and offers[0].button < 0:  # new offers: how to find their ids
            shape = self._shape
            for offer in offers:
                offer.mode, offer.button, offer.need = shape(offer.kind, offer.amount, offer.sizes, offer.exact is not None)
        return offers

    def _shape(self, kind: str, amount: int | None, sizes: frozenset[int], exact: bool) -> tuple[int, int, tuple[int, ...]]:
        """How the ids of one offer shape are found: (mode, button id, needs), once per game."""
        key = (kind, amount, sizes, exact)
        found = self._shapes.get(key)
        if found is None:
            if kind in self.single_offset and sizes == frozenset((1,)) and amount is None:
                # a one-card kind is one click, whether the view lists its actions or offers the cards
                found = (_SINGLE, self.single_offset[kind], ())
            elif exact:
                found = (_EXACT, self.button_id(kind, amount), ())
            elif self.catalogue.packet:
                found = (_PACKETS, self.button_id(kind, amount), ())
            else:
                found = (_SUBSET, self.button_id(kind, amount), _needs(sizes))
            self._shapes[key] = found
        return found

    def _offers(self, view: LegalActions) -> list[_Offer]:
        at, ix = self.at, self.index
        offers = view.card_offers()
        if offers is not None:  # offers of cards (a hand, a choice of some): never listed
            made: list[_Offer] = []
            last = None
            for kind, cards, counts in offers:
                if cards is not last:  # offers of one hand share one pool and one set
                    last, ordered = cards, tuple(sorted([at[c.code] for c in cards]))
                    chosen = frozenset(ordered)
                made.append(_Offer(kind, None, ordered, counts, None, chosen))
            return made
        try:
            known = self._listed.get(view)
        except TypeError:  # an unhashable view
            known = None
        if known is not None:
            return known
        grouped: dict[tuple[str, int | None, int], dict[tuple[int, ...], Action]] = {}
        for action in view:
            chosen = tuple(sorted(ix[c] for c in action.cards))
            grouped.setdefault((action.kind, action.amount, len(chosen)), {})[chosen] = action
        offers = []
        for (kind, amount, n), exact in grouped.items():
            pool = tuple(sorted({i for chosen in exact for i in chosen}))
            offers.append(_Offer(kind, amount, pool, frozenset((n,)), exact))
        if len(self._listed) > 4096:
            self._listed.clear()
        try:
            self._listed[view] = offers
        except TypeError:
            pass
        return offers

    def legal_ids(self, offers: Sequence[_Offer], chosen: Sequence[int]) -> list[int]:
        """The ids legal for a seat that has chosen ``chosen`` (deck indices), ascending."""
        k = len(chosen)
        if len(offers) == 1:  # the shapes played alone, answered straight (ascending by construction)
            offer = offers[0]
            if offer.mode == _SINGLE and not k:  # one one-card kind (FL-3, FL-7): its ids as they are
                base = offer.button
                return [base + i for i in offer.pool]
            if offer.mode == _PACKETS and (not k or offer.cards.issuperset(chosen)):
                return self._packet_ids(offer, chosen)
        ids: set[int] = set()
        chosen = tuple(chosen)
        for offer in offers:
            mode = offer.mode
            if mode == _SINGLE:  # a one-card kind: one click, with nothing chosen
                if not k:
                    base = offer.button
                    ids.update([base + i for i in offer.pool])
            elif mode == _EXACT:
                if not offer.pool:  # an action without cards: a button with nothing chosen
                    if not k:
                        ids.add(offer.button)
                    continue
                if chosen in offer.exact:
                    ids.add(offer.button)
                ids.update([c[k] for c in offer.exact if len(c) > k and c[:k] == chosen])
            elif k and not offer.cards.issuperset(chosen):
                continue
            elif mode == _PACKETS:
                ids.update(self._packet_ids(offer, chosen))
            else:
                if k in offer.sizes:
                    ids.add(offer.button)
                if k < len(offer.need) and (need := offer.need[k]) >= 0:
                    pool = offer.pool
                    greater = pool[bisect_right(pool, chosen[-1]):] if k else pool
                    ids.update(greater[: max(len(greater) - need, 0)])  # room for the cards still to come
        return sorted(ids)

    def _packet_ids(self, offer: _Offer, chosen: Sequence[int]) -> list[int]:
        """PP-2: packets in order, each packet's cards ascending; once all packets but the
        last are chosen, only the button (the cards left are the last packet)."""
        size = self.catalogue.packet
        k = len(chosen)
        if k + size in offer.sizes:
            return [offer.button]
        place = k % size
        last = chosen[-1] if place else -1
        free = sorted(offer.cards.difference(chosen))  # a seat's cards are one deck's (PP-1): no two alike
        need = size - place - 1  # cards still to come in this packet, each higher
        return free[bisect_right(free, last): len(free) - need]  # higher than the last, room left after

    def commit(self, offers: Iterable[_Offer], action_id: int, chosen: Sequence[int]) -> Action | None:
        """The engine action that ``action_id`` plays, or None if it only chooses a card."""
        action = self.action_of(action_id, chosen)
        if action is None or action_id < self.first_button:
            return action
        for offer in offers:
            if offer.exact is not None and (offer.kind, offer.amount) == (action.kind, action.amount):
                found = offer.exact.get(tuple(chosen))
                if found is not None:
                    return found
            elif offer.mode == _PACKETS and offer.kind == action.kind and len(chosen) + self.catalogue.packet in offer.sizes:
                rest = list(offer.pool)  # PP-2: the last packet is the cards not chosen, ascending
                for i in chosen:
                    rest.remove(i)
                return self._make(action_id, (*chosen, *rest))
        return action


# -- a seat's view in numbers (its words: cardlab.words.seats) ------------------------------------
def observation_vector(obs: Observation, clicks: Clicks, chosen: Sequence[int] = ()) -> np.ndarray:
    """The view as numbers: own hand, chosen cards and every other face-up card the seat
    sees (one 0/1 per deck card each), each seat's points or chips, the pot, who acts.

    >>> from cardlab.games.kontrabluff import Kontrabluff
    >>> game = Kontrabluff()
    >>> vector = observation_vector(game.new_state(seed=1, dealer=0).observation(0), Clicks(game))
    >>> vector.shape, int(vector[:52].sum())
    ((161,), 10)
    """
    d, n = clicks.d, clicks.players
    out = np.zeros(clicks.vector_size, np.float32)
    at, seen = clicks.at, clicks.seen_at
    mine = [card.code for card in obs.hand]
    marked = [at[code] for code in mine]
    if chosen:
        marked += [d + i for i in chosen]
    for zone in obs.zones:
        cards = zone.cards
        if cards.count(None) == len(cards):  # face down (a stock) or empty: nothing seen, at C speed
            continue
        for card in cards:
            if card is not None:
                code = card.code
                if code not in mine:
                    marked.append(seen[code])
    out.put(marked, 1.0)  # put: a list of indices at half the cost of out[marked] = 1.0
    at = 3 * d
    points = obs.points
    if points:
        points = points[:n]
        out[at: at + len(points)] = points
    out[at + n] = obs.pot or 0
    if obs.current_player is not None:
        out[at + n + 1 + obs.current_player] = 1.0
    return out


def seat_returns(state: GameState) -> list[float]:
    """What the game-AI adapters pay each seat at the end of ``state``: a chip game's
    chips won (its ``returns()``: DP-9, FL-11); a points game's points less the mean of
    the others' points (for two seats, the margin: KB-5, PP-4; zero-sum for any number).

    >>> from cardlab.games.kontrabluff import Kontrabluff
    >>> state = Kontrabluff().new_state(seed=1)
    >>> state.scores = (12, 3)
    >>> seat_returns(state)
    [9.0, -9.0]
    """
    if state.chips() is not None:
        return [float(r) for r in state.returns()]
    points = state.points
    total, others = sum(points), len(points) - 1
    return [float(p - (total - p) / others) for p in points]


def vector_size(game: Game) -> int:
    return 3 * len(set(game.full_deck)) + 2 * game.num_players + 1


def own_actions(state: GameState, player: int) -> list[Action]:
    return [action for seat, action in state.actions if seat == player]


#: A log line's slot in the information-state vector holds at most this many cards and
#: numbers (a longer line raises: the layout would be too small, never silently cut).
LINE_CARDS = 16
LINE_NUMBERS = 16


@dataclass(frozen=True)
class InfoLayout:
    """Where things are in an information-state vector (:func:`info_vector`) of a game
    whose seats see at most ``events`` log lines and make at most ``events`` actions."""

    base: int  # the observation vector
    events: int
    names: int  # seat names a line may hold
    own_cards: int  # cards an action may hold

    @property
    def line(self) -> int:  # an event's slot: kind and rule, cards, numbers, seats
        return 1 + LINE_CARDS + LINE_NUMBERS + self.names

    @property
    def own(self) -> int:  # an own-action slot: kind, amount, cards
        return 2 + self.own_cards

    @property
    def lines_at(self) -> int:
        return self.base + 2

    @property
    def own_at(self) -> int:
        return self.lines_at + self.events * self.line

    @property
    def size(self) -> int:
        return self.own_at + self.events * self.own


def info_layout(game: Game, events: int) -> InfoLayout:
    """The layout of ``game``'s information-state vectors, ``events`` slots of each kind.

    >>> from cardlab.games.kontrabluff import Kontrabluff
    >>> info_layout(Kontrabluff(), 100).size
    5263
    """
    packet = CATALOGUES[game.name].packet
    return InfoLayout(vector_size(game), events, 2 * game.num_players + 2, 5 * packet if packet else 10)


@functools.lru_cache(maxsize=1 << 16)
def _event_slot(record: tuple, deck: tuple[Card, ...], width: int) -> np.ndarray:
    """An event record as numbers, losing nothing and reading no words: its kind's code
    (its place among the game's declared kinds) and rule number, then the cards of its
    fields (deck index + 1), its numbers (a hand value by its key) and its seats (seat +
    1), each in field order. Other words for the same events change no slot."""
    kind, values, _, _, rule, _ = record
    cards, numbers, seats = [], [], []
    index = _deck_index(deck)
    for (_, field), value in zip(kind.fields, values):
        if field is CARD:
            cards.append(index[value] + 1)
        elif field is CARDS:
            cards.extend(index[card] + 1 for card in value)
        elif field is SEAT:
            seats.append(value + 1)
        elif field is SEATS:
            seats.extend(seat + 1 for seat in value)
        elif field is HAND:
            numbers.append(value.key)
        elif field is AMOUNTS:
            numbers.extend(value)
        else:
            numbers.append(value)
    if len(cards) > LINE_CARDS or len(numbers) > LINE_NUMBERS or 1 + LINE_CARDS + LINE_NUMBERS + len(seats) > width:
        raise ValueError(f"an event holds more cards, numbers or seats than its slot: {kind.name} {values!r}")
    slot = np.zeros(width, np.float32)
    slot[0] = kind.code * 100 + int(rule.rpartition("-")[2] or 0)  # the rule that decided it, by its number
    slot[1: 1 + len(cards)] = cards
    slot[1 + LINE_CARDS: 1 + LINE_CARDS + len(numbers)] = numbers
    slot[1 + LINE_CARDS + LINE_NUMBERS: 1 + LINE_CARDS + LINE_NUMBERS + len(seats)] = seats
    return slot


@functools.lru_cache(maxsize=None)
def _deck_index(deck: tuple[Card, ...]) -> dict[Card, int]:
    return {card: i for i, card in enumerate(deck)}


def info_vector(obs: Observation, own_actions: Sequence[Action], clicks: Clicks, layout: InfoLayout,
                chosen: Sequence[int] = ()) -> np.ndarray:
    """The information state of ``obs.player`` (perfect recall) as numbers, from what the
    seat may see only, like :func:`info_text`: the observation vector now; how many log
    lines and own actions follow; then every line of its log (the events it saw), oldest
    first, each as :func:`_event_slot` makes it from the event's record; then every action it made, each its kind
    (catalogue index + 1), its amount + 1 (0: none) and its cards (deck index + 1) in
    order. Unused slots are zero. Two different information states give two different
    vectors (the events are read as data, not words), and a history longer than the
    layout raises instead of being cut.

    >>> from cardlab.games.kontrabluff import Kontrabluff
    >>> game = Kontrabluff()
    >>> state = game.new_state(seed=1, dealer=0)
    >>> layout = info_layout(game, 100)
    >>> vector = info_vector(state.observation(0), [], Clicks(game), layout)
    >>> vector.shape == (layout.size,), int(vector[layout.base]) == len(state.observation(0).events)
    (True, True)
    """
    kinds, ix = clicks.kinds, clicks.index
    records = obs.events.records  # the seat's events as data: counted, never put in words
    seen = len(records)
    if seen > layout.events or len(own_actions) > layout.events:
        raise ValueError(f"{seen} log lines and {len(own_actions)} own actions exceed the layout's "
                         f"{layout.events} slots (the game's length bound is too small)")
    out = np.zeros(layout.size, np.float32)
    out[:layout.base] = observation_vector(obs, clicks, chosen)
    out[layout.base] = seen
    out[layout.base + 1] = len(own_actions)
    if seen:
        deck, width = clicks.deck, layout.line
        rows = out[layout.lines_at: layout.own_at].reshape(layout.events, width)
        rows[:seen] = [_event_slot(record, deck, width) for record in records]
    at = layout.own_at
    for action in own_actions:
        if len(action.cards) > layout.own_cards:
            raise ValueError(f"{action} holds more cards than an own-action slot ({layout.own_cards})")
        out[at] = kinds.index(action.kind) + 1
        out[at + 1] = 0 if action.amount is None else action.amount + 1
        out[at + 2: at + 2 + len(action.cards)] = [ix[card] + 1 for card in action.cards]
        at += layout.own
    return out
