// Encoding repair and missing values: Windows-1252 bytes inside UTF-8, double-encoded UTF-8, the City's blanks.
import { describe, expect, it } from 'vitest';
import { createMixedDecoder, decodeMixed, repairMojibake } from '../../../pipeline/lib/encoding.ts';
import { toMissing } from '../../../pipeline/lib/missing.ts';

describe('toMissing', () => {
  it('turns the City blanks into null and trims the rest', () => {
    for (const blank of [undefined, null, '', ' ', '   ', '\t', 'None', ' None ', 'null']) expect(toMissing(blank)).toBeNull();
    expect(toMissing('  Toronto ')).toBe('Toronto');
    expect(toMissing('0')).toBe('0');
  });

  it('keeps texts the City does not use as blanks', () => {
    for (const kept of ['NA', 'NULL', 'none', 'Nonesuch', 'N/A']) expect(toMissing(kept)).toBe(kept);
  });
});

describe('decodeMixed', () => {
  it('reads stray Windows-1252 bytes inside UTF-8', () => {
    const bytes = Buffer.from([...Buffer.from('Toronto'), 0x92, ...Buffer.from('s caf\u00e9 '), 0x93, 0x41, 0x94, 0x20, 0xe9, 0x80]);
    expect(decodeMixed(bytes)).toBe('Toronto’s café “A” é€');
  });

  it('passes valid UTF-8 through, including 4-byte characters, and drops a leading BOM', () => {
    const text = 'Bailão – “ok” 😀';
    expect(decodeMixed(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toBe(text);
  });

  it('treats truncated and overlong sequences as single Windows-1252 bytes', () => {
    expect(decodeMixed(Buffer.from([0x61, 0xe2, 0x80, 0x62]))).toBe('aâ€b');
    expect(decodeMixed(Buffer.from([0xc0, 0xaf]))).toBe('À¯');
    expect(decodeMixed(Buffer.from([0xed, 0xa0, 0x80]))).toBe('í\u00a0€'); // a UTF-16 surrogate is not UTF-8
  });
});

describe('createMixedDecoder', () => {
  const text = 'aé’b😀 – ã';
  it('joins multi-byte characters split across chunks', () => {
    const bytes = Buffer.from(text);
    const d = createMixedDecoder();
    let out = '';
    for (const b of bytes) out += d.write(Uint8Array.of(b));
    expect(out + d.end()).toBe(text);
  });

  it('decodes a Windows-1252 byte at a chunk edge, and an unfinished sequence at the end', () => {
    const d = createMixedDecoder();
    const out = d.write(Buffer.from([0x61, 0xc3])) + d.write(Buffer.from([0x20, 0x92])) + d.write(Buffer.from([0xe2, 0x80])) + d.end();
    expect(out).toBe('aÃ ’â€');
  });
});

describe('repairMojibake', () => {
  it.each([
    ['BailÃ£o', 'Bailão'],
    ['canadÃ¡', 'canadá'],
    ['Itâ€™s', 'It’s'],
    ['â€œgrantâ€\u009d', '“grant”'],
    ['caf\u00c3\u00a9 MontrÃ©al', 'café Montréal'],
    ['20Â°C', '20°C'],
    ['Å\u0093uvre', 'œuvre'],
    ['ÃƒÂ£', 'ã'], // encoded twice over
    ['ðŸ˜€', '😀'],
  ])('repairs %s', (broken, fixed) => {
    expect(repairMojibake(broken)).toBe(fixed);
  });

  it.each(['Ã', 'Ã alone', 'São Paulo', 'Bailão', 'CAFÉ–BAR', 'Åsa', 'Âge', 'â€', 'plain text', '', 'Château «x»', 'Äpfel', 'Ã©'.slice(0, 1) + ' ok'])(
    'leaves legitimate text alone: %s',
    (text) => {
      expect(repairMojibake(text)).toBe(text);
    },
  );
});
