#!/usr/bin/env node
// Times devalue.parse on the bench payloads (benches/data/payload-*.json, made by
// make-payloads.mjs, which this runs first when they are missing).
//
//   node benches/node/devalue-parse.mjs        (from the repository root)
//
// The pieces are exported so a later script can time the wasm decodePayload on the very same
// texts, in the same process, and print the ratio:
//
//   import { loadPayloads, timeIt, printRow, devalueParse } from './devalue-parse.mjs';
//   for (const p of loadPayloads()) {
//     const base = timeIt(() => devalueParse(p.text), p.bytes);
//     const ours = timeIt(() => decodePayload(p.text), p.bytes);
//     printRow(p.name, 'decodePayload', ours, base);
//   }

import { existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as devalue from 'devalue';

const here = dirname(fileURLToPath(import.meta.url));
const FILES = {
	strings: join(here, '..', 'data', 'payload-strings.json'),
	objects: join(here, '..', 'data', 'payload-objects.json')
};

/** The reference: what the app would otherwise run. */
export const devalueParse = (text) => devalue.parse(text);

/** [{ name, text, bytes }] for each bench payload, making the files when missing. */
export function loadPayloads() {
	if (!Object.values(FILES).every(existsSync)) {
		execFileSync(process.execPath, [join(here, 'make-payloads.mjs')], { stdio: 'inherit' });
	}
	return Object.entries(FILES).map(([name, file]) => {
		const text = readFileSync(file, 'utf8');
		return { name, text, bytes: Buffer.byteLength(text) };
	});
}

/**
 * Runs `fn` for warm-up, then in batches until `minMs` has passed (at least `minRuns` runs).
 * Returns { msPerRun, mbPerSec, runs } using the median batch.
 */
export function timeIt(fn, bytes, { warmup = 20, minRuns = 30, minMs = 1500 } = {}) {
	for (let i = 0; i < warmup; i += 1) fn();
	const samples = [];
	const start = performance.now();
	let runs = 0;
	while (runs < minRuns || performance.now() - start < minMs) {
		const t0 = performance.now();
		fn();
		samples.push(performance.now() - t0);
		runs += 1;
	}
	samples.sort((a, b) => a - b);
	const msPerRun = samples[Math.floor(samples.length / 2)];
	return { msPerRun, mbPerSec: bytes / 1e6 / (msPerRun / 1000), runs };
}

/** One line of the report; with `base`, also the speed-up over it. */
export function printRow(payload, what, t, base) {
	const ratio = base ? `  ${(base.msPerRun / t.msPerRun).toFixed(2)}x devalue.parse` : '';
	console.log(
		`${payload.padEnd(8)} ${what.padEnd(16)} ${t.msPerRun.toFixed(3).padStart(8)} ms/parse ${t.mbPerSec.toFixed(1).padStart(7)} MB/s  (${t.runs} runs)${ratio}`
	);
}

function main() {
	for (const p of loadPayloads()) {
		printRow(p.name, 'devalue.parse', timeIt(() => devalueParse(p.text), p.bytes));
	}
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
