/** The product's name: the toolbar title and the suffix of every tab title. */
export const PORTAL_TITLE = 'Business Portal';
