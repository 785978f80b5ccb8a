import { readFileSync } from "node:fs";
const text = readFileSync("../../data/payload-strings.json", "utf8");
// approx unescaped blob: all string contents joined
const arr = JSON.parse(text);
const blob = arr.filter((x) => typeof x === "string").join("");
const u8 = new TextEncoder().encode(blob);
const u16 = new Uint16Array(blob.length); for (let i = 0; i < blob.length; i++) u16[i] = blob.charCodeAt(i);
console.log("text", text.length, "blob chars", blob.length, "utf8 bytes", u8.length);
function t(name, f, n = 200) { for (let i = 0; i < 20; i++) f(); const s = []; for (let i = 0; i < n; i++) { const a = performance.now(); f(); s.push(performance.now() - a); } s.sort((a, b) => a - b); console.log(name.padEnd(30), s[n >> 1].toFixed(3), "ms"); }
const td = new TextDecoder("utf-8", { ignoreBOM: true, fatal: false });
const td16 = new TextDecoder("utf-16le");
t("TextDecoder utf8", () => td.decode(u8));
t("Buffer utf8", () => Buffer.from(u8.buffer, u8.byteOffset, u8.length).toString("utf8"));
t("TextDecoder utf16le", () => td16.decode(u16));
t("Buffer ucs2", () => Buffer.from(u16.buffer).toString("ucs2"));
t("fromCharCode chunks", () => { let s = ""; for (let i = 0; i < u16.length; i += 8192) s += String.fromCharCode.apply(null, u16.subarray(i, i + 8192)); return s; });
const te = new TextEncoder(); const out = new Uint8Array(text.length * 3);
t("encodeInto text", () => te.encodeInto(text, out));
t("Buffer.write text", () => Buffer.from(out.buffer).write(text, "utf8"));
t("Buffer.write ucs2", () => Buffer.from(out.buffer).write(text, "ucs2"));
t("JSON.parse text", () => JSON.parse(text));
