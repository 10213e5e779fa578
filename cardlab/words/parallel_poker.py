"""parallel_poker sentences: one whole template per kind of event (to be filled as the game records typed events)."""

from __future__ import annotations

from cardlab.words import Plural, templates

TEMPLATES = templates("parallel_poker", {
})
