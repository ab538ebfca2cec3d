// The floor of `npm run bench` for the action: the plain action a maintainer writes with the same
// packages, imported as published: inputs and the mask through @actions/core, the event through
// @actions/github's context, the one GET of the list (unless `if-older` is `deploy`) and a PATCH
// per listing with the built-in fetch, then the outputs. bench.ts bundles it with ncc, as the
// action is bundled, into a temporary folder.
import * as core from '@actions/core';
import * as github from '@actions/github';

const key = core.getInput('api-key', { required: true });
core.setSecret(key);
const { eventName, ref } = github.context;
core.info(`Event ${eventName} on ${ref}`);
const base = core.getInput('base-url').replace(/\/+$/, '');
const headers = {
  'x-api-key': key,
  'content-type': 'application/json',
  accept: 'application/json',
  'user-agent': 'floor/1.0.0',
};
if (core.getInput('if-older') !== 'deploy') {
  const list = await fetch(`${base}/listings`, { redirect: 'manual', headers });
  await list.json();
  await new Promise((resolve) => setImmediate(resolve));
}
const version = core.getInput('version');
const body = JSON.stringify({ version, changelog: core.getInput('changelog') });
let status = 0;
for (const id of core.getMultilineInput('listing-id')) {
  const response = await fetch(`${base}/listings/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    redirect: 'manual',
    headers,
    body,
  });
  await response.text();
  status = response.status;
  if (!response.ok) core.setFailed(`HTTP ${response.status}`);
  await new Promise((resolve) => setImmediate(resolve));
}
core.setOutput('version', version);
core.setOutput('status', String(status));
