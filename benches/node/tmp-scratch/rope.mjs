import { readFileSync } from "node:fs";
const text = readFileSync(`../../data/payload-strings.json`, "utf8");
const re = /"(?:[^"\\]|\\.)*"/g; const toks = []; let m;
while ((m = re.exec(text))) toks.push(m.index + 1, m.index + m[0].length - 1, m[0].includes("\\") ? 1 : 0);
const n = toks.length / 3;
const ESC = { 110: "\n", 116: "\t", 114: "\r", 98: "\b", 102: "\f", 34: '"', 92: "\\", 47: "/" };
function unesc(a, b) {
  let out = ""; let from = a;
  for (let i = text.indexOf("\\", a); i !== -1 && i < b; i = text.indexOf("\\", from)) {
    out += text.slice(from, i);
    const c = text.charCodeAt(i + 1);
    if (c === 117) { out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16)); from = i + 6; }
    else { out += ESC[c]; from = i + 2; }
  }
  return out + text.slice(from, b);
}
function t(name, fn, runs = 200) { for (let i = 0; i < 20; i++) fn(); const s = []; for (let i = 0; i < runs; i++) { const a = performance.now(); fn(); s.push(performance.now() - a); } s.sort((a, b) => a - b); console.log("  " + name.padEnd(34), s[runs >> 1].toFixed(3), "ms"); }
let out;
t("rope unescape", () => { out = new Array(n); for (let i = 0; i < n; i++) out[i] = toks[3*i+2] ? unesc(toks[3*i], toks[3*i+1]) : text.slice(toks[3*i], toks[3*i+1]); });
t("rope unescape + flatten", () => { out = new Array(n); let h = 0; for (let i = 0; i < n; i++) { const s = toks[3*i+2] ? unesc(toks[3*i], toks[3*i+1]) : text.slice(toks[3*i], toks[3*i+1]); h += s.charCodeAt(s.length >> 1) | 0; out[i] = s; } });
const chk = JSON.parse(text); let bad = 0; for (let i = 0, k = 0; i < n; i++) { const s = toks[3*i+2] ? unesc(toks[3*i], toks[3*i+1]) : text.slice(toks[3*i], toks[3*i+1]); if (s !== JSON.parse('"' + text.slice(toks[3*i], toks[3*i+1]) + '"')) bad++; } console.log("bad", bad);
let escs = 0; for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 92) escs++; console.log("backslashes", escs);
