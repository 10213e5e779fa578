"""Fixtures of the real-browser tests: Debian's chromium, Voilà and JupyterLab servers.

Every test here is marked ``browser`` and skips, saying why, where /usr/bin/chromium
is missing. Each carries its own timeout (``signal`` method, so fixtures still stop
the servers); every Playwright wait has an explicit limit (the page's default).
Screenshots go to ``test-artifacts/screenshots/`` (the path is printed), full page,
at 1280x900.
"""

from __future__ import annotations

import shutil

import pytest

from .browser_servers import (
    CHROMIUM,
    SCREENSHOTS,
    SKIP_REASON,
    VIEWPORT,
    full_page_screenshot,
    launch_browser,
    notebook_copy,
    server,
)

BROWSER_TEST_TIMEOUT = 240  # s per browser test: a start of a server and a kernel, and a game's round


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.browser)
            if item.get_closest_marker("timeout") is None:
                item.add_marker(pytest.mark.timeout(BROWSER_TEST_TIMEOUT, method="signal"))
            if not CHROMIUM.exists():
                item.add_marker(pytest.mark.skip(reason=SKIP_REASON))


@pytest.fixture(scope="session")
def notebooks_folder():
    folder = notebook_copy()
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def voila(notebooks_folder):
    with server("voila", notebooks_folder) as running:
        yield running


@pytest.fixture(scope="session")
def lab(notebooks_folder):
    with server("lab", notebooks_folder) as running:
        yield running


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch_browser(playwright)
        try:
            yield chromium
        finally:
            chromium.close()


STEP = 20_000  # ms: the default limit of every Playwright wait (a click's round trip, bots' moves)


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport=VIEWPORT)
    context.set_default_timeout(STEP)
    context.set_default_navigation_timeout(120_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    try:
        yield page
    finally:
        context.close()


@pytest.fixture(scope="session")
def axe_core() -> str:
    """The pinned axe-core's script (:mod:`tests.browser.a11y`): a test that runs axe-core asks
    for it, and skips before any server starts, saying why, where it is not installed."""
    from .a11y import axe_script

    return axe_script()


@pytest.fixture(scope="session")
def screenshot():
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    print(f"\nscreenshots of the browser tests: {SCREENSHOTS}")

    def save(page, name: str) -> str:
        path = SCREENSHOTS / f"{name}.png"
        full_page_screenshot(page, path)
        return str(path)

    return save


def pytest_terminal_summary(terminalreporter):
    if SCREENSHOTS.exists() and any(SCREENSHOTS.glob("*.png")):
        terminalreporter.write_line(f"screenshots of the browser tests: {SCREENSHOTS}")
