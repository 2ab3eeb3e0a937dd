"""Traces: the header, a line per game and per step, and where the session went back in the
game (reset, snapshot, restore), as `riftcheck serve --record` writes them."""

from __future__ import annotations

import io
import json
import os
import tempfile
import unittest
from pathlib import Path
from unittest import mock

import support
from support import PureTally, apply, run, setup

from riftcheck_bridge import TRACE_ENV, TraceWriter, trace_path

PASS = apply("A passes", "pass", "A")


def read(path):
    return [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines()]


class Traces(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.dir.name, "trace.jsonl")

    def tearDown(self):
        self.dir.cleanup()

    def test_the_format(self):
        answers, log = run(PureTally(), [
            {"op": "hello", "protocol": 2}, setup(), PASS, apply("A ends the turn", "end turn", "A"),
            {"op": "observe"}, apply("A concedes", "concede", "A"), {"op": "snapshot"}], trace=self.path)
        lines = read(self.path)
        self.assertEqual(lines[0], {"trace": 1, "engine": "tally 1.0",
                                    "capabilities": answers[0]["hello"]["capabilities"]})
        self.assertEqual(lines[1], {"setup": support.SETUP, "observation": answers[1]["observation"]})
        self.assertEqual(lines[2], {"action": PASS["action"], "observation": answers[2]["observation"]})
        # The bug in `end turn` (an error), `observe` and the undeclared `concede` write nothing:
        # nothing happened.
        self.assertEqual(lines[3], {"snapshot": answers[6]["snapshot"]})
        self.assertEqual(len(lines), 4, lines)
        # Compact, its keys in the recorder's order: what happened, then what the engine showed.
        text = Path(self.path).read_text(encoding="utf-8").splitlines()
        self.assertTrue(text[1].startswith('{"setup":{"mode":"duel",'), text[1])
        self.assertEqual([list(line) for line in lines],
                         [["trace", "engine", "capabilities"], ["setup", "observation"],
                          ["action", "observation"], ["snapshot"]])
        self.assertIn(f"tracing every game into {self.path}", log)

    def test_a_refused_step(self):
        run(PureTally(), [setup(), PASS, PASS, PASS, apply("A ends the turn", "end turn", "A")], trace=self.path)
        self.assertEqual(read(self.path)[-1], {
            "action": {"text": "A ends the turn", "kind": "end turn", "seat": "A"},
            "refused": {"error": "E_TOO_LATE", "rule": "316", "message": "too late"}})

    def test_reset_snapshot_and_restore_are_lines_of_the_game(self):
        end = apply("A ends the turn", "end turn", "A")
        answers, _ = run(PureTally(), [
            PASS,  # before any setup: an error, not written
            setup(), PASS, PASS, PASS, PASS, end, {"op": "snapshot"}, PASS, {"op": "restore", "snapshot": 0},
            {"op": "restore", "snapshot": 3},  # an error: not written
            PASS, {"op": "reset"}, PASS, {"op": "restore", "snapshot": 0},  # snapshots outlive a reset
            setup({"mode": "war"}), PASS, {"op": "snapshot"},  # unsupported: the game goes on, unrecorded
            setup({"mode": "duel"}), PASS, {"op": "snapshot"}], trace=self.path)
        lines = read(self.path)[1:]

        def told(line):
            if "setup" in line:
                return "setup"
            if "reset" in line:
                return f"reset {line['observation']['count']}"
            if "snapshot" in line or "restore" in line:
                return " ".join(f"{k} {v}" for k, v in line.items())
            return line.get("observation", {}).get("count", "refused")

        # setup, 1-4, refused, snapshot, 5, restore, 5, reset, 1, restore; (war: nothing);
        # a new setup, 1, and its own snapshot 0.
        self.assertEqual([told(line) for line in lines], [
            "setup", 1, 2, 3, 4, "refused", "snapshot 0", 5, "restore 0", 5, "reset 0", 1, "restore 0",
            "setup", 1, "snapshot 0"])
        self.assertEqual(lines[10], {"reset": True, "observation": answers[12]["observation"]},
                         "reset: the observation it answered")
        self.assertEqual(lines[13]["setup"], {"mode": "duel"})

    def test_the_setup_and_action_as_sent(self):
        class Meddling(PureTally):
            def setup(self, setup):
                setup["cards"] = []  # changes what it was given
                return super().setup(setup)

        bare = {"op": "apply", "action": {"text": "A passes", "seat": "A"}}  # no `kind`: read from the text
        run(Meddling(), [setup(), bare], trace=self.path)
        lines = read(self.path)
        self.assertEqual(lines[1]["setup"], support.SETUP)
        self.assertEqual(lines[2]["action"], bare["action"])

    def test_the_path_comes_from_the_environment_with_the_pid(self):
        with mock.patch.dict(os.environ, {TRACE_ENV: os.path.join(self.dir.name, "t-{pid}.jsonl")}):
            self.assertEqual(trace_path(None), os.path.join(self.dir.name, f"t-{os.getpid()}.jsonl"))
            self.assertEqual(trace_path("x.jsonl"), "x.jsonl", "the argument wins")
            run(PureTally(), [setup(), PASS])
        self.assertEqual(len(read(os.path.join(self.dir.name, f"t-{os.getpid()}.jsonl"))), 3)
        with mock.patch.dict(os.environ, {TRACE_ENV: ""}):
            self.assertIsNone(trace_path(None))

    def test_a_writer_on_an_open_file(self):
        out = io.StringIO()
        writer = TraceWriter(out, "e 1", {"events": False})
        writer.step("A passes", observation={"turn": "A"})  # before any game: not written
        writer.setup({"mode": "duel"}, {"turn": "A"})
        writer.step({"text": "A passes", "kind": "pass", "seat": "A"}, refused={"rule": "338"})
        writer.snapshot(0)
        writer.step("A ends the turn", observation={"turn": "B"})
        writer.reset({"turn": "A"})
        writer.restore(0)
        writer.close()
        self.assertEqual([json.loads(x) for x in out.getvalue().splitlines()], [
            {"trace": 1, "engine": "e 1", "capabilities": {"events": False}},
            {"setup": {"mode": "duel"}, "observation": {"turn": "A"}},
            {"action": {"text": "A passes", "kind": "pass", "seat": "A"}, "refused": {"rule": "338"}},
            {"snapshot": 0},
            {"action": {"text": "A ends the turn"}, "observation": {"turn": "B"}},
            {"reset": True, "observation": {"turn": "A"}},
            {"restore": 0}])
        with self.assertRaises(TypeError):
            writer.step("A passes")
        with self.assertRaises(TypeError):
            writer.step({"kind": "pass"}, observation={})


if __name__ == "__main__":
    unittest.main()
