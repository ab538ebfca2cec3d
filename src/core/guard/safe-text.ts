import { randomBytes } from 'node:crypto';

/** The runner reads the legacy `##[command]` form anywhere in a line: `\u0023` breaks it up. */
export function breakLegacyCommands(text: string): string {
  return text.replaceAll('##[', '#\\u0023[');
}

export function quote(text: string): string {
  return breakLegacyCommands(JSON.stringify(text));
}

export function commandFree(line: string): string {
  const oneLine = line.replace(/[\r\n\u2028\u2029]+/g, ' ');
  // The runner trims lines as .NET does, NEL (U+0085) included, before it looks for `::`.
  return breakLegacyCommands(oneLine).replace(/^([\s\u0085]*)::/, '$1: :');
}

export function verbatimBlock(text: string, token = randomBytes(16).toString('hex')): string[] {
  return [`::stop-commands::${token}`, ...text.split(/\r\n|\r|\n/), `::${token}::`];
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '|': '&#124;',
};

/** Markup as character references: `&<>"`, and `'` and `|` too unless `characters` says fewer. */
export function escapeHtml(text: string, characters = /[&<>"'|]/g): string {
  return text.replace(characters, (character) => ENTITIES[character] ?? character);
}

/** At most `maxBytes` of UTF-8, never ending in a split character. */
export function cutUtf8(text: string, maxBytes: number): string {
  const { read } = new TextEncoder().encodeInto(text, new Uint8Array(maxBytes));
  return text.slice(0, read);
}
