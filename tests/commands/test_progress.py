"""The progress line of long commands: drawn on a terminal (a real pseudo-terminal here),
never in a pipe, and closed with a clean line."""

from __future__ import annotations

import io
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

from tilematch.commands import progress
from tilematch.commands.progress import Progress

#: What only a drawn progress line holds: the carriage return, the wipe and the bar.
BAR_MARKS = ("\r", "\x1b[K", "[#", "[.")


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_line_counts_rates_and_time_left_and_closes_cleanly():
    clock, out = Clock(), Terminal()
    with Progress("layouts", 4, stream=out, clock=clock) as bar:
        clock.now += 2
        bar.step(note="turtle")
        clock.now += 0.01
        bar.step()  # within INTERVAL of the last draw: not drawn
        clock.now += 2
        bar.step()
    text = out.getvalue()
    frames = text.split("\r\x1b[K")
    assert frames[1] == "layouts [........................] 0/4"
    assert frames[2] == "layouts [######..................] 1/4 0.5/s 0:06 left turtle"
    assert frames[3].startswith("layouts [##################......] 3/4 ")
    assert frames[-1] == "layouts: 3/4 in 0:04\n" and len(frames) == 5


def test_own_output_wipes_the_line_first_and_draws_it_again(capsys):
    out = Terminal()
    bar = Progress("bench", 2, stream=out, clock=Clock())
    bar.show("grid")
    bar.print("| row |")
    assert capsys.readouterr().out == "| row |\n"
    assert out.getvalue().count("\r\x1b[K") == 3  # drawn, wiped, drawn again
    bar.close()
    assert out.getvalue().endswith("\r\x1b[Kbench: 0/2 in 0:00\n")


def test_nothing_is_drawn_when_the_stream_is_not_a_terminal(capsys):
    out = io.StringIO()
    with Progress("bench", 3, stream=out) as bar:
        bar.step(note="grid")
        bar.print("| row |")
    assert out.getvalue() == "" and capsys.readouterr().out == "| row |\n"


def test_a_delay_keeps_the_line_away_from_short_work():
    clock, out = Clock(), Terminal()
    with Progress("solving", stream=out, clock=clock, delay=1.0, keep=False) as bar:
        bar.show("searching")
        assert out.getvalue() == ""
        clock.now += 1.5
        bar.show("searching")
    assert out.getvalue() == "\r\x1b[Ksolving 0:02 searching\r\x1b[K"


def test_the_ticking_thread_redraws_while_work_runs():
    out = Terminal()
    bar = Progress("solving", stream=out, keep=False)
    with bar.ticking(every=0.02):
        time.sleep(0.2)
    drawn = out.getvalue().count("solving 0:00")
    assert drawn >= 3
    bar.close()
    assert out.getvalue().endswith("\r\x1b[K")


def _run(script: str, *, tty: bool, env: dict[str, str] | None = None) -> tuple[str, str]:
    """Run ``python -c script`` with stdout to a pipe and stderr to a pipe or to a
    pseudo-terminal; returns (stdout, stderr) as text."""
    environ = {**os.environ, "COLUMNS": "120", **(env or {})}
    command = [sys.executable, "-c", script]
    if not tty:
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, env=environ)
        assert done.returncode in (0, 1), done.stderr
        return done.stdout, done.stderr
    leader, follower = pty.openpty()
    child = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=follower, env=environ, stdin=subprocess.DEVNULL
    )
    os.close(follower)
    seen = bytearray()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        ready, _, _ = select.select([leader], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            seen += chunk
        elif child.poll() is not None:
            break
    os.close(leader)
    assert child.stdout is not None
    with child.stdout:
        out = child.stdout.read().decode()
    child.wait(timeout=30)
    return out, seen.decode()


_MEASURE = (
    "import sys, tilematch.engine.layouts as L; few = L.builtin()[:3];"
    " L.builtin = lambda: few; from tilematch.cli import main;"
    " sys.exit(main(['layouts', 'measure', '--deals', '1', '--nodes', '20']))"
)


def test_layouts_measure_shows_the_bar_on_a_terminal_and_ends_with_a_clean_line():
    out, err = _run(_MEASURE, tty=True)
    assert len(out.splitlines()) == 3 and all(
        line.startswith('{"name"') for line in out.splitlines()
    )
    assert "layouts measured [" in err and "3/3" in err
    assert "layouts measured [########################] 3/3 " in err
    closing = err.rsplit("\x1b[K", 1)[1]
    assert closing.startswith("layouts measured: 3/3 in ") and closing.endswith("\r\n")


def test_layouts_measure_in_a_pipe_prints_no_bar():
    out, err = _run(_MEASURE, tty=False)
    assert len(out.splitlines()) == 3
    assert not any(mark in out + err for mark in BAR_MARKS), err


_BENCH = "import sys; from tilematch.cli import main; sys.exit(main(['bench', '--quick', 'grid']))"


def test_bench_on_a_terminal_and_in_a_pipe():
    out, err = _run(_BENCH, tty=True)
    assert out.startswith("| ") and "grid" in out
    assert "bench [" in err and err.rsplit("\x1b[K", 1)[1].startswith("bench: 1/1 in ")
    piped_out, piped_err = _run(_BENCH, tty=False)
    assert piped_out.splitlines()[0] == out.splitlines()[0]
    assert not any(mark in piped_out + piped_err for mark in BAR_MARKS)


def _slow_solve(board: Path) -> str:
    """A ``tilematch solve`` whose search takes 1.6 s longer (the solver is wrapped)."""
    return (
        "import sys, time, tilematch.engine.solver as S; real = S.solve\n"
        "def slow(*a, **k):\n    time.sleep(1.6)\n    return real(*a, **k)\n"
        "S.solve = slow\nfrom tilematch.cli import main\n"
        f"sys.exit(main(['solve', {str(board)!r}]))"
    )


def test_a_long_solve_shows_its_time_on_a_terminal_and_wipes_it(tmp_path: Path):
    board = tmp_path / "board.txt"
    dealt = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from tilematch.cli import main;"
            " sys.exit(main(['deal', 'shisensho', '--seed', '1', '--size', '4x2']))",
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    board.write_text(dealt.stdout)
    out, err = _run(_slow_solve(board), tty=True)
    assert out.count('{"a"') == 4  # the solution, untouched on stdout
    assert f"solving {board} 0:01 searching" in err
    assert err.endswith("\x1b[K")  # wiped: the terminal is left on a clean line
    piped_out, piped_err = _run(_slow_solve(board), tty=False)
    assert piped_out == out and piped_err == ""


def test_the_time_text():
    assert progress._clock_text(59.6) == "1:00"
    assert progress._clock_text(3725) == "1:02:05"
