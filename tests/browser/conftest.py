"""Fixtures of the real-browser tests: Debian's chromium, Voilà and JupyterLab servers.

Every test here is marked ``browser`` and skips, saying why, where /usr/bin/chromium
is missing. Screenshots go to ``test-artifacts/screenshots/`` (the path is printed).
"""

from __future__ import annotations

import shutil

import pytest

from .browser_servers import CHROMIUM, SCREENSHOTS, SKIP_REASON, launch_browser, notebook_copy, server


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.browser)
            if not CHROMIUM.exists():
                item.add_marker(pytest.mark.skip(reason=SKIP_REASON))


@pytest.fixture(scope="session")
def notebooks_folder():
    folder = notebook_copy()
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def voila_url(notebooks_folder):
    with server("voila", notebooks_folder) as url:
        yield url


@pytest.fixture(scope="session")
def lab_url(notebooks_folder):
    with server("lab", notebooks_folder) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch_browser(playwright)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1150, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    yield page
    context.close()


@pytest.fixture(scope="session")
def screenshot():
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    print(f"\nscreenshots of the browser tests: {SCREENSHOTS}")

    def save(page, name: str) -> None:
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)

    return save


def pytest_terminal_summary(terminalreporter):
    if SCREENSHOTS.exists() and any(SCREENSHOTS.glob("*.png")):
        terminalreporter.write_line(f"screenshots of the browser tests: {SCREENSHOTS}")
