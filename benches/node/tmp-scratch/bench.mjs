import { decodePayload } from "/work/main/wasm-bindings/pkg/nodejs/aivg_core.js";
import { loadPayloads, timeIt, printRow, devalueParse } from "../devalue-parse.mjs";
for (const p of loadPayloads()) {
  const base = timeIt(() => devalueParse(p.text), p.bytes);
  printRow(p.name, "devalue.parse", base);
  const ours = timeIt(() => decodePayload(p.text), p.bytes);
  printRow(p.name, "decodePayload", ours, base);
  const jp = timeIt(() => JSON.parse(p.text), p.bytes);
  printRow(p.name, "JSON.parse", jp, base);
}
