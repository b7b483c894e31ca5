import { negotiate } from '@fastify/accept-negotiator';

export type Encoding = 'br' | 'gzip';

/** Of the encodings on offer, the one a request's Accept-Encoding prefers (its q-values honoured, brotli first on a tie), or none. */
export const acceptedEncoding = (header: string | undefined, offered: readonly Encoding[] = ['br', 'gzip']): Encoding | undefined =>
  negotiate(header ?? '', [...offered]) ?? undefined;
