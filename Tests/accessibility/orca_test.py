#!/usr/bin/python3
"""What Orca says about the gallery: Orca 43 for real, its every utterance read from its debug log.

    /usr/bin/python3 Tests/accessibility/orca_test.py --session BINARY [--kinds] [--transcript FILE] [--expected FILE]

(`--session` unblocks signals and reruns this on a private X server (xvfb-run) inside a private
session bus (dbus-run-session), as atspi_test.py does.)

Inside: openbox (Orca follows the window manager's active window), the AT-SPI bus
(at-spi-bus-launcher --launch-immediately), speech-dispatcher with espeak-ng speaking to ALSA's
null device (a private HOME holds its .asoundrc, Orca's settings and speech-dispatcher's
configuration), then `orca --replace --debug-file=LOG`, then the gallery. Keys go to the
gallery through XTEST (`xdotool key`), as a keyboard's would: X gives them to the focused
window, GLFW to Radial, Radial to ATK's key listeners, the bridge to the registry and the
registry to Orca, which consumes its own commands.

The script: the gallery opens; Tab; KP_Up (Orca's flat review: the line at the top of the chart,
not a key for Radial); Right six times (the six axes); Right to the City legend
entry; Enter (hide City), Enter (show it); KP_Enter (Orca's where-am-I: Radial must not toggle);
2 (the scan page); Tab to its first contact and wait 7 s (the beam passes: nothing may be
said); KP_Enter. Each step's utterances are collected (Orca's "SPEECH OUTPUT" lines written
after the key) and compared with the expected transcript, step by step; the checks that need
no exact words (no utterance said twice in a row across steps, no "lit"/"faded", Orca's
where-am-I spoken and the legend entry still checked) are made as well.

With --kinds (issue #36), instead: a donut page in `BINARY show`; T and Shift+T with the page's
heading focused, Tab, T and Shift+T with the chart focused; Orca must say each new kind
(Tests/accessibility/orca_kinds_expected.txt).

Prints `PASS orca` or `FAIL orca: why`, then the transcript; exits 1 on failure.
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

if __name__ == "__main__" and sys.argv[1:2] == ["--session"]:
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    os.execv("/usr/bin/xvfb-run", ["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", "/usr/bin/dbus-run-session", "--",
                                   sys.executable, os.path.abspath(__file__), *sys.argv[2:]])

HERE = os.path.dirname(os.path.abspath(__file__))
# "12:00:01.123456 - SPEECH OUTPUT: 'Screen reader on.'{'established': False}", "... 'return ' {...}";
# an utterance may span lines.
SPEECH = re.compile(r"(\d\d):(\d\d):(\d\d\.\d+) - SPEECH OUTPUT: '(.*?)'(?=\s?[\[{]|\s*\n\d\d:\d\d:|\s*\n\n|\s*$)", re.S)


ORCA_LINE_BUFFERED = """
import builtins, runpy, sys
log = sys.argv[1]
plain_open = builtins.open
def line_buffered_log(file, mode="r", *args, **kwargs):
    if file == log and "w" in mode:
        kwargs["buffering"] = 1
    return plain_open(file, mode, *args, **kwargs)
builtins.open = line_buffered_log
sys.argv = ["orca", "--replace", "--debug-file=" + log]
runpy.run_path("/usr/bin/orca", run_name="__main__")
"""


class Failure(Exception):
    pass


def expect(cond, message):
    if not cond:
        raise Failure(message)


def xdotool(*args):
    return subprocess.run(["xdotool", *args], check=True, capture_output=True, text=True).stdout.strip()


class Session:
    """openbox, the AT-SPI bus, speech-dispatcher and Orca, each in its own process group."""

    def __init__(self):
        self.home = tempfile.mkdtemp(prefix="radial-orca-")
        self.log = os.path.join(self.home, "orca-debug.txt")
        self.procs = []
        env = dict(os.environ)
        env.update(HOME=self.home, XDG_CONFIG_HOME=f"{self.home}/.config", XDG_DATA_HOME=f"{self.home}/.local/share",
                   XDG_CACHE_HOME=f"{self.home}/.cache", XDG_RUNTIME_DIR=f"{self.home}/run")
        env.pop("NO_AT_BRIDGE", None)
        os.makedirs(env["XDG_RUNTIME_DIR"], mode=0o700)
        # speech-dispatcher: espeak-ng, to ALSA's null device.
        with open(f"{self.home}/.asoundrc", "w") as f:
            f.write("pcm.!default { type null }\nctl.!default { type hw card 0 }\n")
        conf = f"{self.home}/speechd"
        os.makedirs(f"{conf}/modules")
        shutil.copy("/etc/speech-dispatcher/modules/espeak-ng.conf", f"{conf}/modules/espeak-ng.conf")
        with open(f"{conf}/speechd.conf", "w") as f:
            f.write('AudioOutputMethod "alsa"\nAddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"\nDefaultModule espeak-ng\n'
                    'DefaultRate 100\nLogLevel 1\n')
        self.env = env
        try:
            self.launch(conf)
        except BaseException:
            self.close()
            raise

    def launch(self, conf):
        self.start(["openbox", "--sm-disable"])
        self.start(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"])
        self.wait_for_name("org.a11y.Bus")
        self.start(["speech-dispatcher", "-s", "-t", "0", "-C", conf])
        time.sleep(0.5)
        # Orca itself (/usr/bin/orca), its debug log line-buffered: Orca opens it block-buffered
        # and does not flush it when it is stopped, which would lose the last utterances.
        self.orca = self.start(["/usr/bin/python3", "-c", ORCA_LINE_BUFFERED, self.log], name="orca")
        # Orca is up when it says its welcome ("Screen reader on.").
        self.wait_for(lambda: any("Screen reader on" in u for _, u in self.utterances()), 30,
                      "Orca did not start; its log ends: " + " | ".join(self.log_lines()[-8:]) + "; it printed: " + open(f"{self.home}/orca.out").read()[-800:])
        time.sleep(1)

    def start(self, argv, name=None, **kw):
        # Each one's output in the private HOME (read when something fails).
        out = open(os.path.join(self.home, (name or os.path.basename(argv[0])) + ".out"), "w")
        p = subprocess.Popen(argv, env=self.env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True, **kw)
        self.procs.append(p)
        return p

    def wait_for_name(self, name):
        for _ in range(200):
            r = subprocess.run(["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                                "org.freedesktop.DBus.NameHasOwner", f"string:{name}"], capture_output=True, text=True)
            if "boolean true" in r.stdout:
                return
            time.sleep(0.05)
        raise Failure(f"{name} did not appear on the session bus")

    def wait_for(self, cond, seconds, message):
        end = time.time() + seconds
        while time.time() < end:
            if cond():
                return
            time.sleep(0.1)
        raise Failure(message)

    def log_lines(self):
        try:
            with open(self.log, errors="replace") as f:
                return f.read().split("\n")
        except FileNotFoundError:
            return []

    def utterances(self):
        """(seconds since midnight, text) for every utterance in Orca's log so far. Orca's log is
        block-buffered: the last ones appear when it exits (`stop_orca`)."""
        try:
            with open(self.log, errors="replace") as f:
                text = f.read()
        except FileNotFoundError:
            return []
        return [(int(h) * 3600 + int(m) * 60 + float(sec), u.strip()) for h, m, sec, u in SPEECH.findall(text)]

    def stop_orca(self):
        """Ends Orca (SIGTERM: it shuts down and its log is flushed)."""
        self.orca.terminate()
        try:
            self.orca.wait(10)
        except subprocess.TimeoutExpired:
            self.orca.kill()

    def close(self):
        for p in reversed(self.procs):
            try:
                os.killpg(p.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        for p in self.procs:
            try:
                p.wait(3)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)


def now_of_day():
    t = time.time()
    lt = time.localtime(t)
    return lt.tm_hour * 3600 + lt.tm_min * 60 + lt.tm_sec + (t % 1)


# How long each step listens at least: Orca answered a focus change in 0.04-0.8 s here.
STEP_SECONDS = 2.0

# Keys, and how long after each to listen; a step's name is what the transcript files it under.
STEPS = [
    ("open", None, 3),
    ("Tab", "Tab", 0),
    ("KP_Up", "KP_Up", 0),   # Orca's flat review, the current line (KP_8 with Num Lock off)
    ("Right 1", "Right", 0), ("Right 2", "Right", 0), ("Right 3", "Right", 0),
    ("Right 4", "Right", 0), ("Right 5", "Right", 0), ("Right 6", "Right", 0),
    ("Right 7", "Right", 0),
    ("Enter", "Return", 0),
    ("Enter again", "Return", 0),
    ("KP_Enter", "KP_Enter", 0),
    ("page 2", "2", 0),
    ("Tab", "Tab", 0),
    ("Right", "Right", 0),
    ("wait", None, 7),
    ("KP_Enter", "KP_Enter", 5),
]


# The kinds (issue #36): a donut page in `show`; T turns it into a rose, Shift+T back, with the
# page's heading focused; then Tab to the chart and T again, with the chart focused. Each new kind
# is said ("Rose chart, 4 wedges").
KINDS_PAGE = ('{"title": "Spending", "charts": [{"type": "donut", "title": "March", "sectors": [{"name": "Rent", "value": 1150}, '
              '{"name": "Food", "value": 420}, {"name": "Transport", "value": 180}, {"name": "Fun", "value": 240}]}]}')
KINDS_STEPS = [
    ("open", None, 3),
    ("T", "t", 0),
    ("Shift+T", "shift+t", 0),
    ("Tab", "Tab", 0),
    ("T on the chart", "t", 0),
    ("Shift+T on the chart", "shift+t", 3),
]


def run(argv, session, steps=STEPS):
    """Runs the steps; returns [(step, [utterances])], each step's being what Orca said between its key and the next."""
    gallery = None
    marks = []
    try:
        gallery = subprocess.Popen(argv, env=dict(session.env), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
        session.procs.append(gallery)
        marks.append(now_of_day())
        window = ""
        for _ in range(200):
            try:
                window = xdotool("search", "--onlyvisible", "--pid", str(gallery.pid), "--name", "Radial").split("\n")[0]
            except subprocess.CalledProcessError:
                pass
            if window:
                break
            time.sleep(0.1)
        expect(window, "the gallery window did not appear")
        for i, (name, key, wait) in enumerate(steps):
            if i > 0:   # the first step, the opening, began with the launch
                marks.append(now_of_day())
            if key:
                xdotool("key", "--clearmodifiers", key)
            elif i == 0:
                # The opening: under load (a debug build, a busy machine) Orca may take longer
                # than usual to speak; wait for its first words (up to 20 s), then listen on.
                deadline = time.time() + 20
                while time.time() < deadline and not any(t >= marks[0] for t, _ in session.utterances()):
                    time.sleep(0.2)
            time.sleep(max(wait, STEP_SECONDS))
        time.sleep(0.5)
        session.stop_orca()
    finally:
        if gallery and gallery.poll() is None:
            gallery.terminate()
    said = session.utterances()
    bounds = marks + [float("inf")]
    return [(name, [u for t, u in said if bounds[i] <= t < bounds[i + 1]]) for i, (name, _, _) in enumerate(steps)]


def read_expected(path):
    """[(step, [line])] from the expected transcript; a line "~ RE" is a regular expression, "? TEXT"
    an utterance Orca may leave out (it drops a window:activate that a focus event follows at once)."""
    steps = []
    for line in open(path, encoding="utf-8").read().split("\n"):
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("["):
            steps.append((line.strip()[1:-1], []))
        else:
            steps[-1][1].append(line[2:] if line.startswith("~ ") else "?" + line[2:] if line.startswith("? ") else "=" + line.strip())
    return steps


def matches(pattern, said):
    return said == pattern[1:] if pattern[0] in "=?" else re.fullmatch(pattern, said) is not None


def step_matches(want, said):
    """Whether utterances `said` are `want` in order, optional ones ("?") present or not."""
    if not want:
        return not said
    if want[0].startswith("?") and step_matches(want[1:], said):
        return True
    return bool(said) and matches(want[0], said[0]) and step_matches(want[1:], said[1:])


KEY_ECHO = re.compile(r"^(tab|return|\d|left|right|shift|KP_Enter)$", re.I)


def verify_steps(transcript, expected):
    """Raises Failure unless the transcript is the expected one, step by step."""
    expect([n for n, _ in transcript] == [n for n, _ in expected], "the steps differ from the expected transcript's")
    for (name, said), (_, want) in zip(transcript, expected):
        expect(step_matches(want, said), f"step [{name}]: Orca said {said!r}, expected {[p[1:] if p[0] in '=?' else p for p in want]!r}")


def verify(transcript, expected):
    """Raises Failure unless the gallery's transcript is the expected one and keeps the rules."""
    verify_steps(transcript, expected)
    # Said once: where-am-I repeats on purpose, key echo is the keys'.
    every = [u for name, said in transcript if name != "KP_Enter" for u in said if not KEY_ECHO.match(u)]
    twice = sorted({u for u in every if every.count(u) > 1})
    expect(not twice, f"said more than once: {twice}")
    chatter = [u for u in every if re.search(r"\b(lit|faded)\b", u)]
    expect(not chatter, f"the beam's chatter: {chatter}")
    where = dict(transcript)
    # Where-am-I is Orca's (it reads the entry), and Radial did not act on KP_Enter: City stays shown.
    kp = [said for name, said in transcript if name == "KP_Enter"]
    expect(kp and any("toggle button" in u for u in kp[0]), f"Orca's where-am-I was not spoken: {kp}")
    after = [u for name, said in transcript[[n for n, _ in transcript].index("KP_Enter"):] for u in said]
    expect(not any(u in ("not pressed", "City, hidden") for u in after), f"Radial acted on KP_Enter: {after}")
    expect(where.get("wait") == [], f"Orca spoke while nothing was pressed: {where.get('wait')}")


def main():
    args = sys.argv[1:]
    binary = args[0]
    out = args[args.index("--transcript") + 1] if "--transcript" in args else None
    kinds = "--kinds" in args
    default = "orca_kinds_expected.txt" if kinds else "orca_expected.txt"
    expected = read_expected(args[args.index("--expected") + 1] if "--expected" in args else os.path.join(HERE, default))
    session = None
    try:
        session = Session()
        if kinds:
            page = os.path.join(session.home, "spending.json")
            with open(page, "w") as f:
                f.write(KINDS_PAGE)
            transcript = run([binary, "show", page], session, KINDS_STEPS)
        else:
            transcript = run([binary], session)
        text = "\n".join(f"[{name}]" + "".join(f"\n  {u}" for u in said) for name, said in transcript)
        print(text)
        if out:
            with open(out, "w") as f:
                f.write(text + "\n")
        (verify_steps if kinds else verify)(transcript, expected)
        print("PASS orca", flush=True)
    except Failure as f:
        print(f"FAIL orca: {f}", flush=True)
        sys.exit(1)
    finally:
        if session:
            if os.environ.get("RADIAL_ORCA_KEEP"):
                shutil.copy(session.log, os.environ["RADIAL_ORCA_KEEP"])
            session.close()


if __name__ == "__main__":
    main()
