"""A school's deployment (deploy/, issue 38): checked offline as far as files can be, brought up where docker runs.

Offline: the compose file parses and names its services (the store, two classroom
servers sharing it, the proxy), the nginx configuration parses (crossplane, nginx's own
parser in Python) and passes websockets with long read timeouts and keeps each browser on
its server, the Dockerfile's stages are the ones the compose file and the Helm values
build, and the zero-to-jupyterhub values give students' servers the image, the page and
the store's URL. With a docker daemon (``docker info`` answers), the school is brought up
and its landing page answers through the proxy, twice on one server; without one, that
test skips, saying so.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest
import yaml

DEPLOY = Path(__file__).resolve().parents[1] / "deploy"


def _compose() -> dict:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text())


def _stages() -> dict[str, str]:
    """The Dockerfile's stages: name -> base image."""
    return {name: base for base, name in re.findall(r"^FROM\s+(\S+)\s+AS\s+(\S+)\s*$",
                                                    (DEPLOY / "Dockerfile").read_text(), re.M | re.I)}


def test_the_compose_file_has_the_store_two_classroom_servers_and_the_proxy():
    compose = _compose()
    services = compose["services"]
    assert set(services) == {"db", "classroom-1", "classroom-2", "proxy"}
    assert services["db"]["image"].startswith("postgres:") and "healthcheck" in services["db"]
    assert "store" in compose["volumes"] and any(v.startswith("store:") for v in services["db"]["volumes"])
    for name in ("classroom-1", "classroom-2"):
        server = services[name]
        assert server["environment"]["CARDLAB_DB"].startswith("postgresql://cardlab:")
        assert server["environment"]["CARDLAB_DB"].endswith("@db:5432/cardlab")  # one store for both servers
        assert server["depends_on"]["db"]["condition"] == "service_healthy"
        assert server["environment"]["CARDLAB_PORT"] == "${CARDLAB_PORT:-8866}"  # the links name the proxy's port
        assert server["build"]["dockerfile"] == "deploy/Dockerfile" and server["build"]["target"] in _stages()
        assert (DEPLOY / server["build"]["context"] / server["build"]["dockerfile"]).exists()
    proxy = services["proxy"]
    assert proxy["image"].startswith("nginx:") and re.fullmatch(r"\$\{CARDLAB_PORT:-8866\}:80", proxy["ports"][0])
    mounted = proxy["volumes"][0].split(":")
    assert (DEPLOY / mounted[0]).exists() and mounted[1] == "/etc/nginx/conf.d/default.conf"


def test_the_dockerfile_installs_the_package_with_its_store_and_serves_the_classroom():
    text = (DEPLOY / "Dockerfile").read_text()
    assert set(_stages()) == {"classroom", "singleuser"}
    assert 'pip install ".[app,postgres]"' in text and "EXPOSE 8866" in text
    assert re.search(r'^CMD .*cardlab-classroom --db \\"\$CARDLAB_DB\\"', text, re.M)
    assert "USER classroom" in text  # the server does not run as root
    # its links: the proxy's address students reach (CARDLAB_PUBLIC_URL, else host and published port)
    assert re.search(r'--public-url \\"\$\{CARDLAB_PUBLIC_URL:-http://\$CARDLAB_HOST:\$CARDLAB_PORT/\}', text)


def _nginx() -> list[dict]:
    crossplane = pytest.importorskip("crossplane")
    parsed = crossplane.parse(str(DEPLOY / "nginx.conf"), single=True, check_ctx=False, comments=False)
    assert parsed["status"] == "ok" and not parsed["errors"], parsed["errors"]
    return parsed["config"][0]["parsed"]


def _find(block: list[dict], directive: str) -> list[dict]:
    return [entry for entry in block if entry["directive"] == directive]


def test_nginx_passes_websockets_with_long_reads_and_keeps_each_browser_on_its_server():
    config = _nginx()
    (upstream,) = _find(config, "upstream")
    servers = [entry["args"][0] for entry in _find(upstream["block"], "server")]
    assert servers == ["classroom-1:8866", "classroom-2:8866"]
    assert _find(upstream["block"], "hash")[0]["args"] == ["$cardlab_server", "consistent"]  # session affinity
    (server,) = _find(config, "server")
    (location,) = _find(server["block"], "location")
    said = {}
    for entry in location["block"]:
        said.setdefault(entry["directive"], []).append(entry["args"])
    assert said["proxy_pass"] == [["http://classroom"]] and said["proxy_http_version"] == [["1.1"]]
    headers = {args[0]: args[1] for args in said["proxy_set_header"]}
    assert headers["Upgrade"] == "$http_upgrade" and headers["Connection"] == "$connection_upgrade"
    upgrade = next(entry for entry in _find(config, "map") if entry["args"][0] == "$http_upgrade")
    assert {tuple(entry["args"]) for entry in upgrade["block"]} == {("upgrade",), ("close",)} or \
        {entry["directive"] for entry in upgrade["block"]} == {"default", ""}
    assert said["proxy_read_timeout"] == [["4h"]] and said["proxy_send_timeout"] == [["4h"]]
    assert any("cardlab_server=$cardlab_server" in args[1] for args in said["add_header"])


def test_the_jupyterhub_values_give_students_servers_the_image_the_page_and_the_store():
    values = yaml.safe_load((DEPLOY / "jupyterhub-values.yaml").read_text())
    single = values["singleuser"]
    assert single["image"]["name"].endswith("cardlab-singleuser") and single["image"]["tag"]
    assert single["defaultUrl"] == "/voila/render/landing.ipynb"
    assert single["extraEnv"]["CARDLAB_DB"]["valueFrom"]["secretKeyRef"]["key"] == "url"
    assert "/opt/cardlab/pages" in (DEPLOY / "Dockerfile").read_text() and single["notebookDir"] == "/opt/cardlab/pages"


def _docker_reason() -> str | None:
    if shutil.which("docker") is None:
        return "docker is not installed: the school's deployment is not brought up"
    info = subprocess.run(["docker", "info"], capture_output=True, text=True, timeout=60)
    if info.returncode != 0:
        return "no docker daemon answers here (docker info failed): the school's deployment is not brought up"
    if subprocess.run(["docker", "compose", "version"], capture_output=True, timeout=60).returncode != 0:
        return "docker compose is not installed: the school's deployment is not brought up"
    return None


@pytest.mark.slow
@pytest.mark.timeout(1200)
def test_the_school_comes_up_and_its_landing_page_answers_through_the_proxy():
    reason = _docker_reason()
    if reason:
        pytest.skip(reason)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "CARDLAB_DB_PASSWORD": "test-only", "CARDLAB_PORT": str(port), "CARDLAB_HOST": "127.0.0.1"}
    compose = ["docker", "compose", "-f", str(DEPLOY / "compose.yaml"), "-p", f"cardlab-test-{port}"]
    try:
        subprocess.run(compose + ["up", "-d", "--build", "--wait"], env=env, check=True, timeout=1100)
        deadline, answer = time.monotonic() + 60, None
        while time.monotonic() < deadline:
            try:
                answer = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10)
                break
            except OSError:
                time.sleep(1)
        assert answer is not None and answer.status == 200
        cookie = answer.headers["Set-Cookie"].split(";")[0]
        assert cookie.startswith("cardlab_server=")
        again = urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{port}/", headers={"Cookie": cookie}))
        assert again.status == 200 and again.headers["Set-Cookie"].split(";")[0] == cookie  # kept on its server
        logs = subprocess.run(compose + ["logs", "classroom-1"], env=env, capture_output=True, text=True).stdout
        assert "Teacher's page" in logs and f"http://127.0.0.1:{port}/teacher?key=" in logs and "postgresql://cardlab:***@db:5432/cardlab" in logs
    finally:
        subprocess.run(compose + ["down", "-v"], env=env, capture_output=True, timeout=300)
