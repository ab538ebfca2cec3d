export type Problem = { readonly title: string; readonly message: string };

export type Note = Problem & { readonly level: 'warning' | 'notice' };
