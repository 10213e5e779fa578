"""The classroom pages' browser code, installed with the package: a school network needs no internet.

Solara's page loads its browser code (the widgets' Vue app, its fonts, RequireJS, Font
Awesome) from a CDN unless the server has a copy; the copy for the pinned Solara
(:data:`SOLARA`) is made here from the npm packages its page names (:data:`PACKAGES`,
each checked against the registry's sha512), keeping only the files the page loads
(:func:`needed`): about 10 MB in ``cardlab/app/cdn/``, shipped in the wheel as package
data. The classroom server serves that folder (:func:`folder`); it is made by the build
(``setup.py``: ``pip install -e .``, ``pip wheel .``) and by ``tools/lab.sh`` and
``tools/test.sh``, or by hand:

    python -m cardlab.app.assets          # needs npm and the npm registry, once

Stdlib only: the build runs this file before cardlab's own dependencies are installed.

>>> sorted(PACKAGES)
['@widgetti/solara-vuetify3-app', 'font-awesome', 'requirejs']
>>> needed_urls("a{src:url(x.woff2) format('woff2'),url(../fonts/f.eot?v=4.5.0#iefix)}")
['../fonts/f.eot', 'x.woff2']
"""

from __future__ import annotations

import base64
import hashlib
import io
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path, PurePosixPath

__all__ = ["SOLARA", "PACKAGES", "ENTRIES", "folder", "missing", "install", "needed_urls"]

#: The Solara release whose page these assets match (pyproject pins it: ``solara==``).
SOLARA = "1.64.1"
#: The npm packages the pinned Solara's page loads (its template names these versions),
#: with the registry's sha512 of each package.
PACKAGES = {
    "@widgetti/solara-vuetify3-app": ("5.2.0", "sha512-9UMyjf9KASR9PucZ7848upx1gqOqlUnG5Hh5or5CTaN/Um+AxAHQGwv8x4fFJzco/OaccsWdtsqb3bmYAnBo+Q=="),
    "font-awesome": ("4.5.0", "sha512-XGGY8CN/NT8e5fKOC/K7CESNQ3+2oYOfZqwZcKgEMtcmTiHtFIH+XZWRoU0HtcdwhtSkpWXLfTIUlTdJ4PhX8A=="),
    "requirejs": ("2.3.6", "sha512-ipEzlWQe6RK3jkzikgCupiTbTvm4S0/CAU5GlgptkN5SO6F3u0UD0K18wy6ErDqiCyP4J4YYe1HuAShvsxePLg=="),
}
#: The files the page names, in each package (widgets 8, production build); the fonts and
#: chunks they load are found from them (:func:`needed`).
ENTRIES = {
    "@widgetti/solara-vuetify3-app": ("dist/main8.css", "dist/fonts.css", "dist/solara-vuetify-app8.min.js"),
    "font-awesome": ("css/font-awesome.min.css",),
    "requirejs": ("require.js",),
}
#: The lazily loaded pieces of the widgets' app (webpack chunks), loaded by its script.
_CHUNKS = re.compile(r"^dist/\d+\.solara-vuetify-app8\.min\.js$")
_URL = re.compile(r"url\(\s*['\"]?([^'\")]+)['\"]?\s*\)")


def folder() -> Path:
    """Where the copy lives: Solara's CDN layout (``<package>@<version>/<file>``)."""
    return Path(__file__).resolve().parent / "cdn"


def needed_urls(css: str) -> list[str]:
    """The relative files a stylesheet loads (fonts), without their query or fragment."""
    found = {re.split(r"[?#]", url, maxsplit=1)[0] for url in _URL.findall(css)}
    return sorted(url for url in found if url and not url.startswith(("data:", "http:", "https:", "//")))


def needed(name: str, files: dict[str, bytes]) -> list[str]:
    """The files of package ``name`` (its ``files``, by path) that the page loads."""
    keep = set(ENTRIES[name]) | {path for path in files if _CHUNKS.match(path)}
    for entry in ENTRIES[name]:
        if entry.endswith(".css"):
            base = PurePosixPath(entry).parent
            for url in needed_urls(files[entry].decode("utf-8", errors="replace")):
                path = str(PurePosixPath(*_normal((base / url).parts)))
                if path in files:
                    keep.add(path)
    return sorted(keep)


def _normal(parts: tuple[str, ...]) -> list[str]:
    out: list[str] = []
    for part in parts:
        if part == "..":
            out.pop()
        elif part != ".":
            out.append(part)
    return out


def _manifest() -> Path:
    return folder() / "MANIFEST.txt"


def missing() -> list[str]:
    """What the copy lacks (every package, if it was never made): empty when it is complete."""
    manifest = _manifest()
    if not manifest.exists():
        return [f"{name}@{version}" for name, (version, _) in PACKAGES.items()]
    listed = [line.strip() for line in manifest.read_text().splitlines() if line.strip()]
    lacking = [path for path in listed if not (folder() / path).is_file()]
    lacking += [f"{name}@{version}" for name, (version, _) in PACKAGES.items()
                if not any(line.startswith(f"{name}@{version}/") for line in listed)]
    return lacking


def _integrity(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def _pack(name: str, version: str, npm: str, into: Path) -> bytes:
    """The package's tarball from the npm registry (``npm pack``, npm's own client and cache)."""
    result = subprocess.run([npm, "pack", f"{name}@{version}", "--silent", "--pack-destination", str(into)],
                            capture_output=True, text=True, timeout=600, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"npm pack {name}@{version} failed: {result.stderr.strip()[-500:]}")
    (tarball,) = into.glob(f"{name.lstrip('@').replace('/', '-')}-{version}.tgz")
    return tarball.read_bytes()


def install(npm: str = "npm", *, force: bool = False, quiet: bool = False) -> Path:
    """Make the copy (nothing to do when it is complete, unless ``force``); returns its folder."""
    target = folder()
    if not force and not missing():
        return target
    if shutil.which(npm) is None:
        raise RuntimeError("npm is not installed: the classroom's browser code comes from npm packages "
                           "(Debian: apt-get install npm)")
    listed: list[str] = []
    with tempfile.TemporaryDirectory(prefix="cardlab-assets-") as work:
        staging = Path(work) / "cdn"
        for name, (version, integrity) in PACKAGES.items():
            data = _pack(name, version, npm, Path(work))
            if _integrity(data) != integrity:
                raise RuntimeError(f"{name}@{version}: the package's checksum is not the pinned one")
            files: dict[str, bytes] = {}
            with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
                for member in tar.getmembers():
                    if member.isfile() and member.name.startswith("package/"):
                        files[member.name[len("package/"):]] = tar.extractfile(member).read()  # type: ignore[union-attr]
            for path in needed(name, files):
                out = staging / f"{name}@{version}" / path
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_bytes(files[path])
                listed.append(f"{name}@{version}/{path}")
        (staging / "MANIFEST.txt").write_text("\n".join(listed) + "\n")
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(staging, target)
    if not quiet:
        size = sum((target / path).stat().st_size for path in listed)
        print(f"The classroom's browser code: {len(listed)} files, {size / 1e6:.1f} MB in {target}")
    return target


def main(argv: list[str] | None = None) -> int:
    """``python -m cardlab.app.assets [--force]``: make the copy (say where it is)."""
    args = sys.argv[1:] if argv is None else argv
    try:
        install(force="--force" in args)
    except (RuntimeError, OSError, subprocess.SubprocessError) as error:
        print(f"The classroom's browser code could not be installed: {error}", file=sys.stderr)
        return 1
    if "--force" not in args:
        print(f"The classroom's browser code is in {folder()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
