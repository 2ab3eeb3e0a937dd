"""The loop: requests in, one answer per line, in order; what cannot be read gets an error."""

from __future__ import annotations

import json
import subprocess
import sys
import unittest

import support
from support import PureTally, Tally, apply, hello, run, setup

from riftcheck_bridge import Adapter, Session


class TheLoop(unittest.TestCase):
    def test_one_answer_per_request_in_order(self):
        requests = [hello(), setup(), apply("A passes", "pass", "A"), apply("B passes", "pass", "B"),
                    {"op": "observe"}, {"op": "reset"}]
        answers, _ = run(PureTally(), requests)
        self.assertEqual(len(answers), len(requests))
        self.assertEqual(answers[0]["hello"]["name"], "tally")
        self.assertEqual([a["observation"]["count"] for a in answers[1:]], [0, 1, 2, 2, 0])
        self.assertEqual(answers[2]["observation"]["events"], [{"kind": "passed", "seat": "A"}])
        self.assertEqual(answers[4]["observation"]["events"], [], "observe reports no events")

    def test_lines_that_cannot_be_read_get_an_error_and_the_session_goes_on(self):
        answers, _ = run(PureTally(), [
            "{not json", "[1, 2]", '{"no": "op"}', '{"op": "dance"}', "", "   ", setup(),
            {"op": "apply", "action": "A passes"}, {"op": "apply", "action": {"text": "A sings"}},
            apply("E passes", "pass", "E"), apply("A passes", "pass", "A")])
        self.assertEqual(len(answers), 9, "blank lines are skipped, every other line answered")
        for a in answers[:4] + answers[5:8]:
            self.assertEqual(list(a), ["error"], a)
        self.assertIn("cannot read the request", answers[0]["error"])
        self.assertIn("unknown op `dance`", answers[3]["error"])
        self.assertIn("must be an object", answers[5]["error"])
        self.assertIn("cannot read `A sings`", answers[6]["error"])
        self.assertIn("no seat `E`", answers[7]["error"])
        self.assertEqual(answers[8]["observation"]["count"], 1)

    def test_requests_before_any_setup_are_errors(self):
        for op in ("apply", "observe", "snapshot", "restore", "reset"):
            answers, _ = run(PureTally(), [{"op": op}])
            self.assertIn("before any `setup`", answers[0]["error"], op)

    def test_hello_says_the_version_name_and_capabilities(self):
        answers, _ = run(PureTally(), [hello()])
        said = answers[0]["hello"]
        self.assertEqual(said["protocol"], 2)
        self.assertEqual(said["version"], "1.0")
        self.assertEqual(said["capabilities"]["actions"], ["pass", "end turn"])
        self.assertIs(said["capabilities"]["snapshot"], True, "filled in: the kit keeps pure states")
        class Sentences(Tally):
            capabilities = {"events": True}

        answers, _ = run(Sentences(), [hello()], protocol=1)
        self.assertEqual(answers[0]["hello"]["protocol"], 1, "serve's protocol, the adapter saying none")
        self.assertIs(answers[0]["hello"]["capabilities"]["snapshot"], False)

        class SaysOne(Sentences):
            protocol = 1

        answers, _ = run(SaysOne(), [hello()], protocol=2)
        self.assertEqual(answers[0]["hello"]["protocol"], 1, "the adapter's own version wins")

    def test_setups_refused_and_steps_refused(self):
        answers, _ = run(PureTally(), [
            setup({"mode": "war"}), setup({"mode": "duel", "turn": "D"}), setup(),
            apply("A passes", "pass", "A"), apply("A passes", "pass", "A"), apply("A passes", "pass", "A"),
            apply("A ends the turn", "end turn", "A"), apply("A concedes", "concede", "A"), {"op": "observe"}])
        self.assertEqual(answers[0], {"unsupported": "war"})
        self.assertEqual(answers[1], {"invalid": "D is not at a duel"})
        self.assertEqual(answers[6], {"refused": {"error": "E_TOO_LATE", "rule": "316", "message": "too late"}})
        self.assertEqual(answers[7], {"unsupported": "the action kind `concede`"}, "not declared")
        self.assertEqual(answers[8]["observation"]["count"], 3, "a refusal changes nothing")

    def test_a_setup_not_taken_leaves_no_game_to_go_on_with(self):
        # riftcheck may send `snapshot` right behind a `setup`: after one the engine does not
        # take, that is answered as before any setup, never on the game before it.
        answers, _ = run(PureTally(), [
            setup(), apply("A passes", "pass", "A"), setup({"mode": "war"}), {"op": "snapshot"},
            {"op": "observe"}, setup({"mode": "duel", "turn": "D"}), {"op": "observe"}, setup(),
            {"op": "observe"}])
        self.assertEqual(answers[2], {"unsupported": "war"})
        self.assertIn("before any `setup`", answers[3]["error"])
        self.assertIn("before any `setup`", answers[4]["error"])
        self.assertEqual(answers[5], {"invalid": "D is not at a duel"})
        self.assertIn("before any `setup`", answers[6]["error"])
        self.assertEqual(answers[8]["observation"]["count"], 0, "a setup taken starts again")

    def test_a_refusal_may_cite_no_rule(self):
        from riftcheck_bridge import Refused

        self.assertEqual(Refused().refusal(), {})
        self.assertEqual(Refused(error="E_NO").refusal(), {"error": "E_NO"})
        self.assertEqual(str(Refused()), "refused")
        self.assertEqual(Refused("312.1").refusal(), {"rule": "312.1"})

    def test_a_bug_in_the_engine_is_an_error_logged_with_its_traceback(self):
        answers, log = run(PureTally(), [setup(), apply("A ends the turn", "end turn", "A"), {"op": "observe"}])
        self.assertEqual(answers[1], {"error": "internal error: ZeroDivisionError: a bug in the engine"})
        self.assertIn("observation", answers[2], "the session goes on")
        self.assertIn("Traceback", log)
        self.assertIn("tally: ZeroDivisionError", log)

    def test_missing_declared_fields_are_logged_once(self):
        class Partial(PureTally):
            capabilities = {"observes": ["turn", "priority", "cards.at"], "events": False}

            def observe(self, game):
                return {"turn": "A", "cards": {"Firebolt": {"controller": "A"}}}

        answers, log = run(Partial(), [setup(), {"op": "observe"}, {"op": "observe"}])
        self.assertEqual(log.count("`priority`"), 1, log)
        self.assertEqual(log.count("`cards.Firebolt.at`"), 1, log)

    def test_capabilities_riftcheck_would_refuse_stop_the_engine_at_once(self):
        cases = [
            ({"actions": ["pass", "shuffle"]}, 2, "`actions` lists `shuffle`"),
            ({"events": ["played", "exploded"]}, 2, "`events` lists `exploded`"),
            ({"observes": ["turn", "cards.colour"]}, 2, "`observes` lists `cards.colour`"),
            ({"observes": ["turn"]}, 1, "a version-1 engine sends every field"),
            ({"events": ["played"]}, 1, "version 2"),
            ({"snapshot": True}, 2, "neither `pure` nor has `clone(game)`"),
        ]
        for caps, version, says in cases:
            adapter = Tally()
            adapter.capabilities = caps
            with self.assertRaises(ValueError, msg=caps) as raised:
                Session(adapter, protocol=version)
            self.assertIn(says, str(raised.exception))

    def test_an_adapter_that_is_not_a_subclass_works_too(self):
        class Bare:
            name, version, pure = "bare", "0", True
            capabilities = {"events": False}

            def setup(self, setup):
                return 0

            def apply(self, game, action):
                return game + 1

            def observe(self, game):
                return {"n": game}

        answers, _ = run(Bare(), [setup(), apply("A passes", "pass", "A"), {"op": "snapshot"}])
        self.assertEqual(answers[1]["observation"], {"n": 1, "events": []})
        self.assertEqual(answers[2], {"snapshot": 0})
        self.assertIsInstance(Adapter(), Adapter)


class OverAPipe(unittest.TestCase):
    """riftcheck writes a batch of requests and reads the answers: the kit must answer each
    line as it comes, never wait for more input."""

    def test_each_line_is_answered_before_the_next_is_written(self):
        engine = subprocess.Popen(
            [sys.executable, str(support.TEMPLATE / "adapter.py"), "--no-mistake"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            for request, key in [(hello(), "hello"), (setup(), "observation"),
                                 (apply("A plays Firebolt", "play", "A", card="Firebolt"), "observation"),
                                 (apply("B passes", "pass", "B"), "refused")]:
                engine.stdin.write(json.dumps(request) + "\n")
                engine.stdin.flush()
                self.assertIn(key, json.loads(engine.stdout.readline()))
        finally:
            engine.stdin.close()
            engine.wait(timeout=10)
            engine.stdout.close()
            engine.stderr.close()
        self.assertEqual(engine.returncode, 0, "the engine ends when its input does")


if __name__ == "__main__":
    unittest.main()
