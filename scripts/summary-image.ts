// `npm run summary-image`: re-makes docs/job-summary.png, the README's picture of the job summary.
// Runs the committed action on a release event against the local marketplace, renders the summary
// it wrote as GitHub does (CommonMark, HTML passed through) inside GitHub-like CSS, and takes a
// screenshot with headless Chromium (`CHROMIUM=/path/to/chrome` to choose the browser).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { HtmlRenderer, Parser } from 'commonmark';
import { Emulator, KEYS } from '../test/support/emulator.ts';
import { ROOT, runAction } from '../test/support/runner.ts';

const NOTES = [
  '## What changed',
  '',
  '- Faster start-up on large projects',
  '- Fixed the preview of `<Material>` nodes',
  '',
  'Thanks to everyone who reported issues!',
].join('\n');

const CSS = `
body { margin: 0; background: #f6f8fa; font: 14px/1.5 -apple-system, "Segoe UI", "Noto Sans",
  Helvetica, Arial, sans-serif; color: #1f2328; }
.box { margin: 16px; background: #fff; border: 1px solid #d1d9e0; border-radius: 6px; }
.head { padding: 12px 16px; border-bottom: 1px solid #d1d9e0; font-weight: 600; }
.body { padding: 8px 24px 16px; }
h3 { font-size: 1.25em; margin: 16px 0 12px; font-weight: 600; }
table { border-collapse: collapse; margin-bottom: 16px; }
th, td { border: 1px solid #d1d9e0; padding: 6px 13px; }
tr:nth-child(2n) { background: #f6f8fa; }
code, pre { font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace; }
code { background: #eff1f3; padding: .2em .4em; border-radius: 6px; }
pre { background: #f6f8fa; padding: 16px; border-radius: 6px; white-space: pre-wrap; }
summary { cursor: pointer; }
`;

function browser(): string {
  const candidates = [process.env.CHROMIUM, 'chromium', 'chromium-browser', 'google-chrome'];
  for (const name of candidates) {
    if (name && spawnSync(name, ['--version'], { stdio: 'ignore' }).status === 0) return name;
  }
  throw new Error('No Chromium found: install it (e.g. apt-get install chromium) or set CHROMIUM.');
}

const emulator = new Emulator();
const base = await emulator.start();
const dir = mkdtempSync(join(tmpdir(), 'summary-image-'));
try {
  const result = await runAction({
    inputs: {
      'listing-id': 'asset-1',
      'api-key': KEYS.creator,
      'base-url': base,
      'strip-tag-prefix': 'v',
    },
    trigger: {
      eventName: 'release',
      ref: 'refs/tags/v1.2.3',
      payload: { action: 'released', release: { tag_name: 'v1.2.3', body: NOTES } },
    },
  });
  if (result.code !== 0) throw new Error(`The action failed:\n${result.stdout}${result.stderr}`);
  // The changelog block is shown open, as after a click.
  const summary = new HtmlRenderer()
    .render(new Parser().parse(result.summary))
    .replace('<details>', '<details open>');
  const page = join(dir, 'summary.html');
  writeFileSync(
    page,
    `<!doctype html><meta charset="utf-8"><style>${CSS}</style>` +
      `<div class="box"><div class="head">deploy summary</div><div class="body">${summary}</div></div>`,
  );
  // Chromium cannot size a screenshot to the page: the height follows the table rows and lines.
  const rows = summary.match(/<tr>/g)?.length ?? 0;
  const lines = NOTES.split('\n').length + (summary.match(/<p>/g)?.length ?? 0) * 2;
  const height = 250 + 34 * rows + 18 * lines;
  mkdirSync(join(ROOT, 'docs'), { recursive: true });
  const output = join(ROOT, 'docs/job-summary.png');
  const shot = spawnSync(
    browser(),
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--hide-scrollbars',
      `--window-size=760,${height}`,
      `--screenshot=${output}`,
      pathToFileURL(page).href,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', timeout: 60_000 },
  );
  if (shot.status !== 0) throw new Error(`Chromium failed:\n${shot.stderr}`);
  console.log(`Wrote ${output}`);
} finally {
  await emulator.stop();
  rmSync(dir, { recursive: true, force: true });
}
