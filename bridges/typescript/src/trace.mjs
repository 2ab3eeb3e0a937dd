// @ts-check
/**
 * Writes the trace format (src/trace.d.ts) that `riftcheck validate TRACE`
 * reads: a header, then for each game its setup and observation, then each
 * step with its observation or refusal. Use it from an engine's own tests or
 * server to record real games; `serve` uses it when given `trace` or
 * RIFTCHECK_TRACE.
 */

import { closeSync, openSync, writeSync } from "node:fs";

/** @typedef {import("./protocol.js").Action} Action */
/** @typedef {import("./protocol.js").Capabilities} Capabilities */
/** @typedef {import("./protocol.js").Observation} Observation */
/** @typedef {import("./protocol.js").Refused} Refused */
/** @typedef {import("./protocol.js").Setup} Setup */
/** @typedef {import("./trace.js").TraceAction} TraceAction */

export class TraceWriter {
  /** @type {(line: string) => void} */
  #write;
  /** @type {number | null} */
  #fd = null;
  /** Lines not yet written to the file. */
  #pending = "";

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
    this.#line({ trace: 1, engine, capabilities });
  }

  /** @param {object} value */
  #line(value) {
    this.#write(JSON.stringify(value));
  }

  /**
   * A new game: the setup table and the engine's observation right after it.
   * @param {Setup} setup
   * @param {Observation} observation
   */
  game(setup, observation) {
    this.#line({ setup, observation });
  }

  /**
   * One step: the action (the protocol's, or its sentence alone) and what the engine answered,
   * `{observation}` or `{refused}`.
   * @param {Action | TraceAction | string} action
   * @param {{observation: Observation} | {refused: Refused}} answer
   */
  step(action, answer) {
    const act = typeof action === "string" ? { text: action } : action;
    if (typeof act?.text !== "string") throw new TypeError("a traced action needs its `text`");
    if ("observation" in answer) this.#line({ action: act, observation: answer.observation });
    else if ("refused" in answer) this.#line({ action: act, refused: answer.refused });
    else throw new TypeError("a traced step has an `observation` or a `refused`");
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
