/**
 * The paths of the calls the first load makes or must recognise before any screen's code arrives (sign-in, tokens,
 * branding, banner messages, the caller's functionality and companies). They are written out because each of the
 * contract's operation modules builds its zod schemas as it loads: importing one only for its path would put zod on
 * the sign-in page (docs/decisions/0184). first-load-paths.test.ts holds each to its operation's declaration.
 */
export const FIRST_LOAD_PATHS = {
  login: '/api/login',
  secondStep: '/api/login/secondStep',
  singleSignOn: '/api/login/sso/callback',
  dashLogin: '/api/login/dash',
  refresh: '/api/login/refresh',
  revoke: '/api/login/revoke',
  partner: '/api/partners/current',
  currentMessages: '/api/messages',
  myFunctionality: '/api/profiles/myFunctionality',
  companyNames: '/api/companies/names',
} as const;
