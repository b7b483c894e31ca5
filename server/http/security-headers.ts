import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Strict-Transport-Security, sent only over HTTPS (a plain-HTTP answer may not set it, RFC 6797 §7.2). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every response. antd injects its styles at run time, Monaco starts web
 * workers from blob: URLs and the upload's MD5 runs in WebAssembly (hash-wasm: 'wasm-unsafe-eval'
 * lets a page compile WebAssembly, not evaluate strings as script), hence the three relaxations;
 * scripts come from this origin only, but for the console documents' own inline scripts, each allowed by
 * its hash (`inlineScripts`, server/console/inline-scripts.ts). Framing is
 * refused by the CSP's frame-ancestors alone (X-Frame-Options: SAMEORIGIN would say otherwise). API
 * answers are never cached: some carry credentials (a sessionKey, a one-time password, a secret).
 */
export async function registerSecurityHeaders(app: FastifyInstance, inlineScripts: readonly string[] = []): Promise<void> {
  app.addHook('onSend', async (request, reply) => {
    // request.protocol honours X-Forwarded-Proto only when TRUST_PROXY says the proxy is ours.
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...inlineScripts],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // The console may be served over plain HTTP on a LAN address; upgrading would break it.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
    xFrameOptions: false,
  });
}
