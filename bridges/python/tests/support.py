"""What the tests share: the kit on the import path, toy adapters, and a session driven by lines."""

from __future__ import annotations

import copy
import io
import json
import sys
from pathlib import Path
from typing import Any

KIT = Path(__file__).resolve().parents[1]
REPO = KIT.parents[1]
TEMPLATE = KIT / "template"
for p in (str(KIT), str(TEMPLATE)):
    if p not in sys.path:
        sys.path.insert(0, p)

from riftcheck_bridge import Adapter, Invalid, Refused, Unsupported, serve  # noqa: E402

FIREBOLT = {"name": "Firebolt", "kind": "spell", "owner": "A", "at": "hand", "timing": "reaction"}
NEGATE = {"name": "Negate", "kind": "spell", "owner": "B", "at": "hand", "timing": "reaction", "effect": "counter"}
SETUP = {"mode": "duel", "cards": [FIREBOLT, NEGATE]}


def hello() -> dict[str, Any]:
    return {"op": "hello", "protocol": 2}


def setup(table: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"op": "setup", "setup": copy.deepcopy(table or SETUP)}


def apply(text: str, kind: str, seat: str, **parts: Any) -> dict[str, Any]:
    return {"op": "apply", "action": {"text": text, "kind": kind, "seat": seat, **parts}}


def run(adapter: Any, lines: list[Any], **options: Any) -> tuple[list[dict[str, Any]], str]:
    """Serves `adapter` on these request lines (dicts are written as JSON); the answers, and
    what went to stderr."""
    text = "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines)
    out, err = io.StringIO(), io.StringIO()
    serve(adapter, stdin=io.StringIO(text), stdout=out, stderr=err, **options)
    return [json.loads(a) for a in out.getvalue().splitlines()], err.getvalue()


class Tally(Adapter):
    """A toy engine: a count that `pass` raises by one, and `end turn` refuses above 2. The
    setup `mode` war is unsupported, a setup with `turn` D invalid."""

    name, version = "tally", "1.0"
    capabilities = {"modes": ["duel", "war"], "actions": ["pass", "end turn"], "events": ["passed"]}

    def __init__(self) -> None:
        self.setups = 0

    def setup(self, setup):
        self.setups += 1
        if setup["mode"] == "war":
            raise Unsupported("war")
        if setup.get("turn") == "D":
            raise Invalid("D is not at a duel")
        return {"n": 0}

    def apply(self, game, action):
        if action["kind"] == "end turn":
            if game["n"] > 2:
                raise Refused("316", "E_TOO_LATE", "too late")
            raise ZeroDivisionError("a bug in the engine")
        return {"n": game["n"] + 1}, [{"kind": "passed", "seat": action["seat"]}]

    def observe(self, game):
        return {"turn": "A", "priority": "A", "chain": [], "count": game["n"]}


class PureTally(Tally):
    pure = True


class MutableTally(Tally):
    """The same game as a mutable object, copied with `clone`."""

    def setup(self, setup):
        super().setup(setup)
        return [0]

    def apply(self, game, action):
        game[0] += 1
        return None

    def observe(self, game):
        return {"count": game[0]}

    def clone(self, game):
        return list(game)


class RebuiltTally(MutableTally):
    """A mutable game without `clone`: no snapshots, `reset` sets it up again."""

    clone = None  # type: ignore[assignment]
