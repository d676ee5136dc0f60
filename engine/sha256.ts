/**
 * SHA-256 of a text (its UTF-8 bytes), in hex: @noble/hashes, synchronous and without Node or the DOM,
 * so that the engine computes review marks wherever it runs (a build is synchronous; Web Crypto's
 * digest is not).
 */

import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));
