import { describe, expect, it } from 'vitest';
import { chartPalette, colourDistance, contrastRatio, OKABE_ITO } from './chart-palette';

const BRIGHTWAVE = '#0f766e';
const NORTHWIND = '#0b4f8a';

describe('chartPalette', () => {
  it("starts with the partner's primary colour", () => {
    expect(chartPalette(BRIGHTWAVE)[0]).toBe(BRIGHTWAVE);
    expect(chartPalette(NORTHWIND)[0]).toBe(NORTHWIND);
  });

  it('follows with the Okabe-Ito colours, skipping those too close to the primary', () => {
    // Beside Brightwave's teal or Northwind's blue, Okabe-Ito's blue and bluish green would read as the same series.
    expect(chartPalette(BRIGHTWAVE)).toEqual([BRIGHTWAVE, '#D55E00', '#CC79A7', '#000000']);
    expect(chartPalette(NORTHWIND)).toEqual([NORTHWIND, '#D55E00', '#CC79A7', '#000000']);
    expect(chartPalette('#e11d48')).toEqual(['#e11d48', '#0072B2', '#CC79A7', '#009E73', '#000000']);
    for (const primary of [BRIGHTWAVE, NORTHWIND]) {
      const [first, ...rest] = chartPalette(primary);
      for (const colour of rest) expect(colourDistance(colour, first ?? '')).toBeGreaterThanOrEqual(100);
    }
  });

  it('uses only colours a bar can be seen in on white (3:1)', () => {
    for (const colour of OKABE_ITO) expect(contrastRatio(colour, '#ffffff')).toBeGreaterThanOrEqual(3);
  });
});
