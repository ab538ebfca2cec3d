// The floor of `npm run bench`: a bare Node script that sends the same PATCH with the built-in
// fetch, reading the same INPUT_* variables as the action, and exits.
const input = (name) => process.env[`INPUT_${name.toUpperCase()}`] ?? '';
const url = `${input('base-url').replace(/\/+$/, '')}/listings/${encodeURIComponent(input('listing-id'))}`;
const response = await fetch(url, {
  method: 'PATCH',
  redirect: 'manual',
  headers: {
    'x-api-key': input('api-key'),
    'content-type': 'application/json',
    accept: 'application/json',
    'user-agent': 'floor/1.0.0',
  },
  body: JSON.stringify({ version: input('version'), changelog: input('changelog') }),
});
await response.text();
if (!response.ok) process.exitCode = 1;
