export interface Problem {
  readonly title: string;
  readonly message: string;
}

/** An annotation that fails nothing. */
export interface Note extends Problem {
  readonly level: 'warning' | 'notice';
}
