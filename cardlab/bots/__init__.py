"""Players that choose an action from an observation (never from a state)."""
