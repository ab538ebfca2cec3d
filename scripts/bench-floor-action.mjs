// The floor of `npm run bench` for the action: the plain action a maintainer writes with the same
// packages, imported as published: inputs and the mask through @actions/core, the event through
// @actions/github's context, the one GET of the list (unless `if-older` is `deploy`) and a PATCH
// per listing with the built-in fetch, then the outputs. Without a `version` input, the version is
// the tag and the changelog the notes of its release, read with @actions/github's client as
// published. bench.ts bundles it with ncc, as the action is bundled, into a temporary folder.
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
let version = core.getInput('version');
let changelog = core.getInput('changelog');
if (version === '') {
  const tag = ref.replace(/^refs\/tags\//, '');
  const octokit = github.getOctokit(core.getInput('github-token'));
  const { owner, repo } = github.context.repo;
  const { data } = await octokit.rest.repos.getReleaseByTag({ owner, repo, tag });
  const prefix = core.getInput('strip-tag-prefix');
  version = prefix !== '' && tag.startsWith(prefix) ? tag.slice(prefix.length) : tag;
  changelog = data.body ?? '';
}
const body = JSON.stringify({ version, changelog });
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
