import * as core from '@actions/core';
import type { Inputs } from '../core/inputs.js';
import { SETTING_NAMES } from '../core/words.js';

/** A workflow expression as action.yml writes a default, e.g. `${{ github.token }}`. */
const EXPRESSION = /^\$\{\{[\s\S]*\}\}$/;

/**
 * One input as the workflow wrote it, untrimmed: the key is masked in every spelling the runner
 * may print, trimmed or not, and the core trims what it reads. The runner expands a default of
 * action.yml before the step starts; a run from source with @github/local-action passes it as
 * written, and an expression left unexpanded counts as not given.
 */
export function readRunnerInput(name: string): string {
  const value = core.getInput(name, { trimWhitespace: false });
  return EXPRESSION.test(value.trim()) ? '' : value;
}

/** Every input of action.yml by name, for the core's `parseSettings`. */
export function actionInputs(): Inputs {
  return Object.fromEntries(SETTING_NAMES.map((name) => [name, readRunnerInput(name)]));
}
