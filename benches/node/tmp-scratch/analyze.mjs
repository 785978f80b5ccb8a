import { readFileSync, readdirSync } from "node:fs";
const f = readdirSync(".").filter((x) => x.endsWith(".cpuprofile")).sort().pop();
const prof = JSON.parse(readFileSync(f));
const self = new Map();
const dt = prof.timeDeltas; const counts = new Map();
for (let i = 0; i < prof.samples.length; i++) counts.set(prof.samples[i], (counts.get(prof.samples[i]) || 0) + (dt[i] || 0));
for (const n of prof.nodes) { const k = n.callFrame.functionName + " " + n.callFrame.url.split("/").pop() + ":" + n.callFrame.lineNumber; self.set(k, (self.get(k) || 0) + (counts.get(n.id) || 0)); }
const tot = [...self.values()].reduce((a, b) => a + b, 0);
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((v / tot * 100).toFixed(1).padStart(5) + "%", k);
