// What the user reads as an annotation: a problem (the step, or one listing, failed) or a note (a
// warning or a notice that fails nothing). The engine makes them; the report and both front ends
// show them, so they live on the ground floor, importing nothing.

/** What the user reads when the step fails: one annotation. */
export interface Problem {
  readonly title: string;
  readonly message: string;
}

/** A warning or a notice, titled: an annotation that fails nothing. */
export interface Note extends Problem {
  readonly level: 'warning' | 'notice';
}
