import { describe, expect, it } from 'vitest';
import {
  isJsonBody,
  MAX_SERVER_MESSAGE,
  refusalIn,
  serverMessage,
} from '../../../src/core/guard/server-message.js';

const JSON_TYPE = 'application/json';

describe('serverMessage', () => {
  it.each([
    ['error.message', '{"error":{"code":"x","message":"Key revoked"}}', JSON_TYPE, 'Key revoked'],
    ['error string', '{"error":"Listing locked"}', JSON_TYPE, 'Listing locked'],
    ['message', '{"message":"Bad version"}', JSON_TYPE, 'Bad version'],
    ['detail', '{"detail":"Not JSON"}', 'application/problem+json', 'Not JSON'],
    [
      'errors[].message',
      '{"errors":[{"message":"a"},{"field":"x"},{"message":"b"}]}',
      JSON_TYPE,
      'a; b',
    ],
    ['error.message wins over message', '{"message":"m","error":{"message":"e"}}', JSON_TYPE, 'e'],
    ['a JSON string', '"plain"', JSON_TYPE, 'plain'],
    ['JSON without a message', '{"ok":false}', JSON_TYPE, ''],
    ['JSON without content type', '{"message":"typed wrong"}', 'text/plain', 'typed wrong'],
    [
      'empty error object falls through',
      '{"error":{},"message":"fallback"}',
      JSON_TYPE,
      'fallback',
    ],
    ['plain text', 'Service Unavailable\n', 'text/plain', 'Service Unavailable'],
    [
      'HTML title',
      '<!DOCTYPE html><html><head><title>502 Bad &amp; Gateway</title></head><body>x</body></html>',
      'text/html',
      '502 Bad & Gateway',
    ],
    ['HTML without content type', '<html><title>Oops</title></html>', '', 'Oops'],
    ['HTML without a title', '<html><body>x</body></html>', 'text/html', ''],
    ['empty', '', JSON_TYPE, ''],
    ['whitespace', ' \n ', 'text/plain', ''],
    [
      'line breaks and controls flattened',
      'line one\r\nline\u0000two\u001b[31m',
      'text/plain',
      'line one line two [31m',
    ],
    ['JSON null', 'null', JSON_TYPE, ''],
    ['a JSON number', '42', JSON_TYPE, ''],
    ['a null error falls through', '{"error":null,"message":"m"}', JSON_TYPE, 'm'],
    ['a blank message falls through', '{"error":{"message":"  "},"detail":"d"}', JSON_TYPE, 'd'],
    ['errors of strings', '{"errors":["a",3,"b"]}', JSON_TYPE, 'a; b'],
    ['a title with attributes', '<html><title lang="en">Oops</title></html>', 'text/html', 'Oops'],
    ['HTML after blank lines', ' \n<!doctype html><title>T</title>', '', 'T'],
    [
      'every kind of entity in a title',
      '<html><title>&lt;&#65;&#x42;&quot;&apos;&#39;&plus;&eacute;&gt;</title></html>',
      'text/html',
      "<AB\"''+&eacute;>",
    ],
    ['unicode in a title, raw and as an entity', '<title>é &#233; ✓</title>', 'text/html', 'é é ✓'],
    ['markup later in plain text', 'see <html> docs', 'text/plain', 'see <html> docs'],
    ['NEL and line separators flattened', 'a\u0085b\u2028c', 'text/plain', 'a b c'],
  ])('%s', (_, body, contentType, expected) => {
    expect(serverMessage(body, contentType)).toBe(expected);
  });

  it(`cuts to ${MAX_SERVER_MESSAGE} characters`, () => {
    const message = serverMessage(JSON.stringify({ message: 'x'.repeat(5000) }), JSON_TYPE);
    expect(message).toHaveLength(MAX_SERVER_MESSAGE);
    expect(message.endsWith('…')).toBe(true);
  });

  it(`keeps a message of exactly ${MAX_SERVER_MESSAGE} characters whole`, () => {
    const whole = 'y'.repeat(MAX_SERVER_MESSAGE);
    expect(serverMessage(JSON.stringify({ message: whole }), JSON_TYPE)).toBe(whole);
  });
});

describe('isJsonBody', () => {
  it.each([
    ['{"a":1}', 'text/plain', true],
    [' [1, 2] ', '', true],
    ['{"a":', 'application/json; charset=utf-8', true],
    ['{"a":', 'application/problem+json', true],
    ['{"a":', 'text/plain', false],
    ['<html>', 'text/html', false],
    ['{"a":', 'application/jsonl', false],
  ])('%j as %j: %s', (body, contentType, expected) => {
    expect(isJsonBody(body, contentType)).toBe(expected);
  });
});

describe('refusalIn', () => {
  it.each([
    ['{}', ' text/html; charset=utf-8', 'web-page'],
    ['{}', 'application/x-text/html', undefined],
    ['<!doctype  html><p>x</p>', '', 'web-page'],
    [' <HTML lang="en">', 'application/json', 'web-page'],
    ['<htmlx>', 'application/json', undefined],
    ['{"success" : false, "message": "no"}', 'application/json', 'refused'],
    ['{"ok":\nfalse}', 'application/json', 'refused'],
    ['{"ok":true,"note":"\\"success\\": false"}', 'application/json', undefined],
    ['[{"success":false}]', 'application/json', undefined],
    ['{"success":false', 'application/json', undefined],
    ['{"succ\\u0065ss": false, "message": "Suspended"}', 'application/json', 'refused'],
    ['{"\\u006fk" :false}', '', 'refused'],
    ['{"\\u006fkay": false}', 'application/json', undefined],
    ['{"success": true, "n\\u0061me": false}', 'application/json', undefined],
    ['{"success": true, "message": "ok"}', 'application/json', undefined],
    ['{"data": {"success": false}}', 'application/json', undefined],
    ['{"ok": "false"}', 'application/json', undefined],
    ['see <html> pages', 'application/json', undefined],
  ])('%j as %j: %s', (body, contentType, expected) => {
    expect(refusalIn(body, contentType)).toBe(expected);
  });
});
