import {
  companyOperations,
  loginOperations,
  messageOperations,
  partnerOperations,
  profileOperations,
  ssoOperations,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_PATHS } from './first-load-paths';

describe('FIRST_LOAD_PATHS', () => {
  it("are the paths of the contract's operations", () => {
    expect(FIRST_LOAD_PATHS).toEqual({
      login: loginOperations.login.path,
      secondStep: loginOperations.secondStep.path,
      singleSignOn: ssoOperations.complete.path,
      dashLogin: loginOperations.dashLogin.path,
      refresh: loginOperations.refresh.path,
      revoke: loginOperations.revoke.path,
      partner: partnerOperations.current.path,
      currentMessages: messageOperations.current.path,
      myFunctionality: profileOperations.myFunctionality.path,
      companyNames: companyOperations.names.path,
    });
  });
});
