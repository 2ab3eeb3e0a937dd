// @ts-check
// `riftcheck conform` against the template: with its mistake it must be found
// and cite rule 652.5.a.1; with --no-mistake, no findings. Each run records the
// games the kit played (RIFTCHECK_TRACE), and `riftcheck validate` must read
// that trace to the same verdict. The binary is $RIFTCHECK, else
// ../../target/release/riftcheck from the kit; without one, skipped.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const KIT = fileURLToPath(new URL("..", import.meta.url));
const ADAPTER = join(KIT, "template", "adapter.mjs");
const SCENARIOS = join(KIT, "..", "..", "tests", "scenarios");
const BUILT = join(KIT, "..", "..", "target", "release", "riftcheck");
const RIFTCHECK = process.env.RIFTCHECK || (existsSync(BUILT) ? BUILT : null);
const MISSING = "no riftcheck: set RIFTCHECK=/path/to/riftcheck or build target/release/riftcheck";
/** The rule the template's mistake breaks: who takes the turn when the Turn Player leaves. */
const RULE = "652.5.a.1";

/**
 * Runs riftcheck and gives its exit status, its JSON report and its stderr.
 * @param {string[]} args @param {string} cwd @param {NodeJS.ProcessEnv} [env]
 * @returns {Promise<{status: number, report: any, stderr: string}>}
 */
function riftcheck(args, cwd, env = process.env) {
  return new Promise((resolve) => {
    execFile(/** @type {string} */ (RIFTCHECK), args, { cwd, env, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      const status = error ? Number(error.code) : 0;
      resolve({ status, report: stdout ? JSON.parse(stdout) : null, stderr });
    });
  });
}

/** @type {Map<string, Promise<{status: number, report: any, stderr: string, traces: string}>>} */
const runs = new Map();

/**
 * Runs conform on the template once per set of flags (the scenarios of the repository, the
 * exhaustive phase, 10 walks), the kit recording every game it plays into `traces`.
 * @param {string[]} flags the adapter's
 */
function conform(flags) {
  const key = flags.join(" ");
  const known = runs.get(key);
  if (known) return known;
  const out = mkdtempSync(join(tmpdir(), "riftcheck-conform-"));
  const traces = join(out, "traces");
  mkdirSync(traces);
  const engine = [process.execPath, ADAPTER, ...flags].map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(" ");
  const args = ["conform", "--engine", engine, "--format", "json", "--walks", "10", "--out", out];
  if (existsSync(SCENARIOS)) args.push(SCENARIOS);
  else args.push("--phases", "exhaustive,walks");
  // One file per engine process, should conform start the engine again.
  const env = { ...process.env, RIFTCHECK_TRACE: join(traces, "{pid}.jsonl") };
  const run = riftcheck(args, out, env).then((result) => ({ ...result, traces }));
  runs.set(key, run);
  return run;
}

// Both runs at once: the tests below wait for the one they need.
if (RIFTCHECK) for (const flags of [[], ["--no-mistake"]]) conform(flags);

/** `riftcheck validate` on the traces a conform run recorded. @param {string[]} flags */
async function validate(flags) {
  const { traces } = await conform(flags);
  assert.ok(readdirSync(traces).length > 0, "the kit recorded a trace");
  return riftcheck(["validate", traces, "--format", "json", "--out", join(traces, "..", "validate")], traces);
}

test(`conform finds the template's documented mistake and cites rule ${RULE}`, { timeout: 60_000 }, async (t) => {
  if (!RIFTCHECK) return t.skip(MISSING);
  const { status, report, stderr } = await conform([]);
  assert.equal(status, 1, stderr);
  assert.equal(report.engine, "template-engine 0.1.0");
  assert.deepEqual(report.findings.map((/** @type {any} */ f) => f.rule), [RULE], "one finding, the mistake");
  const [finding] = report.findings;
  assert.equal(finding.step, "concede");
  assert.ok(finding.fields.includes("turn"), finding.fields);
  assert.deepEqual(finding.steps, ["A ends the turn", "B concedes"], "the shortest example");
  assert.ok(
    finding.configurations.every((/** @type {string} */ c) => !c.startsWith("duel/")),
    "in a Duel the concession ends the game: no turn to hand on",
  );
  assert.ok(report.findings.every((/** @type {any} */ f) => !f.protocol), "no protocol findings");
});

test("conform finds nothing with --no-mistake", { timeout: 60_000 }, async (t) => {
  if (!RIFTCHECK) return t.skip(MISSING);
  const { status, report, stderr } = await conform(["--no-mistake"]);
  assert.equal(status, 0, stderr);
  assert.deepEqual(report.findings, []);
  assert.equal(report.passed, true);
});

test(`riftcheck validate on the trace the kit recorded under conform: the mistake, citing ${RULE}`, { timeout: 60_000 }, async (t) => {
  if (!RIFTCHECK) return t.skip(MISSING);
  const { status, report, stderr } = await validate([]);
  assert.equal(status, 1, stderr);
  assert.equal(report.engine, "template-engine 0.1.0", "the trace's header");
  assert.deepEqual(report.findings.map((/** @type {any} */ f) => f.rule), [RULE]);
  assert.equal(report.findings[0].step, "concede");
});

test("riftcheck validate on the trace the kit recorded under conform --no-mistake: every game follows the rules", { timeout: 60_000 }, async (t) => {
  if (!RIFTCHECK) return t.skip(MISSING);
  const { status, report, stderr } = await validate(["--no-mistake"]);
  assert.equal(status, 0, stderr);
  assert.deepEqual(report.findings, []);
  assert.ok(report.traces.length > 20, `every game recorded: ${report.traces.length}`);
});
