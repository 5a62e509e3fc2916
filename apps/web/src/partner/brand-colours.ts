/** The part of a colour's sRGB channel in its luminance (WCAG 2's relative luminance, as MUI computes it). */
function linear(channel: number): number {
  const value = channel / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** Rounded to three decimals, as MUI rounds it: a colour at the threshold gets the text MUI would put on it. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => linear(Number.parseInt(hex.slice(start, start + 2), 16)));
  return Number((0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)).toFixed(3));
}

/**
 * The text colour MUI's theme puts on a `#rrggbb` background: white where it contrasts 3:1 or more (MUI's
 * contrastThreshold), else its dark text.
 */
export function contrastText(hex: string): string {
  return (1 + 0.05) / (luminance(hex) + 0.05) >= 3 ? '#fff' : 'rgba(0, 0, 0, 0.87)';
}

/** The custom properties plain-ui.css draws the brand with, for the partner's colours. */
export function brandProperties(primary: string, secondary: string) {
  return {
    '--brand-primary': primary,
    '--brand-primary-contrast': contrastText(primary),
    '--brand-secondary': secondary,
    '--brand-secondary-contrast': contrastText(secondary),
  };
}
