import { z } from 'zod';

/** The four simulated carrier integrations: two mobile (by supplier id) and two broadband (by carrier id). */
export const CARRIERS = ['mobile-33', 'mobile-27-36', 'broadband-494', 'broadband-588'] as const;
export const CarrierSchema = z.enum(CARRIERS);
export type Carrier = z.infer<typeof CarrierSchema>;
