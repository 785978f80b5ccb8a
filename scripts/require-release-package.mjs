// The size and speed reports (app/scripts/size-report.mjs, perf-report.ts, benches/node) measure
// the npm package as it ships. `npm test` builds it fast (AIVG_WASM_FAST=1: no LTO, no wasm-opt)
// and marks it so; measured, such a build would report sizes and times nobody gets.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const marker = fileURLToPath(new URL("../wasm-bindings/pkg/FAST-BUILD", import.meta.url));

/** Ends the process with a message when wasm-bindings/pkg is a fast build. */
export function requireReleasePackage() {
  if (existsSync(marker)) {
    console.error(`wasm-bindings/pkg is a fast build (${readFileSync(marker, "utf8").trim()})`);
    process.exit(1);
  }
}
