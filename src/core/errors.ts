// Every error the engine and its front ends throw on purpose, in one place. Each one the user can
// read is a StepError: it carries the title and message shown, so a front end reports any of them
// alike (refusals.ts), and anything else that reaches a front end is a bug.
import type { Failure } from './attempt.js';
import type { SettingName, Words } from './words.js';

/** An error the user reads: one annotation, titled. */
export abstract class StepError extends Error {
  constructor(
    readonly title: string,
    message: string,
  ) {
    super(message);
  }
}

/** A setting the user gave is not acceptable. The message names the setting, never its value. */
export class InputError extends StepError {
  override name = 'InputError';

  constructor(
    words: Words,
    readonly input: SettingName,
    message: string,
  ) {
    super(words.invalid(input), message);
  }
}

/** A proxy variable that is not an http(s) URL. The message names the variable, never its value. */
export class ProxySettingError extends StepError {
  override name = 'ProxySettingError';

  constructor(readonly variable: string) {
    super(
      `Invalid proxy setting: ${variable}`,
      `The environment variable ${variable} is not a proxy URL. Set it to http://host:port ` +
        '(or https://), with user:password@ before the host when the proxy needs credentials, ' +
        'or unset it.',
    );
  }
}

/** A reason to stop before any request while deciding what to send. */
export class ResolveError extends StepError {
  override name = 'ResolveError';
}

/** The changelog file is missing, too large, or has no section (or an empty one) for the version. */
export class ChangelogFileError extends ResolveError {
  override name = 'ChangelogFileError';
}

/** The command line cannot be read as written (the command only). */
export class UsageError extends StepError {
  override name = 'UsageError';

  constructor(
    message: string,
    /** What the problem is called: a missing key is not a usage error. */
    title = 'Usage',
  ) {
    super(title, message);
  }
}

/**
 * An attempt of the step's transport that got no answer, thrown to a fetch-shaped client (the
 * GitHub client) and caught back from it, so that the same classification of failures reaches its
 * messages. It never reaches a user as such, so it is not a StepError.
 */
export class TransportError extends Error {
  override name = 'TransportError';

  constructor(readonly failure: Failure) {
    super(`no answer (${failure.code})`);
  }
}
