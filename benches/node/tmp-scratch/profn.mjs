import { decodePayload } from "/tmp/wb-named/aivg_core.js";
import { loadPayloads } from "../devalue-parse.mjs";
const which = process.argv[2];
const p = loadPayloads().find((x) => x.name === which);
for (let i = 0; i < 300; i++) decodePayload(p.text);
