import { FILE_NAME } from '../../../../model/schemas/limits';
import type { StructuredFile } from '../../../../model/schemas/structured-data';
import { api, client } from '../../../providers/http';

const filesPath = (id: number, name: string) => `/evaluation/structured-data/${id}/files/${encodeURIComponent(name)}`;

/**
 * Spec §5 before a byte is sent: a file is never 0 bytes, its name is digits, letters, underscore,
 * hyphen and period, and a replacement keeps the name of the file it replaces. The server holds the
 * same rules; this tells the user at once. Answers the message key and its values, or null.
 */
export function refusalOf(file: { name: string; size: number }, replacing?: string): [string, Record<string, unknown>?] | null {
  if (replacing !== undefined && file.name !== replacing) return ['structuredData:errors.nameMismatch', { original: replacing }];
  if (file.size < 1) return ['structuredData:errors.empty'];
  if (!FILE_NAME.test(file.name) || file.name.length > 128) return ['structuredData:rules.fileName'];
  return null;
}

/** The calls of a structured data record's files (server/modules/evaluation). */
export const structuredFilesApi = {
  /** The file's bytes as the body (no time limit: a large file on a slow link takes longer than a call); the record's files after it. */
  upload: (id: number, file: Blob & { name: string }, replace?: string) =>
    client
      .put<{ file: StructuredFile; files: StructuredFile[] }>(filesPath(id, file.name), file, {
        params: replace === undefined ? {} : { replace },
        headers: { 'Content-Type': 'application/octet-stream' },
        timeout: 0,
      })
      .then(({ data }) => data),
  link: (id: number, name: string) => api.get<{ url: string; fileName: string }>(`${filesPath(id, name)}/link`),
};
