"""SpinningBar: a total from the start, a spinner and a message until the first update."""

from __future__ import annotations

import io
import threading
import time

from tem.cli.progress import FRAMES, SpinningBar


def frames(out: io.StringIO) -> list[str]:
    return [frame for frame in out.getvalue().split("\r") if frame.strip()]


def test_spins_with_the_message_until_the_first_update() -> None:
    out = io.StringIO()
    with SpinningBar(3, "loading models", file=out, disable=False, interval_s=0.005) as bar:
        deadline = time.monotonic() + 5
        while len(frames(out)) < 4 and time.monotonic() < deadline:
            time.sleep(0.01)
        waiting = frames(out)
        bar.update(1)
        assert "loading models" not in frames(out)[-1]
        spun = len(frames(out))
        time.sleep(0.03)
        assert len(frames(out)) == spun  # the spinner stopped
    assert "1/3" in frames(out)[-1]
    assert all("0/3" in frame and "loading models" in frame for frame in waiting[1:])
    assert len({frame for frame in waiting if any(f" {c} loading" in frame for c in FRAMES)}) > 1
    assert not any(thread.name == "tem-spinner" for thread in threading.enumerate())


def test_silent_and_threadless_when_not_a_terminal() -> None:
    out = io.StringIO()
    with SpinningBar(2, "loading models", file=out) as bar:
        assert not any(thread.name == "tem-spinner" for thread in threading.enumerate())
        bar.update(2)
    assert out.getvalue() == ""


def test_a_run_that_fails_before_any_update_stops_the_spinner() -> None:
    out = io.StringIO()
    try:
        with SpinningBar(2, "waiting for m", file=out, disable=False, interval_s=0.005):
            raise RuntimeError("boom")
    except RuntimeError:
        pass
    assert not any(thread.name == "tem-spinner" for thread in threading.enumerate())
