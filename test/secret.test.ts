import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ApiKey, keyForms, makeRedactor } from '../src/secret.js';

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
  it('lists the raw, JSON-escaped, URL-encoded, HTML-escaped and base64 forms, longest first', () => {
    const forms = keyForms(KEY);
    expect(forms).toEqual(
      expect.arrayContaining([
        KEY,
        JSON.stringify(KEY).slice(1, -1),
        JSON.stringify(KEY).slice(1, -1).replaceAll('/', '\\/'),
        encodeURIComponent(KEY),
        encodeURIComponent(KEY).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
        Buffer.from(KEY).toString('base64'),
        Buffer.from(KEY).toString('base64url'),
      ]),
    );
    expect(forms).toEqual([...forms].sort((a, b) => b.length - a.length));
    expect(new Set(forms).size).toBe(forms.length);
  });

  it('has no forms for an empty key', () => {
    expect(keyForms('')).toEqual([]);
  });
});

describe('makeRedactor', () => {
  const redact = makeRedactor(keyForms(KEY));
  const base64 = (text: string) => Buffer.from(text).toString('base64');

  it.each([
    ['raw', `key=${KEY}!`],
    ['JSON-escaped', JSON.stringify({ key: KEY })],
    ['JSON with escaped slashes', JSON.stringify({ key: KEY }).replaceAll('/', '\\/')],
    ['JSON inside JSON', JSON.stringify({ body: JSON.stringify({ key: KEY }) })],
    ['URL-encoded', `?key=${encodeURIComponent(KEY)}`],
    [
      'URL-encoded, lowercase hex',
      `?key=${encodeURIComponent(KEY).replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase())}`,
    ],
    [
      'HTML-escaped',
      `<p>${KEY.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')}</p>`,
    ],
    ['base64', base64(KEY)],
    ['base64url', Buffer.from(KEY).toString('base64url')],
    ['base64 after 1 byte', base64(`:${KEY}`)],
    ['base64 after 2 bytes', base64(`u:${KEY}`)],
    ['base64 of Basic credentials', base64(`user:${KEY}`)],
    ['base64 with bytes after', base64(`${KEY} and more`)],
    ['base64url after 2 bytes', Buffer.from(`u:${KEY}`).toString('base64url')],
  ])('removes the %s form', (_, text) => {
    const out = redact(text);
    expect(out).toContain('***');
    expect(out).not.toContain('mk_live');
    // No run of 8 characters of any form survives.
    for (const form of keyForms(KEY)) {
      for (let i = 0; i + 8 <= form.length; i++) expect(out).not.toContain(form.slice(i, i + 8));
    }
  });

  it('leaves text without the key alone', () => {
    expect(redact('nothing to see: mk_live_other')).toBe('nothing to see: mk_live_other');
  });

  it('removes a start of the key at the end of a cut text, and only there', () => {
    const text = `body ${KEY.slice(0, 12)}`;
    expect(redact(text, true)).toBe('body ***');
    expect(redact(text, false)).toBe(text);
    expect(redact('body mk', true)).toBe('body mk');
  });

  it('redacts nothing for an empty key', () => {
    expect(makeRedactor(keyForms(''))('text')).toBe('text');
  });
});
