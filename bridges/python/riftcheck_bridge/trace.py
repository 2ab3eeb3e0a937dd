"""Traces: every game the engine plays, as JSON lines that `riftcheck validate TRACE` reads,
written line for line as `riftcheck serve --record` writes them.

    {"trace":1,"engine":"<name> <version>","capabilities":{...as in hello...}}
    {"setup":{...the setup as sent...},"observation":{...right after setup...}}
    {"action":{"text":"A plays Firebolt","kind":"play",...},"observation":{...}}
    {"action":{...},"refused":{"rule":"312.1","error":"...","message":"..."}}
    {"reset":true,"observation":{...the observation `reset` answered...}}
    {"snapshot":0}
    {"restore":0}

The header comes first, once. A `setup` line starts a game; every other line belongs to the game
of the last `setup` line, in the order the session played it. Where the session went back in the
game the trace says so rather than writing the game again: `reset` goes back to right after the
setup (the game and its snapshots go on), `snapshot` names the game as it is by the token handed
out, and `restore` goes back to the game an earlier `snapshot` of the same game named. Tokens are
valid until the next `setup` line. Keys are written in the order shown (what happened, then what
the engine showed). Answers `unsupported`, `invalid` or `error`, and `observe`, write nothing; a
setup the engine did not accept ends the recorded game (the session records again from the next
setup it accepts), and nothing is written before the first game.
"""

from __future__ import annotations

import json
import os
from typing import IO, Any, Literal, Mapping, TypedDict, Union

from .messages import Action, Capabilities, Observation, Refusal, Setup

#: The version of the trace format (the header's `trace`).
TRACE_VERSION = 1

#: The environment variable naming a trace file when `serve` is given none.
TRACE_ENV = "RIFTCHECK_TRACE"


class TraceHeader(TypedDict):
    """The first line: the trace format's version, `"<name> <version>"`, hello's capabilities."""

    trace: Literal[1]
    engine: str
    capabilities: Capabilities


class TraceGame(TypedDict):
    """A game starts: the setup as the protocol sent it, and the observation right after it."""

    setup: Setup
    observation: Observation


class TraceStep(TypedDict):
    """A step taken: the protocol's action (or `{"text": ...}` alone) and what the engine showed."""

    action: Action
    observation: Observation


class TraceRefusal(TypedDict):
    """A step refused: the action and the refusal (with its `rule`)."""

    action: Action
    refused: Refusal


class TraceReset(TypedDict):
    """Back to right after the setup, with the observation `reset` answered."""

    reset: Literal[True]
    observation: Observation


class TraceSnapshot(TypedDict):
    """The game as it is now, named by the token the engine handed out (any JSON value)."""

    snapshot: Any


class TraceRestore(TypedDict):
    """Back to the game an earlier `snapshot` line of this game named."""

    restore: Any


TraceLine = Union[TraceHeader, TraceGame, TraceStep, TraceRefusal, TraceReset, TraceSnapshot, TraceRestore]


def trace_path(path: str | os.PathLike[str] | None) -> str | None:
    """The file to trace into: `path`, else $RIFTCHECK_TRACE, else none. `{pid}` in it is
    replaced by the process id, so that engines started side by side write apart."""
    chosen = os.fspath(path) if path is not None else os.environ.get(TRACE_ENV) or None
    return chosen.replace("{pid}", str(os.getpid())) if chosen else None


class TraceWriter:
    """Writes one trace; `Session` calls it as it answers, and an engine's own tests or server
    may call it too. Lines are written as they happen (line-buffered), so a trace is complete up
    to the last answer even if the engine is killed."""

    def __init__(self, out: str | os.PathLike[str] | IO[str], engine: str, capabilities: Capabilities) -> None:
        if isinstance(out, (str, os.PathLike)):
            self._file: IO[str] = open(out, "w", encoding="utf-8", buffering=1)
            self._owned = True
        else:
            self._file, self._owned = out, False
        self._playing = False  # whether a game has started: nothing else is written before one
        self._write({"trace": TRACE_VERSION, "engine": engine.strip(), "capabilities": capabilities})

    def _write(self, line: Mapping[str, Any]) -> None:
        self._file.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")

    def setup(self, setup: Any, observation: Mapping[str, Any]) -> None:
        """A game starts: the setup riftcheck sent and the engine's answer to it. Snapshot tokens
        handed out before are no longer valid."""
        self._playing = True
        self._write({"setup": setup, "observation": observation})

    def step(self, action: Mapping[str, Any] | str, *, observation: Mapping[str, Any] | None = None,
             refused: Refusal | None = None) -> None:
        """A step taken (`observation`) or refused (`refused`). The action is the protocol's, or
        its sentence alone (`"A passes"` is written `{"text": "A passes"}`)."""
        if (observation is None) == (refused is None):
            raise TypeError("a traced step has either an `observation` or a `refused`")
        act = {"text": action} if isinstance(action, str) else action
        if not isinstance(act.get("text"), str):
            raise TypeError("a traced action needs its `text`")
        if not self._playing:
            return
        if refused is not None:
            self._write({"action": act, "refused": refused})
        else:
            self._write({"action": act, "observation": observation})

    def reset(self, observation: Mapping[str, Any]) -> None:
        """Back to right after the setup, and the observation `reset` answered. The game goes
        on, and so do its snapshots."""
        if self._playing:
            self._write({"reset": True, "observation": observation})

    def snapshot(self, token: Any) -> None:
        """The game as it is now, named by the token the engine handed out."""
        if self._playing:
            self._write({"snapshot": token})

    def restore(self, token: Any) -> None:
        """Back to the game a `snapshot` of this game named (a `restore` answered
        `{"restored": true}`)."""
        if self._playing:
            self._write({"restore": token})

    def close(self) -> None:
        if self._owned:
            self._file.close()
        else:
            self._file.flush()
