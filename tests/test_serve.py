"""`tui-games serve`: loopback by default, a warning for any other address, and the games
played for real in headless Chromium through textual-serve.

The browser test keeps its screenshot under pytest's tmp_path and copies it to
$TUI_GAMES_ARTIFACTS/serve-game.png (default: <system temp>/tui-games-artifacts/).
"""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tui_games.browser import serve
from tui_games.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[1]
START_TIMEOUT = 20.0  # seconds: generous, the suite shares two cores with a browser
SCREEN_TIMEOUT = 20.0

# textual-serve's terminal draws on a canvas, so its text is not in the DOM. This script runs
# before the page's own: it keeps each xterm.js Terminal the page assigns to `.terminal`, so
# the test can read the rows the player sees from the terminal's buffer.
KEEP_TERMINALS = """
window.__terminals = [];
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  get() { return undefined; },
  set(value) {
    if (value && value.buffer) { window.__terminals.push(value); }
    Object.defineProperty(this, "terminal",
      {value, writable: true, configurable: true, enumerable: true});
  },
});
"""
READ_SCREEN = """
const term = window.__terminals[window.__terminals.length - 1];
if (!term || !document.body.classList.contains("-first-byte")) { return null; }
const buffer = term.buffer.active;
const rows = [];
for (let y = 0; y < term.rows; y++) {
  const line = buffer.getLine(buffer.viewportY + y);
  rows.push(line ? line.translateToString(true) : "");
}
return [term.cols, term.rows, rows.join("\\n")];
"""


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for(condition: Callable[[], Any], timeout: float, what: str) -> Any:
    """Poll `condition` until it returns something truthy; fail naming `what` if it never does."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(0.05)


# ---- the options and the warning (no server, no browser) --------------------------------

def test_serve_listens_on_loopback_port_8000_by_default() -> None:
    args = build_parser().parse_args(["serve"])
    assert (args.command, args.host, args.port) == ("serve", "127.0.0.1", 8000)
    assert serve.is_loopback(args.host)


@pytest.mark.parametrize("host", ["127.0.0.1", "127.8.9.10", "::1", "[::1]", "localhost",
                                  "LOCALHOST"])
def test_loopback_addresses_are_recognised(host: str) -> None:
    assert serve.is_loopback(host)
    assert serve.exposure_warning(host, 8000, Path("/saves")) is None


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "", "192.168.1.20", "10.0.0.1",
                                  "2001:db8::1", "games.example", "localhost.example"])
def test_any_other_address_is_not_loopback(host: str) -> None:
    assert not serve.is_loopback(host)


def test_the_warning_says_who_can_play_and_what_they_can_reach() -> None:
    warning = serve.exposure_warning("0.0.0.0", 8123, Path("/home/ada/saves"))
    assert warning is not None
    assert "every network interface" in warning
    assert "not a loopback address" in warning
    assert "port 8123" in warning
    assert "play as you" in warning
    assert "/home/ada/saves" in warning
    assert "no password" in warning
    assert "ssh -L 8123:127.0.0.1:8123" in warning
    named = serve.exposure_warning("192.168.1.20", 8000, Path("/s"))
    assert named is not None and "serving on 192.168.1.20" in named


@pytest.fixture
def no_listening(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Stop textual-serve before it binds: record the server it would have run instead."""
    from textual_serve.server import Server

    started: list[Any] = []
    monkeypatch.setattr(Server, "serve", lambda self, debug=False: started.append(self))
    return started


def test_serve_on_another_address_warns_on_stderr(
        no_listening: list[Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--saves", str(tmp_path), "serve", "--host", "0.0.0.0", "--port", "8123"])
    _, err = capsys.readouterr()
    assert code == 0
    assert "warning: serving on every network interface, not a loopback address" in err
    assert str(tmp_path.resolve()) in err
    [server] = no_listening
    assert (server.host, server.port) == ("0.0.0.0", 8123)


def test_serve_on_loopback_says_nothing_and_binds_loopback(
        no_listening: list[Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--saves", str(tmp_path), "--bot-delay", "0", "--seed", "7", "serve"])
    _, err = capsys.readouterr()
    assert (code, err) == (0, "")
    [server] = no_listening
    assert (server.host, server.port) == ("127.0.0.1", 8000)
    words = shlex.split(server.command)
    assert words[:3] == [sys.executable, "-m", "tui_games"]
    assert words[3:] == ["--saves", str(tmp_path.resolve()), "--bot-delay", "0.0",
                         "--seed", "7"]


def test_each_tab_runs_this_python_on_the_resolved_save_folder() -> None:
    folder = Path("/tmp/a folder with 'quotes' and spaces")
    words = shlex.split(serve.app_command(folder, 0.25, None))
    assert words == [sys.executable, "-m", "tui_games", "--saves", str(folder),
                     "--bot-delay", "0.25"]


@pytest.mark.parametrize("port", ["0", "65536", "-1", "http"])
def test_a_bad_port_is_a_usage_error(port: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", port]) == 2
    assert "--port" in capsys.readouterr().err


def test_load_is_refused_with_a_reason(
        no_listening: list[Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--saves", str(tmp_path), "--load", "x.json", "serve"]) == 2
    assert "--load is for the terminal" in capsys.readouterr().err
    assert no_listening == []


def serve_process(port: int, saves: Path, output: Any = subprocess.PIPE) -> subprocess.Popen[str]:
    """`tui-games serve` in its own process group (which holds the game of every tab)."""
    return subprocess.Popen(
        [sys.executable, "-m", "tui_games", "--bot-delay", "0", "--seed", "1",
         "serve", "--port", str(port)],
        cwd=ROOT, env={**os.environ, "TUI_GAMES_SAVES": str(saves)}, text=True,
        stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT,
        start_new_session=True)


def listening(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


def test_a_busy_port_is_one_clear_line(tmp_path: Path) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        process = serve_process(port, tmp_path)
        out, _ = process.communicate(timeout=START_TIMEOUT)
    assert process.returncode == 1
    assert f"tui-games: cannot serve on http://127.0.0.1:{port}: " in out


def test_ctrl_c_stops_the_server_after_saying_where_it_served(tmp_path: Path) -> None:
    port = free_port()
    process = serve_process(port, tmp_path)
    try:
        wait_for(lambda: listening(port) or process.poll() is not None, START_TIMEOUT,
                 "the server to listen")
        os.killpg(process.pid, signal.SIGINT)
        out, _ = process.communicate(timeout=10)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 0, out
    assert f"Serving tui-games on http://127.0.0.1:{port} (Ctrl+C stops it)" in out
    assert "warning" not in out


@pytest.mark.parametrize(("bound", "host", "origin"), [
    ("127.0.0.1", "127.0.0.1:8000", None),
    ("127.0.0.1", "localhost:8000", "http://localhost:8000"),
    ("::1", "[::1]:8000", "http://[::1]:8000"),
    ("0.0.0.0", "games.example:8000", "http://games.example:8000"),
    ("0.0.0.0", "192.168.1.20:8000", None),
])
def test_pages_of_this_server_are_served(bound: str, host: str, origin: str | None) -> None:
    assert serve.foreign_request(bound, host, origin) is None


def test_a_rebound_name_is_refused_on_loopback() -> None:
    reason = serve.foreign_request("127.0.0.1", "evil.example:8000", None)
    assert reason is not None and "loopback addresses only" in reason


@pytest.mark.parametrize("origin", ["http://evil.example", "http://127.0.0.1:9999", "null"])
def test_another_sites_page_may_not_open_the_game(origin: str) -> None:
    reason = serve.foreign_request("127.0.0.1", "127.0.0.1:8000", origin)
    assert reason is not None and "may not play here" in reason


def test_serve_without_textual_serve_says_which_extra(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)  # import fails
    assert main(["--saves", str(tmp_path), "serve"]) == 2
    assert "pip install 'tui-games[serve]'" in capsys.readouterr().err


# ---- a real server ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`tui-games serve` on a free loopback port, in its own process group (killed after)."""
    folder = tmp_path_factory.mktemp("serve")
    port = free_port()
    log_path = folder / "serve.log"  # a file: the server logs every request for as long as it runs
    log = log_path.open("w")
    process = serve_process(port, folder / "saves", output=log)

    def started() -> bool:
        if process.poll() is not None:
            pytest.fail(f"serve exited with {process.returncode}: {log_path.read_text()}")
        return listening(port)

    try:
        wait_for(started, START_TIMEOUT, f"tui-games serve to listen on port {port}")
        yield f"http://127.0.0.1:{port}"
    finally:
        # The group holds the server and the tui-games process of every tab.
        for sig, grace in ((signal.SIGTERM, 5), (signal.SIGKILL, 5)):
            try:
                os.killpg(process.pid, sig)
            except ProcessLookupError:
                break
            try:
                process.wait(grace)
                break
            except subprocess.TimeoutExpired:
                continue
        log.close()


def fetch(url: str, host: str | None = None) -> str:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.read().decode()


def test_the_page_links_back_to_the_address_the_browser_used(server_url: str) -> None:
    port = server_url.rsplit(":", 1)[1]
    page = fetch(server_url + "/")
    assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws"' in page
    assert "tui-games" in page
    renamed = fetch(server_url + "/", host=f"localhost:{port}")
    assert f'data-session-websocket-url="ws://localhost:{port}/ws"' in renamed


def refused(url: str, headers: dict[str, str]) -> str:
    with pytest.raises(urllib.error.HTTPError) as caught:
        urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=10)
    assert caught.value.code == 403
    return caught.value.read().decode()


def test_the_server_refuses_other_names_and_other_sites(server_url: str) -> None:
    port = server_url.rsplit(":", 1)[1]
    assert "loopback addresses only" in refused(server_url + "/",
                                                {"Host": f"evil.example:{port}"})
    assert "may not play here" in refused(server_url + "/ws",
                                          {"Origin": "http://evil.example",
                                           "Connection": "Upgrade", "Upgrade": "websocket",
                                           "Sec-WebSocket-Version": "13",
                                           "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="})


# ---- the browser --------------------------------------------------------------------------

def find_browser() -> tuple[str, str]:
    """Chromium and its WebDriver, or a skip that says what to install."""
    browser = next(filter(None, map(shutil.which, ("chromium", "chromium-browser"))), None)
    driver = shutil.which("chromedriver") or (
        "/usr/lib/chromium/chromedriver"
        if Path("/usr/lib/chromium/chromedriver").exists() else None)
    if browser is None or driver is None:
        missing = " and ".join(name for name, path in
                               (("chromium", browser), ("chromedriver", driver)) if not path)
        pytest.skip(f"no browser: {missing} not installed "
                    "(apt-get install chromium chromium-driver; .ci/run does it)")
    return browser, driver


def test_without_a_browser_the_test_skips_saying_what_to_install(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    monkeypatch.setattr(Path, "exists", lambda self: False)
    with pytest.raises(pytest.skip.Exception) as skipped:
        find_browser()
    assert "no browser: chromium and chromedriver not installed" in str(skipped.value)
    assert "apt-get install chromium chromium-driver" in str(skipped.value)


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Any]:
    """Headless Chromium driven by Selenium, with the terminal keeper injected."""
    browser_path, driver_path = find_browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = browser_path
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--window-size=1200,760", f"--user-data-dir={tmp_path / 'profile'}",
                 "--no-first-run", "--disable-extensions", "--enable-unsafe-swiftshader"):
        options.add_argument(flag)
    options.page_load_strategy = "eager"  # the page asks for a web font it cannot reach here
    driver = webdriver.Chrome(options=options, service=Service(executable_path=driver_path))
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                               {"source": KEEP_TERMINALS})
        yield driver
    finally:
        driver.quit()


def screen_text(driver: Any) -> str:
    """The rows the player sees in the page's terminal ("" before the app has drawn)."""
    result = driver.execute_script(READ_SCREEN)
    return result[2] if result else ""


def wait_for_screen(driver: Any, *texts: str, after: str = "") -> str:
    """Wait until the page's terminal shows every one of `texts`; on failure, show it."""
    def showing() -> str | None:
        text = screen_text(driver)
        return text if all(t in text for t in texts) else None

    try:
        return wait_for(showing, SCREEN_TIMEOUT, f"the screen to show {texts}{after}")
    except pytest.fail.Exception:
        print(screen_text(driver))
        raise


def press(driver: Any, key: str) -> None:
    """A key typed into the page's terminal, as a player would.

    Typed by the keyboard into whatever has the focus (the terminal's own textarea, given
    it first), not sent to the textarea as an element: xterm keeps that textarea out of
    sight, and Selenium may refuse an element it deems not interactable.
    """
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    area = driver.find_element(By.CSS_SELECTOR, ".xterm-helper-textarea")
    driver.execute_script("arguments[0].focus();", area)
    ActionChains(driver).send_keys(key).perform()


def click_start(driver: Any, start: Any) -> None:
    """Click the landing page's Start button once it can take a click.

    Chromium 150 on a loaded machine raised ElementNotInteractableException on a plain
    `start.click()`: the button is shown by the page's onload handler, and the click could
    land before it was laid out. So wait until Selenium deems it clickable, scroll it into
    view, and retry a click that is refused. If the browser still refuses one, press the
    button from the page itself: its onClick is textual-serve's own `refresh()`, which loads
    the page without `?delay` and so starts the app, exactly as a click would.
    """
    from selenium.common.exceptions import (
        ElementClickInterceptedException,
        ElementNotInteractableException,
        StaleElementReferenceException,
    )
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait

    refused = (ElementNotInteractableException, ElementClickInterceptedException,
               StaleElementReferenceException)
    WebDriverWait(driver, SCREEN_TIMEOUT, ignored_exceptions=refused).until(
        expected_conditions.element_to_be_clickable(start), "the Start button to be clickable")
    deadline = time.monotonic() + SCREEN_TIMEOUT / 2
    while True:
        try:
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", start)
            start.click()
            return
        except refused:
            if time.monotonic() > deadline:
                break
            time.sleep(0.1)
    driver.execute_script("arguments[0].click();", start)


def keep_artifact(screenshot: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    folder = Path(os.environ.get("TUI_GAMES_ARTIFACTS")
                  or Path(tempfile.gettempdir()) / "tui-games-artifacts")
    folder.mkdir(parents=True, exist_ok=True)
    kept = Path(shutil.copy2(screenshot, folder / screenshot.name))
    with capsys.disabled():
        print(f"\nserve: browser screenshot kept at {kept}")
    return kept


def test_a_game_starts_in_the_browser(
        server_url: str, browser: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        record_property: Callable[[str, object], None]) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    # textual-serve's landing page: the app's name and a Start button.
    browser.get(server_url + "/?delay=1")
    start = wait_for(lambda: next(iter(browser.find_elements(By.CSS_SELECTOR, "#start.-delay")),
                                  None), SCREEN_TIMEOUT, "the landing page's Start button")
    assert "tui-games" in browser.find_element(By.CSS_SELECTOR, ".intro").text
    click_start(browser, start)

    menu = wait_for_screen(browser, "New game", "Continue", "Load game", "Rules", "Quit")
    assert "Nebular Colors" in menu
    cols, rows, _ = browser.execute_script(READ_SCREEN)
    assert cols >= 80 and rows >= 24, f"the page's terminal is only {cols}x{rows}"

    # Enter, not a shortcut letter: the menu must have the keyboard focus in a browser tab too.
    press(browser, Keys.ENTER)  # New game
    wait_for_screen(browser, "Seat 1", "Seat 2", "Start", "Cancel",
                    after=" after Enter in the menu (has the menu the keyboard focus once the "
                          "tab focuses the app? Textual's web driver starts the app blurred)")
    press(browser, Keys.ENTER)  # Start, with the default seats: you against a bot
    # Seed 1: the bot opens, then it is the player's turn (bots move at once with delay 0).
    game = wait_for_screen(browser, "Nebular Colors · hand 1", "left pile", "Your turn")
    assert "New game   choose a game" not in game

    screenshot = tmp_path / "serve-game.png"
    assert browser.save_screenshot(str(screenshot))
    assert screenshot.stat().st_size > 10_000  # a drawn page, not a blank one
    kept = keep_artifact(screenshot, capsys)
    record_property("screenshot", str(kept))
