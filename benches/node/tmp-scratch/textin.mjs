import { __expTextIn, decodePayload } from "/work/main/wasm-bindings/pkg/nodejs/aivg_core.js";
import { loadPayloads, timeIt } from "../devalue-parse.mjs";
for (const p of loadPayloads()) {
  for (const mode of [0, 1, 2, 3]) {
    const t = timeIt(() => __expTextIn(p.text, mode), p.bytes, { minMs: 800 });
    console.log(p.name, ["encodeInto+from_utf8", "ucs2+from_utf16_lossy", "ucs2 copy only", "utf8_of+utf16_of"][mode].padEnd(24), t.msPerRun.toFixed(3));
  }
  console.log(p.name, "decodePayload", timeIt(() => decodePayload(p.text), p.bytes, { minMs: 800 }).msPerRun.toFixed(3));
}
