"""Installed like a real application: the wheel carries its content, and the installed
``canasta-tutor`` works from a folder outside the checkout, as does the editable install of the
development environment (the same checks on both). Missing content is an error; the Dockerfile
and the compose file stay in step with the package.

The wheel is built once (``pip wheel . --no-deps``) and installed with its dependencies into one
temporary virtual environment (pip's cache makes the second run quick). Select these tests with
``-m packaging``, leave them out with ``-m "not packaging"``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import tomllib
import urllib.request
import zipfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import IO

import pytest
import yaml

from tutor import __version__
from tutor.i18n import LANGUAGES, offered, translator
from tutor.lessons.load import load_all
from tutor.lessons.runner import say

pytestmark = pytest.mark.packaging
ROOT = Path(__file__).resolve().parent.parent
LESSON_FILES = sorted((ROOT / "lessons").glob("*.toml"))
CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
POSITION = ROOT / "tests" / "data" / "frozen-pile.json"
HEALTH = "/_stcore/health"
PORT = 8501


def _run(*command: str | Path, cwd: Path, env: dict[str, str] | None = None,
         timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(part) for part in command], cwd=cwd, env=env, text=True,
                          capture_output=True, timeout=timeout, check=False)


def _clean_env(**extra: str) -> dict[str, str]:
    """The environment without this project's settings (and without the checkout on the path)."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("CANASTA_TUTOR_") and k != "PYTHONPATH"}
    return {**env, **extra}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    done = _run(sys.executable, "-m", "pip", "wheel", ROOT, "--no-deps", "-q", "-w", out,
                cwd=out)
    assert done.returncode == 0, done.stderr
    (built,) = out.glob("canasta_tutor-*.whl")
    return built


@pytest.fixture(scope="module")
def wheel_bin(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A clean virtual environment with the wheel and its dependencies: its bin folder."""
    venv = tmp_path_factory.mktemp("venv")
    made = _run(sys.executable, "-m", "venv", venv, cwd=venv)
    assert made.returncode == 0, made.stderr
    done = _run(venv / "bin" / "python", "-m", "pip", "install", "-q",
                "--disable-pip-version-check", wheel, cwd=venv)
    assert done.returncode == 0, done.stderr
    return venv / "bin"


def _editable_bin() -> Path:
    """The development environment's bin folder; it must hold an editable install."""
    bin_dir = Path(sys.executable).parent
    found = _run(bin_dir / "python", "-c",
                 "import importlib.metadata as m; "
                 "print(m.distribution('canasta-tutor').read_text('direct_url.json'))",
                 cwd=bin_dir)
    info = json.loads(found.stdout or "{}")
    assert info.get("dir_info", {}).get("editable"), f"not an editable install: {found}"
    return bin_dir


@pytest.fixture(params=["wheel", "editable"])
def cli(request: pytest.FixtureRequest) -> Path:
    """``canasta-tutor`` from the wheel, and from the editable install."""
    bin_dir = request.getfixturevalue("wheel_bin") if request.param == "wheel" else _editable_bin()
    return Path(bin_dir) / "canasta-tutor"


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A working folder outside the checkout."""
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    return folder


# ----- the wheel's content -----------------------------------------------------------------------


def test_the_wheel_carries_the_content_as_in_the_checkout(wheel: Path) -> None:
    expected = {f"tutor/_data/lessons/{path.name}": path for path in LESSON_FILES}
    for path in (ROOT / "locales").rglob("*"):
        if path.is_file() and path.suffix in {".po", ".csv"}:
            expected[f"tutor/_data/locales/{path.relative_to(ROOT / 'locales')}"] = path
    expected["tutor/_data/RULES.md"] = ROOT / "docs" / "RULES.md"
    expected["tutor/_data/streamlit-config.toml"] = ROOT / ".streamlit" / "config.toml"
    expected["tutor/_app/streamlit_app.py"] = ROOT / "streamlit_app.py"
    for path in (ROOT / "app_pages").glob("*.py"):
        expected[f"tutor/_app/app_pages/{path.name}"] = path
    for path in (ROOT / "tutor" / "ui" / "card_table" / "assets").iterdir():
        expected[f"tutor/ui/card_table/assets/{path.name}"] = path
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        assert sorted(set(expected) - names) == []
        changed = [name for name, path in expected.items()
                   if archive.read(name) != path.read_bytes()]
    assert changed == []
    assert not [name for name in names if "/." in name or name.endswith(".tmp")]


# ----- the installed command line ----------------------------------------------------------------


def test_lessons_list_lists_every_lesson(cli: Path, outside: Path) -> None:
    done = _run(cli, "lessons", "list", cwd=outside, env=_clean_env())
    assert done.returncode == 0, done.stderr
    listed = {line.split()[2] for line in done.stdout.splitlines()}
    assert listed == {lesson.id for lesson in load_all(ROOT / "lessons")}
    assert done.stderr == ""


def test_check_answers_in_swedish(cli: Path, outside: Path) -> None:
    ask = (cli, "check", POSITION, "take KH 2C")
    swedish = _run(*ask, "--lang", "sv", cwd=outside, env=_clean_env())
    english = _run(*ask, "--lang", "en", cwd=outside, env=_clean_env())
    from_checkout = _run(sys.executable, "-m", "tutor", *ask[1:], "--lang", "sv", cwd=ROOT)
    assert swedish.returncode == 0, swedish.stderr
    assert swedish.stdout == from_checkout.stdout
    assert swedish.stdout != english.stdout


def test_version(cli: Path, outside: Path) -> None:
    done = _run(cli, "--version", cwd=outside, env=_clean_env())
    assert (done.returncode, done.stdout.strip()) == (0, f"canasta-tutor {__version__}")


# ----- missing content is an error ---------------------------------------------------------------


def _data_dir(tmp_path: Path, *, without: str = "", lessons: bool = True) -> Path:
    """A data folder: the checkout's locales (less one language's catalog) and lessons."""
    data = tmp_path / "data"
    shutil.copytree(ROOT / "locales", data / "locales")
    if without:
        (data / "locales" / without / "LC_MESSAGES" / "tutor.po").unlink()
    (data / "lessons").mkdir()
    for path in LESSON_FILES if lessons else ():
        shutil.copy(path, data / "lessons" / path.name)
    return data


def test_a_missing_catalog_is_an_error_naming_language_and_file(
    cli: Path, outside: Path, tmp_path: Path
) -> None:
    data = _data_dir(tmp_path, without="sv")
    done = _run(cli, "check", POSITION, "take KH 2C", "--lang", "sv", cwd=outside,
                env=_clean_env(CANASTA_TUTOR_DATA_DIR=str(data)))
    assert done.returncode == 2  # the verdict (stdout) needs no catalog; its explanation does
    (line,) = done.stderr.splitlines()
    assert "Svenska" in line and str(data / "locales" / "sv") in line, line


def test_an_empty_lesson_folder_is_an_error(cli: Path, outside: Path, tmp_path: Path) -> None:
    data = _data_dir(tmp_path, lessons=False)
    done = _run(cli, "lessons", "list", cwd=outside,
                env=_clean_env(CANASTA_TUTOR_DATA_DIR=str(data)))
    assert done.returncode == 2
    (line,) = done.stderr.splitlines()
    assert "no lesson files" in line and str(data / "lessons") in line, line


def test_a_broken_lesson_is_named(cli: Path, outside: Path, tmp_path: Path) -> None:
    folder = tmp_path / "lessons"
    folder.mkdir()
    shutil.copy(LESSON_FILES[0], folder / LESSON_FILES[0].name)
    (folder / "broken.toml").write_text('id = "broken"\ntitle = [', encoding="utf-8")
    env = _clean_env(CANASTA_TUTOR_LESSONS_DIR=str(folder))
    listed = _run(cli, "lessons", "list", cwd=outside, env=env)
    checked = _run(cli, "lessons", "check", "--skip-catalog", cwd=outside, env=env)
    assert listed.returncode == 0 and len(listed.stdout.splitlines()) == 1
    assert listed.stderr.startswith("unavailable: broken.toml: ")
    assert checked.returncode == 2
    assert [line for line in checked.stdout.splitlines() if line.startswith("broken.toml: ")]


def test_the_app_command_refuses_to_start_without_lessons(
    cli: Path, outside: Path, tmp_path: Path
) -> None:
    data = _data_dir(tmp_path, lessons=False)
    done = _run(cli, "app", "--port", str(_free_port()), cwd=outside, timeout=60,
                env=_clean_env(CANASTA_TUTOR_DATA_DIR=str(data)))
    assert done.returncode == 2
    (line,) = done.stderr.splitlines()
    assert "no lesson files" in line, line


# ----- the installed app in a browser ------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def serve(outside: Path, tmp_path: Path) -> Iterator[object]:
    """Start ``canasta-tutor app --port N`` (the installed one) and give its URL."""
    procs: list[subprocess.Popen[bytes]] = []
    logs: list[IO[bytes]] = []

    def start(cli: Path, **env: str) -> str:
        port = _free_port()
        log = (tmp_path / f"app-{port}.log").open("wb")
        logs.append(log)
        proc = subprocess.Popen([str(cli), "app", "--port", str(port), "--address", "127.0.0.1"],
                                cwd=outside, env=_clean_env(**env), stdout=log,
                                stderr=subprocess.STDOUT)
        procs.append(proc)
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(url + HEALTH, timeout=1) as response:
                    if response.read() == b"ok":
                        return url
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                pytest.fail("the app did not start:\n" + Path(log.name).read_text())
            time.sleep(0.3)

    yield start
    for proc in procs:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    for log in logs:
        log.close()


def _open(url: str, lesson_ids: list[str]) -> tuple[str, dict[str, str], list[str]]:
    """The page's text, the text of each lesson's button (waiting for every one) and the
    language picker's options. Run in a thread of its own: after the browser tests in the same
    session, pytest-playwright's event loop is running in this one, and Playwright's sync API
    refuses to start inside a running loop."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: apt-get install -y chromium")
    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(_open_here, url, lesson_ids).result()


def _open_here(url: str, lesson_ids: list[str]) -> tuple[str, dict[str, str], list[str]]:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                             args=["--disable-gpu", "--disable-quic"])
        page = browser.new_page()
        page.goto(url)
        app = page.locator("[data-testid='stApp']")
        app.and_(page.locator("[data-test-script-state='notRunning']")).wait_for(timeout=60_000)
        buttons = {}
        for lesson_id in lesson_ids:
            button = page.locator(f".st-key-open-{lesson_id} button").first
            expect(button).to_be_visible(timeout=60_000)
            buttons[lesson_id] = button.inner_text().strip()
        text = page.locator("body").inner_text()
        page.locator("[data-testid='stSelectbox']").first.click()
        options = page.get_by_role("option").all_inner_texts()
        browser.close()
    return text, buttons, [o.strip() for o in options]


@pytest.mark.parametrize("install", ["wheel", "editable"])
def test_the_installed_app_serves_the_lessons_in_greek(install: str, serve: object,
                                                       request: pytest.FixtureRequest) -> None:
    cli = request.getfixturevalue("wheel_bin") if install == "wheel" else _editable_bin()
    url = serve(Path(cli) / "canasta-tutor")  # type: ignore[operator]
    lessons = load_all(ROOT / "lessons")
    text, buttons, options = _open(url + "/?lang=el", [lesson.id for lesson in lessons])
    greek = translator("el")
    assert greek.gettext("Lessons") in text
    titles = {lesson.id: say(lesson, lesson.title, greek) for lesson in lessons}
    # a button's text is its state icon's name (a ligature), then the lesson's title
    assert {key: text.splitlines()[-1] for key, text in buttons.items()} == titles
    assert set(options) == {LANGUAGES[code] for code in offered()}


def test_the_app_leaves_out_a_language_without_catalog(
    wheel_bin: Path, serve: object, tmp_path: Path
) -> None:
    data = _data_dir(tmp_path, without="el")
    url = serve(wheel_bin / "canasta-tutor", CANASTA_TUTOR_DATA_DIR=str(data))  # type: ignore[operator]
    text, _, options = _open(url + "/?lang=el", [])
    assert "Ελληνικά is not available" in text  # said in English: Greek is what is missing
    assert translator("en").gettext("Lessons") in text
    assert set(options) == {LANGUAGES[code] for code in offered() if code != "el"}


# ----- the container and the deployment ----------------------------------------------------------


def _dockerfile() -> list[tuple[str, str]]:
    """The Dockerfile's instructions (continuation lines joined), as (INSTRUCTION, rest)."""
    text = re.sub(r"\\\n", " ", (ROOT / "Dockerfile").read_text(encoding="utf-8"))
    lines = [line.strip() for line in text.splitlines()]
    out = []
    for line in lines:
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            out.append((word.upper(), rest.strip()))
    return out


def test_the_dockerfile_serves_the_installed_package() -> None:
    instructions = _dockerfile()
    words = [word for word, _ in instructions]
    known = {"FROM", "ARG", "ENV", "RUN", "COPY", "WORKDIR", "USER", "EXPOSE", "HEALTHCHECK",
             "ENTRYPOINT", "CMD", "LABEL"}
    assert set(words) <= known, set(words) - known
    final = instructions[max(i for i, (w, _) in enumerate(instructions) if w == "FROM"):]
    values = {word: rest for word, rest in final}
    assert re.match(r"python:3\.1[1-9][\w.-]*-slim", values["FROM"]), values["FROM"]
    assert values["USER"] not in {"root", "0"}
    assert values["EXPOSE"] == str(PORT)
    assert HEALTH in values["HEALTHCHECK"] and f":{PORT}" in values["HEALTHCHECK"]
    entry = json.loads(values["ENTRYPOINT"])
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "scripts"]
    assert entry[0] in scripts and entry[1] == "app"
    assert entry[entry.index("--port") + 1] == str(PORT)
    assert any("pip wheel" in rest for word, rest in instructions if word == "RUN")
    assert any(".whl" in rest and "pip install" in rest for word, rest in final if word == "RUN")


def test_the_compose_file_runs_replicas_behind_a_sticky_proxy_and_postgres() -> None:
    compose = yaml.safe_load((ROOT / "deploy" / "compose.yaml").read_text(encoding="utf-8"))
    services = compose["services"]
    assert {"app", "proxy", "db"} <= set(services)
    app = services["app"]
    assert app["build"]["context"] == ".." and app["build"].get("dockerfile", "Dockerfile") == \
        "Dockerfile"
    assert "CANASTA_TUTOR_DB_URL" in app["environment"]
    assert str(app["environment"]["CANASTA_TUTOR_DB_URL"]).startswith("postgresql://")
    assert HEALTH in " ".join(app["healthcheck"]["test"])
    assert services["db"]["image"].startswith("postgres:")
    caddyfile = (ROOT / "deploy" / "Caddyfile").read_text(encoding="utf-8")
    assert f"app:{PORT}" in caddyfile.replace(" ", ":") or f"port {PORT}" in caddyfile
    assert "lb_policy cookie" in caddyfile and "dynamic a" in caddyfile
