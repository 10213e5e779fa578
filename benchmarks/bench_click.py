"""Time from a click to the updated page, in a real browser, for every game's table (Voilà).

For each play notebook, Voilà serves the table and Chromium (1280x900) clicks a card
of the player's hand again and again: in Kontrabluff, draw poker (at the draw) and
Fight for the Lead it selects or unselects the card (the card lifts, the action
button names the choice: "Lay 7♥", "Draw 2", "Fight with Q♦"); in parallel poker it
puts a card into a packet, the next click takes it back. Each click is a round trip:
the kernel runs the table's callback, which re-renders from the observation, and the
browser shows the change. No bot moves on these clicks (their thinking time is not a
table's). The time is measured inside the page (``performance.now()`` from
``click()`` until a ``MutationObserver`` sees the change).

Peer, in the same run and server: a bare ipywidgets button whose click toggles its own
description and a CSS class (the floor of one widget round trip in Voilà).

Target (issue 13): median under 100 ms for every game.

In another language (issue 29: ``--lang``) each play notebook runs in a kernel whose
locale asks for it (``LANGUAGE=pl``: the tables' default language), so the same table
speaks Polish; with several languages (``--lang en pl uk``) every game is timed in each,
in one run and one server, and each language's median is compared with English's
(target: within 10%).

    python benchmarks/bench_click.py              # 60 clicks per game
    python benchmarks/bench_click.py --clicks 100 --games kontrabluff
    python benchmarks/bench_click.py --lang pl    # the tables in Polish
    python benchmarks/bench_click.py --lang en pl uk   # English, Polish and Ukrainian, compared

Needs Debian's chromium at /usr/bin/chromium (apt-get install chromium).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

from browser_servers import CHROMIUM, SKIP_REASON, VIEWPORT, notebook_copy, voila_browser, write_notebook  # noqa: E402

GAMES = ("kontrabluff", "draw-poker", "fight-for-the-lead", "parallel-poker")
PEER = "bench-peer"
PEER_CODE = """import ipywidgets as W

button = W.Button(description="off")
button.add_class("peer")

def toggle(_):
    on = button.description == "off"
    button.description = "on" if on else "off"
    if on:
        button.add_class("peer-on")
    else:
        button.remove_class("peer-on")

button.on_click(toggle)
button"""

# One click, timed in the page: resolves with the ms until ``done()`` holds.
CLICK = """
async ([mode, index]) => {
  const visible = b => b.offsetParent && !b.disabled;
  let target, done;
  if (mode === 'peer') {
    target = document.querySelector('.peer');
    const was = target.textContent;
    done = () => target.textContent !== was;
  } else if (mode === 'packet') {
    const packets = () => [...document.querySelectorAll('.cl-packet')].map(p => p.textContent).join('|');
    const before = packets();
    const placed = [...document.querySelectorAll('.cl-packet .cl-cardbtn')].filter(visible);
    target = placed.length ? placed[0] : [...document.querySelectorAll('.cl-hand .cl-cardbtn')].filter(visible)[0];
    done = () => packets() !== before;
  } else {
    const cards = [...document.querySelectorAll('.cl-hand .cl-cardbtn')].filter(visible);
    target = cards[index % cards.length];
    const actions = () => [...document.querySelectorAll('.cl-action')].filter(b => b.offsetParent).map(b => b.textContent).join('|');
    const was = target.classList.contains('cl-selected'), before = actions();
    done = () => target.classList.contains('cl-selected') !== was && actions() !== before;
  }
  return await new Promise(resolve => {
    const start = performance.now();
    const watcher = new MutationObserver(() => {
      if (done()) { watcher.disconnect(); resolve(performance.now() - start); }
    });
    watcher.observe(document.body, {attributes: true, childList: true, subtree: true, characterData: true});
    target.click();
    setTimeout(() => { watcher.disconnect(); resolve(-1); }, 10000);
  });
}
"""

TO_CARDS = ("Call", "Stand pat", "Show", "Open")  # draw poker: bet on to the draw, where cards are picked
LANGUAGES = ("en", "sv", "pl", "uk")


def to_cards(lang: str) -> tuple[str, ...]:
    """:data:`TO_CARDS` as draw poker's buttons say them in ``lang``."""
    import cardlab.games  # noqa: F401  (each game registers its words with it)
    from cardlab.words import VERBS, language

    verbs = VERBS["draw_poker"]
    with language(lang):
        return (verbs["call"].label(), verbs["draw"].label("none"), verbs["show"].label(), verbs["open"].label())


def language_copy(folder: Path, notebook: str, lang: str) -> str:
    """A copy of ``notebook`` whose kernel's locale asks for ``lang`` (set before cardlab
    chooses its default language); returns the copy's name."""
    name = f"{notebook}-{lang}"
    data = json.loads((folder / f"{notebook}.ipynb").read_text())
    code = next(cell for cell in data["cells"] if cell["cell_type"] == "code")
    source = "".join(code["source"])
    code["source"] = f"import os\nos.environ['LANGUAGE'] = {lang!r}  # the tables' default language\n" + source
    (folder / f"{name}.ipynb").write_text(json.dumps(data))
    return name


def reach_clickable_cards(page, lang: str = "en") -> None:
    """Play on (draw poker's betting) until the hand's cards can be clicked."""
    enabled = ".cl-hand .cl-cardbtn:visible:not([disabled])"
    for _ in range(30):
        page.wait_for_timeout(300)
        if page.locator(".cl-continue:visible").count():
            page.locator(".cl-continue:visible").click()
            continue
        if page.locator(enabled).count():
            return
        buttons = page.locator(".cl-action:visible:not([disabled])")
        labels = [buttons.nth(i).text_content().strip() for i in range(buttons.count())]
        choice = next((x for w in to_cards(lang) for x in labels if x.startswith(w)), None)
        if choice is None:
            raise RuntimeError(f"no card to click and no move to make: {labels}")
        page.locator(".cl-action:visible", has_text=choice).first.click()
    raise RuntimeError("the hand's cards never became clickable")


def measure(page, url: str, notebook: str, mode: str, clicks: int, lang: str = "en") -> list[float]:
    page.goto(f"{url}/voila/render/{notebook}.ipynb", timeout=120_000)
    if mode == "peer":
        page.wait_for_selector(".peer", timeout=120_000)
    else:
        page.wait_for_selector(".cl-table .cl-log", timeout=120_000)
        reach_clickable_cards(page, lang)
    for warm in range(4):  # the first round trips warm the kernel and the page up
        page.evaluate(CLICK, [mode, 0])
    times = []
    for i in range(clicks):
        times.append(page.evaluate(CLICK, [mode, 0]))
        time.sleep(0.02)
    if any(t < 0 for t in times):
        raise RuntimeError(f"{notebook}: {sum(t < 0 for t in times)} clicks got no update within 10 s")
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=60)
    parser.add_argument("--games", nargs="*", default=list(GAMES), choices=GAMES)
    parser.add_argument("--lang", nargs="+", default=["en"], choices=LANGUAGES,
                        help="the tables' language(s); several: each game in each, compared with English")
    args = parser.parse_args()
    if args.clicks < 50:
        parser.error("use at least 50 clicks")
    if not CHROMIUM.exists():
        sys.exit(SKIP_REASON)
    folder = notebook_copy()
    write_notebook(folder, PEER, PEER_CODE)
    rows = []
    medians: dict[tuple[str, str], float] = {}
    try:
        with voila_browser(folder) as (running, browser):
            page = browser.new_page(viewport=VIEWPORT)
            page.set_default_timeout(20_000)
            runs = [("peer: bare ipywidgets button", PEER, "peer", "en", "")]
            for lang in args.lang:
                runs += [(f"{game} [{lang}]", language_copy(folder, f"play-{game}", lang),
                          "packet" if game == "parallel-poker" else "select", lang, game) for game in args.games]
            for name, notebook, mode, lang, game in runs:
                times = sorted(measure(page, running.url, notebook, mode, args.clicks, lang))
                rows.append((name, len(times), statistics.median(times), statistics.fmean(times),
                             times[int(0.9 * (len(times) - 1))], times[0], times[-1]))
                if game:
                    medians[(game, lang)] = statistics.median(times)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"click -> updated page, Voilà, Chromium {VIEWPORT['width']}x{VIEWPORT['height']}, "
          f"{args.clicks} clicks per game (no bot move)")
    print(f"{'table':32} {'clicks':>6} {'median':>8} {'mean':>8} {'p90':>8} {'min':>8} {'max':>8}  target")
    for name, n, median, mean, p90, low, high in rows:
        verdict = "" if name.startswith("peer") else ("met" if median < 100 else "NOT met")
        print(f"{name:32} {n:6d} {median:8.1f} {mean:8.1f} {p90:8.1f} {low:8.1f} {high:8.1f}  {verdict}")
    print("times in ms; target: median < 100 ms per game")
    others = [lang for lang in args.lang if lang != "en"]
    if "en" in args.lang and others:
        print("\nmedian in each language against English's (target: within 10%)")
        print(f"{'game':24} {'en':>8} " + " ".join(f"{lang:>14}" for lang in others))
        for game in args.games:
            base = medians[(game, "en")]
            cells = [f"{medians[(game, lang)]:6.1f} ({medians[(game, lang)] / base - 1:+.0%})" for lang in others]
            print(f"{game:24} {base:8.1f} " + " ".join(f"{cell:>14}" for cell in cells))


if __name__ == "__main__":
    main()
