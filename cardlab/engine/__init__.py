"""The protocol every game of cardlab follows (after OpenSpiel and pokerkit).

A game's *settings* object (a frozen dataclass, subclass of :class:`Game`) makes
*states*; a :class:`GameState` offers ``current_player``, ``legal_actions()``,
``apply(action)``, ``is_terminal``, ``returns()``, ``clone()``, ``history`` and
``observation(player)``. Every action of every game is one :class:`Action` value.

>>> Action("lay", "Ah")
Action('lay', cards=(Card('Ah'),))
>>> Action("lay", ["Ah"]) == Action("lay", (Card.parse("Ah"),))
True
>>> str(Action("open", amount=6))
'open 6'

States save as JSON by their settings, seed, stacked deck and actions, and load by
replaying them, so a saved game resumes identically in any process.

A refusal is a record (:class:`~cardlab.records.Refusal`: a kind declared once, the
refusing rule, typed values) carried by the error (:class:`IllegalActionError`,
:class:`SettingsError`, :class:`ReplayError`); :mod:`cardlab.words` says it, in the
current language, when the error is read. Refusals that are not a game's own rule
carry the engine's ids (documented with the rules): EN-1 only the seat to act may act;
EN-2 no action once the game is over; EN-3 an action is a well-formed cardlab Action of
a kind the game knows; EN-4 a seat is a whole number from 0 to players-1; EN-5 a saved
game is complete, of a known format version, and replays legally; EN-6 settings are
whole numbers or named options within their ranges.

>>> from cardlab.games.kontrabluff import Kontrabluff
>>> Kontrabluff().new_state(seed=1).observation(2)
Traceback (most recent call last):
...
cardlab.engine.SeatError: EN-4: player must be a seat 0..1, got 2

How a game adopts the engine (issue 15)
---------------------------------------
**Declare the state.** A state class lists its fields in ``FIELDS``, one
:class:`Field` each: how ``clone`` copies it (:class:`Copy`: ``VALUE`` shared,
``LIST`` one ``.copy()``, ``SEATS`` a list of per-seat lists or sets, each copied)
and who may see its cards (:class:`Seen`: ``PUBLIC``; ``OWNER``, a per-seat field
whose entry ``p`` only seat ``p`` sees; ``NOBODY``, a stock; ``MIXED``, cards that
another field already places). Mark card-holding fields ``cards=True``::

    FIELDS = (
        Field("hands", Copy.SEATS, Seen.OWNER, cards=True,
              observed=lambda obs: [list(obs.hand) if p == obs.player else [HIDDEN] * obs.hand_sizes[p]
                                    for p in range(2)]),
        Field("rows", Copy.SEATS, Seen.PUBLIC, cards=True),          # observed: obs.rows
        Field("stock", Copy.LIST, Seen.NOBODY, cards=True, observed=lambda obs: [HIDDEN] * obs.stock_size),
        Field("discard", Copy.LIST, Seen.MIXED, cards=True, derive=lambda state, obs: ...),
        Field("to_act", observed="current_player"),                   # an attribute of another name
        Field("phase"),                                                # observed: obs.phase
    )

Every attribute a state holds must be declared, except the engine's own (``game``,
``seed``, ``first_dealer``, ``stacked``, ``round_index``, ``_shuffles``, ``actions``, the
history) and caches named in ``_caches`` (tests/test_engine_fields.py checks it). A
cache a sample must hold may also be declared (say ``observed=lambda obs: None``); being
in ``_caches``, it is still left out of ``==``.

**What the engine then gives** (the class writes none of it, ``__init_subclass__``
refuses a ``clone``/``__eq__``/``__hash__``/``__new__`` beside ``FIELDS``):
``clone()`` (generated code: one dict copy and one copy per mutable field; history
and actions shared through :mod:`cardlab.chain`), ``==`` (engine fields + declared
fields), ``key()`` (a hashable position, lists as tuples), ``to_json()`` (seed +
actions, unchanged; a sample refuses), ``hidden_from(player)`` (other seats' OWNER
cards and NOBODY cards, less any card in a PUBLIC field) and ``Game.sample_state``.

**Sampling hidden information** (``Game.sample_state(observation, rng)``, for
search): each field is read as the observer knows it, ``Field.observed`` (a function
of the observation, or the name of its attribute; default: the attribute of the
field's own name), with :data:`HIDDEN` for each card he does not know and at most
one :data:`REST` (where every unseen card not dealt elsewhere goes, e.g. a muck). The
engine collects every card the observed fields show, shuffles the rest of the deck
once (``rng.permutation``, in deck order), deals it to the HIDDEN places in
declaration order, the remainder to REST, then runs each ``derive(state, obs)``. The
seed is drawn before or after the deal (``SAMPLE_SEED = ("after", 2**63)``); the
sample is quiet (no log; ``SAMPLE_LOG = "quiet"``) or continues the observer's log
(``"observer"``); ``round_index`` comes from the observation's, ``_shuffles`` is 1
(declare either as a Field to say otherwise).

**Trusted apply.** ``state.apply(action)`` checks the action (the game's ``check``)
before ``_apply``; ``state.apply_trusted(player, action)`` is the one public way to
skip the check, for callers that know the action is legal (bots' rollouts,
simulations, replays of checked games). Random play needs neither: the engine
remembers the view each ``legal_actions`` handed out and the action its ``sample``
drew, so ``state.apply(view.sample(rng))`` is checked once, by construction. A game
therefore calls no private engine path: its ``legal_actions`` returns a plain view,
its view's ``sample`` returns an action (:meth:`Action.trusted` builds one from parts
already in normal form), and observations may be built with :func:`frozen`.

Glossary
--------
One name for one idea in every game, in states, observations and zones (issues 15
and 26; ``tests/test_vocabulary.py`` checks the observations):

- ``current_player``: the engine property (OpenSpiel's name) for the seat to act,
  ``None`` when nobody is (the game is over, or chance moves); observations carry it
  too. A game's own stored field behind it is ``to_act``; draw poker's observation
  also lists ``yet_to_act``, the seats still to act in this betting round.
- ``points``: the engine's generic running totals, what bots try to raise, and the
  only name for them in an observation: a point game's ``scores`` (Kontrabluff,
  parallel poker) or a chip game's ``stacks`` (draw poker, Fight for the Lead, which
  also keep a ``pot``) in the state.
- ``stock``: the face-down cards new cards come from (Kontrabluff's talon, KB-1, is
  its ``stock`` in code; the words say talon); an observation counts it as
  ``stock_size``.
- ``own_discards`` (and draw poker's ``own_folded``): the seat's own cards out of play
  that only it knows.
- ``in_session`` / ``in_play``: one bool a seat: still in the session, and taking part
  in the current hand or game (the chip games).
- zones: a :class:`Zone` is data, never words: a ``kind``, an ``owner`` seat (None:
  shared), an ``index`` where a kind is numbered, its ``cards`` (None face down) and,
  where it matters, the ``players`` who laid them. Its ``key`` is ``(kind, owner,
  index)``. One kind per idea in every game: ``hand`` (cards held), ``row``
  (Kontrabluff's face-up row, KB-3), ``low`` (the five cards of a low round, KB-6),
  ``stock``, ``discard`` (cards out of play; a seat's own where it has an owner: draw
  poker's discards, DP-5, Fight for the Lead's given-up cards, FL-6), ``muck`` (hands passed
  or conceded, DP-2, DP-7), ``laid_out`` (parallel poker's seven, PP-1), ``packet`` (numbered 1..5,
  PP-2), ``fight`` (a fight card, FL-3), ``turned`` (FL-4), ``trick`` (the cards of the
  trick in play, with their ``players``, FL-7) and ``tricks`` (the tricks a seat has
  won). An observation's ``zones`` are the table as its seat sees it; a state's
  ``zones()`` every card of the deck where it really is, face up (the truth a teacher
  sees). :func:`cardlab.words.seats.zone_title` puts a zone in words, with a game's own
  word for a kind (Kontrabluff's stock is the talon).
- chips: what the chip games bet: draw poker and Fight for the Lead keep ``stacks``
  (each seat's chips) and a ``pot``; ``chips()`` is all chips in play, a constant
  (DP-9, FL-11). The point games have no chips: ``chips()`` and an observation's
  ``pot`` are ``None``.
- ``returns()``: the outcome so far, one number a seat: Kontrabluff +1/-1 for the
  match (KB-12), parallel poker the points margin (PP-5), draw poker and Fight for the
  Lead the chips won against the starting ``stack``.
- ``dealer``: the seat that deals the current round, deal, hand or game (KB-1, DP-1,
  PP-1, FL-2); ``new_state(dealer=)`` fixes the first one, else the seed draws it.
- ``round_index``: the engine's counter of scoring units played (rounds of
  Kontrabluff, hands of draw poker, games of Fight for the Lead and parallel poker);
  the search bot reads it. A game's own counter is its rule page's term +
  ``_number``: Kontrabluff ``deal_number``, draw poker ``hand_number``, Fight for the
  Lead and parallel poker ``game_number``.
- ``phase``: where a game stands, one ``enum.Enum`` per game (``Phase``); a game
  dispatches on it through a table declared in its class, never ``getattr`` by name.
- ``seat`` / ``player``: a whole number 0..players-1 (EN-4); seat 0 is South.
- ``action``: an :class:`Action` value (kind, cards, amount); ``legal_actions()`` a
  :class:`LegalActions` view; ``check`` / ``can_apply`` / ``apply`` the verify / can /
  do triple; ``apply_trusted`` the unchecked apply for trusted callers.
- ``observation``: what one seat may know (:class:`Observation` and its game's
  subclass); ``hidden_from(seat)`` the cards it may not know; ``sample_state`` a full
  state consistent with an observation.
- ``history`` / ``events_for(seat)`` / ``log_for(seat)``: every event as a typed record
  (:class:`~cardlab.records.Event`: kind, fields, rule id, who may see it) / one seat's
  part of it / the same in words, made by :mod:`cardlab.words` when read; an
  observation carries the last two as ``events`` and ``log``. A game records an event
  with ``self._record(KIND, *fields, player=, action=, visible_to=)``, its kinds
  declared once in its module (:class:`~cardlab.records.EventKind`). ``actions`` are the
  (seat, action) pairs that ``to_json`` saves.

Where things are
----------------
The engine is a package of small modules, one concern each; ``GameState`` is the
protocol and gathers the parts:
``errors`` (refusals and seat checks), ``views`` (zones, legal-action views,
observations), ``fields`` (declared state fields, generated ``clone``), ``game``
(settings), ``state`` (``GameState``), ``randomness`` (seeded shuffles, deck sources),
``history`` (the records, each seat's events and log), ``sampling`` (hidden cards and
determinization), ``saving`` (JSON, EN-5) and ``replay`` (checkpointed replays).

**What each part reads** (issue 35). ``GameState`` is one class gathered from parts
(``Randomness``, ``History``, ``Sampling``, ``Saving``), each in its own module. The
engine's fields (:data:`cardlab.engine.fields.ENGINE_FIELDS`: ``game``, ``seed``,
``first_dealer``, ``stacked``, ``round_index``, ``_shuffles``, ``actions``) are declared in
one place, as class-level annotations of ``GameState``, and set by its ``__init__``, a
sample and ``clone``. Each part declares the same way, at the top of its class, every
attribute of the state it reads and does not define itself (``History`` reads ``game``,
``actions`` and ``quiet``, and keeps its own records and caches; ``Sampling`` reads the
class's ``FIELDS``, ``SAMPLE_SEED`` and ``SAMPLE_LOG``), so a part can be read, and
replaced, on its own. ``tests/test_engine_fields.py`` reads each part's source: every
attribute of ``self`` or ``cls`` it uses is its own or declared, and every declared one is
GameState's or another part's. (Folding the parts into one class would make one module of
some 900 lines; a ``Protocol`` would say the same as the annotations, in a second place.)
The package's import order has no cycle: :mod:`cardlab.words` imports no engine module
and no game (each game's module imports its own words).
"""

from __future__ import annotations

from cardlab.cards import Card  # noqa: F401  (the docstring's examples name it)
from cardlab.engine.errors import (
    BAD_SEED,
    GAME_OVER,
    NOT_A_SEAT,
    NOT_AN_ACTION,
    NOT_LEGAL,
    NOT_YOUR_TURN,
    SETTING_AT_LEAST,
    SETTING_BOOL,
    SETTING_RANGE,
    IllegalActionError,
    RefusalError,
    ReplayError,
    SeatError,
    SettingsError,
    as_seat,
    truth_setting,
    whole_setting,
)
from cardlab.engine.fields import HIDDEN, REST, Copy, Field, Seen
from cardlab.engine.game import Game
from cardlab.engine.history import EventsView, HistoryView
from cardlab.engine.replay import Replay
from cardlab.engine.saving import FORMAT, MAX_ACTIONS, MAX_JSON_BYTES, MAX_JSON_DEPTH, MAX_SEED
from cardlab.engine.state import GameState, to_act
from cardlab.engine.views import (
    CardOffer,
    NO_ACTIONS,
    ActionList,
    LegalActions,
    Observation,
    PhaseRules,
    Zone,
    Zones,
    cards_in,
    frozen,
    uniform_index,
)
from cardlab.records import Action, Event, Refusal, RefusalKind

__all__ = [
    "Action",
    "Event",
    "Zone",
    "Zones",
    "Observation",
    "LegalActions",
    "ActionList",
    "uniform_index",
    "PhaseRules",
    "Game",
    "GameState",
    "to_act",
    "HistoryView",
    "EventsView",
    "Replay",
    "Refusal",
    "RefusalKind",
    "RefusalError",
    "IllegalActionError",
    "SeatError",
    "SettingsError",
    "ReplayError",
    "FORMAT",
    "MAX_ACTIONS",
    "MAX_JSON_BYTES",
    "MAX_JSON_DEPTH",
    "MAX_SEED",
    "as_seat",
    "whole_setting",
    "truth_setting",
    "NOT_YOUR_TURN",
    "GAME_OVER",
    "NOT_AN_ACTION",
    "NOT_LEGAL",
    "NOT_A_SEAT",
    "SETTING_RANGE",
    "SETTING_AT_LEAST",
    "SETTING_BOOL",
    "BAD_SEED",
    "cards_in",
    "Field",
    "Copy",
    "Seen",
    "HIDDEN",
    "REST",
    "frozen",
    "NO_ACTIONS",
    "CardOffer",
]
