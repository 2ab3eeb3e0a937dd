// @ts-check
// node --test examples/engines/tabletop/
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import {
  ALL_MISTAKES,
  NO_MISTAKES,
  createGame,
  dispatch,
  priorityPlayer,
  remainingPlayers,
} from "./engine.mjs";

/** @typedef {import("./types.js").GameState} GameState */
/** @typedef {import("./types.js").GameEvent} GameEvent */
/** @typedef {import("./types.js").Command} Command */
/** @typedef {import("./types.js").CardSetup} CardSetup */

// Cards of the riftcheck chain family: one per player, all instant speed.
const BOLT = 0; // player 0's spell that does nothing
const DENY = 1; // player 1's counterspell
const ECHO = 2; // player 2's spell that does nothing
const REBUKE = 3; // player 3's counterspell

/** @param {string} title @param {number} owner @param {"spell" | "counterspell"} type @returns {CardSetup} */
const card = (title, owner, type) => ({ title, owner, type, speed: "instant", cost: 0, zone: "hand" });
const FAMILY = [
  card("Firebolt", 0, "spell"),
  card("Denial", 1, "counterspell"),
  card("Echo", 2, "spell"),
  card("Rebuke", 3, "counterspell"),
];

/**
 * A game of `players` with the family's first `players` cards, by the rules unless told otherwise.
 * @param {2 | 3 | 4} players
 * @param {import("./types.js").MistakeFlags} [flags]
 */
function newGame(players, flags = NO_MISTAKES) {
  const created = createGame(
    { playerCount: players, activePlayer: 0, cards: FAMILY.slice(0, players) },
    flags,
  );
  assert.ok(created.ok);
  return created.state;
}

/** Dispatches each command, which must be legal; returns the last state and the last step's events. */
function run(/** @type {GameState} */ state, /** @type {Command[]} */ ...commands) {
  /** @type {GameEvent[]} */
  let events = [];
  for (const command of commands) {
    const result = dispatch(state, command);
    assert.ok(result.ok, `${JSON.stringify(command)} refused: ${!result.ok && result.error.message}`);
    ({ state, events } = result);
  }
  return { state, events };
}

const pass = (/** @type {number} */ player) => /** @type {Command} */ ({ type: "PassPriority", player });
const concede = (/** @type {number} */ player) => /** @type {Command} */ ({ type: "Concede", player });
const endTurn = (/** @type {number} */ player) => /** @type {Command} */ ({ type: "EndTurn", player });
const cast = (
  /** @type {number} */ player,
  /** @type {number} */ cardId,
  /** @type {number | null} */ targetCardId = null,
) => /** @type {Command} */ ({ type: "CastSpell", player, cardId, targetCardId });

/** The events as short strings, for readable assertions. */
const brief = (/** @type {GameEvent[]} */ events) =>
  events.map((e) =>
    [
      e.type,
      "player" in e ? e.player : "cardId" in e ? e.cardId : "winners" in e ? e.winners.join() : "",
    ].join(" "),
  );

/** The error code of a command that must be refused, and its rule. */
function refusal(/** @type {GameState} */ state, /** @type {Command} */ command) {
  const result = dispatch(state, command);
  assert.ok(!result.ok, `${JSON.stringify(command)} was accepted`);
  return `${result.error.code} ${result.error.rule}`;
}

test("the caster keeps priority and the first pass hands it on (333.1, 312.2.d)", () => {
  const { state, events } = run(newGame(3), cast(0, BOLT));
  assert.deepEqual(brief(events), ["SpellCast 0", "StackItemAdded 0", "PriorityGiven 0"]);
  assert.equal(priorityPlayer(state), 0);
  const after = run(state, pass(0));
  assert.equal(priorityPlayer(after.state), 1);
  assert.deepEqual(after.state.passedInSuccession, [0]);
});

test("a counterspell counters its target, which goes to the graveyard unresolved (425)", () => {
  const { state, events } = run(newGame(2), cast(0, BOLT), pass(0), cast(1, DENY, BOLT), pass(1), pass(0));
  assert.deepEqual(brief(events), [
    "PriorityPassed 0",
    "SpellResolved 1",
    "SpellCountered 0",
    "CardToGraveyard 0",
    "CardToGraveyard 1",
  ]);
  assert.equal(state.stack.length, 0);
  assert.equal(state.cards[BOLT].zone, "graveyard");
  assert.equal(state.cards[DENY].zone, "graveyard");
  assert.ok(!events.some((e) => e.type === "SpellResolved" && e.cardId === BOLT));
});

test("one round of passes resolves only the top item, then the new top's controller has priority (340, 340.4)", () => {
  // Echo on top of Firebolt; everyone passes once.
  const { state, events } = run(
    newGame(3),
    cast(0, BOLT),
    pass(0),
    pass(1),
    cast(2, ECHO),
    pass(2),
    pass(0),
    pass(1),
  );
  assert.deepEqual(brief(events), [
    "PriorityPassed 1",
    "SpellResolved 2",
    "CardToGraveyard 2",
    "PriorityGiven 0",
  ]);
  assert.deepEqual(
    state.stack.map((item) => item.cardId),
    [BOLT],
  );
  assert.equal(priorityPlayer(state), 0);
  assert.deepEqual(state.passedInSuccession, [], "a new round of passes begins");
  // A second round resolves Firebolt; the stack closes and the active player has priority again.
  const last = run(state, pass(0), pass(1), pass(2));
  assert.deepEqual(brief(last.events), [
    "PriorityPassed 2",
    "SpellResolved 0",
    "CardToGraveyard 0",
    "PriorityGiven 0",
  ]);
  assert.equal(last.state.stack.length, 0);
  assert.equal(priorityPlayer(last.state), 0);
});

test("a countered counterspell does nothing: its target resolves in a later round (425, 340.4)", () => {
  // War: Denial targets Firebolt, Rebuke targets Denial.
  const { state, events } = run(
    newGame(4),
    cast(0, BOLT),
    pass(0),
    cast(1, DENY, BOLT),
    pass(1),
    pass(2),
    cast(3, REBUKE, DENY),
    pass(3),
    pass(0),
    pass(1),
    pass(2),
  );
  assert.deepEqual(brief(events), [
    "PriorityPassed 2",
    "SpellResolved 3",
    "SpellCountered 1",
    "CardToGraveyard 1",
    "CardToGraveyard 3",
    "PriorityGiven 0",
  ]);
  const last = run(state, pass(0), pass(1), pass(2), pass(3));
  assert.deepEqual(brief(last.events), [
    "PriorityPassed 3",
    "SpellResolved 0",
    "CardToGraveyard 0",
    "PriorityGiven 0",
  ]);
});

test("mistake 1 resolves the whole stack after one round of passes", () => {
  const flags = { ...NO_MISTAKES, resolveWholeStack: true };
  const { state, events } = run(
    newGame(3, flags),
    cast(0, BOLT),
    pass(0),
    pass(1),
    cast(2, ECHO),
    pass(2),
    pass(0),
    pass(1),
  );
  assert.deepEqual(brief(events), [
    "PriorityPassed 1",
    "SpellResolved 2",
    "CardToGraveyard 2",
    "SpellResolved 0",
    "CardToGraveyard 0",
    "PriorityGiven 0",
  ]);
  assert.equal(state.stack.length, 0);
});

test("mistake 1 changes nothing when the top item counters the one below it", () => {
  const commands = [cast(0, BOLT), pass(0), cast(1, DENY, BOLT), pass(1), pass(0)];
  const right = run(newGame(2), ...commands);
  const wrong = run(newGame(2, { ...NO_MISTAKES, resolveWholeStack: true }), ...commands);
  assert.deepEqual(wrong.events, right.events);
});

test("ending the turn hands it to the next player, whose turn begins (317, 315)", () => {
  const { state, events } = run(newGame(3), endTurn(0));
  assert.deepEqual(brief(events), ["TurnEnded 0", "ActivePlayerChanged 1", "TurnStarted 1"]);
  assert.equal(priorityPlayer(state), 1);
});

test("in a Duel, a concession ends the game: the last player standing wins (651.1)", () => {
  const { state, events } = run(newGame(2), cast(0, BOLT), concede(1));
  assert.deepEqual(brief(events), ["PlayerConceded 1", "PlayerLeft 1", "GameWon 0"]);
  assert.deepEqual(state.winners, [0]);
  assert.equal(priorityPlayer(state), null);
  // Nothing else happens: the stack stays as it was, the loser's cards too.
  assert.deepEqual(
    state.stack.map((item) => item.cardId),
    [BOLT],
  );
  assert.equal(state.cards[DENY].zone, "hand");
  assert.equal(refusal(state, pass(0)), "E_GAME_OVER 651.1");
});

test("a leaver's cards leave the game, then their stack items are countered (652.3, 652.4)", () => {
  const { state, events } = run(newGame(3), cast(0, BOLT), concede(0));
  assert.deepEqual(brief(events), [
    "PlayerConceded 0",
    "PlayerLeft 0",
    "CardLeftGame 0",
    "SpellCountered 0",
    "ActivePlayerChanged 1",
    "TurnStarted 1",
  ]);
  assert.deepEqual(remainingPlayers(state), [1, 2]);
  assert.equal(state.cards[BOLT].zone, "outOfGame");
  assert.equal(priorityPlayer(state), 1);
  assert.equal(state.winners, null);
});

test("a leaving active player's turn passes on, and begins once the stack is empty (652.5.a.1)", () => {
  // Skirmish: A casts Firebolt, A and B pass, C responds with Echo; then A leaves.
  const { state, events } = run(newGame(3), cast(0, BOLT), pass(0), pass(1), cast(2, ECHO), concede(0));
  assert.deepEqual(brief(events), [
    "PlayerConceded 0",
    "PlayerLeft 0",
    "CardLeftGame 0",
    "SpellCountered 0",
    "ActivePlayerChanged 1",
  ]);
  assert.equal(state.activePlayer, 1);
  assert.equal(state.turnStarted, false, "not while Echo waits");
  assert.deepEqual(
    state.stack.map((item) => item.cardId),
    [ECHO],
  );
  const last = run(state, pass(2), pass(1));
  assert.deepEqual(brief(last.events), [
    "PriorityPassed 1",
    "SpellResolved 2",
    "CardToGraveyard 2",
    "TurnStarted 1",
  ]);
  assert.equal(priorityPlayer(last.state), 1);
});

test("the priority holder who leaves hands priority to the next player after them (652.5.c.1)", () => {
  // War: A casts, passes; B holds priority and concedes. C is next after B.
  const before = run(newGame(4), cast(0, BOLT), pass(0)).state;
  assert.equal(priorityPlayer(before), 1);
  const { state, events } = run(before, concede(1));
  assert.deepEqual(brief(events), ["PlayerConceded 1", "PlayerLeft 1", "CardLeftGame 1", "PriorityGiven 2"]);
  assert.equal(priorityPlayer(state), 2);
  assert.deepEqual(state.passedInSuccession, [0], "A's pass still counts");
});

test("mistake 2 hands the leaver's priority to the active player instead", () => {
  const before = run(
    newGame(4, { ...NO_MISTAKES, priorityToActivePlayerOnLeave: true }),
    cast(0, BOLT),
    pass(0),
  ).state;
  const { state } = run(before, concede(1));
  assert.equal(priorityPlayer(state), 0);
});

test("when the leaver's pass was the one missing, the top item resolves (652.5.c.2)", () => {
  // Skirmish: A casts and passes, B passes; C, the holder, leaves.
  const { state, events } = run(newGame(3), cast(0, BOLT), pass(0), pass(1), concede(2));
  assert.deepEqual(brief(events), [
    "PlayerConceded 2",
    "PlayerLeft 2",
    "CardLeftGame 2",
    "SpellResolved 0",
    "CardToGraveyard 0",
    "PriorityGiven 0",
  ]);
  assert.equal(state.stack.length, 0);
});

test("refusals, with the rule that forbids each", () => {
  const open = newGame(2);
  assert.equal(refusal(open, pass(0)), "E_STACK_EMPTY 338");
  assert.equal(refusal(open, endTurn(1)), "E_NOT_ACTIVE_PLAYER 316");
  assert.equal(refusal(open, cast(1, DENY, BOLT)), "E_NOT_YOUR_PRIORITY 312.1");
  assert.equal(refusal(open, cast(1, BOLT)), "E_CARD_NOT_IN_HAND 349");
  assert.equal(refusal(open, cast(0, BOLT, BOLT)), "E_UNEXPECTED_TARGET 355.6");
  assert.equal(
    refusal(open, { type: "CastSpell", player: 0, cardId: BOLT, location: "Base" }),
    "E_SPELLS_HAVE_NO_LOCATION 355.2.a",
  );
  assert.equal(refusal(open, pass(2)), "E_NO_SUCH_PLAYER 478");
  const closed = run(open, cast(0, BOLT), pass(0)).state;
  assert.equal(refusal(closed, pass(0)), "E_NOT_YOUR_PRIORITY 312.1");
  assert.equal(refusal(closed, endTurn(0)), "E_STACK_NOT_EMPTY 144.1");
  assert.equal(refusal(closed, cast(1, DENY)), "E_TARGET_REQUIRED 355.6");
  assert.equal(refusal(closed, cast(1, DENY, DENY)), "E_TARGET_NOT_ON_STACK 355.6");
  const left = run(newGame(3), concede(2)).state;
  assert.equal(refusal(left, concede(2)), "E_PLAYER_LEFT 651.3");
});

test("only instant-speed spells while the stack exists (309.1.a); costly spells cannot be paid (356)", () => {
  const created = createGame(
    {
      playerCount: 2,
      activePlayer: 0,
      cards: [
        card("Firebolt", 0, "spell"),
        { ...card("Slow", 1, "spell"), speed: "sorcery" },
        { ...card("Dear", 0, "spell"), cost: 1 },
      ],
    },
    NO_MISTAKES,
  );
  assert.ok(created.ok);
  assert.equal(refusal(created.state, cast(0, 2)), "E_CANNOT_PAY 356");
  const closed = run(created.state, cast(0, 0), pass(0)).state;
  assert.equal(refusal(closed, cast(1, 1)), "E_NOT_INSTANT_SPEED 309.1.a");
});

test("a refused command leaves the state untouched, and dispatch never mutates its input", () => {
  const state = run(newGame(3), cast(0, BOLT)).state;
  const copy = structuredClone(state);
  dispatch(state, pass(1));
  dispatch(state, pass(0));
  dispatch(state, concede(0));
  assert.deepEqual(state, copy);
});

test("bad setups are refused", () => {
  const setup = { playerCount: /** @type {const} */ (3), activePlayer: 0, departed: [1, 2], cards: [] };
  assert.equal(createGame(setup).ok, false, "one player left is no game");
  assert.equal(createGame({ ...setup, departed: [0] }).ok, false, "the active player must be in the game");
  assert.equal(
    createGame({ ...setup, departed: [2], cards: [card("Echo", 2, "spell")] }).ok,
    false,
    "a leaver's card is out of the game",
  );
  assert.ok(createGame({ ...setup, departed: [2] }, ALL_MISTAKES).ok);
});

// The bridge, end to end, over its standard input and output.

const BRIDGE = fileURLToPath(new URL("./bridge.mjs", import.meta.url));

/** @param {string[]} args @param {object[]} requests */
function talk(args, requests) {
  const input = requests.map((r) => JSON.stringify(r)).join("\n") + "\n";
  const out = spawnSync(process.execPath, [BRIDGE, ...args], { input, encoding: "utf8" });
  assert.equal(out.status, 0, out.stderr);
  return out.stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}

const SKIRMISH = {
  mode: "skirmish",
  turn: "A",
  battlefields: [
    { name: "Ridge", contributor: "A" },
    { name: "Marsh", contributor: "B" },
    { name: "Crag", contributor: "C" },
  ],
  cards: [
    { name: "Firebolt", kind: "spell", owner: "A", at: "A's hand", timing: "reaction" },
    { name: "Denial", kind: "spell", owner: "B", at: "B's hand", timing: "reaction", effect: "counter" },
    { name: "Echo", kind: "spell", owner: "C", at: "C's hand", timing: "reaction" },
  ],
};
/** @param {string} text @param {object} parts */
const apply = (text, parts) => ({ op: "apply", action: { text, ...parts } });

test("bridge: hello declares protocol 2 and what it observes", () => {
  const [{ hello }] = talk([], [{ op: "hello", protocol: 2 }]);
  assert.equal(hello.protocol, 2);
  assert.equal(hello.capabilities.snapshot, true);
  assert.deepEqual(hello.capabilities.observes, [
    "turn",
    "priority",
    "chain",
    "passed",
    "remaining",
    "removed",
    "winners",
    "cards.at",
    "cards.controller",
  ]);
  assert.ok(hello.capabilities.events.includes("removed_from_game"));
});

test("bridge: observations, structured events, refusals, snapshots", () => {
  const answers = talk(
    ["--no-mistake"],
    [
      { op: "setup", setup: SKIRMISH },
      apply("A plays Firebolt", { kind: "play", seat: "A", card: "Firebolt" }),
      { op: "snapshot" },
      apply("B passes", { kind: "pass", seat: "B" }),
      apply("A concedes", { kind: "concede", seat: "A" }),
      { op: "restore", snapshot: 0 },
      { op: "observe" },
      apply("B plays Denial on Firebolt", {}), // the sentence alone
      apply("A moves Poro to Ridge", { kind: "move", seat: "A", units: ["Poro"], to: "Ridge" }),
      {
        op: "setup",
        setup: { ...SKIRMISH, cards: [{ name: "Poro", kind: "unit", owner: "A", at: "A's Base" }] },
      },
    ],
  );
  const [setup, played, snapshot, refused, conceded, restored, observed, countering, move, unit] = answers;
  assert.deepEqual(setup.observation.events, []);
  assert.equal(setup.observation.priority, "A");
  assert.deepEqual(played.observation.chain, [
    { item: "Firebolt", controller: "A", pending: false, target: null },
  ]);
  assert.deepEqual(
    played.observation.events.map((/** @type {{kind: string}} */ e) => e.kind),
    ["played", "item_added", "priority_to"],
  );
  assert.deepEqual(played.observation.cards.Firebolt, { at: "chain", controller: "A" });
  assert.equal(snapshot.snapshot, 0);
  assert.equal(refused.refused.error, "E_NOT_YOUR_PRIORITY");
  assert.equal(refused.refused.rule, "312.1");
  assert.deepEqual(conceded.observation.removed, ["A"]);
  assert.deepEqual(conceded.observation.cards.Firebolt, { at: "removed", controller: "A" });
  assert.deepEqual(conceded.observation.events[2], { kind: "removed_from_game", card: "Firebolt", rule: "652.3" });
  assert.deepEqual(conceded.observation.events[3], { kind: "countered", item: "Firebolt", rule: "652.4" });
  assert.deepEqual(restored, { restored: true });
  assert.deepEqual(observed.observation.chain, played.observation.chain);
  assert.deepEqual(observed.observation.events, []);
  assert.equal(countering.refused.error, "E_NOT_YOUR_PRIORITY");
  assert.ok("unsupported" in move);
  assert.ok("unsupported" in unit);
});

test("bridge: unknown arguments are refused", () => {
  const out = spawnSync(process.execPath, [BRIDGE, "--only-mistake=3"], { input: "", encoding: "utf8" });
  assert.equal(out.status, 2);
});
