"""One module per game: its settings (rules as data) and its state machine."""
