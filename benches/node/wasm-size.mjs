#!/usr/bin/env node
// Where the bytes of a .wasm go: code size per crate and the largest functions, read from the
// module's name section (so give it a build that still has symbols, e.g. the release build
// before wasm-bindgen and wasm-opt: target/wasm32-unknown-unknown/release/aivg_wasm.wasm), and
// the size of every section. Sizes before wasm-opt; crate shares carry over roughly.
//
//   node benches/node/wasm-size.mjs [file.wasm]

import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SECTIONS = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start', 'element', 'code', 'data', 'datacount'];

function reader(bytes, pos = 0) {
	const r = {
		pos,
		u8: () => bytes[r.pos++],
		uleb() {
			let result = 0;
			let shift = 0;
			for (;;) {
				const b = bytes[r.pos++];
				result += (b & 0x7f) * 2 ** shift;
				if ((b & 0x80) === 0) return result;
				shift += 7;
			}
		},
		name() {
			const n = r.uleb();
			const s = new TextDecoder().decode(bytes.subarray(r.pos, r.pos + n));
			r.pos += n;
			return s;
		}
	};
	return r;
}

/** { sections: [{ name, size }], functions: [{ name, size }] } of a wasm binary. */
export function analyse(bytes) {
	const r = reader(bytes, 8);
	const sections = [];
	let importedFns = 0;
	let bodies = [];
	const names = new Map();
	while (r.pos < bytes.length) {
		const id = r.u8();
		const size = r.uleb();
		const start = r.pos;
		let label = SECTIONS[id] ?? `#${id}`;
		if (id === 0) {
			const name = r.name();
			label = `custom "${name}"`;
			if (name === 'name') {
				while (r.pos < start + size) {
					const sub = r.u8();
					const len = r.uleb();
					const end = r.pos + len;
					if (sub === 1) {
						const count = r.uleb();
						for (let i = 0; i < count; i += 1) {
							const idx = r.uleb();
							names.set(idx, r.name());
						}
					}
					r.pos = end;
				}
			}
		} else if (id === 2) {
			const count = r.uleb();
			for (let i = 0; i < count; i += 1) {
				r.name();
				r.name();
				const kind = r.u8();
				if (kind === 0) {
					r.uleb();
					importedFns += 1;
				} else if (kind === 1) {
					r.u8();
					const flags = r.uleb();
					r.uleb();
					if (flags & 1) r.uleb();
				} else if (kind === 2) {
					const flags = r.uleb();
					r.uleb();
					if (flags & 1) r.uleb();
				} else if (kind === 3) {
					r.u8();
					r.u8();
				} else {
					r.u8();
					r.uleb();
				}
			}
		} else if (id === 10) {
			const count = r.uleb();
			bodies = new Array(count);
			for (let i = 0; i < count; i += 1) {
				const len = r.uleb();
				bodies[i] = len;
				r.pos += len;
			}
		}
		sections.push({ name: label, size });
		r.pos = start + size;
	}
	const functions = bodies.map((size, i) => ({ name: demangle(names.get(importedFns + i) ?? `function ${importedFns + i}`), size }));
	return { sections, functions };
}

const ESCAPES = { SP: '@', BP: '*', RF: '&', LT: '<', GT: '>', LP: '(', RP: ')', C: ',' };

/** A legacy-mangled Rust symbol (`_ZN...E`) as a path without its hash; others as they are. */
export function demangle(symbol) {
	if (!symbol.startsWith('_ZN')) return symbol;
	const parts = [];
	let i = 3;
	while (i < symbol.length && symbol[i] !== 'E') {
		let j = i;
		while (symbol[j] >= '0' && symbol[j] <= '9') j += 1;
		const n = Number(symbol.slice(i, j));
		if (!n) break;
		parts.push(symbol.slice(j, j + n));
		i = j + n;
	}
	if (parts.length > 1 && /^h[0-9a-f]{16}$/.test(parts[parts.length - 1])) parts.pop();
	return parts
		.map((p) =>
			p
				.replace(/^_\$/, '$')
				.replace(/\$([A-Z]+)\$/g, (m, k) => ESCAPES[k] ?? m)
				.replace(/\$u([0-9a-f]+)\$/g, (_, h) => String.fromCharCode(parseInt(h, 16)))
				.replaceAll('..', '::')
		)
		.join('::');
}

/** The crate a (demangled) symbol belongs to, roughly. */
export function crateOf(symbol) {
	let s = symbol.replace(/^[<&\s]+/, '').replace(/^(impl|dyn|mut)\s+/, '');
	const m = /^([A-Za-z_][A-Za-z0-9_]*)(\[[0-9a-f]+\])?::/.exec(s);
	if (m) return m[1];
	if (/^__(wbg|wbindgen)/.test(s)) return 'wasm-bindgen glue';
	if (/^(__rustc|__rdl|__rg)/.test(s)) return 'alloc';
	if (/^(memcpy|memset|memmove|memcmp|__)/.test(s)) return 'compiler-builtins';
	return 'other';
}

/** Prints sections, code per crate and the largest functions of `file`. */
export function sizeReport(file, { top = 15 } = {}) {
	const bytes = readFileSync(file);
	const { sections, functions } = analyse(bytes);
	const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
	console.log(`  ${file}: ${kb(bytes.length)} raw, ${kb(gzipSync(bytes, { level: 9 }).length)} gzip -9`);
	console.log(`  sections: ${sections.filter((s) => s.size > 1000).map((s) => `${s.name} ${kb(s.size)}`).join(', ')}`);
	const byCrate = new Map();
	for (const f of functions) {
		const c = crateOf(f.name);
		byCrate.set(c, (byCrate.get(c) ?? 0) + f.size);
	}
	const total = functions.reduce((a, f) => a + f.size, 0);
	console.log(`  code by crate (${functions.length} functions, ${kb(total)}):`);
	for (const [c, n] of [...byCrate].sort((a, b) => b[1] - a[1]).slice(0, top)) {
		console.log(`    ${kb(n).padStart(9)}  ${((n / total) * 100).toFixed(1).padStart(5)}%  ${c}`);
	}
	console.log('  largest functions:');
	for (const f of [...functions].sort((a, b) => b.size - a.size).slice(0, top)) {
		console.log(`    ${kb(f.size).padStart(9)}  ${f.name.slice(0, 110)}`);
	}
	return { sections, byCrate, functions };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
	const here = dirname(fileURLToPath(import.meta.url));
	sizeReport(process.argv[2] ?? join(here, '..', '..', 'target', 'wasm32-unknown-unknown', 'release', 'aivg_wasm.wasm'), { top: 25 });
}
