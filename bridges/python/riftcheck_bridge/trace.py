"""Traces: every game the engine plays, as JSON lines that `riftcheck validate TRACE` reads.

    {"trace": 1, "engine": "<name> <version>", "capabilities": {...as in hello...}}
    {"setup": {...the setup...}, "observation": {...right after setup...}}
    {"action": {"text": "A plays Firebolt", "kind": "play", ...}, "observation": {...}}
    {"action": {...}, "refused": {"rule": "312.1", "error": "...", "message": "..."}}

A `setup` line starts a game and the step lines that follow are its steps, in order. A trace is
linear: a `reset` writes the setup line again (with the observation `reset` answered), and a
`restore` writes the setup line and then the steps taken from the setup to the snapshot again
(refusals are not written again: they changed nothing), so that every game in the file reads
from its start. Steps the engine answered `unsupported` or
`error` are not written: they did not happen.
"""

from __future__ import annotations

import json
import os
from typing import IO, Any, Mapping

from .messages import Capabilities, Refusal

#: The version of the trace format (the header's `trace`).
TRACE_VERSION = 1

#: The environment variable naming a trace file when `serve` is given none.
TRACE_ENV = "RIFTCHECK_TRACE"


def trace_path(path: str | os.PathLike[str] | None) -> str | None:
    """The file to trace into: `path`, else $RIFTCHECK_TRACE, else none. `{pid}` in it is
    replaced by the process id, so that engines started side by side write apart."""
    chosen = os.fspath(path) if path is not None else os.environ.get(TRACE_ENV) or None
    return chosen.replace("{pid}", str(os.getpid())) if chosen else None


class TraceWriter:
    """Writes one trace; `Session` calls it as it answers. Lines are written as they happen
    (line-buffered), so a trace is complete up to the last answer even if the engine is
    killed."""

    def __init__(self, out: str | os.PathLike[str] | IO[str], engine: str, capabilities: Capabilities) -> None:
        if isinstance(out, (str, os.PathLike)):
            self._file: IO[str] = open(out, "w", encoding="utf-8", buffering=1)
            self._owned = True
        else:
            self._file, self._owned = out, False
        self._setup: Any = None  # the setup of the game being played
        self._start = ""  # its setup line, as first written
        self._path: list[str] = []  # its step lines since the setup
        self._saved: dict[Any, tuple[str, ...]] = {}  # snapshot token -> steps to it
        self._write({"trace": TRACE_VERSION, "engine": engine, "capabilities": capabilities})

    def _write(self, line: Mapping[str, Any] | str) -> str:
        text = line if isinstance(line, str) else json.dumps(line, ensure_ascii=False)
        self._file.write(text + "\n")
        return text

    def setup(self, setup: Any, observation: Mapping[str, Any]) -> None:
        """A game starts: the setup riftcheck sent and the engine's answer to it."""
        self._setup = setup
        self._start = self._write({"setup": setup, "observation": observation})
        self._path = []
        self._saved = {}

    def reset(self, observation: Mapping[str, Any]) -> None:
        """Back to the start of the game: the setup again, with the observation of `reset`."""
        self._write({"setup": self._setup, "observation": observation})
        self._path = []

    def step(self, action: Mapping[str, Any], *, observation: Mapping[str, Any] | None = None,
             refused: Refusal | None = None) -> None:
        """A step taken (`observation`) or refused (`refused`). A refusal is written once and
        not replayed on `restore`: the game stayed as it was."""
        if refused is not None:
            self._write({"action": action, "refused": refused})
        else:
            self._path.append(self._write({"action": action, "observation": observation}))

    def snapshot(self, token: Any) -> None:
        self._saved[token] = tuple(self._path)

    def restore(self, token: Any) -> None:
        """Back to a snapshot: the setup line, then the steps from it to the snapshot."""
        self._write(self._start)
        self._path = list(self._saved[token])
        for line in self._path:
            self._write(line)

    def close(self) -> None:
        if self._owned:
            self._file.close()
        else:
            self._file.flush()
