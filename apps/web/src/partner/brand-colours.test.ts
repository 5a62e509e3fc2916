import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brandProperties, contrastText } from './brand-colours';
import { createPortalTheme } from './theme';

const hexColour = fc
  .array(fc.integer({ min: 0, max: 255 }), { minLength: 3, maxLength: 3 })
  .map((channels) => `#${channels.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`);

describe('the brand colours of the plain first screen', () => {
  it("puts on each colour the text MUI's theme puts on it", () => {
    const palette = createPortalTheme().palette;
    fc.assert(
      fc.property(hexColour, (colour) => contrastText(colour) === palette.getContrastText(colour)),
      { numRuns: 20_000, examples: [['#c58933']] },
    );
  });

  it('names the custom properties plain-ui.css draws with', () => {
    expect(brandProperties('#0b4f8a', '#f59e0b')).toEqual({
      '--brand-primary': '#0b4f8a',
      '--brand-primary-contrast': '#fff',
      '--brand-secondary': '#f59e0b',
      '--brand-secondary-contrast': 'rgba(0, 0, 0, 0.87)',
    });
  });
});
