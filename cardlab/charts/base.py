"""What every chart of cardlab shares: the renderer, the sizes, the titles and the frames
altair inlines the same way every time (:mod:`cardlab.charts` and each game's charts,
``cardlab/charts/<game>.py``, build on it).

Importing this module registers and enables the ``"cardlab"`` altair renderer (unless
another renderer was chosen): see :mod:`cardlab.charts`.

>>> chart_title("A chart", "its subtitle").to_dict()["subtitle"]
'its subtitle'
"""

from __future__ import annotations

from collections.abc import Sequence

import altair as alt
import pandas as pd

from cardlab.cards import DECK_SIZES
from cardlab.hands import CATEGORIES

__all__ = ["VEGALITE_MIME", "SVG_MIME", "static_svg", "chart_title", "plain", "settings_named", "deck_axis", "hr5_of",
           "WIDTH", "HEIGHT", "LIGHT_BLUES", "DECKS", "CATEGORY_NAMES"]

#: The mime type JupyterLab, Voilà and VS Code draw with the vega-lite they ship: no network,
#: and trusted or not. (Altair's own default is HTML that loads vega from a CDN, with a
#: random element id.)
VEGALITE_MIME = "application/vnd.vegalite.v5+json"
_SCHEMA_V5 = "https://vega.github.io/schema/vega-lite/v5.json"
#: The static image beside it: JupyterLab prefers the vega-lite type (its renderer ranks
#: first), GitHub and nbviewer, which run no JavaScript, show the image.
SVG_MIME = "image/svg+xml"
_VL_CONVERT_VERSION = "5.21"


def static_svg(spec: dict) -> str:
    """A vega-lite spec drawn as an SVG image, with no browser (vl-convert, vega-lite 5).

    >>> static_svg({"mark": "point", "data": {"values": [{"x": 1}]}, "encoding": {"x": {"field": "x"}}})[:4]
    '<svg'
    """
    import vl_convert  # imported when a chart is drawn: `import cardlab.charts` stays quick

    return vl_convert.vegalite_to_svg(spec, vl_version=_VL_CONVERT_VERSION)


def _renderer(spec: dict, **metadata) -> tuple[dict, dict]:
    """Altair renderer: the spec under :data:`VEGALITE_MIME`, as the frontends' own vega-lite 5
    reads it, and the same chart as ``image/svg+xml`` for viewers without JavaScript.

    >>> bundle, _ = _renderer({"title": {"text": "t"}, "mark": "point", "data": {"values": [{"x": 1}]}})
    >>> sorted(bundle)
    ['application/vnd.vegalite.v5+json', 'image/svg+xml', 'text/plain']
    """
    spec = {**spec, "$schema": _SCHEMA_V5}  # the fields cardlab uses are the same in vega-lite 5 and 6
    title = spec.get("title", {})
    name = title.get("text", "") if isinstance(title, dict) else str(title)
    return {VEGALITE_MIME: spec, SVG_MIME: static_svg(spec), "text/plain": f"<chart: {name}>" if name else "<chart>"}, {}


alt.renderers.register("cardlab", _renderer)
if alt.renderers.active == "default":  # leave a renderer the user chose alone
    alt.renderers.enable("cardlab")

CATEGORY_NAMES = [str(c) for c in CATEGORIES]
#: Deck sizes from the full deck down, the order every deck axis reads.
DECKS = list(DECK_SIZES)
WIDTH = 320
#: Light enough for black text on top, dark enough to tell apart.
LIGHT_BLUES = ["#f4f8fb", "#dcebf6", "#c4ddf0", "#abcfe9", "#93c1e3", "#7ab3dc"]
HEIGHT = 220


def chart_title(text: str, subtitle: str | Sequence[str] | None = None) -> alt.TitleParams:
    """A chart's title, its subtitle below it, both at the start of the chart."""
    if subtitle is None:
        return alt.TitleParams(text, anchor="start")
    return alt.TitleParams(text, subtitle=subtitle, anchor="start")


def settings_named(frame: pd.DataFrame) -> str:
    """The HR-5 setting(s) a frame holds, in words, for a subtitle."""
    if "hr5" not in frame:
        return ""
    labels = list(dict.fromkeys(frame["hr5"]))
    return labels[0] if len(labels) == 1 else "both HR-5 settings"


def deck_axis(title: str = "cards in the deck (HR-3)") -> alt.X:
    return alt.X("deck_size:O", sort=DECKS, title=title, axis=alt.Axis(labelAngle=0))


def plain(frame: pd.DataFrame) -> pd.DataFrame:
    """A copy altair inlines identically every time: categoricals as strings, infinities dropped."""
    frame = frame.copy()
    for column in frame.columns:
        if isinstance(frame[column].dtype, pd.CategoricalDtype):
            frame[column] = frame[column].astype(str)
    return frame.replace([float("inf"), float("-inf")], None)


def hr5_of(frame: pd.DataFrame) -> str:
    """The HR-5 setting of a frame with an ``ace_low`` column, in words."""
    if "hr5" in frame:
        return settings_named(frame)
    if "ace_low" not in frame:
        return ""
    from cardlab.analysis.hands import hr5_label

    labels = {hr5_label(bool(v)) for v in frame["ace_low"]}
    return labels.pop() if len(labels) == 1 else "both HR-5 settings"
