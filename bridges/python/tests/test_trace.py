"""Traces: the header, a line per game and per step, and a linear story through reset and
restore."""

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
        # The bug in `end turn` (an error), `observe`, the undeclared `concede` and `snapshot`
        # write nothing: nothing happened.
        self.assertEqual(len(lines), 3, lines)
        self.assertIn(f"tracing every game into {self.path}", log)

    def test_a_refused_step(self):
        run(PureTally(), [setup(), PASS, PASS, PASS, apply("A ends the turn", "end turn", "A")], trace=self.path)
        self.assertEqual(read(self.path)[-1], {
            "action": {"text": "A ends the turn", "kind": "end turn", "seat": "A"},
            "refused": {"error": "E_TOO_LATE", "rule": "316", "message": "too late"}})

    def test_a_trace_is_linear_through_reset_and_restore(self):
        end = apply("A ends the turn", "end turn", "A")
        answers, _ = run(PureTally(), [
            setup(), PASS, PASS, PASS, PASS, end, {"op": "snapshot"}, PASS, {"op": "restore", "snapshot": 0},
            PASS, {"op": "reset"}, PASS, setup({"mode": "duel"}), PASS], trace=self.path)
        lines = read(self.path)[1:]
        story = ["setup" if "setup" in line else line.get("observation", {}).get("count", "refused")
                 for line in lines]
        # setup, 1-4, refused, (snapshot), 5; restore: setup and the steps taken to the snapshot
        # again (not the refusal), 5; reset: setup again, 1; a new setup, 1.
        self.assertEqual(story, ["setup", 1, 2, 3, 4, "refused", 5, "setup", 1, 2, 3, 4, 5,
                                 "setup", 1, "setup", 1])
        self.assertEqual(lines[7], lines[0], "restore writes the setup line as it was")
        self.assertEqual(lines[13]["observation"], answers[10]["observation"], "reset: the observation it answered")
        self.assertEqual(lines[15]["setup"], {"mode": "duel"})

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
        writer.setup({"mode": "duel"}, {"turn": "A"})
        writer.step({"text": "A passes", "kind": "pass", "seat": "A"}, refused={"rule": "338"})
        writer.close()
        self.assertEqual([json.loads(x) for x in out.getvalue().splitlines()], [
            {"trace": 1, "engine": "e 1", "capabilities": {"events": False}},
            {"setup": {"mode": "duel"}, "observation": {"turn": "A"}},
            {"action": {"text": "A passes", "kind": "pass", "seat": "A"}, "refused": {"rule": "338"}}])


if __name__ == "__main__":
    unittest.main()
