import { readFileSync } from "node:fs";
for (const f of ["strings", "objects"]) {
const text = readFileSync(`../../data/payload-${f}.json`, "utf8");
const re = /"(?:[^"\\]|\\.)*"/g; const toks = []; let m;
while ((m = re.exec(text))) toks.push(m.index, m.index + m[0].length, m[0].includes("\\") ? 1 : 0);
const n = toks.length / 3; let esc = 0, escChars = 0; for (let i = 0; i < n; i++) if (toks[3*i+2]) { esc++; escChars += toks[3*i+1]-toks[3*i]; }
console.log(f, "tokens", n, "escaped", esc, "escaped chars", escChars, "text", text.length);
function t(name, fn, runs = 200) { for (let i = 0; i < 20; i++) fn(); const s = []; for (let i = 0; i < runs; i++) { const a = performance.now(); fn(); s.push(performance.now() - a); } s.sort((a, b) => a - b); console.log("  " + name.padEnd(34), s[runs >> 1].toFixed(3), "ms"); }
t("slice all (raw)", () => { const out = new Array(n); for (let i = 0; i < n; i++) out[i] = text.slice(toks[3*i]+1, toks[3*i+1]-1); return out; });
t("slice plain + JSON.parse escaped", () => { const out = new Array(n); for (let i = 0; i < n; i++) out[i] = toks[3*i+2] ? JSON.parse(text.slice(toks[3*i], toks[3*i+1])) : text.slice(toks[3*i]+1, toks[3*i+1]-1); return out; });
const te = new TextEncoder(); const buf = new Uint8Array(text.length * 3);
t("encodeInto", () => te.encodeInto(text, buf));
t("JSON.parse", () => JSON.parse(text));
}
