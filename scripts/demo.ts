// `npm run demo`: the committed action against the local marketplace, as a tag push runs it.
import { Emulator, KEYS } from '../test/support/emulator.ts';
import { type RunResult, runAction, tagPush } from '../test/support/runner.ts';

const emulator = new Emulator();
const baseUrl = await emulator.start();

function show(title: string, text: string): void {
  console.log(`\n\x1b[1m── ${title} ${'─'.repeat(Math.max(0, 70 - title.length))}\x1b[0m`);
  console.log(text.trimEnd());
}

function report(result: RunResult, requestsBefore: number): void {
  // The runner hides add-mask lines and the key wherever it appears; so does this demo.
  const log = result.stdout
    .split('\n')
    .map((line) => (line.startsWith('::add-mask::') ? '::add-mask::***' : line))
    .join('\n');
  show('Step log (stdout, as the runner reads it)', log);
  show(`Exit code`, String(result.code));
  const received = emulator.requests
    .slice(requestsBefore)
    // The GET that checks the order of versions has no body; a PATCH has its JSON.
    .map(({ method, path, headers, body }) => ({
      method,
      path,
      headers,
      ...(body === '' ? {} : { body: JSON.parse(body) }),
    }));
  show('What the marketplace received (key shown as ***)', JSON.stringify(received, null, 2));
  show('Step outputs', JSON.stringify(result.outputs, null, 2));
  show('Job summary (HTML)', result.summary);
}

try {
  console.log(
    `Local marketplace at ${baseUrl}; listing asset-1 is at version ${emulator.listings.get('asset-1')?.version}.`,
  );
  console.log('Running dist/index.js as a push of tag v1.2.3 with strip-tag-prefix: v …');
  const success = await runAction({
    inputs: {
      'listing-id': 'asset-1',
      'api-key': KEYS.creator,
      'base-url': baseUrl,
      'strip-tag-prefix': 'v',
    },
    trigger: tagPush('v1.2.3'),
  });
  report(success, 0);
  console.log(`\nListing asset-1 is now at version ${emulator.listings.get('asset-1')?.version}.`);

  console.log('\nAnd with a revoked key, the step fails with one annotation:');
  const before = emulator.requests.length;
  const failure = await runAction({
    inputs: { 'listing-id': 'asset-1', 'api-key': KEYS.revoked, 'base-url': baseUrl },
    trigger: tagPush('v1.2.4'),
  });
  show(
    'Annotation',
    failure.errors.map((e) => `${e.command} "${e.properties.title}": ${e.data}`).join('\n'),
  );
  show('Exit code', String(failure.code));
  if (success.code !== 0 || failure.code !== 1 || emulator.requests.length !== before + 1)
    process.exitCode = 1;
} finally {
  await emulator.stop();
}
