import { i18n } from './i18n';

/** Spec §9 retry helper: `retries` (default 3) more attempts after the first; a negative count is refused. */
export async function withRetry<T>(task: (attempt: number) => Promise<T>, retries = 3, delay: (attempt: number) => number = () => 0): Promise<T> {
  if (retries < 0) throw new Error(i18n.t('errors:negativeRetries'));
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await task(attempt);
    } catch (error) {
      if (attempt >= retries) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay(attempt)));
    }
  }
}
