import { describe, expect, it } from 'vitest';
import {
  brandColourProblem,
  contrastRatio,
  formatContrast,
  relativeLuminance,
  themeTextOn,
  WHITE,
} from './colour-contrast';

describe('relative luminance and contrast ratio (WCAG 2)', () => {
  it('gives the ends of the scale', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBe(1);
    expect(contrastRatio('#000000', WHITE)).toBe(21);
    expect(contrastRatio('#3366cc', '#3366cc')).toBe(1);
  });

  it('agrees with known pairs, whichever comes first', () => {
    // Published values (WebAIM's contrast checker).
    const known: Array<[string, string, number]> = [
      ['#767676', WHITE, 4.54],
      ['#777777', WHITE, 4.48],
      ['#0000ff', WHITE, 8.59],
      ['#ff0000', WHITE, 4.0],
      ['#008000', WHITE, 5.14],
      ['#ffff00', '#000000', 19.56],
    ];
    for (const [first, second, ratio] of known) {
      expect(contrastRatio(first, second)).toBeCloseTo(ratio, 2);
      expect(contrastRatio(second, first)).toBeCloseTo(ratio, 2);
    }
  });

  it('never rounds a ratio up past the minimum', () => {
    expect(formatContrast(contrastRatio('#777777', WHITE))).toBe('4.4:1');
    expect(formatContrast(4.5)).toBe('4.5:1');
  });

  it('writes white on dark colours and dark text on light ones, as the theme does', () => {
    expect(themeTextOn('#0b4f8a').text).toBe('white');
    expect(themeTextOn('#f59e0b').text).toBe('dark');
    expect(themeTextOn('#f59e0b').ratio).toBeGreaterThan(7);
  });
});

describe('brand colours', () => {
  it('takes a primary colour at 4.5:1 or more with white, and refuses one below', () => {
    expect(brandColourProblem('primaryColour', '#767676')).toBeUndefined();
    expect(brandColourProblem('primaryColour', '#0b4f8a')).toBeUndefined();
    expect(brandColourProblem('primaryColour', '#777777')).toEqual({
      rule: 'contrast',
      message: 'Primary colour must contrast at least 4.5:1 with white (it is 4.4:1): choose a darker colour',
    });
    // Light colours fail though dark text would read on them: the primary is also written on white.
    expect(brandColourProblem('primaryColour', '#f59e0b')?.rule).toBe('contrast');
  });

  it('takes a secondary colour that reaches 4.5:1 with the text the theme writes on it', () => {
    expect(brandColourProblem('secondaryColour', '#e11d48')).toBeUndefined();
    expect(brandColourProblem('secondaryColour', '#f59e0b')).toBeUndefined();
    // White is written on #ff0000 (4:1 is past the theme's 3:1) but falls short of 4.5:1.
    expect(brandColourProblem('secondaryColour', '#ff0000')).toEqual({
      rule: 'contrast',
      message:
        'Secondary colour must contrast at least 4.5:1 with the white text written on it (it is 3.9:1): choose a darker or a lighter colour',
    });
  });

  it('refuses what is not a #rrggbb colour', () => {
    for (const value of ['', 'red', '#fff', '#12345g', ' #123456'])
      expect(brandColourProblem('primaryColour', value)?.rule).toBe('colour');
  });

  it('passes the demo partners’ colours', () => {
    for (const [primary, secondary] of [
      ['#0b4f8a', '#f59e0b'],
      ['#0f766e', '#e11d48'],
      ['#0b3d91', '#00857c'],
    ] as const) {
      expect(brandColourProblem('primaryColour', primary)).toBeUndefined();
      expect(brandColourProblem('secondaryColour', secondary)).toBeUndefined();
    }
  });
});
