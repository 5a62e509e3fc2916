/** The query parameter the fault report's link adds: the page is in a tab of its own, which CLOSE closes. */
export const OPENED_IN_NEW_TAB_PARAM = 'newTab';

/** The trace route help of a line, as the fault report opens it in a new tab (decision 0138). */
export function traceRouteHelpInNewTab(cli: string): string {
  return `/broadband/diagnostics/traceRoute?cli=${encodeURIComponent(cli)}&${OPENED_IN_NEW_TAB_PARAM}=1`;
}
