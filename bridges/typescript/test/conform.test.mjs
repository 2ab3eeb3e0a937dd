// @ts-check
// `riftcheck conform` against the template: with its mistake it must be found
// and cite rule 340; with --no-mistake, no findings. The binary is $RIFTCHECK,
// else ../../target/release/riftcheck from the kit; without one, skipped.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const KIT = fileURLToPath(new URL("..", import.meta.url));
const ADAPTER = join(KIT, "template", "adapter.mjs");
const SCENARIOS = join(KIT, "..", "..", "tests", "scenarios");
const BUILT = join(KIT, "..", "..", "target", "release", "riftcheck");
const RIFTCHECK = process.env.RIFTCHECK || (existsSync(BUILT) ? BUILT : null);
const MISSING = "no riftcheck: set RIFTCHECK=/path/to/riftcheck or build target/release/riftcheck";

/**
 * Runs conform on the template (the scenarios of the repository, the exhaustive phase, 10 walks)
 * and returns its exit status and JSON report.
 * @param {string[]} flags the adapter's
 * @returns {Promise<{status: number, report: any, stderr: string}>}
 */
function conform(flags) {
  const out = mkdtempSync(join(tmpdir(), "riftcheck-conform-"));
  const engine = [process.execPath, ADAPTER, ...flags].map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(" ");
  const args = ["conform", "--engine", engine, "--format", "json", "--walks", "10", "--out", out];
  if (existsSync(SCENARIOS)) args.push(SCENARIOS);
  else args.push("--phases", "exhaustive,walks");
  return new Promise((resolve) => {
    execFile(/** @type {string} */ (RIFTCHECK), args, { cwd: out, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      const status = error ? Number(error.code) : 0;
      resolve({ status, report: stdout ? JSON.parse(stdout) : null, stderr });
    });
  });
}

test("conform finds the template's documented mistake and cites rule 340", { timeout: 60_000 }, async (t) => {
  if (!RIFTCHECK) return t.skip(MISSING);
  const { status, report, stderr } = await conform([]);
  assert.equal(status, 1, stderr);
  assert.equal(report.engine, "template-engine 0.1.0");
  const finding = report.findings.find((/** @type {any} */ f) => f.rule.split(", ").includes("340"));
  assert.ok(finding, `a finding citing 340 among ${JSON.stringify(report.findings.map((/** @type {any} */ f) => f.rule))}`);
  assert.equal(finding.step, "pass");
  assert.deepEqual(finding.fields.includes("chain"), true);
  assert.ok(report.findings.every((/** @type {any} */ f) => !f.protocol), "no protocol findings");
});

test("conform finds nothing with --no-mistake", { timeout: 60_000 }, async (t) => {
  if (!RIFTCHECK) return t.skip(MISSING);
  const { status, report, stderr } = await conform(["--no-mistake"]);
  assert.equal(status, 0, stderr);
  assert.deepEqual(report.findings, []);
  assert.equal(report.passed, true);
});
