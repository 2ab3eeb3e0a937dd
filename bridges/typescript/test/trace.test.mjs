// @ts-check
// The trace writer and the traces `serve` records (the format of src/trace.d.ts).
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Refusal, TraceWriter, createSession, parseAction } from "../src/index.mjs";

const CAPABILITIES = { modes: /** @type {import("../src/index.js").Mode[]} */ (["duel"]), observes: /** @type {any} */ (["passed"]) };
const SETUP = { mode: /** @type {const} */ ("duel"), cards: [] };

test("TraceWriter: the header, then per game its setup and observation, then its steps, resets, snapshots and restores", () => {
  const lines = /** @type {string[]} */ ([]);
  const trace = new TraceWriter((line) => void lines.push(line), { engine: "my-engine 1.2.0", capabilities: CAPABILITIES });
  trace.step("A passes", { observation: {} }); // before any game: not written
  trace.snapshot(7);
  trace.game(SETUP, { passed: [], events: [] });
  trace.step(parseAction("A plays Firebolt"), { observation: { passed: [], events: [{ kind: "played", seat: "A", card: "Firebolt" }] } });
  trace.snapshot(0);
  trace.step("B passes", { refused: { rule: "312.1", error: "NoPriority", message: "A has Priority" } });
  trace.reset({ passed: [], events: [] });
  trace.restore(0);
  trace.game(SETUP, { passed: [] });
  trace.close();
  assert.deepEqual(lines.map((line) => JSON.parse(line)), [
    { trace: 1, engine: "my-engine 1.2.0", capabilities: CAPABILITIES },
    { setup: SETUP, observation: { passed: [], events: [] } },
    {
      action: { text: "A plays Firebolt", seat: "A", kind: "play", card: "Firebolt" },
      observation: { passed: [], events: [{ kind: "played", seat: "A", card: "Firebolt" }] },
    },
    { snapshot: 0 },
    { action: { text: "B passes" }, refused: { rule: "312.1", error: "NoPriority", message: "A has Priority" } },
    { reset: true, observation: { passed: [], events: [] } },
    { restore: 0 },
    { setup: SETUP, observation: { passed: [] } },
  ]);
  // The keys in the order riftcheck's recorder writes them: what happened, then what was shown.
  assert.deepEqual(lines.map((line) => Object.keys(JSON.parse(line))), [
    ["trace", "engine", "capabilities"], ["setup", "observation"], ["action", "observation"], ["snapshot"],
    ["action", "refused"], ["reset", "observation"], ["restore"], ["setup", "observation"],
  ]);
  assert.ok(lines.every((line) => !line.includes("\n")), "one JSON object per line");
  assert.throws(() => trace.step(/** @type {any} */ ({ kind: "pass" }), { observation: {} }), /text/);
  assert.throws(() => trace.step("A passes", /** @type {any} */ ({ unsupported: "x" })), /observation/);
});

test("TraceWriter to a file: JSON lines, {pid} in the path", () => {
  const dir = mkdtempSync(join(tmpdir(), "riftcheck-trace-"));
  const trace = new TraceWriter(join(dir, "games-{pid}.jsonl"), { engine: "e 1", capabilities: {} });
  trace.game(SETUP, { passed: [] });
  trace.close();
  const text = readFileSync(join(dir, `games-${process.pid}.jsonl`), "utf8");
  assert.equal(text, `${JSON.stringify({ trace: 1, engine: "e 1", capabilities: {} })}\n${JSON.stringify({ setup: SETUP, observation: { passed: [] } })}\n`);
});

test("serve records every game it plays, and where it went back in it: reset, snapshot, restore", async () => {
  const lines = /** @type {string[]} */ ([]);
  /** @type {import("../src/index.js").Adapter<import("../src/index.js").Seat[]>} */
  const adapter = {
    name: "toy",
    version: "2.0.0",
    capabilities: CAPABILITIES,
    setup(setup) {
      setup.cards?.push({ name: "Mine", kind: "spell", owner: "A", at: "hand" }); // the trace keeps the setup as sent
      return { game: [] };
    },
    apply(game, action) {
      const seat = action.seat;
      /** @type {any} */ (action).text = "changed"; // the trace keeps the action as sent
      if (game.at(-1) === seat) throw new Refusal("312.1", { error: "Twice" });
      return { game: [...game, seat] };
    },
    observe: (game) => ({ passed: game }),
  };
  const session = createSession(adapter, { trace: (line) => void lines.push(line) });
  const pass = (/** @type {"A" | "B"} */ seat) => session.handle({ op: "apply", action: parseAction(`${seat} passes`) });
  await session.handle({ op: "hello", protocol: 2 });
  await session.handle({ op: "apply", action: parseAction("A passes") }); // before any setup: an error, not recorded
  await session.handle({ op: "setup", setup: structuredClone(SETUP) });
  await pass("A");
  await pass("A"); // refused
  await session.handle({ op: "snapshot" }); // 0: after A
  await pass("B");
  await session.handle({ op: "observe" }); // not recorded
  await session.handle({ op: "restore", snapshot: 0 });
  await session.handle({ op: "restore", snapshot: 5 }); // an error: not recorded
  await pass("B");
  await session.handle({ op: "reset" });
  await session.handle({ op: "restore", snapshot: 0 }); // snapshots outlive a reset
  await session.handle({ op: "setup", setup: { mode: "war" } }); // unsupported: the game goes on, unrecorded
  await pass("B");
  await session.handle({ op: "snapshot" });
  await session.handle({ op: "setup", setup: structuredClone(SETUP) });
  await session.handle({ op: "snapshot" }); // tokens start again with each setup
  session.close();

  const observed = (/** @type {string[]} */ passed) => ({ passed, events: [] });
  const A = { text: "A passes", seat: "A", kind: "pass" };
  const B = { text: "B passes", seat: "B", kind: "pass" };
  assert.deepEqual(lines.map((line) => JSON.parse(line)), [
    { trace: 1, engine: "toy 2.0.0", capabilities: { ...CAPABILITIES, snapshot: true } },
    { setup: SETUP, observation: observed([]) },
    { action: A, observation: observed(["A"]) },
    { action: A, refused: { error: "Twice", rule: "312.1" } },
    { snapshot: 0 },
    { action: B, observation: observed(["A", "B"]) },
    { restore: 0 },
    { action: B, observation: observed(["A", "B"]) },
    { reset: true, observation: observed([]) },
    { restore: 0 },
    { setup: SETUP, observation: observed([]) },
    { snapshot: 0 },
  ]);
});

test("serve takes the trace path from RIFTCHECK_TRACE", async () => {
  const dir = mkdtempSync(join(tmpdir(), "riftcheck-trace-"));
  const path = join(dir, "trace.jsonl");
  process.env.RIFTCHECK_TRACE = path;
  try {
    const session = createSession({
      name: "env", capabilities: {}, setup: () => ({ game: 0 }), apply: (n) => ({ game: n + 1 }), observe: () => ({}),
    });
    await session.handle({ op: "setup", setup: SETUP });
    session.close();
  } finally {
    delete process.env.RIFTCHECK_TRACE;
  }
  const lines = readFileSync(path, "utf8").trimEnd().split("\n").map((line) => JSON.parse(line));
  assert.deepEqual(lines, [{ trace: 1, engine: "env", capabilities: { snapshot: true } }, { setup: SETUP, observation: { events: [] } }]);
});
