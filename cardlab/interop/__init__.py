"""Bridges to the field's libraries: OpenSpiel games and PettingZoo environments.

:mod:`cardlab.interop.clicks` turns every cardlab action into a few "table clicks"
with stable integer ids (choose a card, press a button) and writes what a seat sees
as text and numbers; it needs nothing outside cardlab. :mod:`cardlab.interop.openspiel`
and :mod:`cardlab.interop.pettingzoo` build on it and import ``pyspiel`` or
``pettingzoo`` themselves (the optional extra ``cardlab[interop]``), so ``import
cardlab`` and this package never do.
"""
