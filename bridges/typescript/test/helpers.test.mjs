// @ts-check
// The helpers: seats, zones, the setup table, observations, events, action sentences.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  Invalid, abilityKind, effectKind, event, formatZone, inTurnOrder, observation, parseAction, readSetup, readZone,
  seatAt, seatIndex, seatsOf,
} from "../src/index.mjs";

test("seats: each mode's table, in turn order", () => {
  assert.deepEqual(seatsOf("duel"), ["A", "B"]);
  assert.deepEqual(seatsOf("skirmish"), ["A", "B", "C"]);
  assert.deepEqual(seatsOf("war"), ["A", "B", "C", "D"]);
  assert.deepEqual(seatsOf("magma-chamber"), ["A", "B", "C", "D"]);
  assert.throws(() => seatsOf(/** @type {any} */ ("ffa")), Invalid);
  assert.deepEqual(inTurnOrder(["D", "B", "D", "A"]), ["A", "B", "D"]);
  assert.equal(seatAt(2), "C");
  assert.equal(seatAt(null), null);
  assert.equal(seatIndex("D"), 3);
});

test("zones: a setup's `at` read, and written back as observations write it", () => {
  const card = { owner: /** @type {const} */ ("B"), name: "Firebolt" };
  assert.deepEqual(readZone("hand", card), { zone: "hand", seat: "B" });
  assert.deepEqual(readZone("B's hand", card), { zone: "hand", seat: "B" });
  assert.deepEqual(readZone("trash", card), { zone: "trash", seat: "B" });
  assert.deepEqual(readZone("B's Banishment", card), { zone: "banishment", seat: "B" });
  assert.deepEqual(readZone("base", { ...card, controller: "A" }), { zone: "base", seat: "A" });
  assert.deepEqual(readZone("chain", card), { zone: "chain" });
  assert.deepEqual(readZone("removed", card), { zone: "removed" });
  assert.deepEqual(readZone("facedown at Vent", card), { zone: "facedown", name: "Vent" });
  assert.deepEqual(readZone("attached to Ember", card), { zone: "attached", name: "Ember" });
  assert.deepEqual(readZone("Sunlit Plaza", card), { zone: "battlefield", name: "Sunlit Plaza" });
  assert.throws(() => readZone("A's hand", card), /owner's hand/);
  assert.equal(formatZone({ zone: "hand", seat: "A" }), "A's hand");
  assert.equal(formatZone({ zone: "base", seat: "C" }), "C's Base");
  assert.equal(formatZone({ zone: "trash", seat: "A" }), "A's Trash");
  assert.equal(formatZone({ zone: "banishment", seat: "D" }), "D's Banishment");
  assert.equal(formatZone({ zone: "chain" }), "chain");
  assert.equal(formatZone({ zone: "facedown", name: "Vent" }), "facedown at Vent");
  assert.equal(formatZone({ zone: "attached", name: "Ember" }), "attached to Ember");
  assert.equal(formatZone({ zone: "battlefield", name: "Left" }), "Left");
});

test("effects and abilities by the kinds capabilities name", () => {
  assert.equal(effectKind(undefined), "nothing");
  assert.equal(effectKind("counter"), "counter");
  assert.equal(effectKind("deal 2"), "deal");
  assert.equal(effectKind("move to Left"), "move");
  assert.equal(effectKind("move to a battlefield of your choice"), "move chosen");
  assert.equal(effectKind("move all units at a battlefield of your choice to Base"), "move all");
  assert.equal(effectKind("play Whelp at Left"), "play token");
  assert.equal(effectKind("-1 might until your next turn"), "might");
  assert.equal(effectKind("summon a dragon"), null);
  assert.deepEqual(abilityKind("add"), { kind: "add", effect: null });
  assert.deepEqual(abilityKind("exhaust, reaction: counter"), { kind: "activated", effect: "counter" });
  assert.deepEqual(abilityKind("when I attack: deal 1"), { kind: "triggered", effect: "deal" });
});

test("readSetup fills in the defaults and reads seats and zones", () => {
  const table = readSetup({
    mode: "war",
    removed: ["C"],
    points: { B: 3 },
    cards: [
      { name: "Firebolt", kind: "spell", owner: "A", at: "hand", timing: "reaction" },
      { name: "Denial", kind: "spell", owner: "B", at: "B's Trash", effect: "counter" },
    ],
  });
  assert.deepEqual(table.seats, ["A", "B", "C", "D"]);
  assert.equal(table.turn, "A");
  assert.deepEqual(table.remaining, ["A", "B", "D"]);
  assert.equal(table.victoryScore, 8);
  assert.deepEqual(table.points, { A: 0, B: 3, C: 0, D: 0 });
  assert.deepEqual(table.energy, { A: 0, B: 0, C: 0, D: 0 });
  assert.deepEqual(table.battlefields.map((b) => b.name), ["B's Battlefield", "C's Battlefield", "D's Battlefield"]);
  assert.deepEqual(table.cards.map((c) => [c.name, c.controller, c.timing, c.effect, c.cost, c.zone]), [
    ["Firebolt", "A", "reaction", "nothing", 0, { zone: "hand", seat: "A" }],
    ["Denial", "B", "normal", "counter", 0, { zone: "trash", seat: "B" }],
  ]);
  assert.equal(table.priority, null);
  assert.equal(readSetup({ mode: "magma-chamber" }).victoryScore, 11);
  assert.throws(() => readSetup({ mode: "duel", turn: "C" }), /`C` is not a seat at this table/);
  assert.throws(() => readSetup({ mode: "skirmish", removed: ["A"] }), /A has been removed/);
  assert.throws(() => readSetup({ mode: "duel", removed: ["B"] }), /two remaining players/);
  assert.throws(
    () => readSetup({ mode: "duel", cards: [{ name: "X", kind: "spell", owner: "A", at: "hand" }, { name: "X", kind: "spell", owner: "B", at: "hand" }] }),
    /used twice/,
  );
});

test("observation: none is null, seat lists in turn order, Chain items filled in, other fields left out", () => {
  assert.deepEqual(
    observation({
      turn: undefined,
      priority: "B",
      passed: ["C", "A"],
      chain: [{ item: "Firebolt", controller: "A" }, { item: "Denial", controller: "B", target: "Firebolt" }],
    }),
    {
      turn: null,
      priority: "B",
      passed: ["A", "C"],
      chain: [
        { item: "Firebolt", controller: "A", pending: false, target: null },
        { item: "Denial", controller: "B", pending: false, target: "Firebolt" },
      ],
    },
  );
  assert.deepEqual(observation({ winners: [] }), { winners: [] });
});

test("event: a kind riftcheck knows, with every fact it has", () => {
  assert.deepEqual(event("played", { seat: "A", card: "Firebolt" }), { kind: "played", seat: "A", card: "Firebolt" });
  assert.deepEqual(event("combat_ended", { battlefield: "Left", winner: null, rule: "461" }), {
    kind: "combat_ended", battlefield: "Left", winner: null, rule: "461",
  });
  assert.throws(() => event(/** @type {any} */ ("spell_cast"), /** @type {any} */ ({})), /no kind of event/);
  assert.throws(() => event("item_added", /** @type {any} */ ({ item: "Firebolt" })), /needs `controller`/);
});

test("parseAction: a step's sentence with its parts spelled out, as apply sends it", () => {
  assert.deepEqual(parseAction("B passes"), { text: "B passes", seat: "B", kind: "pass" });
  assert.deepEqual(parseAction("B passes Focus"), { text: "B passes Focus", seat: "B", kind: "pass focus" });
  assert.deepEqual(parseAction("A ends the turn"), { text: "A ends the turn", seat: "A", kind: "end turn" });
  assert.deepEqual(parseAction("D concedes"), { text: "D concedes", seat: "D", kind: "concede" });
  assert.deepEqual(parseAction("B plays Negate on Firebolt"), {
    text: "B plays Negate on Firebolt", seat: "B", kind: "play", card: "Negate", target: "Firebolt",
  });
  assert.deepEqual(parseAction("C plays Nudge on Courier at Left"), {
    text: "C plays Nudge on Courier at Left", seat: "C", kind: "play", card: "Nudge", target: "Courier", at: "Left",
  });
  assert.deepEqual(parseAction("A plays Poro at Left").at, "Left");
  assert.deepEqual(parseAction("C activates Totem on Firebolt"), {
    text: "C activates Totem on Firebolt", seat: "C", kind: "activate", card: "Totem", target: "Firebolt",
  });
  assert.deepEqual(parseAction("A moves Poro, Yeti and Zed to Base").units, ["Poro", "Yeti", "Zed"]);
  assert.equal(parseAction("A moves Poro to Left").to, "Left");
  assert.equal(parseAction("A places Sentry's trigger").card, "Sentry");
  assert.equal(parseAction("A chooses Left").at, "Left");
  assert.equal(parseAction("A invites C").teammate, "C");
  assert.deepEqual(parseAction("C hides Secret at Vent"), { text: "C hides Secret at Vent", seat: "C", kind: "hide", card: "Secret", at: "Vent" });
  assert.equal(parseAction("A assigns damage to Guard").unit, "Guard");
  assert.throws(() => parseAction("E passes"), /not a step/);
  assert.throws(() => parseAction("A dances"), /not a step/);
});
