"""The tables' stylesheet, injected once per table through an ``HTML`` widget.

Card *buttons* (the seat's own hand, which must be clickable) can only be styled by
class, so they get this sheet; every other card is drawn by :mod:`cardlab.render`
with inline styles. Everything is scoped under ``.cl-table``.
"""

from __future__ import annotations

from cardlab.render import BLACK, RED

__all__ = ["TABLE_CSS", "style_tag"]

TABLE_CSS = f"""
.cl-table {{ background: radial-gradient(ellipse at center, #2f7d46 0%, #1f5c33 100%);
  border-radius: 14px; padding: 10px 14px; color: #f3f3ea; max-width: 980px;
  font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; }}
.cl-table .cl-title {{ font-size: 17px; font-weight: 600; }}
.cl-table .widget-html-content {{ color: #f3f3ea; line-height: 1.35; }}
.cl-table .cl-panel {{ background: rgba(0,0,0,.18); border-radius: 10px; padding: 4px 8px; margin: 3px 0; }}
.cl-table .cl-zone {{ display: inline-block; vertical-align: top; margin: 0 14px 4px 0; }}
.cl-table .cl-zone-name {{ font-size: 12px; opacity: .85; display: block; }}
.cl-table .cl-turn {{ color: #ffe27a; font-weight: 600; }}
.cl-table .cl-msg-error {{ color: #ffb4a8; font-weight: 600; }}
.cl-table .cl-log {{ max-height: 150px; overflow-y: auto; font-size: 13px; background: rgba(0,0,0,.25);
  border-radius: 8px; padding: 4px 8px; }}
.cl-table .cl-log div:first-of-type {{ color: #ffe27a; }}
.cl-table .cl-hand {{ min-height: 96px; align-items: flex-end; }}
.cl-table .cl-cardbtn.jupyter-button {{ width: 56px !important; height: 80px !important; margin: 8px 3px 2px 3px;
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
.cl-table .cl-action.jupyter-button {{ font-weight: 600; min-width: 110px; width: auto; }}
.cl-table .cl-action.jupyter-button:disabled {{ background: #5f7d69; color: #cfdcd3; opacity: 1; }}
.cl-table .widget-label, .cl-table .widget-label-basic, .cl-table .widget-readout,
.cl-table .widget-checkbox label {{ color: #f3f3ea; }}
.cl-table .cl-controls {{ background: rgba(0,0,0,.22); border-radius: 10px; padding: 2px 6px; flex-wrap: wrap; }}
.cl-table .cl-packet {{ background: rgba(0,0,0,.15); border-radius: 8px; padding: 2px 4px; margin: 2px; }}
"""


def style_tag() -> str:
    """The stylesheet as a ``<style>`` element (the same text every time).

    >>> style_tag().startswith("<style>") and ".cl-cardbtn" in style_tag()
    True
    """
    return f"<style>{TABLE_CSS}</style>"
