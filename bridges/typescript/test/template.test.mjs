// @ts-check
// The template engine and its adapter, as a process speaking the protocol.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { newGame, play, priorityOf } from "../template/engine.mjs";

const ADAPTER = fileURLToPath(new URL("../template/adapter.mjs", import.meta.url));

/** Three (or four) players, each with a quick spell; player 1's counters. @param {boolean} firstSeat @param {number} [playerCount] */
const game = (firstSeat, playerCount = 3) =>
  newGame(
    {
      playerCount,
      active: 0,
      cards: [
        { title: "Firebolt", owner: 0, counter: false, quick: true, zone: "hand" },
        { title: "Denial", owner: 1, counter: true, quick: true, zone: "hand" },
        { title: "Echo", owner: 2, counter: false, quick: true, zone: "hand" },
      ],
    },
    { firstSeat },
  );

/** @param {import("../template/types.js").State} state @param {import("../template/types.js").Move[]} moves */
const run = (state, moves) => moves.reduce((s, move) => play(s, move).state, state);

/** Player 0 ends the turn; player 1, now active, concedes. */
const MOVES = /** @type {import("../template/types.js").Move[]} */ ([
  { type: "endTurn", player: 0 },
  { type: "concede", player: 1 },
]);

/** Players 0 and 1 end their turns: player 2 is active. */
const MOVES_TO_2 = /** @type {import("../template/types.js").Move[]} */ ([
  { type: "endTurn", player: 0 },
  { type: "endTurn", player: 1 },
]);

test("by the rules, the turn of an active player who concedes goes to the next player after them (652.5.a.1)", () => {
  const state = run(game(false), MOVES);
  assert.equal(state.active, 2);
  assert.equal(priorityOf(state), 2);
  assert.equal(run(game(false, 4), [...MOVES_TO_2, { type: "concede", player: 2 }]).active, 3, "in War, player 2's turn goes to 3");
});

test("THE MISTAKE: the first player still in takes the turn", () => {
  const state = run(game(true), MOVES);
  assert.equal(state.active, 0);
  const events = play(run(game(true), [MOVES[0]]), MOVES[1]).events;
  assert.deepEqual(events.filter((e) => e.type === "newActive"), [{ type: "newActive", player: 0 }]);
  assert.equal(run(game(true, 4), [...MOVES_TO_2, { type: "concede", player: 2 }]).active, 0);
  // It does not show when the next player is the first still in: player 0 concedes on their own turn.
  assert.equal(run(game(true), [{ type: "concede", player: 0 }]).active, 1);
});

test("play never changes the state it is given, and refuses with the engine's codes", () => {
  const start = game(false);
  const copy = structuredClone(start);
  play(start, { type: "cast", player: 0, card: 0, target: null });
  assert.deepEqual(start, copy);
  assert.throws(() => play(start, { type: "pass", player: 0 }), { code: "NO_STACK" });
  assert.throws(() => play(start, { type: "endTurn", player: 1 }), { code: "NOT_YOUR_TURN" });
  assert.throws(() => play(start, { type: "cast", player: 1, card: 1, target: 0 }), { code: "NOT_YOUR_PRIORITY" });
  assert.throws(() => play(start, { type: "pass", player: 3 }), { code: "NOT_SEATED" });
});

/**
 * Writes every line at once to the adapter and reads its answers.
 * @param {string[]} args @param {object[]} requests
 */
function talk(args, requests) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ADAPTER, ...args], { stdio: ["pipe", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("error", reject);
    child.on("close", () => resolve(out.trimEnd().split("\n").map((line) => JSON.parse(line))));
    child.stdin.end(requests.map((r) => `${JSON.stringify(r)}\n`).join(""));
  });
}

test("the adapter speaks the protocol in riftcheck's words", async () => {
  const cards = [
    { name: "Firebolt", kind: "spell", owner: "A", at: "hand", timing: "reaction" },
    { name: "Negate", kind: "spell", owner: "B", at: "hand", timing: "reaction", effect: "counter" },
  ];
  const apply = (/** @type {string} */ text, /** @type {object} */ parts) => ({ op: "apply", action: { text, ...parts } });
  const answers = /** @type {any[]} */ (
    await talk(["--no-mistake"], [
      { op: "hello", protocol: 2 },
      { op: "setup", setup: { mode: "duel", cards } },
      apply("B passes", { kind: "pass", seat: "B" }),
      apply("A plays Firebolt", { kind: "play", seat: "A", card: "Firebolt" }),
      apply("A passes", { kind: "pass", seat: "A" }),
      apply("B plays Negate on Firebolt", { kind: "play", seat: "B", card: "Negate", target: "Firebolt" }),
      { op: "snapshot" },
      apply("B passes", { kind: "pass", seat: "B" }),
      apply("A passes", { kind: "pass", seat: "A" }),
      { op: "restore", snapshot: 0 },
      { op: "observe" },
      { op: "setup", setup: { mode: "duel", cards: [{ ...cards[0], cost: 2 }] } },
      { op: "setup", setup: { mode: "magma-chamber" } },
    ])
  );
  assert.equal(answers.length, 13);
  assert.equal(answers[0].hello.protocol, 2);
  assert.deepEqual(answers[1].observation, {
    turn: "A", priority: "A", chain: [], passed: [], remaining: ["A", "B"], removed: [], winners: [],
    cards: { Firebolt: { at: "A's hand" }, Negate: { at: "B's hand" } }, events: [],
  });
  assert.deepEqual(answers[2], { refused: { error: "NO_STACK", rule: "338", message: "nothing to pass on" } });
  assert.deepEqual(answers[3].observation.events, [
    { kind: "played", seat: "A", card: "Firebolt" },
    { kind: "item_added", item: "Firebolt", controller: "A" },
    { kind: "priority_to", seat: "A" },
  ]);
  assert.deepEqual(answers[5].observation.chain, [
    { item: "Firebolt", controller: "A", pending: false, target: null },
    { item: "Negate", controller: "B", pending: false, target: "Firebolt" },
  ]);
  assert.deepEqual(answers[8].observation.events, [
    { kind: "passed", seat: "A" },
    { kind: "resolved", item: "Negate" },
    { kind: "countered", item: "Firebolt" },
  ]);
  assert.deepEqual(answers[8].observation.cards, { Firebolt: { at: "A's Trash" }, Negate: { at: "B's Trash" } });
  assert.deepEqual(answers[9], { restored: true });
  assert.equal(answers[10].observation.chain.length, 2);
  assert.ok(answers[11].unsupported);
  assert.deepEqual(answers[12], { unsupported: "the mode magma-chamber" });
});
