// The physical floor of `npm run bench`: a bare Node script that sends the same requests as the
// action with node:http (the GET of the list unless `if-older` is `deploy`, then a PATCH per
// listing), reading the same INPUT_* variables, and exits. No HTTP client library is loaded at all,
// so this is what starting Node and the requests cost.
import http from 'node:http';

const input = (name) => process.env[`INPUT_${name.toUpperCase()}`] ?? '';
const base = input('base-url').replace(/\/+$/, '');
const agent = new http.Agent({ keepAlive: true });
const headers = {
  'x-api-key': input('api-key'),
  'content-type': 'application/json',
  accept: 'application/json',
  'user-agent': 'floor/1.0.0',
};

function send(method, url, body) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method,
      agent,
      headers:
        body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
    });
    request.on('response', (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve(response.statusCode));
    });
    request.on('error', reject);
    request.end(body);
  });
}

if (input('if-older') !== 'deploy') await send('GET', `${base}/listings`);
const body = JSON.stringify({ version: input('version'), changelog: input('changelog') });
// One PATCH per listing, in order, as the action sends them.
for (const id of input('listing-id')
  .split(/[\r\n,]+/)
  .filter(Boolean)) {
  const status = await send('PATCH', `${base}/listings/${encodeURIComponent(id)}`, body);
  if (status < 200 || status >= 300) process.exitCode = 1;
}
agent.destroy();
