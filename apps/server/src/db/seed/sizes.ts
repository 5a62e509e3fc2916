export type SeedSize = 'small' | 'large';

export type SizeSpec = {
  /** Generated companies besides the named demo companies. */
  generatedCompanies: number;
  /** Endpoints spread over the generated companies. */
  generatedEndpoints: number;
  /**
   * Exact endpoint counts of the generated companies after the largest, so the scale-curve benchmark can measure
   * the same calls at each size; the others share out what is left by weight.
   */
  scaleCurveSizes: readonly number[];
  /** Users spread over the generated companies. */
  generatedUsers: number;
  /** Mean call-detail records per active endpoint per month. */
  recordsPerEndpointMonth: number;
  invoiceMonths: number;
};

export const sizes: Record<SeedSize, SizeSpec> = {
  small: {
    generatedCompanies: 0,
    generatedEndpoints: 0,
    scaleCurveSizes: [],
    generatedUsers: 0,
    recordsPerEndpointMonth: 14,
    invoiceMonths: 24,
  },
  // At least 500 companies, 100,000 endpoints, 10,000 users and 5,000,000 call-detail records in all.
  large: {
    generatedCompanies: 500,
    generatedEndpoints: 100_000,
    scaleCurveSizes: [1, 10, 100, 1_000],
    generatedUsers: 10_000,
    recordsPerEndpointMonth: 2.05,
    invoiceMonths: 24,
  },
};
