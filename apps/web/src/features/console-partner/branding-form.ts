import {
  AA_NORMAL_TEXT_CONTRAST,
  type BrandColourField,
  brandColourProblem,
  contrastRatio,
  formatContrast,
  HEX_COLOUR,
  logoDimensionsProblem,
  PARTNER_LOGO_UPLOAD,
  type PartnerBranding,
  type PartnerBrandingInput,
  themeTextOn,
  WHITE,
} from '@portal/contract';

/** The branding form's fields; the logo, a file, is held beside them. */
export type BrandingFormValues = PartnerBrandingInput;
export type BrandingFormField = keyof BrandingFormValues | 'logo';

export function brandingFormValues(branding: PartnerBranding): BrandingFormValues {
  return {
    themeCode: branding.themeCode,
    primaryColour: branding.primaryColour,
    secondaryColour: branding.secondaryColour,
  };
}

const FIELDS: readonly BrandingFormField[] = ['themeCode', 'primaryColour', 'secondaryColour', 'logo'];

/**
 * The form's field a server refusal names: the fields travel in the multipart body's first part, so the server says
 * `report.primaryColour`; the logo is its own part, `logo`.
 */
export function brandingFieldOf(field: string): BrandingFormField | undefined {
  const name = field.replace(/^report\./, '');
  return FIELDS.find((candidate) => candidate === name);
}

/** The server's refusals of the form's fields (the rest of its answer is the form's failure message). */
export function serverBrandingErrors(body: unknown): Partial<Record<BrandingFormField, string>> {
  const details =
    typeof body === 'object' && body !== null && Array.isArray((body as { details?: unknown }).details)
      ? ((body as { details: unknown[] }).details as Array<{ field?: unknown; message?: unknown }>)
      : [];
  const errors: Partial<Record<BrandingFormField, string>> = {};
  for (const detail of details) {
    if (typeof detail.field !== 'string' || typeof detail.message !== 'string') continue;
    const field = brandingFieldOf(detail.field);
    if (field) errors[field] ??= detail.message;
  }
  return errors;
}

/** How a colour that passes reads, for its helper text: its contrast with what it meets. */
export function contrastSummary(field: BrandColourField, hex: string): string | undefined {
  if (!HEX_COLOUR.test(hex) || brandColourProblem(field, hex)) return undefined;
  const minimum = formatContrast(AA_NORMAL_TEXT_CONTRAST);
  if (field === 'primaryColour') return `${formatContrast(contrastRatio(hex, WHITE))} with white (AA needs ${minimum})`;
  const { text, ratio } = themeTextOn(hex);
  return `${formatContrast(ratio)} with its ${text} text (AA needs ${minimum})`;
}

/** The text the theme writes on a colour, as a CSS colour, for the preview; a colour not yet valid gets white. */
export function textColourOn(hex: string): string {
  if (!HEX_COLOUR.test(hex)) return '#ffffff';
  return themeTextOn(hex).text === 'white' ? '#ffffff' : 'rgba(0, 0, 0, 0.87)';
}

/** A colour the preview can draw: the field's value when it is `#rrggbb`, else what was saved. */
export function drawable(hex: string, fallback: string): string {
  return HEX_COLOUR.test(hex) ? hex : fallback;
}

export const LOGO_LIMITS = {
  accept: PARTNER_LOGO_UPLOAD.mediaTypes,
  maxTotalBytes: PARTNER_LOGO_UPLOAD.maxBytes,
  maxFiles: 1,
};

/** A chosen logo as the preview shows it and the form checks it before sending. */
export type ChosenLogo = { file: File; dataUrl: string; problem: string | undefined };

/** Reads a chosen file as a data: URL (the page's policy allows images from data:, not blob:) and its size. */
export function readLogo(file: File): Promise<ChosenLogo> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.onload = () => {
      const dataUrl = String(reader.result);
      const image = new Image();
      image.onload = () =>
        resolve({ file, dataUrl, problem: logoDimensionsProblem(image.naturalWidth, image.naturalHeight) });
      image.onerror = () => resolve({ file, dataUrl, problem: `'${file.name}' cannot be read as an image` });
      image.src = dataUrl;
    };
    reader.readAsDataURL(file);
  });
}
