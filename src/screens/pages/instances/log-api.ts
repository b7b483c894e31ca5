import { api } from '../../../providers/http';

/** One line of an instance's log (spec §9 log page; server/modules/runs). Seq starts at 1 and has no gaps. */
export interface LogEntry {
  seq: number;
  /** ISO time the line was printed. */
  time: string;
  stream: 'stdout' | 'stderr';
  text: string;
}

export interface LogPage {
  lines: LogEntry[];
  /** Lines the log holds in all (the tail and the `before`/`after` pages say). */
  total?: number;
}

/** Spec §9: the log page opens at the last 500 lines. */
export const LOG_PAGE = 500;
/** Matches a search asks for at a time. */
export const SEARCH_PAGE = 200;

const base = (id: number | string) => `/taskFlow/instance/${encodeURIComponent(String(id))}`;

/** A page as the server gave it, kept to well-formed lines in ascending order. */
export function cleanLines(lines: unknown): LogEntry[] {
  if (!Array.isArray(lines)) return [];
  const valid = lines.filter(
    (line): line is LogEntry => !!line && typeof line === 'object' && Number.isFinite((line as LogEntry).seq) && typeof (line as LogEntry).text === 'string',
  );
  for (let i = 1; i < valid.length; i++)
    if (valid[i]!.seq <= valid[i - 1]!.seq) return [...valid].sort((a, b) => a.seq - b.seq).filter((line, j, all) => j === 0 || line.seq !== all[j - 1]!.seq);
  return valid;
}

const page = async (id: number | string, params: object): Promise<Required<LogPage>> => {
  const answer = await api.get<LogPage>(`${base(id)}/logs`, params);
  const lines = cleanLines(answer?.lines);
  return { lines, total: Number.isFinite(answer?.total) ? answer.total! : (lines.at(-1)?.seq ?? 0) };
};

/** The instance calls of the log page and the instance page (each failure told centrally, spec §8). */
export const logApi = {
  /** The last `limit` lines. */
  tail: (id: number | string, limit = LOG_PAGE) => page(id, { limit }),
  /** The `limit` lines just before `seq`. */
  before: (id: number | string, seq: number, limit = LOG_PAGE) => page(id, { before: seq, limit }),
  /** The `limit` lines just after `seq`. */
  after: (id: number | string, seq: number, limit = LOG_PAGE) => page(id, { after: seq, limit }),
  /** Lines containing `q` (any case), the last `limit` before `before`. */
  search: async (id: number | string, q: string, before?: number, limit = SEARCH_PAGE) =>
    cleanLines((await api.get<{ lines: LogEntry[] }>(`${base(id)}/logs/search`, { q, limit, before }))?.lines),
  /** A signed link to the whole log as text, valid 10 minutes. */
  downloadUrl: (id: number | string) => api.get<{ url: string }>(`${base(id)}/logs/download-url`),
  /** Runs the instance's task again; the new instance's id. */
  rerun: (id: number | string) => api.post<{ id: number }>(`${base(id)}/rerun`),
  /** The path of the live stream (for fetch: it sends the token, which EventSource cannot). */
  streamPath: (id: number | string) => `${base(id)}/logs/stream`,
};
