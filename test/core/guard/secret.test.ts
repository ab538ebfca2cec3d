import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ApiKey, keyForms } from '../../../src/core/guard/secret.js';

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
