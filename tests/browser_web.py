#!/usr/bin/python3
"""The web playground (mancala serve) in a real browser, as a person uses it: Debian's Chromium
driven by chromium-driver through python3-selenium. Starts the server on a free port, then:
a control page with a console error must be caught (the check can fail); Kalah against `random`
played to the end by clicking holes, the board checked against the server after a capture, a
move undone; the rules edited to an error, its diagnostic seen at its line, fixed, reloaded, the
game going on; a record saved and stepped through; each legal move's value under perfect play
marked by Solve, Hint from the solver or from greedy; an analysis finding stepped through; every
a game of each board shape of the library drawn and played by clicking random legal moves (to
its end or 200 plies); the status filter shows only partial files, each naming its gaps.
Screenshots are kept in SCREENSHOT_DIR. Fails on any console error. Exits 77 (skipped) when
Chromium, its driver or selenium is missing.

Usage: browser_web.py MANCALA SCREENSHOT_DIR [--only NAME]"""
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

try:
    from selenium import webdriver
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    print("python3-selenium is not installed: skipped")
    sys.exit(77)

# Enough plies for every shape to show its captures and laps on the page; the engine's own tests
# play whole games of every file.
SWEEP_PLIES = 60


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


class Playground:
    """The server, a browser on its page, and what a test asks of them."""

    def __init__(self, mancala, screenshots):
        self.workspace = tempfile.mkdtemp(prefix="mancala-web-")
        self.server = subprocess.Popen([mancala, "serve", "--port", "0", "--workspace", self.workspace],
                                       stdout=subprocess.PIPE, text=True)
        first = self.server.stdout.readline()
        check("http://127.0.0.1:" in first, f"the server did not print its address: {first!r}")
        self.url = first[first.index("http://"):].strip()
        self.screenshots = screenshots
        options = webdriver.ChromeOptions()
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1500,1150",
                         "--disable-dev-shm-usage"):
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(options=options)
        self.driver.set_script_timeout(120)

    def close(self):
        """Stops the browser and the server; the server must stop cleanly (under the sanitizers, a
        leak or an error found at exit gives a non-zero status)."""
        self.driver.quit()
        self.server.terminate()
        status = self.server.wait(timeout=60)
        shutil.rmtree(self.workspace, ignore_errors=True)
        check(status == 0, f"the server exited with status {status} when asked to stop")

    # ---- The browser.
    def console_errors(self):
        return [e for e in self.driver.get_log("browser") if e["level"] == "SEVERE"]

    def open(self, query="speed=0"):
        self.driver.get(f"{self.url}?{query}")
        self.wait_for(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "yes",
                      "the page did not get ready")

    def wait_for(self, condition, message, timeout=30):
        try:
            WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(condition)
        except TimeoutException:
            raise Failure(f"timed out: {message}")

    def body(self, key):
        return self.driver.find_element(By.TAG_NAME, "body").get_attribute(f"data-{key}")

    def settle(self):
        """Waits until the page is idle at a person's turn or at the game's end."""
        self.wait_for(lambda d: self.body("busy") != "yes" and self.body("turn") in ("person", "over"),
                      "the page did not come back to a person's turn")

    def click(self, css):
        self.driver.find_element(By.CSS_SELECTOR, css).click()

    def screenshot(self, name, element_id=None):
        """The page, or only the element `element_id`."""
        path = os.path.join(self.screenshots, f"{name}.png")
        if element_id:
            self.driver.find_element(By.ID, element_id).screenshot(path)
        else:
            self.driver.save_screenshot(path)

    def start(self, path, seats=None):
        self.click(f'#games li[data-path="{path}"]')
        for player, seat in enumerate(seats or []):
            self.driver.execute_script(
                "const s = document.querySelector(`#setup-seats select[data-seat='${arguments[0]}']`); if (s) s.value = arguments[1];",
                player, seat)
        before = self.body("moves")
        self.click("#start")
        self.wait_for(lambda d: self.body("moves") is not None and d.find_elements(By.CSS_SELECTOR, "#board g.hole"),
                      f"{path}: no board drawn")
        self.settle()

    # ---- The server, as the page's session sees it.
    def state(self):
        session = self.body("session")
        with urllib.request.urlopen(f"{self.url}api/sessions/{session}") as response:
            return json.load(response)

    def board_counts(self):
        """The counts the page shows, by hole index."""
        return self.driver.execute_script(
            "return Array.from(document.querySelectorAll('#board g.hole')).map(g => [Number(g.dataset.index), g.dataset.count]);")

    def check_board(self, context):
        state = self.state()
        holes = state["position"]["board"]["holes"]
        shown = dict(self.board_counts())
        check(len(shown) == len(holes), f"{context}: {len(shown)} holes drawn, the board has {len(holes)}")
        for index, hole in enumerate(holes):
            want = "" if hole["count"] is None else str(hole["count"])
            check(shown.get(index) == want, f"{context}: {hole['name']} shows {shown.get(index)!r}, the server has {want!r}")
        return state


def control(p):
    """A page with a console error must be caught, or the console check proves nothing."""
    p.driver.get("data:text/html,<script>console.error('control error'); undefined_function();</script>")
    time.sleep(0.3)
    errors = p.console_errors()
    check(errors, "the control page's console error was not seen: the check cannot work")
    print(f"ok: the control's console errors are seen ({len(errors)})")


def kalah_against_random(p):
    """A whole game of Kalah against random, played by clicking; a capture checked; a move undone."""
    p.open()
    p.start("games/two-row/kalah.lud", ["human", "random"])
    p.screenshot("kalah-start")
    rng = random.Random(7)
    capture_checked = undone = False
    for _ in range(300):
        if p.body("turn") == "over":
            break
        legal = p.driver.find_elements(By.CSS_SELECTOR, "#board g.hole.legal")
        check(legal, "a person's turn without a hole to click")
        before = int(p.body("moves"))
        rng.choice(legal).click()
        p.wait_for(lambda d: int(p.body("moves")) > before, "a click on a legal hole played no move")
        p.settle()
        state = p.check_board(f"after move {before + 1}")
        steps = " ".join(li.text for li in p.driver.find_elements(By.CSS_SELECTOR, "#steps li"))
        if not capture_checked and "captured" in steps:
            # The last move captured: its holes show what the server has, and the capture is lit.
            check(p.driver.find_elements(By.CSS_SELECTOR, "#board g.hole.captured"),
                  "a capture's hole is not marked on the board")
            p.screenshot("kalah-capture")
            capture_checked = True
            print(f"ok: the board after a capture (move {len(state['played'])}) shows the server's counts")
        if not undone and int(p.body("moves")) >= 6 and p.body("turn") == "person":
            moves = int(p.body("moves"))
            p.click("#undo")
            p.wait_for(lambda d: int(p.body("moves")) < moves, "undo took back no move")
            p.settle()
            p.check_board("after undo")
            check(not p.driver.find_element(By.ID, "redo").get_property("disabled"), "after undo, redo is not offered")
            undone = True
            print(f"ok: undo took the game back from {moves} to {p.body('moves')} moves")
    check(p.body("turn") == "over", "the game of Kalah did not end")
    status = p.driver.find_element(By.ID, "status").text
    check(status.startswith("game over"), f"the end is not said: {status!r}")
    check(capture_checked, "no capture happened in the whole game")
    check(undone, "no move was undone")
    p.screenshot("kalah-over")
    print(f"ok: Kalah played to the end by clicking ({p.body('moves')} moves): {status}")

    # The game's record saved to the workspace, then stepped through from the Records tab.
    p.click('.tab[data-tab="records"]')
    p.driver.find_element(By.ID, "record-path").clear()
    p.driver.find_element(By.ID, "record-path").send_keys("workspace/kalah-game.jsonl")
    p.click("#save-record")
    p.wait_for(lambda d: "saved the record" in d.find_element(By.ID, "replay-report").text, "the record was not saved")
    check(os.path.exists(os.path.join(p.workspace, "kalah-game.jsonl")), "the record is not in the workspace")
    p.wait_for(lambda d: d.find_elements(By.CSS_SELECTOR, '#record-files option[value="workspace/kalah-game.jsonl"]'),
               "the saved record is not offered")
    p.driver.execute_script("document.getElementById('record-files').value = 'workspace/kalah-game.jsonl';")
    played = int(p.body("moves"))
    p.click("#replay-record")
    p.wait_for(lambda d: "agrees with the record" in d.find_element(By.ID, "replay-report").text,
               "the saved record was not replayed")
    check(int(p.body("moves")) == played, "stepping through the record did not reach its end")
    p.click("#undo")
    p.wait_for(lambda d: int(p.body("moves")) == played - 1, "stepping back through the record failed")
    print("ok: the record saved to the workspace replays and steps back")


def rule_author(p):
    """An error typed into the rules shows at its line; fixed, the rules reload and the game goes on."""
    p.open()
    p.start("games/two-row/kalah.lud", ["human", "random"])
    for _ in range(2):
        before = int(p.body("moves"))
        p.driver.find_elements(By.CSS_SELECTOR, "#board g.hole.legal")[0].click()
        p.wait_for(lambda d: int(p.body("moves")) > before, "no move played")
        p.settle()
    moves = int(p.body("moves"))
    text = p.driver.execute_script("return app.editor.getValue();")
    lines = text.split("\n")
    line = next(i for i, l in enumerate(lines) if "(board 2 6" in l) + 1
    broken = text.replace("(board 2 6", "(board 2 six", 1)
    p.driver.execute_script("app.editor.setValue(arguments[0]);", broken)
    p.wait_for(lambda d: d.find_elements(By.CSS_SELECTOR, f'#diagnostics li.error[data-line="{line}"]'),
               f"no diagnostic at line {line}")
    p.wait_for(lambda d: d.find_elements(By.CSS_SELECTOR, ".CodeMirror-lint-marker-error"), "no error marker in the gutter")
    marker_line = p.driver.execute_script(
        "const m = document.querySelector('.CodeMirror-lint-marker-error');"
        "return app.editor.getLineNumber(app.editor.lineInfo ? app.editor.getLineHandle(app.editor.lineAtHeight(m.getBoundingClientRect().top + 2, 'window')) : null) + 1;")
    check(marker_line == line, f"the gutter's error marker is at line {marker_line}, not {line}")
    diagnostic = p.driver.find_element(By.CSS_SELECTOR, f'#diagnostics li.error[data-line="{line}"]').text
    check(f"kalah.lud:{line}:" in diagnostic, f"the diagnostic does not name its line: {diagnostic!r}")
    p.driver.execute_script("document.getElementById('tools').scrollIntoView();")
    p.screenshot("rules-error")
    p.driver.execute_script("window.scrollTo(0, 0);")
    print(f"ok: the error is shown at line {line}: {diagnostic}")
    p.click("#reload")
    p.wait_for(lambda d: "unchanged" in d.find_element(By.ID, "reload-report").text, "a broken reload was not refused")
    check(int(p.body("moves")) == moves, "a refused reload changed the game")

    # Fixed, with a rule changed: the reload keeps the game and names the first move that disagrees.
    p.driver.execute_script("app.editor.setValue(arguments[0]);", text)
    p.wait_for(lambda d: d.find_element(By.ID, "editor-status").text == "the rules check", "the fixed rules do not check")
    check(not p.driver.find_elements(By.CSS_SELECTOR, "#diagnostics li.error"), "diagnostics stay after the fix")
    p.click("#reload")
    p.wait_for(lambda d: "agree with the old at every move" in d.find_element(By.ID, "reload-report").text,
               "the reload did not say that the rules agree")
    p.settle()
    check(int(p.body("moves")) == moves, "the reload did not keep the moves")
    before = moves
    p.driver.find_elements(By.CSS_SELECTOR, "#board g.hole.legal")[0].click()
    p.wait_for(lambda d: int(p.body("moves")) > before, "the game does not go on after the reload")
    p.settle()
    p.check_board("after the reload")
    print(f"ok: fixed and reloaded, the game kept its {moves} moves and went on")
    # Five counters a hole instead of four: the reload names where the new rules first disagree.
    seeds = text.replace("(start (fill 4))", "(start (fill 5))", 1)
    check(seeds != text, "kalah.lud no longer writes (start (fill 4))")
    p.driver.execute_script("app.editor.setValue(arguments[0]);", seeds)
    p.wait_for(lambda d: d.find_element(By.ID, "editor-status").text == "the rules check", "the changed rules do not check")
    p.click("#reload")
    p.wait_for(lambda d: "first disagree: the starting position differs" in d.find_element(By.ID, "reload-report").text,
               "a changed rule's disagreement was not named")
    p.settle()
    p.check_board("after a reload under other rules")
    print("ok: " + p.driver.find_element(By.ID, "reload-report").text.split("\n")[1][:110])
    p.driver.execute_script("document.getElementById('tools').scrollIntoView();")
    p.screenshot("rules-reloaded")


def solver_marks(p):
    """Hint on Kalah's start falls back to greedy, saying why; Kalah(3,2) made by editing the rules:
    Solve marks each legal move with its value (A1 a loss by 8, B1 a win by 4 and best, C1 a draw,
    as the REPL's solve test has them), Hint names B1 from the solver, and a move clears the marks."""
    p.open()
    p.start("games/two-row/kalah.lud", ["human", "human"])
    p.click("#hint")
    p.wait_for(lambda d: d.find_element(By.ID, "message").text.startswith("hint:"), "Hint said nothing")
    message = p.driver.find_element(By.ID, "message").text
    # Which bound stops the solver first depends on the machine's speed (and the sanitizers').
    check(re.fullmatch(r"hint: [A-F]1 \(greedy's choice: (no move's value is proven within 100000 positions a move|"
                       r"the solver ran out of its 2000 ms before it valued every move)\)", message),
          f"on Kalah's start, Hint does not say it fell back to greedy and why: {message!r}")
    print(f"ok: {message}")
    text = p.driver.execute_script("return app.editor.getValue();")
    small = text.replace("(board 2 6", "(board 2 3", 1).replace("(start (fill 4))", "(start (fill 2))", 1)
    check(small.count("(board 2 3") == 1 and "(fill 2)" in small, "kalah.lud no longer writes (board 2 6 and (fill 4)")
    p.driver.execute_script("app.editor.setValue(arguments[0]);", small)
    p.wait_for(lambda d: d.find_element(By.ID, "editor-status").text == "the rules check", "Kalah(3,2) does not check")
    p.click("#reload")
    p.wait_for(lambda d: "first disagree" in d.find_element(By.ID, "reload-report").text, "Kalah(3,2) was not reloaded")
    p.settle()
    p.click("#solve")
    p.wait_for(lambda d: d.find_elements(By.CSS_SELECTOR, "#move-values li"), "Solve marked no move")
    listed = {li.get_attribute("data-move"): (li.get_attribute("data-value"), "best" in li.get_attribute("class").split())
              for li in p.driver.find_elements(By.CSS_SELECTOR, "#move-values li")}
    want = {"A1": ("loss −8", False), "B1": ("win +4", True), "C1": ("draw", False)}
    check(listed == want, f"the list of values is {listed}, not {want}")
    board = {g.get_attribute("data-hole"): (g.find_element(By.CSS_SELECTOR, "text.value").text,
                                            "best" in g.get_attribute("class").split())
             for g in p.driver.find_elements(By.CSS_SELECTOR, "#board g.hole.legal")}
    check(board == want, f"the holes show {board}, not {want}")
    p.screenshot("solve-marks", "play")
    print(f"ok: Solve marked Kalah(3,2)'s moves: {listed}")
    p.click("#hint")
    p.wait_for(lambda d: d.find_element(By.ID, "message").text.startswith("hint:"), "Hint said nothing")
    message = p.driver.find_element(By.ID, "message").text
    check(message == "hint: B1 (win by 4 under perfect play)", f"Hint does not name the solver's best move: {message!r}")
    p.click('#board g.hole.legal[data-hole="B1"]')
    p.wait_for(lambda d: int(p.body("moves")) == 1, "a click on B1 played no move")
    p.settle()
    check(not p.driver.find_elements(By.CSS_SELECTOR, "#move-values li, #board text.value, #board g.hole.best"),
          "the marks of the position before stay after a move")
    print(f"ok: {message}; the marks went when B1 was played")


def analysis_finding(p):
    """An analysis runs with progress; a finding's example game is stepped through position by position."""
    p.open()
    p.start("games/two-row/kiuthi.lud", ["human", "human"])
    p.click('.tab[data-tab="analysis"]')
    games = p.driver.find_element(By.ID, "analysis-games")
    games.clear()
    games.send_keys("3")
    p.click("#analyze")
    p.wait_for(lambda d: d.find_element(By.ID, "analysis-status").get_attribute("data-state") == "done",
               "the analysis did not finish", timeout=90)
    p.wait_for(lambda d: d.find_elements(By.CSS_SELECTOR, "#findings button.step-through"), "no finding to step through")
    frame = p.driver.find_element(By.ID, "analysis-report")
    p.driver.switch_to.frame(frame)
    charts = len(p.driver.find_elements(By.CSS_SELECTOR, "svg"))
    p.driver.switch_to.default_content()
    check(charts >= 2, f"the report's charts are not in the page ({charts} SVG)")
    p.driver.execute_script("document.getElementById('analysis-report').scrollIntoView();")
    p.screenshot("analysis-report")
    p.driver.execute_script("window.scrollTo(0, 0);")
    p.click("#findings button.step-through")
    p.wait_for(lambda d: "position 0 of" in d.find_element(By.ID, "stepping").text, "the example did not start")
    boards = []
    for k in range(1, 6):
        p.click("#redo")
        p.wait_for(lambda d: f"position {k} of" in d.find_element(By.ID, "stepping").text, f"step {k} not taken")
        p.settle()
        boards.append(p.check_board(f"step {k} of the example")["position"]["board"]["holes"])
    check(boards[0] != boards[-1], "stepping through the example did not change the board")
    p.screenshot("analysis-example")
    print(f"ok: the analysis showed {charts} charts; its finding's example stepped through 5 positions")

    # A long analysis can be cancelled.
    games.clear()
    games.send_keys("20000")
    p.click("#analyze")
    p.wait_for(lambda d: not d.find_element(By.ID, "cancel-analysis").get_property("disabled"), "no cancel offered")
    p.click("#cancel-analysis")
    p.wait_for(lambda d: d.find_element(By.ID, "analysis-status").get_attribute("data-state") == "cancelled",
               "the analysis was not cancelled", timeout=60)
    print("ok: a long analysis was cancelled")


# Plays random legal moves by clicking, in the page, until the end or the ply cap; returns the
# moves played and any error seen.
SWEEP_SCRIPT = """
const [cap, seed, done] = arguments;
let state = seed;
const rand = n => { state = (state * 1103515245 + 12345) % 2147483648; return state % n; };
const sleep = ms => new Promise(r => setTimeout(r, ms));
(async () => {
  for (let ply = 0; ply < cap; ++ply) {
    if (document.body.dataset.turn === 'over') break;
    const holes = [...document.querySelectorAll('#board g.hole.legal')];
    const others = [...document.querySelectorAll('#other-moves button')];
    const targets = holes.concat(others);
    if (!targets.length) return done({error: 'no legal move to click at ply ' + ply});
    const before = Number(document.body.dataset.moves);
    const target = targets[rand(targets.length)];
    target.dispatchEvent(new MouseEvent('click', {bubbles: true}));
    const choices = [...document.querySelectorAll('#choices:not([hidden]) button[data-move]')];
    if (choices.length) choices[rand(choices.length)].click();
    for (let t = 0; Number(document.body.dataset.moves) <= before || document.body.dataset.busy === 'yes'; ++t) {
      if (t > 2000) return done({error: 'a click played no move at ply ' + ply});
      await sleep(2);
    }
  }
  done({moves: Number(document.body.dataset.moves), turn: document.body.dataset.turn});
})();
"""


def every_board(p):
    """A game of every board shape of the library (rows, columns, players, stores) draws and plays
    by clicking, to its end or SWEEP_PLIES plies; the status filter shows what it says."""
    p.open()
    paths = [li.get_attribute("data-path") for li in p.driver.find_elements(By.CSS_SELECTOR, "#games li:not(.error)")]
    check(len(paths) >= 17, f"the library lists {len(paths)} games")
    with urllib.request.urlopen(f"{p.url}api/games") as response:
        games = {g["path"]: g for g in json.load(response)["games"]}
    # The status filter: a person asking for the partial files sees only files marked partial.
    p.driver.execute_script("const s = document.getElementById('filter-fidelity'); s.value = 'partial';"
                            "s.dispatchEvent(new Event('change'));")
    shown = p.driver.find_elements(By.CSS_SELECTOR, "#games li")
    partial = [path for path, g in games.items() if g.get("fidelity") == "partial"]
    check(len(shown) == len(partial) and partial, f"the partial filter shows {len(shown)} games of {len(partial)}")
    for li in shown:
        badge = li.find_element(By.CSS_SELECTOR, ".fidelity")
        check(badge.text == "partial" and badge.get_attribute("title"),
              f"{li.get_attribute('data-path')}: badge {badge.text!r} without the rules it approximates")
    p.driver.execute_script("const s = document.getElementById('filter-fidelity'); s.value = '';"
                            "s.dispatchEvent(new Event('change'));")
    shapes = {}
    for path in paths:
        g = games[path]
        shapes.setdefault((g["rows"], g["columns"], g["players"], g["stores"]), path)
    for n, path in enumerate(shapes.values()):
        p.start(path, ["human"] * 6)
        state = p.check_board(f"{path} at the start")
        board = state["position"]["board"]
        p.screenshot("board-" + os.path.basename(path).replace(".lud", ""))
        result = p.driver.execute_async_script(SWEEP_SCRIPT, SWEEP_PLIES, n + 1)
        check("error" not in result, f"{path}: {result.get('error')}")
        p.check_board(f"{path} after {result['moves']} moves")
        print(f"ok: {path}: {board['rows']}x{board['columns']}, {result['moves']} moves clicked, "
              f"{'ended' if result['turn'] == 'over' else 'cut at the ply cap'}")
    print(f"ok: {len(shapes)} board shapes of {len(paths)} games drawn and played")


SCENARIOS = [("kalah", kalah_against_random), ("rules", rule_author), ("solver", solver_marks), ("analysis", analysis_finding),
             ("boards", every_board)]


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    if not shutil.which("chromedriver") or not (shutil.which("chromium") or shutil.which("chromium-browser")):
        print("chromium or chromium-driver is not installed: skipped")
        return 77
    mancala, screenshots = sys.argv[1], sys.argv[2]
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
    os.makedirs(screenshots, exist_ok=True)
    p = Playground(mancala, screenshots)
    failed = False
    try:
        control(p)
        for name, scenario in SCENARIOS:
            if only and name != only:
                continue
            start = time.time()
            try:
                scenario(p)
                errors = p.console_errors()
                check(not errors, f"console errors: {errors}")
            except Failure as e:
                failed = True
                p.screenshot(f"failed-{name}")
                print(f"FAIL: {name}: {e}")
            print(f"   ({name}: {time.time() - start:.1f} s)")
    finally:
        try:
            p.close()
        except Failure as e:
            failed = True
            print(f"FAIL: {e}")
    print(f"screenshots in {screenshots}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
