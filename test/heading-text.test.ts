import { Parser } from 'commonmark';
import { describe, expect, it, vi } from 'vitest';

// EVERY_LABEL_DEFINED is a module constant, made once when the module loads. Each test loads it
// afresh, so a mutation run, which runs only the tests that evaluated a mutant, runs these against it.
async function load() {
  vi.resetModules();
  return import('../src/core/heading-text.js');
}

/** The heading that `markdown` opens with, its inline content parsed. */
function heading(markdown: string) {
  const node = new Parser().parse(markdown).firstChild;
  if (node?.type !== 'heading') throw new Error(`not a heading: ${markdown}`);
  return node;
}

describe('plainText: a heading as plain text (SPEC 7.2)', () => {
  it.each([
    ['# 1.2.3 - 2026-11-01', '1.2.3 - 2026-11-01'],
    ['# [1.2.3](https://example.test/compare) *2026-11-01*', '1.2.3 2026-11-01'],
    ['# **Version** `1.2.3`', 'Version 1.2.3'],
    ['# <span>1.2.3</span> notes', '1.2.3 notes'],
    ['# 1.2.3 &amp; 1.2.4', '1.2.3 & 1.2.4'],
    // Whitespace inside code and entities collapsed, and none kept at either end.
    ['# `1.2.3  -  rc`', '1.2.3 - rc'],
    ['# &#32;1.2.3&#32;&#32;x&#32;', '1.2.3 x'],
    // A soft break and both hard breaks of a setext heading read as a space.
    ['Release\n1.2.3\n===', 'Release 1.2.3'],
    ['Release\\\n1.2.3\n===', 'Release 1.2.3'],
    ['Release  \n1.2.3\n===', 'Release 1.2.3'],
  ])('%j reads %j', async (markdown, text) => {
    const { plainText } = await load();
    expect(plainText(heading(markdown))).toBe(text);
  });
});

describe('EVERY_LABEL_DEFINED: every label reads as defined', () => {
  it.each(['1.2.3', 'unreleased', '', 'constructor'])(
    'label %j has an empty definition',
    async (label) => {
      const { EVERY_LABEL_DEFINED } = await load();
      expect(EVERY_LABEL_DEFINED[label]).toEqual({ destination: '', title: '' });
    },
  );

  it('reads a symbol key as undefined, as for a plain object', async () => {
    const { EVERY_LABEL_DEFINED } = await load();
    expect(Reflect.get(EVERY_LABEL_DEFINED, Symbol.iterator)).toBeUndefined();
  });
});
