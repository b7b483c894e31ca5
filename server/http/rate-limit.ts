import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { hit } from '../auth/rate-counters';
import type { AppContext } from '../context';
import { ApiError } from './api-error';

/** @fastify/rate-limit over the database's counters, so the limit holds across every server process. */
export async function registerRateLimit(app: FastifyInstance, { db, clock }: Pick<AppContext, 'db' | 'clock'>): Promise<void> {
  class CounterStore implements FastifyRateLimitStore {
    prefix = 'request:';
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      const now = clock();
      hit(db, this.prefix + key, timeWindow, now).then(
        ({ count, windowEnd }) => callback(null, { current: count, ttl: windowEnd.getTime() - now.getTime() }),
        (error: Error) => callback(error),
      );
    }
    /** Each limited route counts on its own. (At run time the plugin passes its merged options, the route under `routeInfo`.) */
    child(options: object) {
      const { routeInfo } = options as { routeInfo?: { method?: string | string[]; url?: string } };
      return Object.assign(new CounterStore(), { prefix: `request:${String(routeInfo?.method)}:${routeInfo?.url}:` });
    }
  }
  await app.register(rateLimit, {
    global: false,
    store: CounterStore,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new ApiError(429, 'errors:rateLimited', { seconds }, { retryAfterSeconds: seconds });
    },
  });
}

/** Per-address request ceilings of the unauthenticated sign-in calls. */
export const perAddress = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });
