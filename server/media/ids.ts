import { createHash } from 'node:crypto';

/** Public ids of folders and files: opaque, URL-safe, bounded. */
export const PUBLIC_ID = /^[A-Za-z0-9_-]{1,128}$/;

export const isPublicId = (value: unknown): value is string => typeof value === 'string' && PUBLIC_ID.test(value);

/** A short opaque id derived from text: base64url of the first 15 bytes of its SHA-256 (20 chars). */
export function shortHash(text: string): string {
  return createHash('sha256').update(text).digest().subarray(0, 15).toString('base64url');
}

const VERSION = /^[A-Za-z0-9_-]{1,64}$/;

/** A store's file version as it appears in thumbnail URLs: kept when URL-safe, else hashed. */
export const urlVersion = (version: string): string => (VERSION.test(version) ? version : shortHash(version));
