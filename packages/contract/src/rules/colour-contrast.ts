/**
 * WCAG 2's colour contrast, written once for the console's branding form and the server that saves it (decision
 * 0218). A partner's colours paint the portal: the primary is the toolbar and the primary buttons under white text,
 * and links and focused labels written on white; the secondary is the cookie notice's button, under the text the
 * theme puts on it (white where white reaches MUI's 3:1 threshold, else MUI's near-black). Each must reach AA's 4.5:1
 * for normal text with what it meets.
 */

/** AA's minimum for normal text (SC 1.4.3). */
export const AA_NORMAL_TEXT_CONTRAST = 4.5;
/** Where MUI's theme switches the text on a colour from dark to white (its contrastThreshold). */
export const THEME_CONTRAST_THRESHOLD = 3;

export const WHITE = '#ffffff';
/** MUI's dark text (rgba(0, 0, 0, 0.87)) as it shows on a background: 13 % of the background's own channels. */
const DARK_TEXT_ALPHA = 0.87;

export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

type Rgb = readonly [number, number, number];

function channels(hex: string): Rgb {
  if (!HEX_COLOUR.test(hex)) throw new Error(`Not a #rrggbb colour: ${hex}`);
  return [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16)) as unknown as Rgb;
}

/** The linear value of an sRGB channel (0-255), as WCAG 2 defines it. */
function linear(channel: number): number {
  const value = channel / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

function luminanceOf([r, g, b]: Rgb): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2's relative luminance of a `#rrggbb` colour: 0 for black, 1 for white. */
export function relativeLuminance(hex: string): number {
  return luminanceOf(channels(hex));
}

function ratioOf(first: number, second: number): number {
  const [light, dark] = first >= second ? [first, second] : [second, first];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG 2's contrast ratio of two `#rrggbb` colours, from 1 (the same) to 21 (black and white). */
export function contrastRatio(first: string, second: string): number {
  return ratioOf(relativeLuminance(first), relativeLuminance(second));
}

/** The ratio for people: rounded down to one decimal, so a colour shown as 4.5:1 has truly reached it. */
export function formatContrast(ratio: number): string {
  return `${Math.floor(ratio * 10) / 10}:1`;
}

/**
 * The text the portal's theme writes on a background colour and the contrast it gets: white where white reaches
 * MUI's threshold (judged on luminance rounded to three decimals, as MUI does), else MUI's dark text.
 */
export function themeTextOn(hex: string): { text: 'white' | 'dark'; ratio: number } {
  const rounded = Number(relativeLuminance(hex).toFixed(3));
  if (ratioOf(1, rounded) >= THEME_CONTRAST_THRESHOLD) return { text: 'white', ratio: contrastRatio(hex, WHITE) };
  const background = channels(hex);
  const dark = background.map((channel) => channel * (1 - DARK_TEXT_ALPHA)) as unknown as Rgb;
  return { text: 'dark', ratio: ratioOf(luminanceOf(background), luminanceOf(dark)) };
}

export type BrandColourField = 'primaryColour' | 'secondaryColour';
export type BrandColourProblem = { rule: 'colour' | 'contrast'; message: string };

const LABELS: Record<BrandColourField, string> = {
  primaryColour: 'Primary colour',
  secondaryColour: 'Secondary colour',
};

/** What is wrong with a brand colour for its use, or undefined when it will do. */
export function brandColourProblem(field: BrandColourField, hex: string): BrandColourProblem | undefined {
  const label = LABELS[field];
  if (!HEX_COLOUR.test(hex)) return { rule: 'colour', message: `${label} must be a colour written #rrggbb` };
  const minimum = formatContrast(AA_NORMAL_TEXT_CONTRAST);
  if (field === 'primaryColour') {
    const ratio = contrastRatio(hex, WHITE);
    if (ratio >= AA_NORMAL_TEXT_CONTRAST) return undefined;
    return {
      rule: 'contrast',
      message: `${label} must contrast at least ${minimum} with white (it is ${formatContrast(ratio)}): choose a darker colour`,
    };
  }
  const { text, ratio } = themeTextOn(hex);
  if (ratio >= AA_NORMAL_TEXT_CONTRAST) return undefined;
  return {
    rule: 'contrast',
    message: `${label} must contrast at least ${minimum} with the ${text === 'white' ? 'white' : 'dark'} text written on it (it is ${formatContrast(ratio)}): choose a darker or a lighter colour`,
  };
}
