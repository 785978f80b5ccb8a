import { decodePayload, decodeNuxtPayload } from "/work/main/wasm-bindings/pkg/nodejs/aivg_core.js";
import * as devalue from "devalue";
const t = devalue.stringify({ at: new Date(5), x: [1, , "hi", -0, NaN], m: new Map([["a\nb", 1]]), s: new Set([1, 2]), big: 123n, r: /a+/gi, u: new URL("https://x.y/z?q"), ta: new Uint16Array([1, 2, 3]), n: Object.assign(Object.create(null), { k: 1 }), bx: Object(3) });
console.log(t);
console.log(decodePayload(t));
console.log(devalue.parse(t));
try { decodePayload("[1,"); } catch (e) { console.log(e.message, e.code); }
console.log(decodePayload('[["Vector",1],[2,3]]', { Vector: (v) => ({vec: v}) }));
console.log(decodeNuxtPayload('[{"data":1},["ShallowReactive",2],{"x":3},7]'));
