import type { RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { BOOT_SCRIPT_HASH } from '../render/boot.ts';

/**
 * Security headers. The default CSP allows only same-origin scripts, styles, images and media; pages
 * that need inline data or styles pass their own `contentSecurityPolicy` (e.g. with a nonce).
 */
export function securityHeaders(options: HelmetOptions = {}): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The boot script by its hash, and the pages' inline speculation rules (that type of script only).
        scriptSrc: ["'self'", BOOT_SCRIPT_HASH, "'inline-speculation-rules'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    ...options,
  });
}
