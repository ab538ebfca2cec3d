import { describe, expect, it } from 'vitest';
import { MAX_SERVER_MESSAGE, serverMessage } from '../src/server-message.js';

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
  ])('%s', (_, body, contentType, expected) => {
    expect(serverMessage(body, contentType)).toBe(expected);
  });

  it(`cuts to ${MAX_SERVER_MESSAGE} characters`, () => {
    const message = serverMessage(JSON.stringify({ message: 'x'.repeat(5000) }), JSON_TYPE);
    expect(message).toHaveLength(MAX_SERVER_MESSAGE);
    expect(message.endsWith('…')).toBe(true);
  });
});
