/**
 * SHA-256 of a text (its UTF-8 bytes), in hex. Synchronous and without Node or the DOM, so that the
 * engine computes review marks wherever it runs (a build is synchronous; Web Crypto's digest is not).
 * FIPS 180-4; checked against node:crypto by its test.
 */

const K = Uint32Array.from(
  '428a2f98 71374491 b5c0fbcf e9b5dba5 3956c25b 59f111f1 923f82a4 ab1c5ed5 d807aa98 12835b01 243185be 550c7dc3 72be5d74 80deb1fe 9bdc06a7 c19bf174 e49b69c1 efbe4786 0fc19dc6 240ca1cc 2de92c6f 4a7484aa 5cb0a9dc 76f988da 983e5152 a831c66d b00327c8 bf597fc7 c6e00bf3 d5a79147 06ca6351 14292967 27b70a85 2e1b2138 4d2c6dfc 53380d13 650a7354 766a0abb 81c2c92e 92722c85 a2bfe8a1 a81a664b c24b8b70 c76c51a3 d192e819 d6990624 f40e3585 106aa070 19a4c116 1e376c08 2748774c 34b0bcb5 391c0cb3 4ed8aa4a 5b9cca4f 682e6ff3 748f82ee 78a5636f 84c87814 8cc70208 90befffa a4506ceb bef9a3f7 c67178f2'
    .split(' ')
    .map((h) => parseInt(h, 16)),
);
const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

/** The UTF-8 bytes of a text (a lone surrogate becomes U+FFFD, as TextEncoder does). */
function utf8(text: string): number[] {
  const out: number[] = [];
  for (const ch of text) {
    let c = ch.codePointAt(0) ?? 0xfffd;
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return out;
}

const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n));

/** One 64-byte block of `bytes` at `at` folded into the state `h`. */
function block(h: Uint32Array, bytes: Uint8Array, at: number, w: Uint32Array): void {
  for (let i = 0; i < 16; i++) {
    const j = at + i * 4;
    w[i] = ((bytes[j] ?? 0) << 24) | ((bytes[j + 1] ?? 0) << 16) | ((bytes[j + 2] ?? 0) << 8) | (bytes[j + 3] ?? 0);
  }
  for (let i = 16; i < 64; i++) {
    const a = w[i - 15] ?? 0;
    const b = w[i - 2] ?? 0;
    const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
    const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
    w[i] = (w[i - 16] ?? 0) + s0 + (w[i - 7] ?? 0) + s1;
  }
  let [a, b, c, d, e, f, g, k] = h as unknown as [number, number, number, number, number, number, number, number];
  for (let i = 0; i < 64; i++) {
    const t1 = k + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + (K[i] ?? 0) + (w[i] ?? 0);
    const t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
    [k, g, f, e, d, c, b, a] = [g, f, e, (d + t1) | 0, c, b, a, (t1 + t2) | 0];
  }
  [a, b, c, d, e, f, g, k].forEach((v, i) => (h[i] = (h[i] ?? 0) + v));
}

/** The SHA-256 of `text`'s UTF-8 bytes, as 64 lower-case hex digits. */
export function sha256Hex(text: string): string {
  const data = utf8(text);
  const length = Math.ceil((data.length + 9) / 64) * 64;
  const bytes = new Uint8Array(length);
  bytes.set(data);
  bytes[data.length] = 0x80;
  const bits = data.length * 8;
  // The length in bits, big-endian in the last 8 bytes (texts stay far below 2^32 bits' high word).
  for (let i = 0; i < 4; i++) bytes[length - 1 - i] = (bits >>> (8 * i)) & 0xff;
  bytes[length - 5] = Math.floor(bits / 2 ** 32) & 0xff;
  const h = Uint32Array.from(H0);
  const w = new Uint32Array(64);
  for (let at = 0; at < length; at += 64) block(h, bytes, at, w);
  return [...h].map((x) => x.toString(16).padStart(8, '0')).join('');
}
