import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ApiKey, keyForms, secretOf } from '../../../src/core/guard/secret.js';

const KEY = 'mk_live_a/b+c=d&e<f>"g\\h';

describe('ApiKey', () => {
  it('cannot print itself', () => {
    const key = new ApiKey(KEY);
    expect(String(key)).toBe('***');
    expect(`${key}`).toBe('***');
    expect(JSON.stringify({ key })).toBe('{"key":"***"}');
    expect(inspect(key)).toBe('***');
    expect(inspect({ nested: { key } })).not.toContain('mk_live');
    expect(key.reveal()).toBe(KEY);
  });
});

describe('keyForms', () => {
  it('lists the key, its JSON-escaped, URL-encoded, base64 and base64url forms, once each', () => {
    const key = 'mk_live_??>>~~/+';
    expect(keyForms(key)).toEqual([
      key,
      encodeURIComponent(key),
      Buffer.from(key).toString('base64'),
      Buffer.from(key).toString('base64url'),
    ]);
    expect(keyForms(KEY)[1]).toBe(JSON.stringify(KEY).slice(1, -1));
    expect(keyForms('abcdefgh12')).toEqual(['abcdefgh12', 'YWJjZGVmZ2gxMg==', 'YWJjZGVmZ2gxMg']);
  });

  it('has no forms for an empty key', () => {
    expect(keyForms('')).toEqual([]);
  });
});

describe('secretOf', () => {
  it.each([
    ['mk_live_0123456789abcdef', '0123456789abcdef'],
    ['sk_test_0123456789abcdefXYZ', '0123456789abcdefXYZ'],
    ['glpat-0123456789abcdefghij', '0123456789abcdefghij'],
    // Three words at most, and only when 16 characters follow them; otherwise the whole key.
    ['a_b_c_d_0123456789abcdef', 'd_0123456789abcdef'],
    ['mk_live_0123456789abcdef', '0123456789abcdef'],
    ['mk_live_0123456789abcde', 'mk_live_0123456789abcde'],
    ['mk_live_0123456789abcd', 'mk_live_0123456789abcd'],
    ['mk_0123456789abcde', 'mk_0123456789abcde'],
    ['mk_0123456789abcdef', '0123456789abcdef'],
    ['sk_test_live_0123456789abcde', 'sk_test_live_0123456789abcde'],
    // Not lower-case words of 1 to 10 letters: no prefix.
    ['Mk_live_0123456789abcdef', 'Mk_live_0123456789abcdef'],
    ['abcdefghijk_0123456789abcdef', 'abcdefghijk_0123456789abcdef'],
    ['mk1_0123456789abcdef', 'mk1_0123456789abcdef'],
    ['0123456789abcdef', '0123456789abcdef'],
    ['ABCDEFGHIJ0123456789abcdefghij0123456789', 'ABCDEFGHIJ0123456789abcdefghij0123456789'],
  ])('%s → %s', (key, secret) => {
    expect(secretOf(key)).toBe(secret);
  });
});
