import { describe, expect, it } from 'vitest';
import { ACCEPTED_EXTENSIONS, pickFiles, refusalOf } from '../../../../../src/screens/pages/lake/pick-files';
import { UPLOAD_EXTENSIONS } from '../../../../../model/schemas/upload';

const file = (name: string, bytes = 'x') => new File([bytes], name, { lastModified: 1 });

describe('choosing files to upload (spec §5)', () => {
  it('accepts what the server accepts: .mcap and .bag, in any case', () => {
    expect(ACCEPTED_EXTENSIONS).toEqual(UPLOAD_EXTENSIONS);
    expect(refusalOf(file('run.mcap'))).toBeUndefined();
    expect(refusalOf(file('RUN.BAG'))).toBeUndefined();
  });

  it('refuses another extension and an empty file with the server’s own messages', () => {
    expect(refusalOf(file('notes.txt'))).toBe('lake:errors.extension');
    expect(refusalOf(file('run.mcap.zip'))).toBe('lake:errors.extension');
    expect(refusalOf(file('empty.bag', ''))).toBe('lake:errors.empty');
  });

  it('splits a choice into the files that go and those refused, a file chosen twice going once', () => {
    const run = file('run.mcap');
    const { accepted, refused } = pickFiles([run, file('a.txt'), file('b.bag', ''), file('run.mcap'), file('c.bag')], []);
    expect(accepted.map((one) => one.name)).toEqual(['run.mcap', 'c.bag']);
    expect(refused.map(({ file: one, reason }) => [one.name, reason])).toEqual([
      ['a.txt', 'lake:errors.extension'],
      ['b.bag', 'lake:errors.empty'],
    ]);
    expect(pickFiles([file('run.mcap')], [run]).accepted).toEqual([]);
  });
});
