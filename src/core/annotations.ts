// What the user reads as an annotation. Many layers show them, so they live on the ground floor,
// importing nothing.

export interface Problem {
  readonly title: string;
  readonly message: string;
}

/** An annotation that fails nothing. */
export interface Note extends Problem {
  readonly level: 'warning' | 'notice';
}
