// Generates public/og-image.png, the fixed 1200×630 sharing image of
// docs/behaviour/languages-and-routes.md#page-frame, as a plain RGBA PNG written with Node's zlib
// (deflate + crc32), so no image tool is needed. Run: node scripts/make-og-image.mjs
import { writeFileSync } from "node:fs";
import { crc32, deflateSync } from "node:zlib";

/** A minimal PNG: signature, IHDR (8-bit RGBA), one IDAT of filter-0 scanlines, IEND. */
function encodePng(rgba, width, height) {
  const chunk = (type, data) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, "ascii");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // bit depth 8, colour type RGBA, deflate, no filter method, no interlace
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    rows[y * (width * 4 + 1)] = 0; // filter: none
    rows.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", ihdr), chunk("IDAT", deflateSync(rows, { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}

const width = 1200;
const height = 630;
const pixels = new Uint8Array(width * height * 4);
const mix = (a, b, t) => Math.round(a + (b - a) * t);

for (let y = 0; y < height; y += 1) {
  for (let x = 0; x < width; x += 1) {
    const i = (y * width + x) * 4;
    const t = (x / width) * 0.7 + (y / height) * 0.3;
    // Diagonal gradient from the accent violet to cyan, over the dark page colour.
    let r = mix(0x2a, 0x00, t),
      g = mix(0x1f, 0x8f, t),
      b = mix(0x7a, 0xc2, t);
    // A soft glow top-left.
    const d = Math.hypot(x - 260, y - 120) / 700;
    const glow = Math.max(0, 1 - d);
    r = Math.min(255, r + glow * 90);
    g = Math.min(255, g + glow * 50);
    b = Math.min(255, b + glow * 120);
    // A rounded "play" tile in the centre.
    const cx = x - 600,
      cy = y - 315;
    const inTile = Math.abs(cx) < 150 && Math.abs(cy) < 150 && Math.hypot(Math.max(0, Math.abs(cx) - 110), Math.max(0, Math.abs(cy) - 110)) < 40;
    if (inTile) {
      r = 0x7c;
      g = 0x6c;
      b = 0xff;
    }
    const inPlay = cx > -45 && cx < 85 && Math.abs(cy) < (85 - cx) * (75 / 130);
    if (inPlay) {
      r = 255;
      g = 255;
      b = 255;
    }
    pixels[i] = r;
    pixels[i + 1] = g;
    pixels[i + 2] = b;
    pixels[i + 3] = 255;
  }
}

const png = encodePng(pixels, width, height);
writeFileSync(new URL("../public/og-image.png", import.meta.url), png);
console.log(`public/og-image.png: ${width}×${height}, ${png.length} bytes`);
