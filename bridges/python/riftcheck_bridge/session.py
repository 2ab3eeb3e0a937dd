"""The protocol loop: requests in on stdin, one answer per line out, in order; logs on stderr.

`Session` answers one request at a time and knows nothing of any game's rules; it keeps the
game, the game right after setup (for `reset`) and the snapshots, as the adapter allows
(`keeping(adapter)`: `pure`, `clone` or `rebuild`). `serve` runs a session over standard input
and output.
"""

from __future__ import annotations

import json
import os
import sys
import traceback
from typing import IO, Any, Iterable, Sequence

from .adapter import declared_capabilities, keeping
from .errors import BadRequest, Invalid, Refused, Unsupported
from .messages import Capabilities, Event
from .observations import FieldCheck
from .table import read_action
from .trace import TraceWriter, trace_path
from .vocabulary import SEATS


def _split(result: Any, game: Any) -> tuple[Any, Sequence[Any]]:
    """What `setup` or `apply` returned: a game, `(game, events)`, or None (`game` changed in
    place)."""
    if result is None:
        return game, ()
    if type(result) is tuple and len(result) == 2 and isinstance(result[1], (list, tuple)):
        return result[0], result[1]
    return result, ()


class Session:
    """One engine's side of the protocol. `answer(line)` gives the answer to one request line;
    `handle(request)` to one request already read."""

    def __init__(self, adapter: Any, *, protocol: int = 2, trace: TraceWriter | None = None,
                 log: IO[str] | None = None) -> None:
        self.adapter = adapter
        self.protocol: int = getattr(adapter, "protocol", None) or protocol
        self.keeping = keeping(adapter)
        self.capabilities: Capabilities = declared_capabilities(adapter, self.protocol)
        self.name = str(getattr(adapter, "name", "engine"))
        self.trace = trace
        self.log = log if log is not None else sys.stderr
        caps = self.capabilities
        self._actions = caps.get("actions")
        self._missing = FieldCheck(None if self.protocol == 1 else caps.get("observes"))
        self._warned: set[str] = set()
        self.game: Any = None
        self._started = False
        self._setup: Any = None  # the last setup accepted (for `reset` by rebuilding)
        self._start: Any = None  # the game right after it (kept, or a copy)
        self._start_events: list[Event] = []
        self._saved: list[Any] = []
        # The trace while a game is recorded: from a setup the engine accepted until one it did
        # not (the game goes on, unrecorded, as riftcheck's recorder leaves it).
        self._recording: TraceWriter | None = None

    # -- lines -------------------------------------------------------------------

    def answer(self, line: str) -> dict[str, Any]:
        """The answer to one request line; never raises."""
        try:
            request = json.loads(line)
        except ValueError as e:
            return {"error": f"cannot read the request: {e}"}
        if not isinstance(request, dict) or not isinstance(request.get("op"), str):
            return {"error": "cannot read the request: a request is an object with an `op`"}
        try:
            return self.handle(request)
        except BadRequest as e:
            return {"error": str(e)}
        except Exception as e:  # one bad request never ends the session
            self.say(f"{type(e).__name__}: {e}\n{traceback.format_exc()}")
            return {"error": f"internal error: {type(e).__name__}: {e}"}

    def say(self, text: str) -> None:
        """Writes to the engine's log (stderr), prefixed with its name."""
        self.log.write(f"{self.name}: {text.rstrip()}\n")
        self.log.flush()

    # -- requests ----------------------------------------------------------------

    def handle(self, request: dict[str, Any]) -> dict[str, Any]:
        op = request["op"]
        if op == "hello":
            theirs = request.get("protocol")
            if isinstance(theirs, int) and theirs < self.protocol:
                self.say(f"riftcheck speaks protocol version {theirs}; this engine speaks {self.protocol}")
            return {"hello": {"protocol": self.protocol, "name": self.name,
                              "version": getattr(self.adapter, "version", "0"),
                              "capabilities": self.capabilities}}
        if op == "setup":
            return self._setup_game(request.get("setup"))
        if op not in ("apply", "observe", "snapshot", "restore", "reset"):
            return {"error": f"unknown op `{op}`"}
        if not self._started:
            return {"error": f"`{op}` before any `setup`"}
        if op == "apply":
            return self._apply(request.get("action"))
        if op == "observe":
            return {"observation": self._observation(self.game, [])}
        if op == "reset":
            return self._reset()
        if not self.capabilities.get("snapshot"):
            return {"error": f"`{op}`: this engine has no snapshots"}
        if op == "snapshot":
            self._saved.append(self.game if self.keeping == "pure" else self.adapter.clone(self.game))
            token = len(self._saved) - 1
            if self._recording:
                self._recording.snapshot(token)
            return {"snapshot": token}
        token = request.get("snapshot")
        if not isinstance(token, int) or isinstance(token, bool) or not 0 <= token < len(self._saved):
            return {"error": f"`restore` needs a snapshot this engine handed out since the last setup, not {json.dumps(token)}"}
        saved = self._saved[token]
        self.game = saved if self.keeping == "pure" else self.adapter.clone(saved)
        if self._recording:
            self._recording.restore(token)
        return {"restored": True}

    def _setup_game(self, setup: Any) -> dict[str, Any]:
        self._recording = None  # until the engine accepts this setup
        # As sent, for the trace and for each `reset` by rebuilding (the adapter may change it).
        sent = json.dumps(setup)
        try:
            game, events = _split(self.adapter.setup(setup), None)
        except Unsupported as e:
            # A setup the engine does not take leaves no game: what follows it is answered as
            # before any setup, never on the game before.
            self._started = False
            return {"unsupported": str(e)}
        except Invalid as e:
            self._started = False
            return {"invalid": str(e)}
        self.game, self._started = game, True
        self._start_events = self._events(game, events)
        self._saved = []
        if self.keeping == "pure":
            self._start = game
        elif self.keeping == "clone":
            self._start = self.adapter.clone(game)
        self._setup = sent
        obs = self._observation(game, self._start_events)
        self._recording = self.trace
        if self._recording:
            self._recording.setup(json.loads(sent), obs)
        return {"observation": obs}

    def _reset(self) -> dict[str, Any]:
        if self.keeping == "pure":
            self.game = self._start
        elif self.keeping == "clone":
            self.game = self.adapter.clone(self._start)
        else:
            try:
                game, events = _split(self.adapter.setup(json.loads(self._setup)), None)
            except (Unsupported, Invalid) as e:
                raise RuntimeError(f"the setup accepted before is refused on `reset`: {e}") from e
            self.game = game
            self._start_events = self._events(game, events)
        obs = self._observation(self.game, self._start_events)
        if self._recording:
            self._recording.reset(obs)
        return {"observation": obs}

    def _apply(self, raw: Any) -> dict[str, Any]:
        action = read_action(raw)
        kind = action["kind"]
        if self._actions is not None and kind not in self._actions:
            return {"unsupported": f"the action kind `{kind}`"}
        if action.get("seat") not in SEATS:
            raise BadRequest(f"`{action.get('text', '')}`: no seat `{action.get('seat')}`")
        try:
            game, events = _split(self.adapter.apply(self.game, action), self.game)
        except Refused as r:
            refusal = r.refusal()
            if self._recording:
                self._recording.step(raw, refused=refusal)
            return {"refused": refusal}
        except Unsupported as e:
            return {"unsupported": str(e)}
        self.game = game
        obs = self._observation(game, self._events(game, events))
        if self._recording:
            self._recording.step(raw, observation=obs)  # the action as the protocol sent it
        return {"observation": obs}

    # -- the game in riftcheck's words --------------------------------------------

    def _events(self, game: Any, events: Iterable[Any]) -> list[Event]:
        convert = getattr(self.adapter, "event", None)
        if not callable(convert):
            return list(events)
        out = []
        for e in events:
            said = convert(game, e)
            if said is not None:
                out.append(said)
        return out

    def _observation(self, game: Any, events: list[Event]) -> dict[str, Any]:
        obs = dict(self.adapter.observe(game))
        obs["events"] = events
        for name in self._missing(obs):
            if name not in self._warned:
                self._warned.add(name)
                self.say(f"the observation lacks the declared field `{name}` (riftcheck reports it as a protocol finding)")
        return obs


def serve(adapter: Any, *, protocol: int = 2, trace: str | os.PathLike[str] | None = None,
          stdin: Iterable[str] | None = None, stdout: IO[str] | None = None,
          stderr: IO[str] | None = None) -> None:
    """Serves `adapter` over the protocol until the input ends: one answer per request line,
    in order, flushed at once; blank lines are skipped; a line that cannot be read gets
    `{"error": ...}`. `protocol` is the version the engine speaks unless the adapter says
    (`adapter.protocol`). With `trace` (or $RIFTCHECK_TRACE) every game is recorded there."""
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    log = sys.stderr if stderr is None else stderr
    session = Session(adapter, protocol=protocol, log=log)
    path = trace_path(trace)
    if path:
        engine = f"{session.name} {getattr(adapter, 'version', '0')}"
        session.trace = TraceWriter(path, engine, session.capabilities)
        session.say(f"tracing every game into {path}")
    try:
        for line in stdin:
            if not line.strip():
                continue
            stdout.write(json.dumps(session.answer(line)) + "\n")
            stdout.flush()
    finally:
        if session.trace:
            session.trace.close()
