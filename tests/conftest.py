import os

from hypothesis import settings

# CI runs the property tests a fixed number of times, without deadlines (2 shared cores).
settings.register_profile("ci", max_examples=25, deadline=None, derandomize=True)
settings.register_profile("dev", max_examples=10, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
