#!/usr/bin/env node
// Builds the two ~1 MB devalue payloads the payload benches decode, deterministically (seeded
// PRNG), with the real devalue.stringify, and writes them to benches/data/:
//   payload-strings.json  string-heavy: CMS-like articles with escapes and non-ASCII text
//   payload-objects.json  object-heavy: thousands of small records with Dates, shared tags
//
//   node benches/node/make-payloads.mjs     (from the repository root)

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as devalue from 'devalue';
import { prng } from '../../fixtures/payload/prng.mjs';

export const DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'data');
export const FILES = {
	strings: join(DATA_DIR, 'payload-strings.json'),
	objects: join(DATA_DIR, 'payload-objects.json')
};

const TARGET = 1_000_000;

const WORDS = (
	'video image music effect template credit plan create render upload style prompt model ' +
	'cinematic portrait landscape anime realistic vintage neon sunset ocean forest city night ' +
	'café résumé naïve façade 日本 動画 音楽 画像 効果 видео музыка изображение vídeo música imagen ' +
	'"quoted" <b>bold</b> <a href="/x">link</a> line\nbreak tab\tstop emoji😀 sparkle✨ 🎬 🎵'
).split(' ');

function sentence(rnd, n) {
	const out = [];
	for (let i = 0; i < n; i += 1) out.push(WORDS[Math.floor(rnd() * WORDS.length)]);
	return out.join(' ');
}

/** Articles until the stringified payload reaches the target size. */
export function stringsPayload() {
	const rnd = prng(1);
	const articles = [];
	let size = 0;
	// Escapes and \u003C make the text ~25% longer than the strings themselves.
	for (let i = 0; size < TARGET * 0.8; i += 1) {
		const a = {
			id: `article-${i}`,
			title: sentence(rnd, 6 + Math.floor(rnd() * 6)),
			summary: sentence(rnd, 20 + Math.floor(rnd() * 20)),
			body: Array.from({ length: 2 + Math.floor(rnd() * 4) }, () => `<p>${sentence(rnd, 30 + Math.floor(rnd() * 40))}</p>`).join('\n'),
			author: `author-${Math.floor(rnd() * 50)}`,
			lang: ['en', 'ja', 'ru', 'es', 'fr'][i % 5]
		};
		articles.push(a);
		size += a.title.length + a.summary.length + a.body.length + 80;
	}
	return { page: '/en/blog', data: { articles }, serverRendered: true };
}

/** Records until the stringified payload reaches the target size. */
export function objectsPayload() {
	const rnd = prng(2);
	const tags = Array.from({ length: 30 }, (_, i) => ({ id: i, name: `tag-${i}` }));
	const records = [];
	const n = 3800;
	for (let i = 0; i < n; i += 1) {
		records.push({
			id: 100000 + i,
			sku: `sku_${Math.floor(rnd() * 1e6)}`,
			price: Math.round(rnd() * 100000) / 100,
			credits: Math.floor(rnd() * 500),
			active: rnd() > 0.3,
			createdAt: new Date(1700000000000 + Math.floor(rnd() * 3e10)),
			updatedAt: new Date(1700000000000 + Math.floor(rnd() * 3e10)),
			tags: [tags[i % 30], tags[(i * 7) % 30]],
			size: { w: 512 + (i % 4) * 256, h: 512 + (i % 3) * 256 },
			note: rnd() > 0.8 ? null : undefined
		});
	}
	return { page: '/en/history', data: { records, total: n }, serverRendered: true };
}

function main() {
	mkdirSync(DATA_DIR, { recursive: true });
	for (const [name, make] of [['strings', stringsPayload], ['objects', objectsPayload]]) {
		const text = devalue.stringify(make());
		writeFileSync(FILES[name], text);
		console.log(`${FILES[name]}: ${(Buffer.byteLength(text) / 1e6).toFixed(2)} MB`);
	}
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
