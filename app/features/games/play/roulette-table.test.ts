import { describe, expect, it } from 'vitest';
import { cellName, TABLE_CELLS } from './roulette-table.tsx';

describe('roulette table names (issue 34 §6, WCAG 2.5.3 label in name)', () => {
  it('every cell’s accessible name contains the text it shows', () => {
    expect(TABLE_CELLS).toHaveLength(49);
    for (const cell of TABLE_CELLS) expect(cellName(cell), cell.text).toContain(cell.text);
  });

  it('names the column and dozen boxes by what they are and what they show', () => {
    const named = (type: string, index?: number) =>
      cellName(TABLE_CELLS.find((cell) => cell.spot.type === type && (index === undefined || ('index' in cell.spot && cell.spot.index === index)))!);
    expect(named('column', 1)).toBe('Column 1, 2:1');
    expect(named('dozen', 2)).toBe('Dozen 13 to 24, 2nd 12');
    expect(named('low')).toBe('Low 1–18');
    expect(named('red')).toBe('Red');
    expect(cellName({ spot: { type: 'straight', numbers: [17] }, text: '17' })).toBe('Straight 17');
  });
});
