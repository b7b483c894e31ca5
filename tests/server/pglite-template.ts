import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/connect';
import { prepareDatabase } from '../../server/db/prepare';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An archive of an embedded database with every migration and entity table, which each test app starts from. */
    pgliteTemplate: string;
  }
}

let dir: string | undefined;

/**
 * Made once for the PGlite server suite: starting an embedded database and running the migrations
 * costs seconds a test file, loading their result a fraction of one.
 */
export async function setup(project: TestProject) {
  const database = await openDatabase({ kind: 'pglite', dir: 'memory://' });
  try {
    await prepareDatabase(database.db);
    dir = mkdtempSync(path.join(tmpdir(), 'edp-pglite-template-'));
    const file = path.join(dir, 'prepared.tar');
    writeFileSync(file, Buffer.from(await (await database.archive!()).arrayBuffer()));
    project.provide('pgliteTemplate', file);
  } finally {
    await database.close();
  }
}

export function teardown() {
  if (dir) rmSync(dir, { recursive: true, force: true });
}
