// @ts-check
/**
 * The protocol loop: hello, setup, apply, observe, snapshot, restore, reset,
 * over stdin/stdout, around an adapter (src/kit.d.ts). The kit keeps the
 * games: the one after setup for reset, one per snapshot (token = index).
 * With a trace, each answer that is part of a game is recorded as
 * `riftcheck serve --record` records it (src/trace.d.ts).
 */

import { createInterface } from "node:readline";
import { Invalid, Refusal, Unsupported } from "./errors.mjs";
import { abilityKind, effectKind } from "./helpers.mjs";
import { TraceWriter } from "./trace.mjs";
import {
  ABILITY_KINDS, ACTION_KINDS, CARD_KINDS, EFFECT_KINDS, EVENT_KINDS, OBSERVATION_FIELDS, SUB_FIELDS, TABLE_SIZES,
} from "./vocabulary.mjs";

/** @typedef {import("./protocol.js").Capabilities} Capabilities */
/** @typedef {import("./protocol.js").Setup} Setup */
/** @typedef {import("./protocol.js").Action} Action */
/** @typedef {import("./protocol.js").Event} Event */
/** @typedef {import("./protocol.js").Observation} Observation */
/** @typedef {import("./protocol.js").Request} Request */
/** @typedef {import("./protocol.js").Response} Response */
/** @typedef {import("./kit.js").Session} Session */
/** @typedef {import("./kit.js").SessionOptions} SessionOptions */
/** @typedef {import("./kit.js").ServeOptions} ServeOptions */

export const PROTOCOL = 2;

/**
 * The capabilities as hello declares them, checked: a name riftcheck does not know would stop
 * `conform` (exit status 2), so it stops the adapter at once instead. `snapshot` defaults to true.
 * @param {Capabilities} capabilities
 * @returns {Capabilities}
 */
export function checkCapabilities(capabilities) {
  const fields = [
    ...OBSERVATION_FIELDS,
    ...Object.entries(SUB_FIELDS).flatMap(([field, subs]) => subs.map((sub) => `${field}.${sub}`)),
  ];
  /** @type {Array<[string, unknown, readonly unknown[]]>} */
  const lists = [
    ["modes", capabilities.modes, Object.keys(TABLE_SIZES)],
    ["actions", capabilities.actions, ACTION_KINDS],
    ["cards", capabilities.cards, CARD_KINDS],
    ["effects", capabilities.effects, EFFECT_KINDS],
    ["abilities", capabilities.abilities, ABILITY_KINDS],
    ["observes", capabilities.observes, fields],
    ["events", Array.isArray(capabilities.events) ? capabilities.events : undefined, EVENT_KINDS],
  ];
  for (const [key, list, known] of lists) {
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw new TypeError(`capabilities.${key} must be a list`);
    const unknown = list.filter((name) => !known.includes(name));
    if (unknown.length > 0)
      throw new TypeError(`capabilities.${key}: riftcheck knows no ${unknown.join(", ")}; it knows ${known.join(", ")}`);
  }
  return { ...capabilities, snapshot: capabilities.snapshot ?? true };
}

/**
 * What in a setup the engine did not declare (riftcheck shapes setups by the capabilities, so this
 * is a safety net for scenarios and hand-written setups), or null.
 * @param {Setup} setup
 * @param {Capabilities} caps
 * @returns {string | null}
 */
function undeclared(setup, caps) {
  if (caps.modes && !caps.modes.includes(setup.mode)) return `the mode ${setup.mode}`;
  for (const [policy, reading] of Object.entries(setup.readings ?? {})) {
    if (caps.readings?.[policy] !== reading) return `the reading ${policy}=${reading}`;
  }
  for (const card of setup.cards ?? []) {
    if (caps.cards && !caps.cards.includes(card.kind)) return `${card.name} (a ${card.kind})`;
    const effect = effectKind(card.effect);
    if (caps.effects && (effect === null || !caps.effects.includes(effect)))
      return `${card.name} (the effect \`${card.effect}\`)`;
    if (card.ability !== undefined) {
      const ability = abilityKind(card.ability);
      if (caps.abilities && !caps.abilities.includes(ability.kind)) return `${card.name} (an ability \`${card.ability}\`)`;
      if (caps.effects && ability.effect !== null && !caps.effects.includes(ability.effect))
        return `${card.name} (the ability \`${card.ability}\`)`;
    }
  }
  return null;
}

/**
 * The protocol without its transport: requests in, responses out.
 * @template Game, EngineEvent
 * @param {import("./kit.js").Adapter<Game, EngineEvent>} adapter
 * @param {SessionOptions} [options]
 * @returns {Session}
 */
export function createSession(adapter, options = {}) {
  const caps = checkCapabilities(adapter.capabilities);
  const log = options.log ?? process.stderr;
  const engine = [adapter.name, adapter.version].filter(Boolean).join(" ");
  const traceOption = options.trace === undefined ? process.env.RIFTCHECK_TRACE || null : options.trace;
  const trace =
    traceOption === null || traceOption instanceof TraceWriter
      ? traceOption
      : new TraceWriter(/** @type {string | ((line: string) => void)} */ (traceOption), { engine, capabilities: caps });
  const clone = adapter.clone?.bind(adapter);
  const keep = (/** @type {Game} */ game) => (clone ? clone(game) : game);

  /**
   * The game being played: as set up (for `reset`), now, and its snapshots; the setup as sent,
   * for an engine that changes its game in place and gives no `clone` (its game after setup is
   * gone once it takes a step, so `reset` sets it up again); and whether it has so changed it.
   * @type {null | {initial: Game, initialEvents: Event[], game: Game, saved: Game[], setup: Setup | null, inPlace: boolean}}
   */
  let current = null;
  /**
   * The trace while a game is being recorded: from a setup the engine accepted until one it did
   * not (the game goes on, unrecorded, as riftcheck's recorder leaves it), else null.
   * @type {TraceWriter | null}
   */
  let recording = null;

  /** @param {EngineEvent[] | undefined} engineEvents @param {Game | null} before @param {Game} after @returns {Event[]} */
  const eventsOf = (engineEvents, before, after) => {
    if (caps.events === false) return [];
    const events = adapter.events
      ? adapter.events(engineEvents ?? [], before, after)
      : /** @type {Event[]} */ (/** @type {unknown} */ (engineEvents ?? []));
    const kinds = caps.events;
    return Array.isArray(kinds) ? events.filter((e) => typeof e === "string" || kinds.includes(e.kind)) : events;
  };

  /** @param {Game} game @param {Event[]} events @returns {Promise<Observation>} */
  const observationOf = async (game, events) => {
    const observation = { ...(await adapter.observe(game)) };
    if (caps.events === false) delete observation.events;
    else observation.events = events;
    return observation;
  };

  /** @param {Setup} setup @returns {Promise<Response>} */
  async function setup(setup) {
    recording = null; // until the engine accepts this setup (whatever it answers instead ends the recorded game)
    if (typeof setup !== "object" || setup === null) return { error: "`setup` must be an object" };
    const why = undeclared(setup, caps);
    if (why) {
      current = null;
      return { unsupported: why };
    }
    // The setup as the protocol sent it, whatever the adapter does with the object.
    const sent = trace || !clone ? structuredClone(setup) : setup;
    let step;
    try {
      step = await adapter.setup(setup);
    } catch (e) {
      // A setup the engine does not take leaves no game: what follows it (a snapshot riftcheck
      // sent at once, say) is answered as before any setup, never on the game before.
      if (e instanceof Unsupported || e instanceof Invalid) current = null;
      if (e instanceof Unsupported) return { unsupported: e.message };
      if (e instanceof Invalid) return { invalid: e.message };
      throw e;
    }
    const events = eventsOf(step.events, null, step.game);
    const observation = await observationOf(step.game, events);
    current = {
      initial: keep(step.game),
      initialEvents: events,
      game: step.game,
      saved: [],
      setup: clone ? null : structuredClone(sent),
      inPlace: false,
    };
    recording = trace;
    recording?.game(sent, observation);
    return { observation };
  }

  /** @param {Action} action @returns {Promise<Response>} */
  async function apply(action) {
    if (!current) return { error: "`apply` before any `setup`" };
    if (typeof action !== "object" || action === null || typeof action.text !== "string")
      return { error: "`action` must be an object with its `text`" };
    if (caps.actions && !caps.actions.includes(action.kind)) return { unsupported: `the action \`${action.kind}\`` };
    const before = current.game;
    const sent = recording ? structuredClone(action) : action; // as the protocol sent it, for the trace
    // What `events` is given as the game before the step: a copy taken now when the engine can
    // copy (an engine that changes its game in place would otherwise hand it the game after).
    const prior = clone && adapter.events ? clone(before) : before;
    let step;
    try {
      step = await adapter.apply(before, action);
    } catch (e) {
      const refusal = e instanceof Refusal ? e : (adapter.refusal?.(e, before, action) || null);
      if (refusal) {
        const answer = { refused: refusal.toJSON() };
        recording?.step(sent, answer);
        return answer;
      }
      if (e instanceof Unsupported) return { unsupported: e.message };
      throw e;
    }
    const inPlace = !clone && step.game === before;
    if (inPlace && caps.snapshot !== false)
      return {
        error:
          "the adapter's apply returned the game it was given: an engine that changes its game in place " +
          "must give the adapter clone(game) so that snapshots keep their games, or declare snapshot: false " +
          "(riftcheck then resets and replays, and the kit sets the game up again on reset)",
      };
    current.inPlace ||= inPlace;
    current.game = step.game;
    // An engine that changed its game in place without a copy has no game before the step left.
    const observation = await observationOf(step.game, eventsOf(step.events, inPlace ? null : prior, step.game));
    const answer = { observation };
    recording?.step(sent, answer);
    return answer;
  }

  /** @param {Request} request @returns {Promise<Response>} */
  async function handle(request) {
    switch (request.op) {
      case "hello":
        return { hello: { protocol: PROTOCOL, name: adapter.name, version: adapter.version, capabilities: caps } };
      case "setup":
        return setup(request.setup);
      case "apply":
        return apply(request.action);
    }
    if (!["observe", "snapshot", "restore", "reset"].includes(request.op))
      return { error: `no request is called \`${request.op}\`` };
    if (!current) return { error: `\`${request.op}\` before any \`setup\`` };
    const game = current;
    switch (request.op) {
      case "observe":
        return { observation: await observationOf(game.game, []) };
      case "snapshot": {
        game.saved.push(keep(game.game));
        const token = game.saved.length - 1;
        recording?.snapshot(token);
        return { snapshot: token };
      }
      case "restore": {
        const token = request.snapshot;
        if (typeof token !== "number" || !Number.isInteger(token) || token < 0 || token >= game.saved.length)
          return { error: `no snapshot ${JSON.stringify(token)} since the last setup` };
        game.game = keep(game.saved[token]);
        recording?.restore(token);
        return { restored: true };
      }
      case "reset": {
        // The game and its snapshots go on: a reset is a line of the game, not a new game.
        if (game.inPlace && game.setup) {
          // The game after setup was changed in place: set it up again, as it was sent.
          const step = await adapter.setup(structuredClone(game.setup));
          game.initial = step.game;
          game.inPlace = false;
        }
        game.game = keep(game.initial);
        const observation = await observationOf(game.game, game.initialEvents);
        recording?.reset(observation);
        return { observation };
      }
    }
  }

  /** @param {string} line @returns {Promise<string | null>} */
  async function answer(line) {
    if (line.trim() === "") return null;
    let request;
    try {
      request = JSON.parse(line);
    } catch (e) {
      return JSON.stringify({ error: `not JSON: ${/** @type {Error} */ (e).message}` });
    }
    if (typeof request !== "object" || request === null || Array.isArray(request) || typeof request.op !== "string")
      return JSON.stringify({ error: "a request is a JSON object with an `op`" });
    try {
      const response = JSON.stringify(await handle(request));
      trace?.flush();
      return response;
    } catch (e) {
      // A bug in the adapter or the engine must not end the session: log it, answer `error`, go on.
      log.write(`${adapter.name}: ${/** @type {Error} */ (e)?.stack ?? e}\n`);
      return JSON.stringify({ error: `internal error: ${/** @type {Error} */ (e)?.message ?? e}` });
    }
  }

  return { handle, answer, close: () => trace?.close() };
}

/**
 * Serves the adapter over the protocol: one request per line on stdin, one answer per line on
 * stdout, in order, logs on stderr, until stdin ends.
 * @template Game, EngineEvent
 * @param {import("./kit.js").Adapter<Game, EngineEvent>} adapter
 * @param {ServeOptions} [options]
 * @returns {Promise<void>} settles once the input has ended and every answer is written
 */
export function serve(adapter, options = {}) {
  const session = createSession(adapter, options);
  const output = options.output ?? process.stdout;
  const lines = createInterface({ input: options.input ?? process.stdin, crlfDelay: Infinity });
  let queue = Promise.resolve();
  lines.on("line", (line) => {
    queue = queue.then(async () => {
      const text = await session.answer(line);
      if (text !== null) output.write(`${text}\n`);
    });
  });
  return new Promise((resolve) => {
    lines.on("close", () => {
      queue.then(() => {
        session.close();
        resolve();
      });
    });
  });
}
