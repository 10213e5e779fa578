"""Every message of cardlab's registries, for the catalogs (issue 29).

Most of cardlab's sentences are data, not calls: the templates of each kind of event
(:data:`cardlab.words.TEMPLATES`) and of refusal (:data:`cardlab.words.refusals.REFUSALS`),
the tables' verbs, notices and fixed words, the coach's sentences, the how-to pages, the rules' titles and statements, the card and hand
words. Babel's Python extractor finds only the calls (``translate("...")``,
``Plural("...", "...")``); :func:`registry` walks the registries and gives Babel every
message they hold. ``babel.cfg`` names it as the extraction method of
``cardlab/catalogs.py`` (this file), and ``tools/catalogs.sh`` runs the extraction.

Nothing here runs when cardlab is used; Babel is needed only to make the catalogs.

>>> found = list(messages())
>>> ("{seat} lays {card}", None, None) in found
True
>>> ("{n} card", "{n} cards", None) in found, ("J", None, "rank letter") in found
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

__all__ = ["messages", "registry"]

#: A message: (msgid, plural or None, context or None).
Message = tuple[str, str | None, str | None]


def _template(template: Any) -> Iterator[Message]:
    from cardlab.words import Each, Lists, Plural

    if isinstance(template, str):
        if template:
            yield template, None, None
    elif isinstance(template, Plural):
        yield template.one, template.other, None
    elif isinstance(template, Lists):
        yield from _template(template.template)
        for _, each in template.lists:
            yield from _template(each)
    elif isinstance(template, Each):
        yield from _template(template.phrase)


def messages() -> Iterator[Message]:
    """Every message the registries hold, in a stable order (duplicates included)."""
    import cardlab.games  # noqa: F401  (each game registers its words: templates, verbs, how-to, coach)
    import cardlab.words as words
    from cardlab import rules
    from cardlab.words import coach, howto, table

    for game in sorted(words.TEMPLATES):
        for template in words.TEMPLATES[game].values():
            yield from _template(template)
    for game in sorted(words.HEADLINES):
        for template in words.HEADLINES[game].values():
            yield from _template(template)
    # refusals (issue 35): the engine's, the tables' and each game's
    from cardlab.words.refusals import REFUSALS

    for game in sorted(REFUSALS):
        for template in REFUSALS[game].values():
            yield from _template(template)
    for game in sorted(words.VERBS):
        for verb in words.VERBS[game].values():
            # a button's words: a command, where a rule's title may name the step
            yield from ((getattr(verb, name), None, "button") for name in ("button", "chosen", "none")
                        if getattr(verb, name))
            for name in ("prompt", "needs", "ask", "costs"):
                yield from _template(getattr(verb, name))
        for click in words.CLICKS[game].values():
            yield from _template(click)
        yield from ((zone, None, "zone") for zone in words.ZONE_WORDS[game].values())
    for said in (*table.NOTICES.values(), *table.TABLE_TEXT.values()):
        yield from _template(said)
    # the coach (issue 28)
    for game in sorted(coach.ACTIONS):
        for action in coach.ACTIONS[game].values():
            for name in ("done", "doing", "done_none", "doing_none"):
                yield from _template(getattr(action, name))
    yield from ((said, None, coach.ROUND) for said in coach.ROUNDS.values())
    yield from ((said, None, coach.THIS_ROUND) for said in coach.THIS_ROUNDS.values())
    for said in coach.SENTENCES:
        yield from _template(said)
    # how to play
    yield from (m for unit in howto.UNITS.values() for m in _template(unit))
    for game in sorted(howto.HOW_TO_PLAY):
        for paragraph in howto.HOW_TO_PLAY[game].paragraphs:
            yield from _template(paragraph.heading)
            yield from _template(paragraph.text)
        for term in howto.TERMS[game].values():
            yield from _template(term.word)
            yield from _template(term.text)
    # the rules: titles, statements and the books' names
    for rule in rules.RULES.values():
        yield rule.title, None, None
        yield rule.statement, None, None
    for name, _ in rules.BOOKS.values():
        yield name, None, None
    # the games' names (the classroom's slips and pages)
    from cardlab.games import GAMES

    yield from ((entry.title, None, None) for entry in GAMES.values())
    # seats, zones, cards and hands
    from cardlab.words.seats import ZONE_NAMES

    yield from ((name, None, "zone") for name in ZONE_NAMES.values())
    for names in words.SEAT_NAMES.values():
        yield from ((name, None, None) for name in names)
    yield from ((letter, None, "rank letter") for letter in words.LETTERS)
    yield from ((word, None, "rank") for word in words.RANK_WORDS)
    for context in words.CASES.values():  # a rank's name in each case a sentence may ask (the accusative)
        yield from ((word, None, context) for word in words.RANK_WORDS)
    yield from ((word, None, "ranks") for word in words.RANK_PLURALS)
    yield from ((word, None, "suit") for word in words.SUIT_WORDS.values())
    from cardlab.hands import CATEGORIES

    yield from ((str(category), None, None) for category in CATEGORIES)
    yield from ((said, None, None) for said in words.HAND_WORDS.values())


def registry(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple]:
    """Babel's extraction method (``cardlab.catalogs:registry`` in ``babel.cfg``):
    every message of :func:`messages`, as Babel's ``(lineno, funcname, messages,
    comments)``."""
    for msgid, plural, context in messages():
        if context is not None:
            yield 0, "pgettext", (context, msgid), []
        elif plural is not None:
            yield 0, "ngettext", (msgid, plural), []
        else:
            yield 0, "gettext", msgid, []
