/** Durations of spec section 9, all in milliseconds. */
export const TIMINGS = {
  userDetailsRefreshMs: 1_800_000,
  getCacheLifetimeMs: 1_800_000,
  messagePollMs: 30_000,
  snackbarMs: 3000,
  pendingOrderSnackbarMs: 5000,
  uploadSnackbarMs: 2000,
  searchDebounceMs: 1000,
  searchResultsHideDelayMs: 200,
  contractReloadDelayMs: 2000,
  validatorRefreshMs: 100,
  cookieDismissHighlightMs: 1000,
} as const;
