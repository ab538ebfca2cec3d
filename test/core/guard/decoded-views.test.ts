import { describe, expect, it } from 'vitest';
import {
  byteString,
  decodedViews,
  decodeHtml,
  decodeJson,
  decodePercent,
  foldText,
} from '../../../src/core/guard/decoded-views.js';

const bytes = (text: string) => byteString(text);

describe('byteString', () => {
  it('is the UTF-8 bytes, one character per byte', () => {
    expect(byteString('aé✓')).toBe('a\xc3\xa9\xe2\x9c\x93');
    expect(byteString('')).toBe('');
  });
});

describe('decodeJson', () => {
  it.each([
    ['\\u0041\\u00e9', bytes('Aé')],
    ['\\u004A\\u004a', 'JJ'],
    ['\\uD83D\\uDE00', bytes('😀')],
    ['\\ud83d\\ude00', bytes('😀')],
    ['\\uDBFF\\uDFFF', bytes('\u{10ffff}')],
    ['\\ud800x', '\xef\xbf\xbdx'],
    ['\\x41\\x4a\\x4B', 'AJK'],
    ['\\"\\\'\\\\\\/', `"'\\/`],
    ['\\b\\f\\n\\r\\t', '\b\f\n\r\t'],
    ['\\\\u0041', '\\u0041'],
    ['\\u004', '\\u004'],
    ['\\uGGGG \\q \\x4', '\\uGGGG \\q \\x4'],
    ['\\uFFFF', bytes('\uffff')],
    ['plain', 'plain'],
  ])('%j → %j', (text, expected) => {
    expect(decodeJson(text)).toBe(expected);
  });
});

describe('decodePercent', () => {
  it.each([
    ['%41%4a%4B%2f', 'AJK/'],
    ['%C3%A9', bytes('é')],
    ['%fF%00', '\xff\x00'],
    ['%4 %G1 %', '%4 %G1 %'],
    ['%2541', '%41'],
    ['a+b', 'a+b'],
  ])('%j → %j', (text, expected) => {
    expect(decodePercent(text)).toBe(expected);
  });

  it('decodes + as a space in form encoding', () => {
    expect(decodedViews('a+b%2B', false, true)).toContain('a b+');
  });
});

describe('decodeHtml', () => {
  it.each([
    ['&#65;&#x4A;&#x4b;&#X4C;', 'AJKL'],
    ['&#65&#x42', 'AB'],
    ['&#233;', bytes('é')],
    ['&#1114111;', bytes('\u{10ffff}')],
    ['&#1114112;', '&#1114112;'],
    ['&#x110000;', '&#x110000;'],
    ['&#x10FFFF;', bytes('\u{10ffff}')],
    ['&#12345678;', '&#12345678;'],
    ['&amp;&lt;&gt;&quot;&apos;', `&<>"'`],
    ['&quot;;&#65;;&#x42;;', '";A;B;'],
    ['&AMP;&LT;&GT;&QUOT;', '&<>"'],
    ['&amp &lt &gt &quot x', '& < > " x'],
    ['&ampx &unknown; &Amp;', '&ampx &unknown; &Amp;'],
    ['&a; &abcdefghijklmnopq;', '&a; &abcdefghijklmnopq;'],
    ['&Tab;&NewLine;', '\t\n'],
    ['&excl;&num;&dollar;&percnt;&lpar;&rpar;&ast;&midast;', '!#$%()**'],
    ['&plus;&comma;&period;&sol;&colon;&semi;&equals;&quest;&commat;', '+,./:;=?@'],
    ['&lsqb;&lbrack;&bsol;&rsqb;&rbrack;&Hat;&lowbar;&UnderBar;', '[[\\]]^__'],
    [
      '&grave;&DiacriticalGrave;&lcub;&lbrace;&verbar;&vert;&VerticalLine;&rcub;&rbrace;',
      '``{{|||}}',
    ],
  ])('%j → %j', (text, expected) => {
    expect(decodeHtml(text)).toBe(expected);
  });
});

describe('decodedViews for a secret with a space', () => {
  it('turns runs of whitespace and controls into one space', () => {
    expect(decodedViews('a \r\n\t\x00\x1f\x7f b c', false, true)).toContain('a b c');
    expect(decodedViews('a!~b', false, true)).toEqual(['a!~b']);
  });
});

describe('foldText', () => {
  it.each([
    ['\uff4d\uff4b\uff3f\uff4c\uff49\uff56\uff45', 'mk_live'],
    ['\u{1d400}\u{1d41b} \u{1d7ce}\t\ufb01\n\u00b2', 'Ab 0\tfi\n2'],
    ['caf\u00e9 \u212b', 'caf\u00e9 \u00c5'],
    // Spaces stay as written, a wide space as well.
    ['\uff41\u3000\uff42\u00a0\uff43\u2003\uff44', 'a\u3000b\u00a0c\u2003d'],
    ['plain text', 'plain text'],
  ])('%j → %j', (text, expected) => {
    expect(foldText(text)).toBe(expected);
  });
});

describe('decodedViews of base64', () => {
  const key = 'mk_live_secret!';
  it('decodes a blob at every phase, wrapped across lines, in either alphabet', () => {
    for (const before of ['', 'a', 'ab', 'abc']) {
      for (const encoding of ['base64', 'base64url'] as const) {
        const blob = Buffer.from(`xy${key}`)
          .toString(encoding)
          .replace(/(.{6})/g, '$1\r\n ');
        const views = decodedViews(`id ${before}${blob}`);
        expect(views.some((view) => view.includes(key))).toBe(true);
      }
    }
  });

  it("reads base64url's `-` and `_` as base64's `+` and `/`", () => {
    const bytes = Buffer.from('fbefbeffffff'.repeat(2), 'hex');
    expect(bytes.toString('base64url')).toBe('----____----____');
    expect(decodedViews('----____----____')).toContain(bytes.toString('latin1'));
  });

  it('decodes only runs long enough to hold 8 bytes, joined by NUL', () => {
    expect(decodedViews('QUJDREVGR0g=')).toEqual([
      'QUJDREVGR0g=',
      'ABCDEFGH',
      Buffer.from('UJDREVGR0g', 'base64').toString('latin1'),
      Buffer.from('JDREVGR0g', 'base64').toString('latin1'),
      Buffer.from('DREVGR0g', 'base64').toString('latin1'),
    ]);
    expect(decodedViews('QUJDREVGR0,short.words=only')).toEqual(['QUJDREVGR0,short.words=only']);
    // Whitespace is removed first: a blob wrapped across lines is one run.
    expect(decodedViews('QUJDREVG\n R0g=')).toContain('ABCDEFGH');
    expect(decodedViews('QUJDREVGR0h.QUJDREVGR0h')).toContain('ABCDEFGH\0ABCDEFGH');
  });

  it('decodes a short run at the end of a cut text, and only there', () => {
    expect(decodedViews('QUJDREVGR0h,QUJD', true)).toContain('ABCDEFGH\0ABC');
    expect(decodedViews('QUJD.QUJDREVGR0h', true)).toContain('ABCDEFGH');
    expect(decodedViews('QUJD.QUJDREVGR0h', true)).not.toContain('ABC\0ABCDEFGH');
    expect(decodedViews('QUJD', true)).toContain('ABC');
    expect(decodedViews('', true)).toEqual(['']);
    // A text that ends in no run: its last run is not cut.
    expect(decodedViews('QUJDREVGR0h,QUJD.', true)).toContain('ABCDEFGH');
    expect(decodedViews('QUJDREVGR0h,QUJD.', true)).not.toContain('ABCDEFGH\0ABC');
    expect(decodedViews('QUJD.', true)).toEqual(['QUJD.']);
  });

  it.each([
    ['QUJD%', 'ABC'],
    ['QUJD%2', 'ABC'],
    ['QUJD\\', 'ABC'],
    ['QUJD\\u00', 'ABC'],
    ['QUJD&#x2', 'ABC'],
  ])('decodes the run a cut text ends in before a half-written escape: %j', (text, start) => {
    expect(decodedViews(`QUJDREVGR0h,${text}`, true)).toContain(`ABCDEFGH\0${start}`);
    expect(decodedViews(`QUJDREVGR0h,${text}`)).not.toContain(`ABCDEFGH\0${start}`);
  });
});

describe('decodedViews of hex', () => {
  it.each([
    ['6d6b5f6c6976655f', 'mk_live_'],
    ['6D6B5F6C6976655F', 'mk_live_'],
    ['x6d6b5f6c6976655f', 'mk_live_'],
    ['6d 6b 5f 6c\n69:76:65:5f', 'mk_live_'],
    ['\\x6d\\x6b\\x5f\\x6c\\x69\\x76\\x65\\x5f', 'mk_live_'],
    ['0x6d 0x6b 0X5f 0x6c 0x69 0x76 0x65 0x5f', 'mk_live_'],
  ])('%j holds %j', (text, expected) => {
    expect(decodedViews(text).some((view) => view.includes(expected))).toBe(true);
  });

  it('decodes at both digit phases, only runs of 16 digits or more', () => {
    const oddPhase = (digits: string) => Buffer.from(digits, 'hex').toString('latin1');
    expect(decodedViews('a6d6b5f6c6976655f')).toContain(oddPhase('a6d6b5f6c6976655f'));
    expect(decodedViews('a6d6b5f6c6976655f')).toContain('mk_live_');
    expect(decodedViews('6d6b5f6c6976655 g 6d6b5f6c6976655f')).toContain('mk_live_');
    expect(decodedViews('6d6b5f6c6976655 g 6d6b5f6c6976655f')).toContain(
      oddPhase('d6b5f6c6976655f'),
    );
    expect(decodedViews('6d6b5f6c 6976655f', true)).toContain('mk_live_');
    expect(decodedViews('zz 6d6b', true)).toContain('mk');
    expect(decodedViews('6d6b5f6c6976655f,6d6b.', true)).toContain('mk_live_');
    expect(decodedViews('6d6b5f6c6976655f,6d6b.', true)).not.toContain('mk_live_\0mk');
    expect(decodedViews('6d6b5f6c6976655f6d', true)).toContain('mk_live_m');
    expect(decodedViews('zz 6d6b\\', true)).toContain('mk');
    expect(decodedViews('zz 6d6b%', true)).toContain('mk');
    expect(decodedViews('6d6b', false)).toEqual(['6d6b']);
    expect(decodedViews('zz 6d6b')).toEqual(['zz 6d6b']);
    expect(decodedViews('6d6b5f6c6976655f,6d6b5f6c6976655f')).toContain('mk_live_\0mk_live_');
    expect(decodedViews('0x6d0x6b0x5f0x6c0x690x760x650x5f')).toContain('mk_live_');
    expect(decodedViews('0x6d0x6b0x5f0x6c0x690x760x650x5f')).toContain(oddPhase('d6b5f6c6976655f'));
  });
});

describe('decodedViews', () => {
  it('is the text alone when nothing decodes', () => {
    expect(decodedViews('plain words')).toEqual(['plain words']);
  });

  it('decodes twice, in any order', () => {
    const views = decodedViews('%5Cu0041 &amp;#66; \\\\u0043 %2541');
    for (const part of ['\\u0041', 'A', '&#66;', 'B', '\\u0043', 'C', '%41']) {
      expect(views.some((view) => view.includes(part))).toBe(true);
    }
    expect(new Set(views).size).toBe(views.length);
  });

  it('decodes base64 and hex of the decoded views, and text escapes inside base64', () => {
    const escaped = JSON.stringify('mk_live_"quoted"');
    const blob = Buffer.from(`{"k":${escaped}}`).toString('base64');
    const views = decodedViews(
      `${blob} ${JSON.stringify(Buffer.from('ABCDEFGH').toString('hex'))}`,
    );
    expect(views.some((view) => view.includes('mk_live_"quoted"'))).toBe(true);
    expect(views.some((view) => view.includes('ABCDEFGH'))).toBe(true);
    const inJson = JSON.stringify({ b: Buffer.from('mk_live_??>').toString('base64') }).replaceAll(
      '/',
      '\\/',
    );
    expect(decodedViews(inJson).some((view) => view.includes('mk_live_??>'))).toBe(true);
  });

  it('decodes base64 in the text and its first decodings only, as docs/what-is-sent.md says', () => {
    const blob = Buffer.from('mk_live_??>ABC').toString('base64');
    const once = blob.replaceAll('/', '%2F');
    const twice = blob.replaceAll('/', '%252F');
    const fullwidth = [...blob]
      .map((c) => (/[A-Za-z0-9]/.test(c) ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c))
      .join('');
    const holds = (text: string) =>
      decodedViews(bytes(text)).some((view) => view.includes('mk_live_??>'));
    expect([blob, once, twice, fullwidth].map(holds)).toEqual([true, true, false, false]);
  });

  it('folds compatibility characters in every text view, and only when that changes it', () => {
    const views = decodedViews(bytes('\uff4d\uff4b %EF%BD%8C \\uff49 &#xff56;'));
    for (const part of ['mk', 'l', 'i', 'v']) {
      expect(views.some((view) => view.includes(part))).toBe(true);
    }
    expect(decodedViews(bytes('caf\u00e9'))).toEqual([bytes('caf\u00e9')]);
  });

  it('mixes text decodings twice, no more', () => {
    expect(decodedViews('\\u002526amp;')).toEqual(['\\u002526amp;', '%26amp;', '&amp;']);
  });

  it(`applies one text decoding up to 4 times over itself`, () => {
    const levels = ['\\u0041'];
    for (let i = 0; i < 4; i++) levels.push(JSON.stringify(levels.at(-1)).slice(1, -1));
    expect(decodedViews(levels[3] as string)).toContain('A');
    expect(decodedViews(levels[4] as string)).not.toContain('A');
    expect(decodedViews(levels[4] as string)).toContain('\\u0041');
  });

  it.each([
    'QUJDREVGR0hJ\\u0020',
    'QUJDREVGR0hJS0xN',
    '%51UJDREVGR0hJS0xN \\u0051UJDREVGR0hJS0xN',
    '6d6b5f6c6976655f \\x6d',
  ])('gives each view once: %j', (text) => {
    const views = decodedViews(text);
    expect(new Set(views).size).toBe(views.length);
  });

  it('applies extra decoders, and base64 of a cut end', () => {
    expect(decodedViews('a+b', false, true)).toEqual(['a+b', 'a b']);
    expect(decodedViews('QUJD', true)).toContain('ABC');
    expect(decodedViews('QUJD', false)).toEqual(['QUJD']);
  });
});
