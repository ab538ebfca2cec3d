// Properties of an option's value: the next argument is taken whole, dashes and all, unless it
// names an option of the command, which stays that option and leaves the value missing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../src/cli/args.js';
import { OPTIONS, SETTINGS } from '../../src/cli/options.js';
import { UsageError } from '../../src/core/errors.js';
import { runs } from '../support/property-runs.js';

const NAMES = Object.keys(OPTIONS);
const VALUE_OPTIONS = NAMES.filter((name) => OPTIONS[name]?.value !== undefined);
const FLAG_LETTERS = ['h', 'V'];

/** The rule, said once more: `--`, `--<option>[=…]` (the refused `--api-key` too), `-` and flags. */
function namesAnOption(arg: string): boolean {
  const long = /^--([^=]*)(=|$)/.exec(arg)?.[1];
  if (arg === '--' || (long !== undefined && [...NAMES, 'api-key'].includes(long))) return true;
  return /^-[hV]+$/.test(arg);
}

/** Text that starts with dashes, names or nearly names options, or is anything at all. */
const argument = fc.oneof(
  fc.string(),
  fc.string().map((text) => `-${text}`),
  fc.string().map((text) => `--${text}`),
  fc
    .tuple(
      fc.constantFrom(...NAMES, 'api-key'),
      fc.constantFrom('', '=', '_', 's', '-x'),
      fc.string(),
    )
    .map(([name, joint, rest]) => `--${name}${joint}${rest}`),
  fc
    .array(fc.constantFrom(...FLAG_LETTERS, 'x', 'v', ' '), { minLength: 1, maxLength: 4 })
    .map((letters) => `-${letters.join('')}`),
);

/** What the command line gives for `--option value`, as the option's input or key source. */
function given(option: string, value: string): unknown {
  const line = parseCommandLine([`--${option}`, value], {});
  if (line.inputs === undefined) return undefined;
  if (option === 'api-key-file') return line.key.kind === 'file' ? line.key.path : undefined;
  return line.inputs[SETTINGS[option]?.input ?? option];
}

describe("an option's value", () => {
  it('is the next argument whole when it names no option', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VALUE_OPTIONS), argument, (option, value) => {
        fc.pre(!namesAnOption(value));
        // A blank key path has its own refusal.
        fc.pre(option !== 'api-key-file' || value.trim() !== '');
        expect(given(option, value)).toBe(value);
      }),
      { numRuns: runs(500) },
    );
  });

  it('is missing when the next argument names an option, and the error says how to write it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VALUE_OPTIONS), argument, (option, value) => {
        fc.pre(namesAnOption(value));
        let error: unknown;
        try {
          parseCommandLine([`--${option}`, value], {});
        } catch (thrown) {
          error = thrown;
        }
        expect(error).toBeInstanceOf(UsageError);
        const message = (error as UsageError).message;
        // The refused --api-key says why it is refused; every other option, how to give the value.
        if (!/^--api-key(=|$)/.test(value)) expect(message).toContain(` --${option}=-x.`);
        // Only the name of the option after it is repeated, never what follows its `=`.
        const rest = value.split('=').slice(1).join('=');
        if (rest.length >= 8) expect(message).not.toContain(rest);
      }),
      { numRuns: runs(500) },
    );
  });
});
