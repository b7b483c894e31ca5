import { describe, expect, it } from 'vitest';
import { nextVersion } from '../../../../../src/screens/pages/datasets/publish-version';

describe('the version a dataset page suggests publishing', () => {
  it('is the next minor after the highest published, by number not by text; 1.0.0 for the first', () => {
    expect(nextVersion([])).toBe('1.0.0');
    expect(nextVersion(['1.0.0'])).toBe('1.1.0');
    expect(nextVersion(['1.9.3', '1.10.0', '0.20.0'])).toBe('1.11.0');
    expect(nextVersion(['2.0.1', 'draft'])).toBe('2.1.0');
  });
});
