"""The build's one step beyond pyproject.toml: the classroom pages' browser code goes into the package.

Before the package's files are collected (``pip install -e .``, ``pip wheel .``), the
browser code of the pinned Solara is made from its npm packages (cardlab/app/assets.py,
loaded by its path: the build has none of cardlab's dependencies), so the wheel serves a
classroom without internet. Without npm or the npm registry the build goes on and says
so; the classroom server then says how to install it (``python -m cardlab.app.assets``).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class BuildWithBrowserCode(build_py):
    def run(self) -> None:
        spec = importlib.util.spec_from_file_location("cardlab_assets", HERE / "cardlab" / "app" / "assets.py")
        assets = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(assets)
        try:
            assets.install(quiet=True)
        except Exception as error:  # noqa: BLE001 - the package still builds; the server says what is missing
            print(f"cardlab: the classroom's browser code is not in this build ({error}); "
                  "install it with: python -m cardlab.app.assets", file=sys.stderr)
        super().run()


setup(cmdclass={"build_py": BuildWithBrowserCode})
