import { readFileSync } from 'node:fs';

/**
 * The unprivileged account local runs use when the server runs as root (a task must not act as the
 * server): `nobody` from /etc/passwd, else 65534. Not root: runs are the server's own user (the
 * README says what that trusts).
 */
export function runUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  try {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('nobody:'));
    const [, , uid, gid] = line?.split(':') ?? [];
    if (uid && gid) return { uid: Number(uid), gid: Number(gid) };
  } catch {
    // no passwd file: the conventional id
  }
  return { uid: 65534, gid: 65534 };
}
