export interface BrandColours {
  primary: string;
  secondary: string;
}

/** Until the partner's branding arrives (and if it cannot be loaded); plain-ui.css starts from the same two. */
export const DEFAULT_BRAND: BrandColours = { primary: '#0b3d91', secondary: '#00857c' };
