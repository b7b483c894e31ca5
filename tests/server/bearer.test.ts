import { describe, expect, it } from 'vitest';
import { bearerToken, sameText, secretMatches } from '../../server/auth/bearer';
import { sha256Hex } from '../../server/auth/cipher';

describe('bearer tokens and key secrets', () => {
  it('reads the token of a Bearer header, in any case, and nothing else', () => {
    expect(bearerToken('Bearer abc.def')).toBe('abc.def');
    expect(bearerToken('bearer   abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });

  it('compares texts whole: equal, different, or of another length', () => {
    expect(sameText('secret', 'secret')).toBe(true);
    expect(sameText('secret', 'secreT')).toBe(false);
    expect(sameText('secret', 'secret!')).toBe(false);
    expect(sameText('', '')).toBe(true);
  });

  it('matches a secret against the SHA-256 kept for it', () => {
    const kept = sha256Hex('demo-robot-simulator-secret');
    expect(secretMatches('demo-robot-simulator-secret', kept)).toBe(true);
    expect(secretMatches('demo-robot-simulator-secreT', kept)).toBe(false);
    expect(secretMatches('demo-robot-simulator-secret', kept.toUpperCase())).toBe(false);
  });
});
