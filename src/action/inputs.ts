import type { Env, Inputs } from '../core/inputs.js';

const PREFIX = 'INPUT_';

/** The runner passes input `some-name` as INPUT_SOME-NAME: hyphens are kept. */
export function readRunnerInput(env: Env, name: string): string {
  return env[`${PREFIX}${name.replaceAll(' ', '_').toUpperCase()}`] ?? '';
}

/** Every `INPUT_*` variable as an input by name, for the core's `parseSettings`. */
export function inputsFromEnv(env: Env): Inputs {
  const inputs: Record<string, string> = {};
  for (const [variable, value] of Object.entries(env)) {
    if (variable.startsWith(PREFIX) && value !== undefined) {
      inputs[variable.slice(PREFIX.length).toLowerCase()] = value;
    }
  }
  return inputs;
}
