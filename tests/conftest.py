import os

from hypothesis import settings

# CI runs the property tests a fixed number of times, without deadlines (2 shared cores).
settings.register_profile("ci", max_examples=25, deadline=None, derandomize=True)
settings.register_profile("dev", max_examples=10, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

# The fifth game of tests/test_fifth_game.py registers itself when its module is imported: the
# doctest collector (--doctest-modules over tests/) must not import it, or every xdist worker
# would hold a fifth game while other files run. Its test imports it inside a fixture.
collect_ignore = ["three_tricks.py", "three_tricks_words.py", "three_tricks_bot.py"]
