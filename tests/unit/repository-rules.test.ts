import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CODE = ['model', 'src', 'server', 'cli', 'scripts', 'bench', 'tests'];

function sources(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const file = path.join(directory, name);
    if (statSync(file).isDirectory()) return name === 'node_modules' ? [] : sources(file);
    return /\.(ts|tsx|cjs|mjs|css)$/.test(name) ? [file] : [];
  });
}

describe("the repository's own promises", () => {
  it("keeps the README a user's page: at most 250 lines, the architecture and boot's rules in documents of their own", () => {
    expect(readFileSync(path.join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(250);
    for (const document of ['docs/architecture.md', 'src/boot/README.md']) expect(statSync(path.join(ROOT, document)).size).toBeGreaterThan(1000);
  });

  it('explains code in words, never by an issue number nothing in the repository resolves', () => {
    const numbered = CODE.flatMap((folder) => sources(path.join(ROOT, folder)))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, index) => ({ file, line, index })),
      )
      .filter(({ line }) => /\bissue #?\d+/i.test(line))
      .map(({ file, index }) => `${path.relative(ROOT, file)}:${index + 1}`);
    expect(numbered).toEqual([]);
  });
});
