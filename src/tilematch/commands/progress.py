"""A progress line for long commands: a bar with count, total, rate and time left on a
terminal, nothing at all when the output goes to a pipe or a file.

The line is drawn on standard error only when it is a terminal
(``sys.stderr.isatty()``), redrawn in place with a carriage return at most every
:data:`INTERVAL` seconds, cut to the terminal's width, and wiped before the command
prints a line of its own (:meth:`Progress.print`), so that results on standard output
never mix with it. :meth:`Progress.close` replaces it with one closing line (what was
done and how long it took). Work whose size is not known (a search) shows the time
it has run instead of a bar, redrawn from a thread (:meth:`Progress.ticking`); a
``delay`` keeps the line away from work that ends within it.

>>> import io
>>> quiet = io.StringIO()  # not a terminal: nothing is written
>>> with Progress("layouts", 3, stream=quiet) as bar:
...     bar.step()
>>> quiet.getvalue()
''
>>> line(Progress("layouts", 168, stream=quiet, clock=lambda: 10.0), done=42, elapsed=10.0)
'layouts [######..................] 42/168 4.2/s 0:30 left'
"""

from __future__ import annotations

import shutil
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import TracebackType
from typing import TextIO

#: Seconds between two redraws of the line.
INTERVAL = 0.1
#: Characters of the bar.
WIDTH = 24
#: What wipes the line the cursor is on.
_WIPE = "\r\x1b[K"


def _clock_text(seconds: float) -> str:
    minutes, secs = divmod(int(seconds + 0.5), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def line(progress: Progress, *, done: int, elapsed: float) -> str:
    """The text of ``progress``'s line after ``done`` steps and ``elapsed`` seconds: the
    label, then a bar, ``done/total``, the rate and the time left (a known total), or
    ``done`` and the time run (an unknown one), then the note."""
    parts = [progress.label]
    total = progress.total
    if total:
        filled = min(WIDTH, WIDTH * done // total)
        parts.append("[" + "#" * filled + "." * (WIDTH - filled) + "]")
        parts.append(f"{done}/{total}")
        if done and elapsed > 0:
            rate = done / elapsed
            parts.append(f"{rate:.1f}/s" if rate >= 0.1 else f"{elapsed / done:.0f} s each")
            parts.append(f"{_clock_text((total - done) / rate)} left")
    else:
        if done:
            parts.append(str(done))
        parts.append(_clock_text(elapsed))
    if progress.note:
        parts.append(progress.note)
    return " ".join(parts)


class Progress:
    """The progress line of one piece of work: ``total`` steps (``None``: unknown).

    ``stream`` is where it is drawn (default standard error), only when it is a terminal,
    and only once the work has run ``delay`` seconds; ``clock`` gives the time in seconds
    (for tests). Without ``keep`` the line is wiped at the end instead of leaving a
    closing line. Use it as a context manager, or call :meth:`close` at the end.
    """

    def __init__(
        self,
        label: str,
        total: int | None = None,
        *,
        stream: TextIO | None = None,
        clock: Callable[[], float] = time.monotonic,
        delay: float = 0.0,
        keep: bool = True,
    ) -> None:
        self.label = label
        self.total = total
        self.note = ""
        self.stream = stream if stream is not None else sys.stderr
        self.clock = clock
        self.delay = delay
        self.keep = keep
        self.enabled = _is_terminal(self.stream)
        self.done = 0
        self.started = clock()
        self._drawn = 0.0
        self._shown = False
        self._ever = False
        self._lock = threading.Lock()

    def step(self, count: int = 1, note: str | None = None) -> None:
        """``count`` more steps done (and a new note, such as what runs now); redraws."""
        with self._lock:
            self.done += count
            if note is not None:
                self.note = note
            self._draw(force=note is not None)

    def show(self, note: str) -> None:
        """Say what runs now without counting a step."""
        self.step(0, note)

    def print(self, text: str, file: TextIO | None = None) -> None:
        """Print one line of the command's own output (default standard output) with the
        progress line wiped first and drawn again after it."""
        out = file if file is not None else sys.stdout
        with self._lock:
            self._wipe()
            print(text, file=out, flush=True)
            self._draw(force=True)

    def _draw(self, *, force: bool = False) -> None:
        if not self.enabled:
            return
        now = self.clock()
        if now - self.started < self.delay or (not force and now - self._drawn < INTERVAL):
            return
        self._drawn = now
        columns = shutil.get_terminal_size((80, 24)).columns
        text = line(self, done=self.done, elapsed=now - self.started)[: max(10, columns - 1)]
        self.stream.write(_WIPE + text)
        self.stream.flush()
        self._shown = True
        self._ever = True

    def _wipe(self) -> None:
        if self._shown:
            self.stream.write(_WIPE)
            self.stream.flush()
            self._shown = False

    @contextmanager
    def ticking(self, every: float = 0.25) -> Iterator[None]:
        """Redraw the line every ``every`` seconds from a thread while the block runs (for
        work that cannot call :meth:`step`, such as a search)."""
        if not self.enabled:
            yield
            return
        stop = threading.Event()

        def tick() -> None:
            while not stop.wait(every):
                with self._lock:
                    self._draw(force=True)

        thread = threading.Thread(target=tick, name="progress", daemon=True)
        thread.start()
        try:
            yield
        finally:
            stop.set()
            thread.join()

    def close(self, summary: str | None = None) -> None:
        """Replace the line by a closing line (``summary``, default what was done and the
        time taken) ending with a newline, or wipe it (without ``keep``); nothing when
        nothing was drawn."""
        with self._lock:
            if not self._ever:
                self.enabled = False
                return
            elapsed = self.clock() - self.started
            counted = f"{self.done}/{self.total}" if self.total else str(self.done)
            text = summary or f"{self.label}: {counted} in {_clock_text(elapsed)}"
            self.stream.write(_WIPE + (text + "\n" if self.keep else ""))
            self.stream.flush()
            self._shown = False
            self.enabled = False

    def __enter__(self) -> Progress:
        with self._lock:
            self._draw(force=True)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # closed, or not a real file
        return False
