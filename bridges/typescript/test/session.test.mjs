// @ts-check
// The protocol loop and the kit's session: node --test (from bridges/typescript).
import { test } from "node:test";
import assert from "node:assert/strict";
import { PassThrough } from "node:stream";
import { Invalid, Refusal, Unsupported, createSession, serve } from "../src/index.mjs";

/** @typedef {import("../src/index.js").Seat} Seat */
/** @typedef {{passes: Seat[]}} Toy */
/** @typedef {import("../src/index.js").Adapter<Toy>} ToyAdapter */

/** @type {import("../src/index.js").SetupRequest} */
const SETUP = { op: "setup", setup: { mode: "duel", cards: [] } };
/** @param {Seat} seat @returns {import("../src/index.js").ApplyRequest} */
const pass = (seat) => ({ op: "apply", action: { text: `${seat} passes`, kind: "pass", seat } });

/**
 * A pure reducer: the game is a frozen list of who passed.
 * @param {Partial<ToyAdapter>} [overrides]
 * @returns {ToyAdapter}
 */
function toy(overrides = {}) {
  return {
    name: "toy",
    version: "1.0.0",
    capabilities: { modes: ["duel"], actions: ["pass", "concede"], observes: ["passed"], events: ["passed"] },
    setup(setup) {
      if (setup.turn === "B") throw new Unsupported("B first");
      if (setup.removed?.length) throw new Invalid("nobody has left yet");
      return { game: Object.freeze({ passes: [] }), events: [] };
    },
    apply(game, action) {
      if (action.kind === "concede") throw new Refusal("650", { error: "E_NO", message: "not here" });
      if (game.passes.at(-1) === action.seat) throw new Error("E_TWICE");
      const passes = [...game.passes, action.seat];
      return { game: Object.freeze({ passes }), events: [{ kind: "passed", seat: action.seat }, { kind: "turn_to", seat: "B" }] };
    },
    observe: (game) => ({ passed: game.passes }),
    ...overrides,
  };
}

/**
 * Runs `serve` over in-memory streams: the lines in, the answers out, parsed.
 * @param {ToyAdapter} adapter @param {string[]} lines
 */
async function talk(adapter, lines, logged = /** @type {string[]} */ ([])) {
  const input = new PassThrough();
  let out = "";
  const done = serve(adapter, {
    input,
    output: { write: (text) => void (out += text) },
    log: { write: (text) => void logged.push(text) },
    trace: null,
  });
  input.end(lines.map((line) => `${line}\n`).join(""));
  await done;
  assert.ok(out.endsWith("\n"), "every answer ends its line");
  return out.trimEnd().split("\n").map((line) => JSON.parse(line));
}

test("hello: protocol 2, the name, the capabilities with snapshots", async () => {
  const [answer] = await talk(toy(), [JSON.stringify({ op: "hello", protocol: 2 })]);
  assert.deepEqual(answer, {
    hello: {
      protocol: 2, name: "toy", version: "1.0.0",
      capabilities: { modes: ["duel"], actions: ["pass", "concede"], observes: ["passed"], events: ["passed"], snapshot: true },
    },
  });
});

test("one answer per line, in order; blank lines ignored; unreadable lines get an error", async () => {
  const answers = await talk(toy(), [
    "{not json",
    "",
    JSON.stringify(SETUP),
    "[1, 2]",
    JSON.stringify({ op: "dance" }),
    JSON.stringify(pass("A")),
    "   ",
    JSON.stringify({ op: "observe" }),
  ]);
  assert.equal(answers.length, 6);
  assert.match(answers[0].error, /^not JSON/);
  assert.deepEqual(answers[1], { observation: { passed: [], events: [] } });
  assert.match(answers[2].error, /an `op`/);
  assert.match(answers[3].error, /dance/);
  assert.deepEqual(answers[4], { observation: { passed: ["A"], events: [{ kind: "passed", seat: "A" }] } });
  assert.deepEqual(answers[5], { observation: { passed: ["A"], events: [] } });
});

test("the order is kept when requests arrive at once and the adapter is slow and async", async () => {
  const adapter = toy();
  const apply = adapter.apply;
  adapter.apply = async (game, action) => {
    await new Promise((resolve) => setTimeout(resolve, action.seat === "A" ? 30 : 1));
    return apply(game, action);
  };
  const answers = await talk(adapter, [SETUP, pass("A"), pass("B"), pass("A"), { op: "observe" }].map((r) => JSON.stringify(r)));
  assert.deepEqual(answers.map((a) => a.observation.passed), [[], ["A"], ["A", "B"], ["A", "B", "A"], ["A", "B", "A"]]);
});

test("events: only the declared kinds; none at all with events: false", async () => {
  const listed = await talk(toy(), [JSON.stringify(SETUP), JSON.stringify(pass("A"))]);
  assert.deepEqual(listed[1].observation.events, [{ kind: "passed", seat: "A" }]); // turn_to is not declared
  const all = await talk(toy({ capabilities: { actions: ["pass"] } }), [JSON.stringify(SETUP), JSON.stringify(pass("A"))]);
  assert.equal(all[1].observation.events.length, 2);
  const none = await talk(toy({ capabilities: { events: false } }), [JSON.stringify(SETUP), JSON.stringify(pass("A"))]);
  assert.deepEqual(none[1], { observation: { passed: ["A"] } });
});

test("an events mapping turns the engine's own events into protocol events", async () => {
  const adapter = toy({
    events: (engineEvents, before, after) => {
      assert.equal(before?.passes.length ?? 0, after.passes.length - (engineEvents.length ? 1 : 0));
      return engineEvents.map(() => ({ kind: "passed", seat: /** @type {any} */ (after.passes.at(-1)) }));
    },
    apply: (game, action) => ({ game: { passes: [...game.passes, action.seat] }, events: /** @type {any[]} */ ([{ type: "Passed" }]) }),
  });
  const answers = await talk(/** @type {ToyAdapter} */ (adapter), [JSON.stringify(SETUP), JSON.stringify(pass("B"))]);
  assert.deepEqual(answers[1].observation.events, [{ kind: "passed", seat: "B" }]);
});

test("refusals with rules, the adapter's refusal hook, unsupported and invalid setups, unsupported steps", async () => {
  const adapter = toy({
    refusal: (e) => e instanceof Error && e.message === "E_TWICE" && new Refusal("312.1", { error: "E_TWICE" }),
  });
  const answers = await talk(adapter, [
    JSON.stringify({ op: "apply", action: { text: "A passes", kind: "pass", seat: "A" } }),
    JSON.stringify({ op: "setup", setup: { mode: "war" } }),
    JSON.stringify({ op: "setup", setup: { mode: "duel", turn: "B" } }),
    JSON.stringify({ op: "setup", setup: { mode: "duel", removed: ["A"] } }),
    JSON.stringify({ op: "setup", setup: { mode: "duel", readings: { "pass-record": "consecutive" } } }),
    JSON.stringify(SETUP),
    JSON.stringify({ op: "apply", action: { text: "A concedes", kind: "concede", seat: "A" } }),
    JSON.stringify(pass("A")),
    JSON.stringify(pass("A")),
    JSON.stringify({ op: "apply", action: { text: "A ends the turn", kind: "end turn", seat: "A" } }),
  ]);
  assert.match(answers[0].error, /before any `setup`/);
  assert.deepEqual(answers[1], { unsupported: "the mode war" });
  assert.deepEqual(answers[2], { unsupported: "B first" });
  assert.deepEqual(answers[3], { invalid: "nobody has left yet" });
  assert.match(answers[4].unsupported, /pass-record/);
  assert.deepEqual(answers[6], { refused: { error: "E_NO", rule: "650", message: "not here" } });
  assert.deepEqual(answers[8], { refused: { error: "E_TWICE", rule: "312.1" } });
  assert.deepEqual(answers[9], { unsupported: "the action `end turn`" });
});

test("a setup not taken leaves no game: what follows is answered as before any setup", async () => {
  const answers = await talk(toy(), [
    JSON.stringify(SETUP),
    JSON.stringify(pass("A")),
    JSON.stringify({ op: "setup", setup: { mode: "war" } }),
    JSON.stringify({ op: "snapshot" }),
    JSON.stringify({ op: "setup", setup: { mode: "duel", turn: "B" } }),
    JSON.stringify({ op: "observe" }),
    JSON.stringify({ op: "setup", setup: { mode: "duel", removed: ["A"] } }),
    JSON.stringify(pass("B")),
    JSON.stringify(SETUP),
    JSON.stringify({ op: "observe" }),
  ]);
  assert.deepEqual(answers[2], { unsupported: "the mode war" });
  assert.match(answers[3].error, /before any `setup`/);
  assert.deepEqual(answers[4], { unsupported: "B first" });
  assert.match(answers[5].error, /before any `setup`/);
  assert.deepEqual(answers[6], { invalid: "nobody has left yet" });
  assert.match(answers[7].error, /before any `setup`/);
  assert.deepEqual(answers[9], { observation: { passed: [], events: [] } });
});

test("a refusal may cite no rule, as the protocol allows: the answer then has none", async () => {
  const adapter = toy({
    apply(game, action) {
      if (action.kind === "concede") throw new Refusal(undefined, { error: "E_NOT_NOW" });
      if (game.passes.length) throw new Refusal();
      return { game: Object.freeze({ passes: [action.seat] }), events: [] };
    },
  });
  const answers = await talk(adapter, [
    JSON.stringify(SETUP),
    JSON.stringify({ op: "apply", action: { text: "A concedes", kind: "concede", seat: "A" } }),
    JSON.stringify(pass("A")),
    JSON.stringify(pass("B")),
  ]);
  assert.deepEqual(answers[1], { refused: { error: "E_NOT_NOW" } });
  assert.ok("passed" in answers[2].observation);
  assert.deepEqual(answers[3], { refused: {} });
  const bare = new Refusal();
  assert.equal(bare.rule, undefined);
  assert.equal(bare.message, "refused");
  assert.equal(new Refusal(null, { message: "no" }).rule, undefined);
});

test("a bug is logged and answered `error`, and the session goes on", async () => {
  const logged = /** @type {string[]} */ ([]);
  const answers = await talk(toy(), [SETUP, pass("A"), pass("A"), pass("B")].map((r) => JSON.stringify(r)), logged);
  assert.match(answers[2].error, /internal error: E_TWICE/);
  assert.deepEqual(answers[3].observation.passed, ["A", "B"]);
  assert.match(logged.join(""), /E_TWICE/);
});

test("snapshots, restore and reset for a pure reducer: the kit keeps the games", async () => {
  let setups = 0;
  const session = createSession(toy({ setup: () => (setups++, { game: Object.freeze({ passes: [] }), events: [{ kind: "passed", seat: "A" }] }) }), { trace: null });
  await session.handle({ op: "setup", setup: { mode: "duel" } });
  await session.handle(pass("A"));
  assert.deepEqual(await session.handle({ op: "snapshot" }), { snapshot: 0 });
  await session.handle(pass("B"));
  assert.deepEqual(await session.handle({ op: "snapshot" }), { snapshot: 1 });
  await session.handle(pass("A"));
  assert.deepEqual(await session.handle({ op: "restore", snapshot: 0 }), { restored: true });
  assert.deepEqual(await session.handle({ op: "observe" }), { observation: { passed: ["A"], events: [] } });
  await session.handle({ op: "restore", snapshot: 1 });
  assert.deepEqual(await session.handle({ op: "observe" }), { observation: { passed: ["A", "B"], events: [] } });
  // reset answers like setup did, with the setup's events, and does not set up again
  assert.deepEqual(await session.handle({ op: "reset" }), { observation: { passed: [], events: [{ kind: "passed", seat: "A" }] } });
  assert.equal(setups, 1);
  assert.match(/** @type {any} */ (await session.handle({ op: "restore", snapshot: 7 })).error, /no snapshot 7/);
  // a new setup forgets the snapshots
  await session.handle({ op: "setup", setup: { mode: "duel" } });
  assert.match(/** @type {any} */ (await session.handle({ op: "restore", snapshot: 0 })).error, /no snapshot 0/);
});

test("a mutable engine gives clone; without it, apply returning the same game is an error", async () => {
  /** @type {Partial<ToyAdapter>} */
  const mutable = {
    setup: () => ({ game: { passes: [] } }),
    apply: (game, action) => (game.passes.push(action.seat), { game }),
  };
  const broken = createSession(toy(mutable), { trace: null });
  await broken.handle(SETUP);
  assert.match(/** @type {any} */ (await broken.handle(pass("A"))).error, /clone/);

  const cloned = createSession(toy({ ...mutable, clone: (game) => ({ passes: [...game.passes] }) }), { trace: null });
  await cloned.handle(SETUP);
  await cloned.handle(pass("A"));
  await cloned.handle({ op: "snapshot" });
  await cloned.handle(pass("B"));
  await cloned.handle({ op: "restore", snapshot: 0 });
  await cloned.handle(pass("C"));
  await cloned.handle({ op: "restore", snapshot: 0 }); // the snapshot was not changed by the steps after restore
  assert.deepEqual(await cloned.handle({ op: "observe" }), { observation: { passed: ["A"], events: [] } });
  assert.deepEqual(await cloned.handle({ op: "reset" }), { observation: { passed: [], events: [] } });
});

test("an engine changing its game in place needs no clone without snapshots; reset sets it up again", async () => {
  let setups = 0;
  /** @type {(unknown)[]} */
  const befores = [];
  const caps = { modes: ["duel"], actions: ["pass", "concede"], observes: ["passed"], events: ["passed"], snapshot: false };
  const inPlace = createSession(
    toy({
      capabilities: caps,
      setup: () => (setups++, { game: { passes: [] } }),
      apply: (game, action) => (game.passes.push(action.seat), { game, events: [] }),
      events: (_, before) => (befores.push(before), []),
    }),
    { trace: null },
  );
  await inPlace.handle(SETUP);
  assert.deepEqual(await inPlace.handle(pass("A")), { observation: { passed: ["A"], events: [] } });
  await inPlace.handle(pass("B"));
  // reset answers the game as set up, though the engine changed that very object
  assert.deepEqual(await inPlace.handle({ op: "reset" }), { observation: { passed: [], events: [] } });
  assert.equal(setups, 2);
  assert.deepEqual(await inPlace.handle(pass("B")), { observation: { passed: ["B"], events: [] } });
  // without a copy, no game before an in-place step is left to give `events`
  assert.deepEqual(befores.slice(1), [null, null, null]);

  // with clone, `events` gets the game as it was before the step, not the changed one
  const seen = /** @type {string[][]} */ ([]);
  const copied = createSession(
    toy({
      setup: () => ({ game: { passes: [] } }),
      apply: (game, action) => (game.passes.push(action.seat), { game, events: [] }),
      clone: (game) => ({ passes: [...game.passes] }),
      events: (_, before) => (before && seen.push([...before.passes]), []),
    }),
    { trace: null },
  );
  await copied.handle(SETUP);
  await copied.handle(pass("A"));
  await copied.handle(pass("B"));
  assert.deepEqual(seen, [[], ["A"]]);
});

test("capabilities with a name riftcheck does not know stop the adapter at once", () => {
  assert.throws(() => createSession(toy({ capabilities: /** @type {any} */ ({ events: ["passed", "spell_cast"] }) }), { trace: null }), /spell_cast/);
  assert.throws(() => createSession(toy({ capabilities: /** @type {any} */ ({ observes: ["cards.colour"] }) }), { trace: null }), /cards\.colour/);
  assert.throws(() => createSession(toy({ capabilities: /** @type {any} */ ({ modes: ["duel", "ffa"] }) }), { trace: null }), /ffa/);
});
