import { decodePayload, decodeNuxtPayload } from "/work/main/wasm-bindings/pkg/nodejs/aivg_core.js";
console.log(decodePayload('[["Vector",1],[2,3],1.5,2]', { Vector: (v) => ({vec: v}) }));
console.log(decodeNuxtPayload('[{"data":1},["ShallowReactive",2],{"x":3},7]'));
console.log(decodePayload('[{"at":1},["Date","2024-05-01T00:00:00.000Z"]]').at.getTime())
