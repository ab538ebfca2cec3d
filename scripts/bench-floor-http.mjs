// The physical floor of `npm run bench`: a bare Node script that sends the same PATCH with
// node:http, reading the same INPUT_* variables as the action, and exits. No HTTP client library is
// loaded at all, so this is what starting Node and one request cost.
import http from 'node:http';

const input = (name) => process.env[`INPUT_${name.toUpperCase()}`] ?? '';
const url = `${input('base-url').replace(/\/+$/, '')}/listings/${encodeURIComponent(input('listing-id'))}`;
const body = JSON.stringify({ version: input('version'), changelog: input('changelog') });
const status = await new Promise((resolve, reject) => {
  const request = http.request(url, {
    method: 'PATCH',
    headers: {
      'x-api-key': input('api-key'),
      'content-type': 'application/json',
      accept: 'application/json',
      'user-agent': 'floor/1.0.0',
      'content-length': Buffer.byteLength(body),
    },
  });
  request.on('response', (response) => {
    response.resume();
    response.on('end', () => resolve(response.statusCode));
  });
  request.on('error', reject);
  request.end(body);
});
if (status < 200 || status >= 300) process.exitCode = 1;
