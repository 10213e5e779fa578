"""The person at the screen is told about themself as "you" (issue 36).

A seat's table says the events that name its seat (a round or a pot won, no trick taken
and what playing on costs, leaving the table, a game's or a match's result) to "you" in
its banner, its live region and its log, in every language; the other seats' events, and
every event at a hot-seat or a teacher's table, keep the players' names. The words come
from :mod:`cardlab.words` (:data:`~cardlab.words.YOU_TEMPLATES`, :func:`~cardlab.words.to_you`);
nothing here matches English in another language beyond what the catalogs give.
"""

from __future__ import annotations

import html
import re

import numpy as np
import pytest

from cardlab.games import GAMES
from cardlab.records import Event
from cardlab.widgets import play
from cardlab.words import YOU_HEADLINES, YOU_TEMPLATES, describe, headline, language, line, to_you
from cardlab.words.cards import spoken
from tests.test_widgets import SHORT, click_action

GAME_NAMES = ("kontrabluff", "draw_poker", "parallel_poker", "fight_for_the_lead")


def _to_you(event: Event, viewer: int | None) -> bool:
    """Whether ``event`` has words said to ``viewer`` (a sentence or a headline)."""
    return to_you(YOU_TEMPLATES, event, viewer) is not None or to_you(YOU_HEADLINES, event, viewer) is not None


def _events(name: str, games: int = 6) -> list[Event]:
    """Every event of a few random games of ``name`` (its short settings), in order."""
    found: list[Event] = []
    for seed in range(games):
        state = GAMES[name].game(**SHORT[name]).new_state(seed=seed)
        rng = np.random.default_rng(seed)
        for _ in range(5000):
            if state.is_terminal:
                break
            state.apply(state.legal_actions().sample(rng))
        found.extend(state.history)
    return found


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_game_says_some_results_to_you(name):
    """Each game has sentences said to the person at the screen, each naming a seat
    field of its kind (so :func:`to_you` can tell whose it is)."""
    assert YOU_TEMPLATES[name], name
    kinds = {kind.name: kind for kind in GAMES[name].spec.events}
    for table in (YOU_TEMPLATES, YOU_HEADLINES):
        for kind, options in table[name].items():
            fields = dict(kinds[kind].fields)
            for option in options:
                assert option.subjects and all(field in fields for field in option.subjects), (kind, option)


@pytest.mark.parametrize("lang", ["en", "pl", "uk"])
@pytest.mark.parametrize("name", GAME_NAMES)
def test_an_event_naming_the_viewer_is_said_to_them_and_to_nobody_else(name, lang):
    """Over every event of random games: where an event is said to a seat, that seat
    reads a sentence of its own (the catalog's, not the third person's, not English in
    another language); every seat it is not said to reads the third person, as the
    teacher does (no viewer)."""
    said_to = 0
    for event in _events(name):
        players = GAMES[name].game(**SHORT[name]).num_players
        with language("en"):
            english = {seat: describe(event, players, seat) for seat in range(players)}
        with language(lang):
            third = describe(event, players)
            for seat in range(players):
                said = describe(event, players, seat)
                if _to_you(event, seat) and to_you(YOU_TEMPLATES, event, seat) is not None:
                    said_to += 1
                    assert said != third, (event, seat)
                    assert re.search(r"\b[Yy]our?\b", english[seat]), english[seat]
                    if lang != "en":
                        assert said != english[seat], (lang, said)  # translated
                    assert line(event, players, seat) == (f"{event.rule}: {said}" if event.rule else said)
                else:
                    assert said == third, (event, seat)
                    assert headline(event, players, seat) == headline(event, players)
    assert said_to, f"no event of {name} was said to a seat"


def _line(text: str) -> str:
    """A headline as a banner line shows it (capitalised, no full stop before its rule)."""
    return (text[:1].upper() + text[1:]).rstrip(".")


def _result_said(table, found: dict[str, list]) -> None:
    """Check the result on screen: each result event said to the table's seat is said to
    "you" in the banner, the live region and the log; one said to nobody at this table
    (another seat's) names its player there."""
    players = len(table.seats)
    with language(table.lang):
        banner, log, live = (html.unescape(table._banner.value), html.unescape(table._log.value),
                             html.unescape(table._live.value))
        for event in table.pause.results:
            said, third = _line(headline(event, players, table.seat)), _line(headline(event, players))
            if _to_you(event, table.seat):
                assert said in banner and said != third, (said, banner)
                assert said in live, (said, live)
                if event in table.log_shown(table.seen.shown, 200):
                    assert describe(event, players, table.seat) in log
                found["you"].append(event)
            elif any(_to_you(event, seat) for seat in range(players)):
                assert said == third and said in banner
                found["named"].append(event)


def _play_results(table, seed: int, wanted, moves: int = 1500) -> dict[str, list]:
    """Click random legal moves at ``table`` and check each result on screen until
    ``wanted(found)``; returns what was found."""
    rng = np.random.default_rng(seed)
    found: dict[str, list] = {"you": [], "named": []}
    for _ in range(moves):
        if wanted(found) or table.session.state.is_terminal:
            break
        if table.pause is not None:
            _result_said(table, found)
            if table._continue.layout.display != "none":
                table._continue.click()
                continue
        if table.session.state.is_terminal:
            break
        click_action(table, table.session.state.observation(table.seat).legal_actions.sample(rng))
    if table.pause is not None:
        _result_said(table, found)
    return found


@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize("name", ["kontrabluff", "draw_poker", "fight_for_the_lead"])
def test_a_table_says_its_seats_results_to_you_and_names_the_others(name, lang):
    found: dict[str, list] = {"you": [], "named": []}
    for seed in range(8):
        table = play(name, seed=seed, opponent="random", lang=lang, **SHORT[name])
        more = _play_results(table, seed, lambda f: f["you"] and f["named"])
        found["you"] += more["you"]
        found["named"] += more["named"]
        if found["you"] and found["named"]:
            break
    assert found["you"] and found["named"], {k: len(v) for k, v in found.items()}


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("lang", ["en", "uk"])
def test_parallel_poker_says_a_games_result_to_each_player(seat, lang):
    """PP-5 names both players: each table says the result to its own seat, with its own
    points first ("you win, 14 to 11 against North"), in its banner and live region."""
    table = play("parallel_poker", seat=seat, seed=seat + 3, opponent="random", lang=lang)
    click_action(table, table.session.state.observation(seat).legal_actions.sample(np.random.default_rng(seat)))
    while table._next.layout.display != "none":  # turn up the showings one by one (PP-3)
        table._next.click()
    results = [event for event in table.observation().events if event.rule == "PP-5"]
    assert results
    banner, live = html.unescape(table._banner.value), html.unescape(table._live.value)
    with language(lang):
        for event in results:
            said, third = describe(event, 2, seat), describe(event, 2)
            assert _to_you(event, seat) and said != third
            assert said[:1].upper() + said[1:] in banner and third[:1].upper() + third[1:] not in banner
            assert said[:1].upper() + said[1:] in live


@pytest.mark.parametrize("options", [{"hotseat": True}, {"teacher": True}])
def test_a_hot_seat_or_teachers_table_names_every_player(options):
    """Players taking turns at one screen, or a class watching the teacher's: no "you"."""
    table = play("fight_for_the_lead", seed=2, opponent="random", **options, **SHORT["fight_for_the_lead"])
    assert table.viewer is None
    rng = np.random.default_rng(2)
    results = 0
    for _ in range(400):
        if table.session.state.is_terminal:
            break
        if table.pause is not None:
            banner = html.unescape(table._banner.value)
            for event in table.pause.results:
                assert _line(headline(event, len(table.seats))) in banner
                results += 1
            table._continue.click()
            continue
        if table.seen.covered:  # hot-seat: the next person uncovers their hand
            table._cover.click()
            continue
        click_action(table, table.session.state.observation(table.seat).legal_actions.sample(rng))
    assert results


def test_spoken_and_line_say_to_you_as_describe_does():
    from cardlab.games.fight_for_the_lead import LOSER

    loser = Event.of(LOSER, 0, 20)
    with language("uk"):
        for viewer in (None, 0, 1):
            assert spoken(loser, 3, viewer) == describe(loser, 3, viewer)
        assert describe(loser, 3, 0) != describe(loser, 3, 1) == describe(loser, 3)
    assert line(loser, 3, 0) == "FL-9: You took no trick: to play on you must pay 20 chips."
