// The decodePayload fixtures (fixtures/payload/*.json) this runtime can run (a case may require a
// global such as Temporal), each with its file's name: shared by the payload tests.
import { readdirSync, readFileSync } from "node:fs";

const dir = new URL("../../fixtures/payload/", import.meta.url);

export const decodePayloadCases = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .flatMap((f) => JSON.parse(readFileSync(new URL(f, dir), "utf8")).cases.map((c) => ({ ...c, file: f })))
  .filter((c) => c.fn === "decodePayload" && (c.requires ?? []).every((name) => typeof globalThis[name] !== "undefined"));
