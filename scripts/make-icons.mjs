#!/usr/bin/env node
// Draws Swarmdesk's app icon and writes the PNGs the packager needs into resources/:
// icon.png (1024², electron-builder makes .icns and .ico from it) and icons/<n>x<n>.png for Linux.
// No image library: the icon is a few shapes, rendered with 4×4 supersampling and encoded with zlib.
// Run after changing the drawing: node scripts/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'resources');

/** Coverage of one shape at (x, y) in unit coordinates (0..1). */
function roundedRect(x, y, left, top, right, bottom, radius) {
  const cx = Math.min(Math.max(x, left + radius), right - radius);
  const cy = Math.min(Math.max(y, top + radius), bottom - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2 && x >= left && x <= right && y >= top && y <= bottom;
}
const circle = (x, y, cx, cy, r) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;

// Three rows of the swarm list: a status dot and a label bar each; the middle one "waiting" (amber).
const ROWS = [
  { y: 0.33, dot: [255, 255, 255], bar: 0.56 },
  { y: 0.5, dot: [255, 196, 61], bar: 0.46 },
  { y: 0.67, dot: [255, 255, 255], bar: 0.36 },
];

/** Straight RGBA for one point: background gradient, rows on top. */
function paint(x, y) {
  if (!roundedRect(x, y, 0.06, 0.06, 0.94, 0.94, 0.2)) return [0, 0, 0, 0];
  for (const row of ROWS) {
    if (circle(x, y, 0.27, row.y, 0.055)) return [...row.dot, 255];
    if (roundedRect(x, y, 0.38, row.y - 0.035, 0.38 + (row.bar * (0.8 - 0.38)) / 0.56, row.y + 0.035, 0.035)) return [255, 255, 255, 235];
  }
  const t = (x + y) / 2; // top-left indigo to bottom-right teal
  return [Math.round(64 + (20 - 64) * t), Math.round(70 + (150 - 70) * t), Math.round(200 + (170 - 200) * t), 255];
}

function render(size) {
  const rgba = Buffer.alloc(size * size * 4);
  const S = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < S; sy++) {
        for (let sx = 0; sx < S; sx++) {
          const [r, g, b, a] = paint((px + (sx + 0.5) / S) / size, (py + (sy + 0.5) / S) / size);
          sum[0] += r * a;
          sum[1] += g * a;
          sum[2] += b * a;
          sum[3] += a;
        }
      }
      const o = (py * size + px) * 4;
      const alpha = sum[3] / (S * S);
      rgba[o] = sum[3] ? Math.round(sum[0] / sum[3]) : 0;
      rgba[o + 1] = sum[3] ? Math.round(sum[1] / sum[3]) : 0;
      rgba[o + 2] = sum[3] ? Math.round(sum[2] / sum[3]) : 0;
      rgba[o + 3] = Math.round(alpha);
    }
  }
  return rgba;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
function png(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

mkdirSync(join(root, 'icons'), { recursive: true });
writeFileSync(join(root, 'icon.png'), png(1024, render(1024)));
for (const size of [16, 32, 48, 64, 128, 256, 512]) writeFileSync(join(root, 'icons', `${size}x${size}.png`), png(size, render(size)));
console.log(`icons written to ${root}`);
