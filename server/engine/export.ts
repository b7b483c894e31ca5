import { storedFields } from '../../model/schemas/engine/entity';
import type { AnyEntity } from '../../model/schemas/engine/types';
import type { Language } from '../../model/schemas/languages';
import type { Db } from '../db/tables';
import { bulkTurn } from '../http/bulk-turns';
import { localize } from '../http/messages';
import { compileList, listRecords, type ListParams } from './list-query';
import type { Scope } from './scope';

/** A CSV export holds at most this many rows. */
export const EXPORT_CAP = 50_000;
/** Rows a query: each holds the embedded database's one connection, so a short hold keeps other people's lists quick. */
const BATCH = 200;

/** Quotes what needs quoting, and defuses values a spreadsheet would run as formulas. */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : Array.isArray(value)
        ? value.join('|')
        : typeof value === 'object'
          ? String((value as { amount?: unknown }).amount ?? '')
          : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The records the list's filters select, as CSV lines (header first), fetched a batch at a time.
 * Every parameter is checked first, as the list checks it: a bad one throws here (a 400), before the
 * stream exists, so a refusal never arrives as a 200 with a cut-off file.
 */
export function exportCsv(db: Db, entity: AnyEntity, scope: Scope, params: ListParams, language: Language): AsyncGenerator<string> {
  compileList(entity, params);
  return csvLines(db, entity, scope, params, language);
}

async function* csvLines(db: Db, entity: AnyEntity, scope: Scope, params: ListParams, language: Language): AsyncGenerator<string> {
  const columns = [
    ['id', 'common:id'],
    ...storedFields(entity).map(([name, field]) => [name, field.label]),
    ['createdBy', 'common:createdBy'],
    ['createdTime', 'common:createdTime'],
  ] as const;
  yield `\uFEFF${columns.map(([, label]) => csvCell(localize(label)[language])).join(',')}\n`;
  let cursor: string | undefined;
  for (let pageNum = 1, sent = 0; sent < EXPORT_CAP; pageNum += 1) {
    const page = await listRecords(db, entity, scope, { ...params, pageNum, pageSize: BATCH, cursor }, { counted: false });
    yield page.records.map((record) => `${columns.map(([name]) => csvCell(record[name])).join(',')}\n`).join('');
    sent += page.records.length;
    if (page.records.length < BATCH) break;
    cursor = page.nextCursor; // keyset when the sort allows it, else the next offset page
    await bulkTurn(); // other requests between batches, not after the whole file
  }
}
