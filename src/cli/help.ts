// `--help`, from the option definitions (the README's table is written from them too).
import { ACTION_NAME } from '../core/meta.js';
import { flagOf, KEY_VARIABLE, OPTIONS } from './options.js';

export function helpText(): string {
  const flags = OPTIONS.map(flagOf);
  const width = Math.max(...flags.map((text) => text.length));
  const lines = OPTIONS.map((option, index) => {
    const fallback = option.fallback === undefined ? '' : ` Default: ${option.fallback}.`;
    return `  ${(flags[index] ?? '').padEnd(width)}  ${option.description}${fallback}`;
  });
  return [
    `Usage: ${ACTION_NAME} [deploy] [options]   update the listings to this release`,
    `       ${ACTION_NAME} listings [options]   list the listings the key's account owns`,
    '',
    `The key comes from ${KEY_VARIABLE}, --api-key-file or --api-key-stdin, never from an argument.`,
    'Each option of what to send and how may also come from a variable LISTING_AUTO_DEPLOY_<OPTION>',
    '(e.g. LISTING_AUTO_DEPLOY_BASE_URL for --base-url); a flag wins over its variable.',
    '',
    'Options:',
    ...lines,
    '',
    'Exit status: 0 every listing updated or skipped, 1 a listing failed, 2 stopped before any',
    'request (a usage, option, key, version or changelog error).',
    '',
  ].join('\n');
}
