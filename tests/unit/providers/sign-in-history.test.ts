import { describe, expect, it } from 'vitest';
import {
  accountNamesFor,
  filterHistory,
  forgetAccountName,
  forgetSpaceCode,
  rememberAccountName,
  rememberSpaceCode,
  spaceCodeHistory,
} from '../../../src/providers/sign-in-history';

describe('space-code history (spec §3/§9)', () => {
  it('keeps the most recent first, each code once, at most 10', () => {
    for (let i = 1; i <= 12; i += 1) rememberSpaceCode(`space-${i}`);
    rememberSpaceCode('space-5');
    const history = spaceCodeHistory();
    expect(history).toHaveLength(10);
    expect(history.slice(0, 3)).toEqual(['space-5', 'space-12', 'space-11']);
    expect(new Set(history).size).toBe(10);
    expect(history).not.toContain('space-1');
  });

  it('lets a code be removed', () => {
    rememberSpaceCode('demo');
    rememberSpaceCode('platform');
    expect(forgetSpaceCode('demo')).toEqual(['platform']);
    expect(spaceCodeHistory()).toEqual(['platform']);
  });

  it('filters by case-insensitive substring', () => {
    expect(filterHistory(['Demo', 'platform', 'robot-lab'], 'EM')).toEqual(['Demo']);
    expect(filterHistory(['Demo', 'platform', 'robot-lab'], 'o')).toEqual(['Demo', 'platform', 'robot-lab']);
    expect(filterHistory(['Demo'], '  ')).toEqual(['Demo']);
    expect(filterHistory(['Demo'], 'x')).toEqual([]);
  });

  it('remembers account names per space', () => {
    rememberAccountName('demo', 'admin');
    rememberAccountName('demo', 'rd');
    rememberAccountName('platform', 'admin');
    expect(accountNamesFor('demo')).toEqual(['rd', 'admin']);
    expect(forgetAccountName('demo', 'rd')).toEqual(['admin']);
    expect(accountNamesFor('platform')).toEqual(['admin']);
    expect(accountNamesFor('unknown')).toEqual([]);
  });
});
