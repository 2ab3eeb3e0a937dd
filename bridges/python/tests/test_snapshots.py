"""Returning to a game: `reset`, `snapshot` and `restore` for each way the kit keeps games."""

from __future__ import annotations

import unittest

from support import MutableTally, PureTally, RebuiltTally, apply, run, setup

from riftcheck_bridge import keeping

PASS = apply("A passes", "pass", "A")
OBSERVE = {"op": "observe"}


def counts(answers):
    return [a["observation"]["count"] if "observation" in a else a for a in answers]


class Snapshots(unittest.TestCase):
    def test_how_each_adapter_is_kept(self):
        self.assertEqual(keeping(PureTally()), "pure")
        self.assertEqual(keeping(MutableTally()), "clone")
        self.assertEqual(keeping(RebuiltTally()), "rebuild")

    def test_pure_states_are_kept_and_tokens_are_indices(self):
        answers, _ = run(PureTally(), [
            setup(), PASS, {"op": "snapshot"}, PASS, PASS, {"op": "snapshot"},
            {"op": "restore", "snapshot": 0}, OBSERVE, PASS, {"op": "restore", "snapshot": 1}, OBSERVE,
            {"op": "restore", "snapshot": 0}, OBSERVE, {"op": "reset"}, OBSERVE])
        self.assertEqual(answers[2], {"snapshot": 0})
        self.assertEqual(answers[5], {"snapshot": 1})
        self.assertEqual(counts(answers[6:]), [{"restored": True}, 1, 2, {"restored": True}, 3,
                                              {"restored": True}, 1, 0, 0])

    def test_clones_keep_a_mutable_game_apart_from_its_snapshots(self):
        answers, _ = run(MutableTally(), [
            setup(), PASS, {"op": "snapshot"}, PASS, PASS, {"op": "restore", "snapshot": 0}, OBSERVE,
            PASS, PASS, PASS, {"op": "restore", "snapshot": 0}, OBSERVE, {"op": "reset"}, OBSERVE, PASS])
        self.assertEqual(counts(answers), [0, 1, {"snapshot": 0}, 2, 3, {"restored": True}, 1,
                                           2, 3, 4, {"restored": True}, 1, 0, 0, 1])

    def test_without_snapshots_reset_sets_the_game_up_again(self):
        adapter = RebuiltTally()
        answers, _ = run(adapter, [
            {"op": "hello", "protocol": 2}, setup(), PASS, PASS, {"op": "snapshot"},
            {"op": "restore", "snapshot": 0}, {"op": "reset"}, PASS])
        self.assertIs(answers[0]["hello"]["capabilities"]["snapshot"], False)
        self.assertIn("no snapshots", answers[4]["error"])
        self.assertIn("no snapshots", answers[5]["error"])
        self.assertEqual(counts([answers[6], answers[7]]), [0, 1])
        self.assertEqual(adapter.setups, 2, "once for setup, once for reset")

    def test_tokens_do_not_outlive_the_next_setup(self):
        answers, _ = run(PureTally(), [
            setup(), {"op": "snapshot"}, setup(), {"op": "restore", "snapshot": 0},
            {"op": "restore", "snapshot": "0"}, {"op": "restore", "snapshot": True}])
        for a in answers[3:]:
            self.assertIn("needs a snapshot this engine handed out", a["error"])

    def test_a_refused_setup_leaves_no_game_to_reset_to(self):
        # The game before a setup the engine does not take is not gone on with: a reset (or an
        # observe) then is an error, never the game before.
        answers, _ = run(PureTally(), [setup(), PASS, setup({"mode": "war"}), OBSERVE, {"op": "reset"}])
        for a in answers[3:]:
            self.assertIn("before any `setup`", a["error"])


if __name__ == "__main__":
    unittest.main()
