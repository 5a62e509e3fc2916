export const PAGE_SIZE_OPTIONS = [5, 20, 50, 100] as const;
/** A list's page size when it names none and nothing is stored: 20, not the spec's 5 (decision 0057). */
export const DEFAULT_PAGE_SIZE = 20;
/** The largest offered page size doubles as the server's cap on `$top`. */
export const MAX_PAGE_SIZE = 100;
export const DASHBOARD_BILLS_PAGE_SIZE = 5;
export const MY_BILLS_PAGE_SIZE = 13;
/** Estate card grids start with 6 cards and grow by 6. */
export const ESTATE_CARD_PAGE_SIZE = 6;

export const MAX_LENGTH = {
  name: 100,
  username: 50,
  email: 100,
  addressLine: 50,
  town: 50,
  county: 50,
  postCode: 10,
} as const;

/** Trace route images, 100 MB in total. */
export const TRACE_ROUTE_UPLOAD_MAX_BYTES = 104_857_600;
/** Trace route images per fault report; further files are ignored (spec 5; docs/decisions/0098). */
export const TRACE_ROUTE_UPLOAD_MAX_FILES = 5;
/**
 * A fault report identical to one of the same line from the last this many minutes (same fields, same image bytes)
 * is that report again, not a second fault: a double click must not raise (and charge) twice (docs/decisions/0120).
 */
export const FAULT_REPORT_DUPLICATE_WINDOW_MINUTES = 10;
/** The longest Idempotency-Key a fault report may carry (Stripe's limit; docs/decisions/0120). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/**
 * What one company's fault reports may store in trace-route images: `bytes` over any rolling `days`; the server's
 * FAULT_REPORT_QUOTA_BYTES may set another amount (docs/decisions/0122).
 */
export const FAULT_REPORT_IMAGE_QUOTA = { bytes: 1_073_741_824, days: 30 } as const;
export const SPEED_TEST_RESULT_COUNT = 3;
/** The most rows a session or line history CSV download holds (its `count`). */
export const HISTORY_DOWNLOAD_MAX_ROWS = 10_000;
/** The team cell lists names up to this many, then says '{n} teams selected.'. */
export const TEAM_NAMES_TEXT_LIMIT = 3;
/** Header search asks for this many type-ahead results. */
export const SEARCH_TYPE_AHEAD_RESULTS = 5;
export const SEARCH_MIN_CHARS = 3;
export const PENDING_THRESHOLD_DAYS = 3;
