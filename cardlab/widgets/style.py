"""The tables' stylesheet, injected once per table through an ``HTML`` widget.

Card *buttons* (the seat's own hand, which must be clickable) can only be styled by
class, so they get this sheet; every other card is drawn by :mod:`cardlab.render`
with inline styles. Everything is scoped under ``.cl-table``.
"""

from __future__ import annotations

from typing import Any

from cardlab.render import BLACK, RED

__all__ = ["TABLE_CSS", "style_tag", "fill_tooltips"]

TABLE_CSS = f"""
.cl-table {{ background: radial-gradient(ellipse at center, #2f7d46 0%, #1f5c33 100%);
  border-radius: 14px; padding: 4px 10px; color: #f3f3ea; max-width: 1240px; box-sizing: border-box;
  font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; font-size: 14px; }}
.cl-table .cl-title {{ font-size: 16px; }}
/* the title and the status share a line where both fit */
.cl-table .cl-head {{ flex-wrap: wrap; align-items: baseline; column-gap: 18px; }}
.cl-table .cl-head > .widget-html {{ width: auto; margin-top: 0; margin-bottom: 0; }}
.cl-table .cl-head > .widget-html:last-child {{ flex: 1 1 320px; }}
.cl-table .widget-html-content {{ color: #f3f3ea; line-height: 1.3; }}
.cl-table .cl-status {{ font-size: 15px; line-height: 1.25; }}
.cl-table .cl-facts {{ font-size: 13px; opacity: .9; }}
.cl-table .cl-panel {{ background: rgba(0,0,0,.18); border-radius: 10px; padding: 4px 8px; margin: 3px 0; }}
.cl-table .cl-zone {{ display: inline-block; vertical-align: top; margin: 0 10px 2px 0; }}
.cl-table .cl-zone-name {{ font-size: 12px; opacity: .85; display: block; }}
.cl-table .cl-turn {{ color: #ffe27a; font-weight: 600; }}
.cl-table .cl-msg {{ opacity: .9; margin-left: 8px; }}
.cl-table .cl-msg-error {{ color: #ffb4a8; font-weight: 600; margin-left: 8px; }}
.cl-table .cl-felt {{ display: grid; grid-template-columns: minmax(120px, 1fr) 2.5fr minmax(120px, 1fr); align-items: start;
  grid-template-areas: "tl top tr" "left centre right" "bl bottom br"; gap: 3px 8px;
  background: rgba(0,0,0,.12); border-radius: 60px / 36px; padding: 4px 16px; }}
.cl-table .cl-seat {{ background: rgba(0,0,0,.22); border-radius: 10px; padding: 2px 8px; min-height: 22px; }}
.cl-table .cl-seat .cl-zone {{ margin: 0 6px 0 0; }}
/* eight cards or more (tricks won, a discard pile): only the corner of each shows */
.cl-table .cl-tight .cl-card + .cl-card {{ margin-left: -24px !important; margin-right: 0 !important; }}
/* the seats at the sides have narrow boxes: their cards (tricks won, a shown hand) a little smaller */
.cl-table :is(.cl-left, .cl-right, .cl-top-left, .cl-top-right, .cl-bottom-left, .cl-bottom-right) .cl-card {{ zoom: .8; }}
.cl-table .cl-top {{ grid-area: top; text-align: center; }}
.cl-table .cl-top-left {{ grid-area: tl; }}
.cl-table .cl-top-wide {{ grid-column: 1 / span 3; text-align: center; }}
.cl-table .cl-fan .cl-cardbtn.cl-small.jupyter-button {{ margin-right: -16px; }}
.cl-table .cl-hand .cl-cardbtn.cl-small.jupyter-button {{ margin-right: 1px; }}
/* seven or eight players use the corners below too (bl, br); fewer leave the bottom row to the viewer */
.cl-table .cl-felt:not(:has(> .cl-bottom-left)) {{ grid-template-areas: "tl top tr" "left centre right" "bottom bottom bottom"; }}
.cl-table .cl-centre .cl-zone {{ margin: 0 3px 2px 3px; }}
.cl-table .cl-centre .cl-zone-name {{ max-width: 110px; margin: 0 auto; }}
.cl-table .cl-top-right {{ grid-area: tr; text-align: right; }}
.cl-table .cl-bottom-left {{ grid-area: bl; }}
.cl-table .cl-bottom-right {{ grid-area: br; text-align: right; }}
.cl-table .cl-left {{ grid-area: left; }}
.cl-table .cl-right {{ grid-area: right; text-align: right; }}
.cl-table .cl-bottom {{ grid-area: bottom; text-align: center; }}
.cl-table .cl-centre {{ grid-area: centre; text-align: center; }}
.cl-table .cl-badge {{ font-size: 11px; background: rgba(255,255,255,.18); border-radius: 8px; padding: 0 6px;
  margin-left: 4px; }}
.cl-table .cl-badge.cl-acting {{ background: #ffe27a; color: #1f3b28; font-weight: 600; }}
.cl-table .cl-banner {{ background: #fff6d6; color: #2b2b2b; border-radius: 10px; padding: 6px 12px;
  border: 2px solid #e0b64a; margin: 3px 0; }}
.cl-table .cl-banner-line {{ font-size: 16px; font-weight: 700; }}
.cl-table .cl-what {{ font-size: 13px; margin-top: 2px; }}
/* the cards a result names are drawn again on the board: smaller here, so the result fits the window */
.cl-table .cl-what .cl-card {{ zoom: .78; }}
.cl-table .cl-what .cl-line br {{ display: none; }}
.cl-table .cl-what .cl-line .cl-cards {{ vertical-align: middle; margin-left: 4px; }}
/* a row of cards needs no room above it for a lifted card (only hand buttons lift) */
.cl-table .cl-cards {{ padding-top: 2px !important; }}
.cl-table .cl-line {{ display: inline-block; vertical-align: top; margin-right: 14px; }}
.cl-table .cl-standings ol {{ margin: 2px 0 2px 0; columns: 4 9em; column-gap: 24px; }}
.cl-table .cl-you-hold {{ font-size: 14px; margin-top: 4px; }}
.cl-table .cl-reason {{ font-size: 13px; color: #ffe9b0; }}
.cl-table .cl-rule {{ text-decoration: underline dotted; cursor: help; }}
.cl-table .cl-log {{ max-height: 260px; overflow-y: auto; font-size: 13px; background: rgba(0,0,0,.25);
  border-radius: 8px; padding: 4px 8px; }}
.cl-table .cl-log div:first-of-type {{ color: #ffe27a; }}
.cl-table .cl-side {{ margin-left: 8px; }}
.cl-table .cl-coach {{ max-height: 140px; overflow-y: auto; }}
.cl-table .cl-review {{ flex-wrap: wrap; }}
.cl-table .cl-review .jupyter-button {{ width: auto; }}
.cl-table .cl-hand {{ min-height: 84px; align-items: flex-end; }}
.cl-table .cl-turnrow > .cl-you-holds {{ flex: 0 1 auto; width: auto; max-width: 170px; align-self: center; margin-right: 8px; }}
.cl-table .cl-turnrow > .cl-hand {{ flex: 0 0 auto; max-width: 100%; margin-right: 10px; }}
.cl-table .cl-turnrow > .cl-actions {{ flex: 1 1 auto; padding-bottom: 2px; }}
.cl-table .cl-cardbtn.jupyter-button {{ width: 56px !important; height: 80px !important; margin: 6px 3px 1px 3px;
  padding: 0; background: #fffdf8; border: 1px solid #9a9a9a; border-radius: 6px;
  box-shadow: 0 1px 3px rgba(0,0,0,.35); font-family: Georgia, 'DejaVu Serif', serif;
  font-size: 22px; font-weight: 700; line-height: 1.05; white-space: pre; }}
.cl-table .cl-cardbtn.cl-small.jupyter-button {{ width: 38px !important; height: 54px !important; font-size: 15px;
  margin: 6px 2px 1px 2px; border-radius: 5px; }}
.cl-table .cl-cardbtn.cl-red {{ color: {RED}; }}
.cl-table .cl-cardbtn.cl-black {{ color: {BLACK}; }}
.cl-table .cl-cardbtn.cl-selected {{ transform: translateY(-6px); border: 2px solid #1565c0;
  box-shadow: 0 4px 10px rgba(21,101,192,.55); }}
.cl-table .cl-cardbtn.cl-dim {{ opacity: .55; }}
.cl-table .cl-cardbtn:disabled {{ opacity: 1; cursor: default; }}
.cl-table .cl-cardbtn.cl-dim:disabled {{ opacity: .55; }}
.cl-table .cl-action.jupyter-button {{ font-weight: 600; min-width: 96px; width: auto; }}
.cl-table .cl-action.jupyter-button:disabled {{ background: #5f7d69; color: #cfdcd3; opacity: 1; }}
.cl-table .cl-continue.jupyter-button {{ font-weight: 700; width: 130px; height: 44px; margin-left: 8px; }}
.cl-table .cl-cover.jupyter-button {{ font-weight: 700; height: 60px; font-size: 16px; }}
.cl-table .cl-confirm {{ background: #fff6d6; color: #2b2b2b; border-radius: 10px; padding: 4px 10px; }}
.cl-table .cl-confirm .widget-html-content {{ color: #2b2b2b; margin-right: 10px; }}
.cl-table .widget-label, .cl-table .widget-label-basic, .cl-table .widget-readout,
.cl-table .widget-checkbox label {{ color: #f3f3ea; }}
.cl-table .cl-controls {{ background: rgba(0,0,0,.22); border-radius: 10px; padding: 1px 6px; flex-wrap: wrap; margin-top: 2px; }}
/* one row of controls: buttons as wide as their words */
.cl-table .cl-controls .jupyter-button {{ width: auto; height: 28px; padding: 0 10px; }}
.cl-table .cl-howto {{ font-size: 13px; background: rgba(0,0,0,.18); border-radius: 8px; padding: 1px 8px; margin: 2px 0; }}
.cl-table .cl-howto summary {{ cursor: pointer; font-weight: 600; }}
.cl-table .cl-howto p {{ margin: 2px 0; }}
.cl-table .cl-howto .cl-order {{ margin: 2px 0; padding-left: 22px; columns: 3; }}
.cl-table .cl-glossary {{ display: grid; grid-template-columns: max-content 1fr; gap: 0 8px; margin: 2px 0; }}
.cl-table .cl-glossary dd {{ margin: 0; }}
.cl-table .cl-glossary dt {{ font-weight: 600; }}
.cl-table .cl-term {{ font-style: normal; text-decoration: underline dotted; cursor: help; }}
.cl-sr {{ position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }}
.cl-table .cl-showings {{ border-collapse: collapse; font-size: 12px; line-height: 1.2; }}
.cl-table .cl-showings th, .cl-table .cl-showings td {{ padding: 1px 5px; text-align: left; vertical-align: top; }}
.cl-table .cl-showings th {{ font-weight: 600; }}
/* five packets a seat in one row: small cards (the board shows them too) */
.cl-table .cl-showings .cl-card {{ zoom: .72; }}
.cl-table .cl-packet {{ background: rgba(0,0,0,.15); border-radius: 8px; padding: 2px 4px; margin: 2px; font-size: 13px; }}
/* Voila's page (the classroom app): a smaller heading over a table, so page and table fit 1280x900 */
body[data-voila] .jp-MarkdownCell h1 {{ font-size: 24px; margin: 0 0 6px 0; }}
body[data-voila] .jp-MarkdownCell p {{ margin: 0 0 4px 0; }}
"""


def style_tag() -> str:
    """The stylesheet as a ``<style>`` element (the same text every time).

    >>> style_tag().startswith("<style>") and ".cl-cardbtn" in style_tag()
    True
    """
    return f"<style>{TABLE_CSS}</style>"


def fill_tooltips(root: Any) -> Any:
    """Give every widget under ``root`` a text tooltip (its description, or ''); returns ``root``.

    ipywidgets writes a tooltip of None into its label's ``title`` as the word "null",
    which a pointer shows (issue 28: tooltips in words).

    >>> import ipywidgets as W
    >>> box = fill_tooltips(W.VBox([W.HTML("x"), W.IntSlider(description="chips")]))
    >>> [child.tooltip for child in box.children]
    ['', 'chips']
    """
    stack = [root]
    while stack:
        widget = stack.pop()
        stack.extend(getattr(widget, "children", ()))
        if "tooltip" in widget.trait_names() and widget.tooltip is None:
            widget.tooltip = getattr(widget, "description", "") or ""
    return root
