#!/usr/bin/env node
// @ts-check
// The template engine (engine.mjs) behind riftcheck's protocol, through the kit:
// riftcheck's words (seats, card names, the Chain) to the engine's and back.
//   node adapter.mjs               with the engine's deliberate mistake
//   node adapter.mjs --no-mistake  by the rules
import { serve, readSetup, formatZone, observation, seatAt, Refusal, Unsupported, SEATS } from "riftcheck-bridge";
import { IllegalMove, newGame, play, priorityOf, stillIn } from "./engine.mjs";
/** @typedef {import("./types.js").State} State @typedef {import("./types.js").GameEvent} GameEvent */
/** @typedef {import("./types.js").Move} Move @typedef {import("riftcheck-bridge").Event} Event */

/** The rule each of the engine's error codes breaks. */
const RULES = { GAME_OVER: "651.1", NOT_SEATED: "478", ELIMINATED: "651.3", NO_STACK: "338", NOT_YOUR_PRIORITY: "312.1",
  NOT_YOUR_TURN: "316", STACK_NOT_EMPTY: "144.1", NOT_IN_HAND: "349", TOO_SLOW: "309.1.a", BAD_TARGET: "355.6" };
/** @type {Record<string, import("./types.js").Zone>} riftcheck's zones to the engine's */
const ZONES = { hand: "hand", trash: "discard", banishment: "exile", removed: "gone" };
/** @type {Record<string, any>} and back */
const PLACES = { hand: "hand", stack: "chain", discard: "trash", exile: "banishment", gone: "removed" };
const seat = (/** @type {number} */ p) => SEATS[p];
const player = (/** @type {import("riftcheck-bridge").Seat} */ s) => SEATS.indexOf(s);

/** @param {GameEvent} e @param {(id: number) => string} name @returns {Event[]} */
function toEvents(e, name) {
  switch (e.type) {
    case "cast": return [{ kind: "played", seat: seat(e.player), card: name(e.card) }, { kind: "item_added", item: name(e.card), controller: seat(e.player) }];
    case "priority": return [{ kind: "priority_to", seat: seat(e.player) }];
    case "passed": return [{ kind: "passed", seat: seat(e.player) }];
    case "resolved": return [{ kind: "resolved", item: name(e.card) }];
    case "countered": return [{ kind: "countered", item: name(e.card) }];
    case "conceded": return [{ kind: "conceded", seat: seat(e.player) }];
    case "eliminated": return [{ kind: "player_removed", seat: seat(e.player) }];
    case "gameOver": return [{ kind: "won", winners: e.winners.map(seat) }];
    case "turnEnded": return [{ kind: "turn_ended", seat: seat(e.player) }];
    case "newActive": return [{ kind: "turn_to", seat: seat(e.player) }];
    case "turnStarted": return [{ kind: "turn_began", seat: seat(e.player) }];
  }
}

/** @type {import("riftcheck-bridge").Adapter<State, GameEvent>} */
const adapter = {
  name: "template-engine",
  version: "0.1.0",
  capabilities: {
    modes: ["duel", "skirmish", "war"], actions: ["pass", "play", "end turn", "concede"],
    cards: ["spell"], effects: ["nothing", "counter"], abilities: [],
    observes: ["turn", "priority", "chain", "passed", "remaining", "removed", "winners", "cards.at"],
    events: ["conceded", "player_removed", "won", "turn_ended", "turn_to", "turn_began",
      "priority_to", "passed", "played", "item_added", "resolved", "countered"],
  },
  setup(setup) {
    const table = readSetup(setup);
    if (table.chain.length || table.showdown) throw new Unsupported("a Chain or Showdown in progress");
    if (Object.values(table.energy).some((n) => n > 0)) throw new Unsupported("Energy");
    if (Object.values(table.points).some((n) => n >= table.victoryScore)) throw new Unsupported("points that win");
    const cards = table.cards.map((card) => {
      const zone = ZONES[card.zone.zone];
      if (!zone || card.cost > 0) throw new Unsupported(`${card.name} (at ${card.at}, cost ${card.cost})`);
      return { title: card.name, owner: player(card.owner), counter: card.effect === "counter", quick: card.timing === "reaction", zone };
    });
    const options = { firstSeat: !process.argv.includes("--no-mistake") };
    return { game: newGame({ playerCount: table.seats.length, active: player(table.turn), out: table.removed.map(player), cards }, options) };
  },
  apply(state, action) {
    if (action.at) throw new Refusal("355.2.a", { message: "a spell is not played at a place" });
    const id = (/** @type {string | undefined} */ name) => (name === undefined ? null : state.cards.findIndex((c) => c.title === name));
    const p = player(action.seat);
    /** @type {Record<string, Move>} */
    const moves = { pass: { type: "pass", player: p }, "end turn": { type: "endTurn", player: p }, concede: { type: "concede", player: p },
      play: { type: "cast", player: p, card: id(action.card) ?? -1, target: id(action.target) } };
    const next = play(state, moves[action.kind]);
    return { game: next.state, events: next.events };
  },
  refusal: (e) => e instanceof IllegalMove && new Refusal(RULES[e.code], { error: e.code, message: e.message }),
  observe(state) {
    const title = (/** @type {number} */ id) => state.cards[id].title;
    const onStack = (/** @type {number | null} */ id) => state.stack.some((entry) => entry.card === id);
    return observation({
      turn: state.winners ? null : seat(state.active),
      priority: seatAt(priorityOf(state)),
      chain: state.stack.map((e) => ({ item: title(e.card), controller: seat(e.by), target: e.target !== null && onStack(e.target) ? title(e.target) : null })),
      passed: state.passes.map(seat),
      remaining: stillIn(state).map(seat),
      removed: state.out.map(seat),
      winners: (state.winners ?? []).map(seat),
      cards: Object.fromEntries(state.cards.map((c) => [c.title, { at: formatZone({ zone: PLACES[c.zone], seat: seat(c.owner) }) }])),
    });
  },
  events: (events, _before, after) => events.flatMap((e) => toEvents(e, (id) => after.cards[id].title)),
};

serve(adapter);
