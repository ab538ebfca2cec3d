/** A reason to stop before any request while deciding what to send: one annotation, titled. */
export class ResolveError extends Error {
  constructor(
    readonly title: string,
    message: string,
  ) {
    super(message);
    this.name = 'ResolveError';
  }
}
