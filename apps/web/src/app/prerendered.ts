/** On the built HTML's #root: which pre-render it holds, `sign-in` (hydrated) or `frame` (drawn over). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
