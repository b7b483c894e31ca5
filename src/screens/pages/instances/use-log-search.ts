import { useCallback, useRef, useState } from 'react';
import { logApi, SEARCH_PAGE, type LogEntry } from './log-api';

/** Matches held at most: earlier ones are asked for a page at a time until then. */
export const MAX_MATCHES = 2000;

export interface LogSearchState {
  /** The text searched for (what the lines mark). */
  query: string;
  matches: LogEntry[];
  /** The match shown, by index; -1 before any. */
  current: number;
  searching: boolean;
  /** Earlier matches exist beyond those held. */
  hasEarlier: boolean;
}

const idle: LogSearchState = { query: '', matches: [], current: -1, searching: false, hasEarlier: false };

/**
 * The server's search of an instance's log (any case, substring): the last matches first, earlier
 * ones on demand; previous/next walk the matches, each shown through `onShow` (which loads the
 * region around it).
 */
export function useLogSearch(instanceId: number | string, onShow: (seq: number) => void, api: Pick<typeof logApi, 'search'> = logApi) {
  const [state, setState] = useState<LogSearchState>(idle);
  const asked = useRef(0);

  const search = useCallback(
    async (text: string) => {
      const query = text.trim();
      const ask = ++asked.current;
      if (!query) return setState(idle);
      setState({ ...idle, query, searching: true });
      try {
        const matches = await api.search(instanceId, query);
        if (ask === asked.current) setState({ query, matches, current: -1, searching: false, hasEarlier: matches.length >= SEARCH_PAGE });
      } catch {
        if (ask === asked.current) setState((now) => ({ ...now, searching: false })); // told centrally
      }
    },
    [api, instanceId],
  );

  const loadEarlier = useCallback(async () => {
    const { query, matches, hasEarlier, searching } = state;
    if (!hasEarlier || searching || !matches.length) return;
    const ask = asked.current;
    setState((now) => ({ ...now, searching: true }));
    try {
      const earlier = (await api.search(instanceId, query, matches[0]!.seq)).filter((line) => line.seq < matches[0]!.seq);
      if (ask !== asked.current) return;
      setState((now) => {
        const all = [...earlier, ...now.matches];
        return {
          ...now,
          matches: all,
          current: now.current < 0 ? -1 : now.current + earlier.length,
          searching: false,
          hasEarlier: earlier.length >= SEARCH_PAGE && all.length < MAX_MATCHES,
        };
      });
    } catch {
      if (ask === asked.current) setState((now) => ({ ...now, searching: false }));
    }
  }, [api, instanceId, state]);

  const show = useCallback(
    (index: number) => {
      const match = state.matches[index];
      if (!match) return;
      setState((now) => ({ ...now, current: index }));
      onShow(match.seq);
    },
    [onShow, state.matches],
  );

  /** Towards the start of the log (the newest match first). */
  const previous = () => show(state.current < 0 ? state.matches.length - 1 : Math.max(0, state.current - 1));
  /** Towards the end of the log. */
  const next = () => show(state.current < 0 ? state.matches.length - 1 : Math.min(state.matches.length - 1, state.current + 1));
  const clear = () => {
    asked.current++;
    setState(idle);
  };

  return { ...state, search, loadEarlier, show, previous, next, clear };
}
