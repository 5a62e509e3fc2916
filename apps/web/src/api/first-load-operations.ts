// The declarations the first load's code calls, with their zod schemas: imported only when one is called (see
// first-load-paths.ts), so the sign-in page loads neither them nor zod until the user signs in.
export {
  companyOperations,
  DashLoginReplySchema,
  LOGIN_ERROR_CODES,
  LoginReplySchema,
  loginOperations,
  passwordOperations,
  profileOperations,
  ssoOperations,
} from '@portal/contract';
