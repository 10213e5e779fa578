"""The tables' stylesheet and their keyboard and screen-reader helper, injected once per
table through an ``HTML`` widget.

Card *buttons* (the seat's own hand, which must be clickable) can only be styled by
class, so they get this sheet; every other card is drawn by :mod:`cardlab.render`
with inline styles. Everything is scoped under ``.cl-table``.

ipywidgets 8 sets no ARIA attribute and has no key handler, and a ``<script>`` put into
an HTML widget never runs (it is set as ``innerHTML``); an image that fails to load does
run its ``onerror``, in Voilà and in JupyterLab alike. :data:`A11Y_SCRIPT` runs so, once
per page, and from then on, at every redraw:

- a card button is named by its tooltip, what it shows then the card in words
  ('10♥, ten of hearts', :func:`cardlab.words.cards.card_label`: the name holds the
  visible label, WCAG 2.5.3), and says whether it is chosen (``aria-pressed``);
- an HTML widget of class ``cl-live`` becomes a polite live region on its own element,
  which ipywidgets keeps while it replaces the content inside, so each new text is
  announced (a ``role="status"`` inside the value would be made anew each time, and
  screen readers skip a region that is new);
- a row of cards (the hand, a packet, a suit of the odds explorer) is one stop of the Tab key: the arrow keys, Home
  and End move along it, Space chooses a card, Enter plays the chosen cards (the first
  enabled action of class ``cl-takes-cards``) or else chooses the card;
- a slider's handle is named by the slider's description (ipywidgets leaves it nameless);
- Enter, Space and the arrows pressed in a table stay in the table (JupyterLab's
  notebook would take them for its own shortcuts);
- a focused control that a redraw hides or turns off hands the focus on to what comes
  next, so the keyboard never falls back to the top of the page: Yes/Cancel, Continue,
  else a played card's row keeps it -- on the card that took the played card's place,
  or on the row itself while none of its cards can be used (the others move, a round
  of bets), which hands it on to that card, or to Continue, as soon as one shows; so
  the next move starts where the last one was made, not at the first card. Focus lost
  elsewhere goes to a card of the hand, else the first action, else the hand's row.

>>> "onerror=" in style_tag() and "cl-live" in A11Y_SCRIPT
True
"""

from __future__ import annotations

import html
from typing import Any

from cardlab.render import BLACK, RED

__all__ = ["TABLE_CSS", "A11Y_SCRIPT", "style_tag", "fill_tooltips", "page_heading_html"]

#: The keyboard and screen-reader helper (see the module's docstring). Installed once per page.
A11Y_SCRIPT = """(function () {
  if (window.cardlabA11y) { window.cardlabA11y(); return; }
  var ROWS = '.cl-hand, .cl-fan, .cl-cardrow', lastFocus = null, timer = null, giving = false;
  function usable(e) { return !!(e && e.offsetParent && !e.disabled); }
  function all(root, selector) { return Array.prototype.slice.call(root.querySelectorAll(selector)); }
  function first(table, selector) { return all(table, selector).filter(usable)[0]; }
  function cardsOf(row) { return all(row, '.cl-cardbtn').filter(usable); }
  function shownOf(row) { return all(row, '.cl-cardbtn').filter(function (b) { return !!b.offsetParent; }); }
  function cardAt(row, after) {  // the usable card at the row's last focused place or after, else (not after) before
    var shown = shownOf(row), at = Math.max(0, Math.min(row.clAt || 0, shown.length - 1)), i;
    for (i = at; i < shown.length; i++) { if (!shown[i].disabled) { return shown[i]; } }
    for (i = at - 1; i >= 0 && !after; i--) { if (!shown[i].disabled) { return shown[i]; } }
    return null;
  }
  function asks(table) {  // what a result or a question asks for
    return first(table, '.cl-confirm button') || first(table, '.cl-continue') || first(table, '.cl-cover');
  }
  function hold(row) {  // a row keeps the focus while none of its cards can be used (the others move, a bet)
    if (row.getAttribute('tabindex') !== '-1') { row.setAttribute('tabindex', '-1'); }
    return row;
  }
  function give(e) { giving = true; try { e.focus(); } finally { giving = false; } }  // a row keeps its place
  function next(table, row) {  // where a lost focus goes: row is the lost card's (null: the focus was elsewhere)
    var hand = first(table, '.cl-hand'), shown = row && row.offsetParent;
    return asks(table) || (shown ? cardAt(row) || hold(row) : null) ||
      first(table, '.cl-hand .cl-cardbtn[tabindex="0"]') || first(table, '.cl-action') || (hand ? hold(hand) : table);
  }
  function scan() {
    timer = null;
    all(document, '.cl-cardbtn').forEach(function (b) {
      var name = b.getAttribute('title') || '', pressed = b.classList.contains('cl-selected') ? 'true' : 'false';
      if (name && b.getAttribute('aria-label') !== name) { b.setAttribute('aria-label', name); }
      if (!name && b.hasAttribute('aria-label')) { b.removeAttribute('aria-label'); }
      if (b.getAttribute('aria-pressed') !== pressed) { b.setAttribute('aria-pressed', pressed); }
    });
    all(document, '.cl-live').forEach(function (e) {
      if (e.getAttribute('aria-live') !== 'polite') {
        e.setAttribute('role', 'status'); e.setAttribute('aria-live', 'polite'); e.setAttribute('aria-atomic', 'true');
      }
    });
    all(document, '.widget-slider').forEach(function (w) {  // a slider's handle is named by its description
      var handle = w.querySelector('[role="slider"]'), label = w.querySelector('.widget-label');
      var name = label ? label.textContent : '';
      if (handle && name && handle.getAttribute('aria-label') !== name) { handle.setAttribute('aria-label', name); }
    });
    all(document, '.cl-table').forEach(function (t) {
      if (!t.hasAttribute('tabindex')) { t.setAttribute('tabindex', '-1'); }
      all(t, '.widget-box').forEach(function (b) {  // a box that scrolls (a narrow notebook) is reached by Tab
        var s = getComputedStyle(b);
        var scrolls = /(auto|scroll)/.test(s.overflowX + ' ' + s.overflowY) &&
          (b.scrollHeight > b.clientHeight + 1 || b.scrollWidth > b.clientWidth + 1);
        if (scrolls && !b.hasAttribute('tabindex')) { b.setAttribute('tabindex', '0'); }
      });
      var held = t.querySelector('.cl-you-hold');
      all(t, ROWS).forEach(function (row) {
        var cards = cardsOf(row), current = cards.indexOf(document.activeElement) >= 0 ? document.activeElement :
          (cards.indexOf(row.clCurrent) >= 0 ? row.clCurrent : (cardAt(row) || cards[0]));
        row.clCurrent = current;
        all(row, '.cl-cardbtn').forEach(function (b) {
          var want = b === current ? '0' : '-1';
          if (b.getAttribute('tabindex') !== want) { b.setAttribute('tabindex', want); }
        });
        if (row.getAttribute('role') !== 'group') { row.setAttribute('role', 'group'); }
        if (held && row.classList.contains('cl-hand')) {
          var label = held.textContent.replace(/:\\s*$/, '');
          if (row.getAttribute('aria-label') !== label) { row.setAttribute('aria-label', label); }
        }
      });
      if (!t.clKeys) {  // Enter, Space and the arrows stay in the table, once its controls had them
        t.clKeys = true;
        t.addEventListener('keydown', function (ev) {
          if (ev.key === 'Enter' || ev.key === ' ' || ev.key.indexOf('Arrow') === 0) { ev.stopPropagation(); }
        });
      }
    });
    var now = document.activeElement, table, row, to;
    if (lastFocus && !usable(lastFocus) && (now === lastFocus || now === document.body || !now)) {
      table = lastFocus.closest('.cl-table');
      row = lastFocus.closest(ROWS);
      lastFocus = null;
      if (table && document.body.contains(table)) { give(next(table, row)); }
    } else if (now && now.matches && now.matches(ROWS) && now.closest('.cl-table')) {  // a held row hands it on
      table = now.closest('.cl-table');
      to = asks(table) || cardAt(now, true);
      if (!to && cardAt(now)) {  // only cards before its place so far: a redraw turns the cards on one by one
        if (!now.clSince) { now.clSince = Date.now(); setTimeout(soon, 250); }
        else if (Date.now() - now.clSince >= 250) { to = cardAt(now); }
      }
      if (to) { now.clSince = 0; give(to); }
    }
  }
  function soon() { if (!timer) { timer = setTimeout(scan, 30); } }
  window.cardlabA11y = soon;
  document.addEventListener('focusin', function (ev) {
    var e = ev.target, row = e.closest && e.classList.contains('cl-cardbtn') ? e.closest(ROWS) : null;
    lastFocus = e.closest && e.closest('.cl-table') ? e : null;
    if (row && !giving) { row.clAt = shownOf(row).indexOf(e); }  // the place a played card's successor takes
  });
  window.addEventListener('keydown', function (ev) {
    var b = ev.target;
    if (!b || !b.classList || !b.classList.contains('cl-cardbtn') || ev.altKey || ev.ctrlKey || ev.metaKey) { return; }
    var row = b.closest(ROWS), table = b.closest('.cl-table');
    if (!row || !table) { return; }
    var cards = cardsOf(row), i = cards.indexOf(b), to = null;
    if (ev.key === 'ArrowRight' || ev.key === 'ArrowDown') { to = cards[Math.min(i + 1, cards.length - 1)]; }
    else if (ev.key === 'ArrowLeft' || ev.key === 'ArrowUp') { to = cards[Math.max(i - 1, 0)]; }
    else if (ev.key === 'Home') { to = cards[0]; }
    else if (ev.key === 'End') { to = cards[cards.length - 1]; }
    else if (ev.key === 'Enter') {
      var play = first(table, '.cl-action.cl-takes-cards');
      if (play) { ev.preventDefault(); ev.stopPropagation(); play.click(); }
      return;  // else the card's own click: it is chosen
    } else { return; }
    ev.preventDefault(); ev.stopPropagation();
    if (to) { row.clCurrent = to; scan(); to.focus(); }
  }, true);
  new MutationObserver(soon).observe(document.body, {subtree: true, childList: true, attributes: true,
    attributeFilter: ['title', 'class', 'disabled', 'style']});
  scan();
})();"""

TABLE_CSS = f"""
.cl-table {{ background: radial-gradient(ellipse at center, #2f7d46 0%, #1f5c33 100%);
  border-radius: 14px; padding: 4px 10px; color: #f3f3ea; max-width: 1240px; box-sizing: border-box;
  font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; font-size: 14px; }}
.cl-table .cl-title {{ font-size: 16px; }}
.cl-table .cl-note {{ font-size: 13px; color: #ffe27a; }}
/* a narrow notebook (JupyterLab with its file browser open) draws the table a little smaller
   rather than taller: laid out as in a wide one, then zoomed to the width there is */
.cl-table {{ container-type: inline-size; }}
@container (max-width: 1100px) {{ .cl-table > * {{ zoom: 0.82; }} }}
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
.cl-table .cl-cardbtn.cl-gone.jupyter-button {{ display: none !important; }}
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
.cl-table :focus-visible, .cl-dashboard :focus-visible, .cl-landing :focus-visible {{ outline: 3px solid #ffe27a !important; outline-offset: 2px;
  box-shadow: 0 0 0 5px #1b1b1b !important; }}
/* The buttons' colours meet WCAG AA (4.5:1) with their words; ipywidgets' success, info and warning do not. */
:is(.cl-table, .cl-dashboard, .cl-landing) .jupyter-button.mod-success {{ background: #1e6b2e; color: #ffffff; }}
:is(.cl-table, .cl-dashboard, .cl-landing) .jupyter-button.mod-info {{ background: #0b5d8c; color: #ffffff; }}
:is(.cl-table, .cl-dashboard, .cl-landing) .jupyter-button.mod-warning {{ background: #ffc46b; color: #1b1b1b; }}
:is(.cl-table, .cl-dashboard, .cl-landing) .jupyter-button.mod-primary {{ background: #1565c0; color: #ffffff; }}
:is(.cl-table, .cl-dashboard, .cl-landing) .jupyter-button.mod-danger {{ background: #b3261e; color: #ffffff; }}
.cl-table:focus {{ outline: 2px dashed #ffe27a; outline-offset: -2px; }}
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
    """The stylesheet as a ``<style>`` element, then the helper's image (the same text every time).

    >>> style_tag().startswith("<style>") and ".cl-cardbtn" in style_tag()
    True
    """
    return (f"<style>{TABLE_CSS}</style><img hidden alt='' src='data:,' "
            f"onerror='{html.escape(A11Y_SCRIPT, quote=True)}'>")


def page_heading_html(text: str) -> str:
    """A classroom page's heading (``<h1>``) over plain words ``text``, styled inline: a
    refusal has no stylesheet, and a heading this size leaves a student's table room to
    fit 1280x900 below it.

    >>> page_heading_html("Your <classroom> table")
    '<h1 class="cl-page-heading" style="font-size:22px;line-height:1.25;margin:2px 0 6px 0">Your &lt;classroom&gt; table</h1>'
    """
    return (f'<h1 class="cl-page-heading" style="font-size:22px;line-height:1.25;margin:2px 0 6px 0">'
            f'{html.escape(text)}</h1>')


def fill_tooltips(root: Any) -> Any:
    """Give every widget under ``root`` that has none an empty tooltip; returns ``root``.

    ipywidgets writes a tooltip of None into its label's ``title`` as the word "null",
    which a pointer shows (issue 28: tooltips in words).

    >>> import ipywidgets as W
    >>> box = fill_tooltips(W.VBox([W.HTML("x"), W.IntSlider(description="chips")]))
    >>> [child.tooltip for child in box.children]
    ['', '']
    """
    stack = [root]
    while stack:
        widget = stack.pop()
        stack.extend(getattr(widget, "children", ()))
        if "tooltip" in widget.trait_names() and widget.tooltip is None:
            widget.tooltip = ""  # no title at all (a description copied here would stay in one language)
    return root
