import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell } from './csv.ts';

/** The cell as a spreadsheet reads it: unquoted and unescaped. */
const read = (cell: string) => (cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell);

describe('csvCell', () => {
  it('defuses formulas and keeps numbers', () => {
    expect(csvCell('=HYPERLINK("https://evil.example","Click")')).toBe(`"'=HYPERLINK(""https://evil.example"",""Click"")"`);
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('deposit')).toBe('deposit');
    expect(csvCell('a,b')).toBe('"a,b"');
  });

  it('never yields a cell a spreadsheet would run, and otherwise keeps the text', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const text = read(csvCell(value));
        if (/^-?\d+(\.\d+)?$/.test(value)) expect(text).toBe(value);
        else expect(text).not.toMatch(/^[=+\-@\t\r]/);
        expect(text.endsWith(value)).toBe(true);
      }),
    );
  });
});
