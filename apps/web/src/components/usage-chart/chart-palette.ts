import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';

/**
 * Chart colours (decision 0066): the partner's primary colour first, so a chart of one series is in the partner's
 * colours, then the Okabe-Ito colours, chosen to stay apart for the common forms of colour blindness. Only those with
 * 3:1 contrast on white are used (WCAG 1.4.11: a bar must be seen), and any too close to the primary is skipped, so
 * two series never look alike. Colour is never the only cue: series after the first are also patterned (see
 * ChartPatterns) and every chart of several series has a legend.
 */
export const OKABE_ITO = ['#D55E00', '#0072B2', '#CC79A7', '#009E73', '#000000'] as const;

/** Colours closer than this (Euclidean distance in sRGB, 0-441) read as the same colour beside each other. */
const MIN_DISTANCE = 100;

function rgb(hex: string): [number, number, number] {
  const value = hex.replace('#', '');
  const full =
    value.length === 3
      ? value
          .split('')
          .map((digit) => digit + digit)
          .join('')
      : value;
  return [0, 2, 4].map((start) => Number.parseInt(full.slice(start, start + 2), 16)) as [number, number, number];
}

export function colourDistance(a: string, b: string): number {
  const [r1, g1, b1] = rgb(a);
  const [r2, g2, b2] = rgb(b);
  return Math.hypot(r1 - r2, g1 - g2, b1 - b2);
}

/** WCAG contrast ratio of two colours. */
export function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = rgb(hex).map((channel) => {
      const c = channel / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The series colours of a chart in the partner's theme: its primary, then the Okabe-Ito colours that stay apart. */
export function chartPalette(primary: string): string[] {
  return [primary, ...OKABE_ITO.filter((colour) => colourDistance(colour, primary) >= MIN_DISTANCE)];
}

/** The chart palette of the current (partner) theme. */
export function useChartPalette(): string[] {
  const primary = useTheme().palette.primary.main;
  return useMemo(() => chartPalette(primary), [primary]);
}

/** The colour of the index-th series; past the end the palette repeats (its patterns still tell them apart). */
export function seriesColour(palette: readonly string[], index: number): string {
  return palette[index % palette.length] ?? '#000000';
}
