// @ts-check
/**
 * Writes the trace format (src/trace.d.ts) that `riftcheck validate TRACE`
 * reads, line for line as `riftcheck serve --record` writes it: a header, then
 * for each game its setup and observation, then each step with its observation
 * or refusal, and where the session went back in the game, a `reset`,
 * `snapshot` or `restore` line. Use it from an engine's own tests or server to
 * record real games; `serve` uses it when given `trace` or RIFTCHECK_TRACE.
 */

import { closeSync, openSync, writeSync } from "node:fs";

/** @typedef {import("./protocol.js").Action} Action */
/** @typedef {import("./protocol.js").Capabilities} Capabilities */
/** @typedef {import("./protocol.js").Observation} Observation */
/** @typedef {import("./protocol.js").Refused} Refused */
/** @typedef {import("./protocol.js").Setup} Setup */
/** @typedef {import("./trace.js").TraceAction} TraceAction */
/** @typedef {import("./trace.js").SnapshotToken} SnapshotToken */

export class TraceWriter {
  /** @type {(line: string) => void} */
  #write;
  /** @type {number | null} */
  #fd = null;
  /** Lines not yet written to the file. */
  #pending = "";
  /** Whether a game has started: before its `setup` line, nothing else is written. */
  #playing = false;

  /**
   * Starts a trace with its header.
   * @param {string | ((line: string) => void)} sink a file path ("{pid}" becomes the process id;
   *   the file is replaced), or a function that takes each line (without its newline)
   * @param {{engine: string, capabilities: Capabilities}} header the engine's "<name> <version>"
   *   and hello's capabilities
   */
  constructor(sink, { engine, capabilities }) {
    if (typeof sink === "function") {
      this.#write = sink;
    } else {
      this.#fd = openSync(sink.replaceAll("{pid}", String(process.pid)), "w");
      this.#write = (line) => {
        this.#pending += `${line}\n`;
        if (this.#pending.length > 1 << 16) this.flush();
      };
      process.once("exit", () => this.close());
    }
    this.#line({ trace: 1, engine: engine.trim(), capabilities });
  }

  /** @param {object} value */
  #line(value) {
    this.#write(JSON.stringify(value));
  }

  /**
   * A new game: the setup table as the protocol sent it, and the engine's observation right
   * after it. Snapshot tokens handed out before it are no longer valid.
   * @param {Setup} setup
   * @param {Observation} observation
   */
  game(setup, observation) {
    this.#playing = true;
    this.#line({ setup, observation });
  }

  /**
   * One step: the action (the protocol's, or its sentence alone) and what the engine answered,
   * `{observation}` or `{refused}`. Nothing is written before the first game.
   * @param {Action | TraceAction | string} action
   * @param {{observation: Observation} | {refused: Refused}} answer
   */
  step(action, answer) {
    const act = typeof action === "string" ? { text: action } : action;
    if (typeof act?.text !== "string") throw new TypeError("a traced action needs its `text`");
    if (!("observation" in answer) && !("refused" in answer))
      throw new TypeError("a traced step has an `observation` or a `refused`");
    if (!this.#playing) return;
    if ("observation" in answer) this.#line({ action: act, observation: answer.observation });
    else this.#line({ action: act, refused: answer.refused });
  }

  /**
   * Back to the game right after its setup (the protocol's `reset`), and the observation the
   * reset answered. The game goes on, and so do its snapshots.
   * @param {Observation} observation
   */
  reset(observation) {
    if (this.#playing) this.#line({ reset: true, observation });
  }

  /**
   * The game as it is now, named by the token the engine handed out for it.
   * @param {SnapshotToken} token
   */
  snapshot(token) {
    if (this.#playing) this.#line({ snapshot: token });
  }

  /**
   * Back to the game a `snapshot` of this game named (a restore the engine answered
   * `{"restored": true}`).
   * @param {SnapshotToken} token
   */
  restore(token) {
    if (this.#playing) this.#line({ restore: token });
  }

  /** Writes out the lines buffered for a file (serve does after every request; close does too). */
  flush() {
    if (this.#fd !== null && this.#pending) writeSync(this.#fd, this.#pending);
    this.#pending = "";
  }

  close() {
    this.flush();
    if (this.#fd !== null) closeSync(this.#fd);
    this.#fd = null;
  }
}
