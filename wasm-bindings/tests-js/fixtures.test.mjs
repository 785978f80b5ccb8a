// The shared fixture vectors (fixtures/<area>/*.json) run through the npm package, the same
// vectors `cargo test` runs through core (core/tests/common/mod.rs): one test per fixture file,
// every failing case listed in its assertion message.
//
// Per case: `pkg[case.fn](...case.args)` is compared to `case.expect` (numbers equal by value
// with 1e-9 relative tolerance; a null expect matches null or undefined; object keys whose
// value is undefined are dropped before comparing), or must throw an Error whose `code` is
// `case.error.code` and whose message contains `case.error.message` when given. The strings
// "NaN", "Infinity" and "-Infinity" in args are passed as they are: the package's f64
// parameters convert them like any JS number conversion does.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import * as pkg from "./pkg.mjs";

const AREAS = [
  "lang",
  "routes",
  "request",
  "session",
  "ui",
  "progress",
  "toast",
  "templates",
  "timers",
  "pricing",
  "ads",
  "checkin",
  "credits",
  "crop",
  "explore",
  "tasks",
];
const fixturesDir = new URL("../../fixtures/", import.meta.url);

/** Numbers by value (1e-9 relative), null ~ undefined, undefined object members ignored. */
export function jsonEqual(want, got) {
  if (want === null) return got === null || got === undefined;
  if (typeof want === "number") {
    if (typeof got !== "number") return false;
    if (want === got) return true;
    return Math.abs(want - got) <= 1e-9 * Math.max(Math.abs(want), Math.abs(got));
  }
  if (Array.isArray(want)) {
    return (
      Array.isArray(got) && want.length === got.length && want.every((w, i) => jsonEqual(w, got[i]))
    );
  }
  if (typeof want === "object") {
    if (got === null || typeof got !== "object" || Array.isArray(got)) return false;
    const defined = Object.keys(got).filter((k) => got[k] !== undefined);
    const wantKeys = Object.keys(want);
    return (
      wantKeys.length === defined.length &&
      wantKeys.every((k) => Object.hasOwn(got, k) && jsonEqual(want[k], got[k]))
    );
  }
  return want === got;
}

/** A value as text for failure messages (undefined, NaN and Infinity stay readable). */
function show(value) {
  if (value === undefined) return "undefined";
  if (typeof value === "number" && !Number.isFinite(value)) return String(value);
  try {
    return JSON.stringify(value, (_, v) =>
      typeof v === "number" && !Number.isFinite(v) ? String(v) : v === undefined ? "undefined" : v,
    );
  } catch {
    return String(value);
  }
}

/** Runs one case; returns a failure message, or null when it passes. */
export function runCase(label, c) {
  const hasExpect = Object.hasOwn(c, "expect");
  const hasError = Object.hasOwn(c, "error");
  if (hasExpect === hasError) return `${label}: a case needs exactly one of expect / error`;
  const fn = pkg[c.fn];
  if (typeof fn !== "function") return `${label}: no export named ${c.fn}`;
  let got;
  try {
    got = fn(...(c.args ?? []));
  } catch (e) {
    const code = e?.code;
    const message = e instanceof Error ? e.message : String(e);
    if (hasExpect) {
      return `${label}: expected ${show(c.expect)}, got error ${code}: ${message}`;
    }
    if (!(e instanceof Error)) return `${label}: threw a non-Error ${show(e)}`;
    if (code !== c.error.code) {
      return `${label}: expected error code ${c.error.code}, got ${code} (${message})`;
    }
    if (c.error.message != null && !message.includes(c.error.message)) {
      return `${label}: expected message containing ${show(c.error.message)}, got ${show(message)}`;
    }
    return null;
  }
  if (hasError) return `${label}: expected error ${c.error.code}, got ${show(got)}`;
  return jsonEqual(c.expect, got) ? null : `${label}: expected ${show(c.expect)}, got ${show(got)}`;
}

const counts = new Map(); // area -> { cases, failed }
let total = 0;

for (const area of AREAS) {
  const dir = new URL(`${area}/`, fixturesDir);
  let files;
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();
  } catch {
    test(`fixtures/${area}`, () => assert.fail(`cannot read fixtures/${area}/`));
    continue;
  }
  test(`fixtures/${area} has fixture files`, () => assert.ok(files.length > 0));
  for (const file of files) {
    test(`fixtures/${area}/${file}`, () => {
      const fixture = JSON.parse(readFileSync(new URL(file, dir), "utf8"));
      assert.ok(
        typeof fixture.source === "string" && fixture.source.length > 0,
        `${area}/${file}: source must say how it was produced`,
      );
      assert.ok(Array.isArray(fixture.cases) && fixture.cases.length > 0, `${area}/${file}: no cases`);
      const failures = [];
      for (const c of fixture.cases) {
        const failure = runCase(`${area}/${file} :: ${c.name} (${c.fn})`, c);
        if (failure) failures.push(failure);
      }
      const n = fixture.cases.length;
      const entry = counts.get(area) ?? { cases: 0, failed: 0 };
      entry.cases += n;
      entry.failed += failures.length;
      counts.set(area, entry);
      total += n;
      assert.equal(
        failures.length,
        0,
        `${failures.length} of ${n} cases failed:\n${failures.join("\n")}`,
      );
    });
  }
}

after(() => {
  const lines = [...counts].map(
    ([area, { cases, failed }]) => `  ${area}: ${cases - failed}/${cases} passed`,
  );
  console.log(`fixture cases run: ${total}\n${lines.join("\n")}`);
});
