// @ts-check
/**
 * What an adapter throws to answer something other than an observation. Any
 * other exception is a bug: `serve` logs it and answers `{"error": ...}`.
 */

/** `setup` or `apply`: the engine cannot express this (a setup with units, a kind of step). */
export class Unsupported extends Error {
  /** @param {string} why */
  constructor(why) {
    super(why);
    this.name = "Unsupported";
  }
}

/** `setup`: the setup breaks the rules (a seat not at the table, a card in two places). */
export class Invalid extends Error {
  /** @param {string} why */
  constructor(why) {
    super(why);
    this.name = "Invalid";
  }
}

/**
 * `apply`: the rules forbid the action; the game stays as it was. `rule` is
 * the rule the engine cites ("312.1"), if it cites one (the protocol allows a
 * refusal without one: riftcheck then judges it as a refusal only); `error`
 * riftcheck's error name (`NoPriority`) or the engine's own code, which
 * riftcheck then judges by the rule.
 */
export class Refusal extends Error {
  /** @param {string | null} [rule] @param {{error?: string, message?: string}} [details] */
  constructor(rule, { error, message } = {}) {
    super(message ?? (rule ? `refused (${rule})` : "refused"));
    this.name = "Refusal";
    this.rule = rule ?? undefined;
    this.error = error;
    this.detail = message;
  }

  /** @returns {import("./protocol.js").Refused} */
  toJSON() {
    /** @type {import("./protocol.js").Refused} */
    const refused = {};
    if (this.error !== undefined) refused.error = this.error;
    if (this.rule !== undefined) refused.rule = this.rule;
    if (this.detail !== undefined) refused.message = this.detail;
    return refused;
  }
}
