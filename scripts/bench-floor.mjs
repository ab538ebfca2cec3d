// The floor of `npm run bench`: a bare Node script that sends the same requests as the action with
// the built-in fetch, reading the same INPUT_* variables, and exits: the one GET of the list that
// the defaults send, unless `if-older` is `deploy`, then a PATCH per listing. Between requests it
// lets one tick pass, so that fetch keeps its one connection: sent in the tick in which the previous
// answer ended, the next request finds that connection still busy and opens a second.
const input = (name) => process.env[`INPUT_${name.toUpperCase()}`] ?? '';
const base = input('base-url').replace(/\/+$/, '');
const headers = {
  'x-api-key': input('api-key'),
  'content-type': 'application/json',
  accept: 'application/json',
  'user-agent': 'floor/1.0.0',
};
if (input('if-older') !== 'deploy') {
  const list = await fetch(`${base}/listings`, { redirect: 'manual', headers });
  await list.json();
  await new Promise((resolve) => setImmediate(resolve));
}
const body = JSON.stringify({ version: input('version'), changelog: input('changelog') });
// One PATCH per listing, in order, as the action sends them.
for (const id of input('listing-id')
  .split(/[\r\n,]+/)
  .filter(Boolean)) {
  const response = await fetch(`${base}/listings/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    redirect: 'manual',
    headers,
    body,
  });
  await response.text();
  if (!response.ok) process.exitCode = 1;
  await new Promise((resolve) => setImmediate(resolve));
}
