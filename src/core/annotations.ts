export interface Problem {
  readonly title: string;
  readonly message: string;
}

export interface Note extends Problem {
  readonly level: 'warning' | 'notice';
}
