/** The broadband line the diagnostics dialog and its fault report are about (spec 2.16). */
export interface DiagnosticsLine {
  orderItemId: number;
  carrierId: number;
  productLineId: number;
  cli: string;
  ipAddress: string | null;
}
