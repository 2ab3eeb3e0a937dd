"""The template: Spellstack's rules and its mistake, its adapter, riftcheck conform on it, and
riftcheck validate on the trace the kit recorded during conform.

The conform runs need the riftcheck binary: $RIFTCHECK, else target/release/riftcheck of the
repository the kit is in (`cargo build --release -p riftcheck-model`); without one they are
skipped, saying so.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import unittest

import support
from support import NEGATE, apply, run, setup

import spellstack as ss
from adapter import SpellstackAdapter

FIREBOLT = {"name": "Firebolt", "kind": "spell", "owner": "A", "at": "hand", "timing": "reaction"}
ECHO = {"name": "Echo", "kind": "spell", "owner": "C", "at": "hand", "timing": "reaction"}
SKIRMISH = {"mode": "skirmish", "cards": [FIREBOLT, dict(NEGATE, owner="B"), ECHO]}


def riftcheck() -> str | None:
    named = os.environ.get("RIFTCHECK")
    if named:
        return named
    built = support.KIT / ".." / ".." / "target" / "release" / "riftcheck"
    return str(built.resolve()) if built.exists() else None


class TheEngine(unittest.TestCase):
    def game(self, honest):
        cards = [ss.Card(0, "Firebolt", 0, instant=True), ss.Card(1, "Negate", 1, counterspell=True, instant=True)]
        return ss.Game(3, cards, counter_leavers_spells=honest)

    def test_the_mistake_leaves_the_leavers_spell_on_the_stack(self):
        # Either way the card leaves the game with its owner (652.3); the mistake is that its
        # entry stays on the stack, where the rules counter it (652.4).
        for honest, stack, zone in [(False, [0], "gone"), (True, [], "gone")]:
            game = self.game(honest)
            game.cast(0, 0)
            events = game.concede(0)
            self.assertEqual([e.card for e in game.stack], stack)
            self.assertEqual(game.cards[0].zone, zone)
            self.assertEqual(ss.SpellCountered(0, "controller_left") in events, honest)

    def test_a_refusal_changes_nothing(self):
        game = self.game(True)
        before = game.copy()
        with self.assertRaises(ss.IllegalMove) as raised:
            game.pass_priority(1)
        self.assertEqual((raised.exception.code, raised.exception.rule), ("E_STACK_EMPTY", "338"))
        self.assertEqual(game, before)


class TheAdapter(unittest.TestCase):
    def test_a_concession_with_a_counter_on_the_chain(self):
        steps = [apply("A plays Firebolt", "play", "A", card="Firebolt"), apply("A passes", "pass", "A"),
                 apply("B plays Negate on Firebolt", "play", "B", card="Negate", target="Firebolt"),
                 apply("B concedes", "concede", "B")]
        answers, _ = run(SpellstackAdapter(honest=True), [setup(SKIRMISH), *steps])
        last = answers[-1]["observation"]
        self.assertEqual(last["chain"], [{"item": "Firebolt", "controller": "A", "pending": False, "target": None}])
        self.assertEqual(last["cards"]["Negate"], {"at": "removed"})
        self.assertEqual([e["kind"] for e in last["events"]],
                         ["conceded", "player_removed", "removed_from_game", "countered", "priority_to"])
        self.assertEqual(last["events"][3], {"kind": "countered", "item": "Negate", "rule": "652.4"})
        answers, _ = run(SpellstackAdapter(honest=False), [setup(SKIRMISH), *steps])
        self.assertEqual(len(answers[-1]["observation"]["chain"]), 2, "the mistake")

    def test_refusals_carry_the_engines_code_and_the_rule(self):
        answers, _ = run(SpellstackAdapter(honest=True), [setup(SKIRMISH), apply("B passes", "pass", "B"),
                                                         apply("D passes", "pass", "D")])
        self.assertEqual(answers[1]["refused"]["error"], "E_STACK_EMPTY")
        self.assertEqual(answers[1]["refused"]["rule"], "338")
        self.assertEqual(answers[2]["refused"]["rule"], "478", "D is not at a skirmish")

    def test_what_spellstack_cannot_express_is_unsupported(self):
        answers, _ = run(SpellstackAdapter(honest=True), [
            setup({"mode": "magma-chamber"}), setup({"mode": "duel", "energy": {"A": 1}}),
            setup({"mode": "duel", "cards": [{"name": "Poro", "kind": "unit", "owner": "A", "at": "base"}]})])
        self.assertEqual([list(a) for a in answers], [["unsupported"]] * 3)


@unittest.skipUnless(riftcheck(), "no riftcheck binary: set RIFTCHECK, or cargo build --release -p riftcheck-model")
class ConformOnTheTemplate(unittest.TestCase):
    """Each conform run (once per set of flags) records the games the kit plays, for validate."""

    runs: dict[tuple[str, ...], tuple[int, dict, str]] = {}
    folder: tempfile.TemporaryDirectory | None = None

    @classmethod
    def tearDownClass(cls):
        if cls.folder:
            cls.folder.cleanup()

    def conform(self, *flags):
        if flags not in self.runs:
            cls = type(self)
            if cls.folder is None:
                cls.folder = tempfile.TemporaryDirectory()
            out = os.path.join(cls.folder.name, "-".join(flags) or "mistake")
            traces = os.path.join(out, "traces")
            os.makedirs(traces)
            engine = f"{sys.executable} {support.TEMPLATE / 'adapter.py'} {' '.join(flags)}"
            # One trace per engine process, should conform start the engine again.
            env = {**os.environ, "RIFTCHECK_TRACE": os.path.join(traces, "{pid}.jsonl")}
            run = subprocess.run(
                [riftcheck(), "conform", "--engine", engine, "--format", "json", "--walks", "10", "--out", out],
                cwd=support.REPO, capture_output=True, text=True, timeout=300, env=env)
            self.assertIn(run.returncode, (0, 1), run.stderr)
            self.runs[flags] = run.returncode, json.loads(run.stdout), traces
        return self.runs[flags][:2]

    def validate(self, *flags):
        self.conform(*flags)
        traces = self.runs[flags][2]
        self.assertTrue(os.listdir(traces), "the kit recorded a trace")
        run = subprocess.run(
            [riftcheck(), "validate", traces, "--format", "json", "--out", os.path.join(traces, "..", "validate")],
            capture_output=True, text=True, timeout=120)
        self.assertIn(run.returncode, (0, 1), run.stderr)
        return run.returncode, json.loads(run.stdout)

    def test_the_mistake_is_one_finding_citing_652_4(self):
        code, report = self.conform()
        self.assertEqual(code, 1)
        [finding] = report["findings"]
        self.assertEqual(finding["step"], "concede")
        self.assertIn("652.4", finding["rule"])
        self.assertEqual(finding["steps"], ["A plays Firebolt", "A concedes"], "the shortest example")
        self.assertFalse(any(c.startswith("duel/") for c in finding["configurations"]),
                         "in a Duel the game ends: nothing resolves later")

    def test_without_the_mistake_it_agrees_everywhere_it_declares(self):
        code, report = self.conform("--no-mistake")
        self.assertEqual(code, 0, report["findings"])
        agreed = [r["configuration"] for r in report["exhaustive"] if r["unsupported"] is None]
        for config in ("duel/chain", "skirmish/chain", "war/chain"):
            self.assertIn(config, agreed)

    def test_validate_finds_the_mistake_in_the_recorded_games(self):
        code, report = self.validate()
        self.assertEqual(code, 1)
        self.assertEqual(report["engine"], "spellstack 0.1.0", "the trace's header")
        [finding] = report["findings"]
        self.assertEqual(finding["step"], "concede")
        self.assertIn("652.4", finding["rule"])

    def test_validate_passes_the_recorded_games_without_the_mistake(self):
        code, report = self.validate("--no-mistake")
        self.assertEqual(code, 0, report["findings"])
        self.assertEqual(report["findings"], [])
        self.assertGreater(len(report["traces"]), 20, "every game recorded")


if __name__ == "__main__":
    unittest.main()
