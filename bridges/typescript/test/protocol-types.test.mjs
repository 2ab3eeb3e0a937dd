// @ts-check
// src/protocol.d.ts against docs/protocol.schema.json: the .d.ts is read as text
// with small regular expressions (no TypeScript compiler needed), and every
// message, field, event kind and fact must agree with the schema both ways.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as kit from "../src/index.mjs";

const SCHEMA_PATH = fileURLToPath(new URL("../../../docs/protocol.schema.json", import.meta.url));
const DTS = readFileSync(new URL("../src/protocol.d.ts", import.meta.url), "utf8")
  .replace(/\/\*[\s\S]*?\*\//g, "")
  .replace(/\/\/.*$/gm, "");
const schema = existsSync(SCHEMA_PATH) ? JSON.parse(readFileSync(SCHEMA_PATH, "utf8")) : null;
const skip = schema ? false : `no ${SCHEMA_PATH}: the kit is not inside the riftcheck repository`;
/** @param {string} name */
const def = (name) => schema.$defs[name.replace("#/$defs/", "")];

/**
 * The top-level members of a `{ ... }` type text: name, optional, type text.
 * @param {string} body the text between the braces
 */
function members(body) {
  const out = [];
  let depth = 0;
  let part = "";
  for (const ch of `${body};`) {
    if ("{([<".includes(ch)) depth++;
    if ("})]>".includes(ch)) depth--;
    if (depth === 0 && (ch === ";" || ch === "\n")) {
      const m = /^\s*(\w+)(\?)?\s*:\s*([\s\S]*?)\s*$/.exec(part);
      if (m) out.push({ name: m[1], optional: m[2] === "?", type: m[3] });
      part = "";
    } else part += ch;
  }
  return out;
}

/** The members of `interface Name { ... }`. @param {string} name */
function iface(name) {
  const m = new RegExp(`interface ${name}\\b[^{]*\\{`).exec(DTS);
  assert.ok(m, `protocol.d.ts declares interface ${name}`);
  let depth = 1;
  let i = m.index + m[0].length;
  const start = i;
  for (; depth > 0; i++) depth += DTS[i] === "{" ? 1 : DTS[i] === "}" ? -1 : 0;
  return members(DTS.slice(start, i - 1));
}

/** The string literals of `type Name = "a" | "b";`. @param {string} name */
function literals(name) {
  const m = new RegExp(`type ${name}\\s*=([^;]*);`).exec(DTS);
  assert.ok(m, `protocol.d.ts declares type ${name}`);
  return [...m[1].matchAll(/"([^"]+)"/g)].map((x) => x[1]);
}

/** @param {Iterable<string>} xs */
const sorted = (xs) => [...xs].sort();

/**
 * An interface's members match a schema object's properties, and its required ones are not optional.
 * @param {string} name @param {any} object @param {string[]} [extra] members the schema leaves out
 */
function sameFields(name, object, extra = []) {
  const declared = iface(name);
  assert.deepEqual(sorted(declared.map((m) => m.name)), sorted([...Object.keys(object.properties), ...extra]), name);
  for (const field of object.required ?? [])
    assert.equal(declared.find((m) => m.name === field)?.optional, false, `${name}.${field} is required`);
}

test("every event kind of the schema is in EventFacts, in the same order, and no other", { skip }, () => {
  const facts = iface("EventFacts").map((m) => m.name);
  assert.deepEqual(facts, def("event_kind").enum);
  assert.deepEqual([...kit.EVENT_KINDS], def("event_kind").enum);
  const union = def("event").anyOf[1].oneOf.map((/** @type {any} */ ref) => ref.$ref.replace("#/$defs/event_", ""));
  assert.deepEqual(union, def("event_kind").enum, "the schema's own union lists every kind");
  assert.match(DTS, /type StructuredEvent = \{ \[K in EventKind\]: EventOf<K> \}\[EventKind\]/);
  assert.match(DTS, /type EventOf<K extends EventKind> = \{ kind: K; rule\?: string \} & EventFacts\[K\]/);
});

test("every fact of each event_<kind> definition is declared for that kind, required as the schema says", { skip }, () => {
  for (const member of iface("EventFacts")) {
    const d = def(`event_${member.name}`);
    assert.ok(d, `the schema defines event_${member.name}`);
    assert.equal(d.properties.kind.const, member.name);
    const facts = members(member.type.replace(/^\{|\}$/g, ""));
    const expected = Object.keys(d.properties).filter((k) => k !== "kind" && k !== "rule");
    assert.deepEqual(sorted(facts.map((f) => f.name)), sorted(expected), member.name);
    assert.deepEqual([...kit.EVENT_FACTS[/** @type {import("../src/index.js").EventKind} */ (member.name)]], expected, `EVENT_FACTS.${member.name}`);
    for (const fact of facts) assert.equal(!fact.optional, d.required.includes(fact.name), `${member.name}.${fact.name}`);
    assert.deepEqual(sorted(d.required), sorted(["kind", ...expected]), `the schema requires every fact of ${member.name}`);
  }
});

test("the requests' ops and the responses' keys match the schema", { skip }, () => {
  const ops = def("request").oneOf.flatMap((/** @type {any} */ ref) => {
    const op = def(ref.$ref).properties.op;
    return op.enum ?? [op.const];
  });
  const declaredOps = [...DTS.matchAll(/interface \w+Request \{[^}]*\bop: ([^;]*);/g)].flatMap((m) =>
    [...m[1].matchAll(/"([^"]+)"/g)].map((x) => x[1]),
  );
  assert.deepEqual(sorted(declaredOps), sorted(ops));
  const requestUnion = /type Request =([^;]*);/.exec(DTS)?.[1].match(/\w+Request/g);
  assert.deepEqual(sorted(requestUnion ?? []), sorted([...DTS.matchAll(/interface (\w+Request)\b/g)].map((m) => m[1])));
  sameFields("SetupRequest", def("setup_request"));
  sameFields("ApplyRequest", def("apply_request"));
  sameFields("RestoreRequest", def("restore_request"));
  sameFields("HelloRequest", def("hello_request"));

  const keys = def("response").oneOf.map((/** @type {any} */ ref) => def(ref.$ref).required[0]);
  const responses = [...DTS.matchAll(/interface (\w+Response)\b/g)].map((m) => m[1]);
  assert.deepEqual(sorted(responses.map((name) => iface(name)[0].name)), sorted(keys));
  for (const name of responses) assert.equal(iface(name).length, 1, `${name} has its one key`);
  const responseUnion = /type Response =([^;]*);/.exec(DTS)?.[1].match(/\w+Response/g);
  assert.deepEqual(sorted(responseUnion ?? []), sorted(responses));
  sameFields("Refused", def("refused_response").properties.refused);
  sameFields("Hello", def("hello_response").properties.hello);
});

test("capabilities, actions, setups and observations have the schema's fields and names", { skip }, () => {
  sameFields("Capabilities", def("capabilities"));
  sameFields("Action", def("action"));
  sameFields("Observation", def("observation"));
  for (const field of iface("Observation")) assert.ok(field.optional, `Observation.${field.name} is optional (version 2)`);
  sameFields("ChainItem", def("item"));
  sameFields("ObservedCard", def("card"));
  sameFields("ObservedBattlefield", def("battlefield"));
  sameFields("WaitingTrigger", def("observation").properties.waiting.items);
  sameFields("LastingEffect", def("observation").properties.lasting.items);
  // The schema names only some of the setup's keys; the .d.ts has all of docs/scenarios.md's.
  const setup = iface("Setup").map((m) => m.name);
  // A setup is Riftbound's (the first alternative) or MTG's (`mtg_setup`, which this kit does not speak).
  const riftboundSetup = def("setup_request").properties.setup.anyOf[0];
  for (const key of Object.keys(riftboundSetup.properties)) assert.ok(setup.includes(key), `Setup.${key}`);
  assert.equal(iface("Setup").find((m) => m.name === "mode")?.optional, false);

  const caps = def("capabilities").properties;
  assert.deepEqual(literals("Mode"), def("mode").enum);
  assert.deepEqual(literals("ActionKind"), def("action_kind").enum);
  assert.deepEqual(literals("CardKind"), caps.cards.items.enum);
  assert.deepEqual(literals("EffectKind"), caps.effects.items.enum);
  assert.deepEqual(literals("AbilityKind"), caps.abilities.items.enum);
  assert.deepEqual(literals("Seat"), def("seat").enum);
  assert.deepEqual([...kit.ACTION_KINDS], def("action_kind").enum);
  assert.deepEqual([...kit.CARD_KINDS], caps.cards.items.enum);
  assert.deepEqual([...kit.EFFECT_KINDS], caps.effects.items.enum);
  assert.deepEqual([...kit.ABILITY_KINDS], caps.abilities.items.enum);
  assert.deepEqual(Object.keys(kit.TABLE_SIZES), def("mode").enum);
  assert.deepEqual([...kit.SEATS], def("seat").enum);
  assert.deepEqual(sorted(kit.OBSERVATION_FIELDS), sorted(Object.keys(def("observation").properties).filter((k) => k !== "events")));
  assert.deepEqual(sorted(kit.SUB_FIELDS.cards), sorted(Object.keys(def("card").properties)));
  assert.deepEqual(sorted(kit.SUB_FIELDS.battlefields), sorted(Object.keys(def("battlefield").properties)));
  assert.deepEqual(sorted(kit.SUB_FIELDS.chain), sorted(Object.keys(def("item").properties)));
});
