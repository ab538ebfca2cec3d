import type { Failure } from './attempt.js';
import type { SettingName, Words } from './words.js';

export abstract class StepError extends Error {
  readonly title: string;
  constructor(title: string, message: string) {
    super(message);
    this.title = title;
  }
}

export class InputError extends StepError {
  constructor(words: Words, input: SettingName, message: string) {
    super(words.invalid(input), message);
  }
}

export class ProxySettingError extends StepError {
  constructor(readonly variable: string) {
    super(
      `Invalid proxy setting: ${variable}`,
      `The environment variable ${variable} is not a proxy URL. Set it to http://host:port (or https://), with user:password@ before the host when the proxy needs credentials, or unset it.`,
    );
  }
}

export class ResolveError extends StepError {}

export class UsageError extends StepError {
  constructor(message: string, title = 'Usage') {
    super(title, message);
  }
}

// Thrown to a fetch-shaped client (GitHub's) and caught back: never shown as such.
export class TransportError extends Error {
  override name = 'TransportError';

  constructor(readonly failure: Failure) {
    super(`no answer (${failure.code})`);
  }
}
