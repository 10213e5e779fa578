"""Analysis: exact odds, simulations and tournaments as pandas DataFrames.

Each module answers the questions about one topic and returns tidy DataFrames
(one row per observation) that :mod:`cardlab.charts` draws and notebooks show.
Nothing here imports a widget or chart library.
"""
