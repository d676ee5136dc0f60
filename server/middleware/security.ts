import type { RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { BOOT_SCRIPT_HASH } from '../render/boot.ts';
import { SPECULATION_RULES_HASH } from '../render/speculation.ts';

/**
 * Security headers. The default CSP allows only same-origin scripts, styles, images and media; pages
 * that need inline data or styles pass their own `contentSecurityPolicy` (e.g. with a nonce).
 */
export function securityHeaders(options: HelmetOptions = {}): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The two inline scripts of visitor pages by their hashes: the boot script, the speculation rules.
        scriptSrc: ["'self'", BOOT_SCRIPT_HASH, SPECULATION_RULES_HASH],
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
