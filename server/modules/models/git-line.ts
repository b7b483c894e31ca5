import { sql } from 'kysely';
import type { Db } from '../../db/tables';

/**
 * How a run names the code it ran: a line `##edp:git commit=3f2a9c1 branch=main` on stdout or
 * stderr (either pair may be left out); the last such line counts. The line stays in the log.
 */
const GIT_LINE = /^##edp:git\s+(.+?)\s*$/;
const PAIR = /^(commit|branch)=(\S{1,128})$/;

export interface PrintedGit {
  commit: string | null;
  branch: string | null;
}

/** The commit and branch a line names, or null when it is not a git line (one pair out of shape: none of it). */
export function gitLineOf(text: string): PrintedGit | null {
  const match = GIT_LINE.exec(text);
  if (!match) return null;
  const found: PrintedGit = { commit: null, branch: null };
  for (const pair of match[1]!.split(/\s+/)) {
    const [, name, value] = PAIR.exec(pair) ?? [];
    if (!name || found[name as keyof PrintedGit] !== null) return null;
    found[name as keyof PrintedGit] = value!;
  }
  return found;
}

/** What the run's last git line named (read once, when its model is made). */
export async function gitOf(db: Db, instanceId: number): Promise<PrintedGit> {
  const { rows } = await sql<{ text: string }>`
    select text from instance_logs where instance_id = ${instanceId} and text like '##edp:git %' order by seq desc limit 5`.execute(db);
  for (const row of rows) {
    const found = gitLineOf(row.text);
    if (found) return found;
  }
  return { commit: null, branch: null };
}
