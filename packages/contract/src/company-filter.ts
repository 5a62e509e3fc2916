/**
 * The portal-wide company filter (decision 0075): a caller with several companies may narrow every estate answer
 * to one of them by sending its id in this header. The server intersects the caller's estate with that company,
 * so lists, totals, charts and downloads all agree; an id outside the caller's estate answers 404.
 */
export const COMPANY_FILTER_HEADER = 'x-portal-company';
