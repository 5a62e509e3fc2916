import { API } from '@portal/contract';
import { operationRoutes } from '../operation-routes.js';
import { callersFunctionality, functionalityCatalogue, listProfiles } from './repository.js';
import { defaultFunctionalityOf, profileOf } from './service.js';

/** Profiles (with their default functionality) and the functionality catalogue. */
export const profileRoutes = operationRoutes(API.profiles, () => ({
  myFunctionality: async ({ scope }) => ({ value: await callersFunctionality(scope) }),
  functionality: async ({ scope }) => ({ value: await functionalityCatalogue(scope) }),
  list: async ({ scope }) => {
    const profiles = await listProfiles(scope);
    return { value: profiles, '@odata.count': profiles.length };
  },
  get: ({ scope, params }) => profileOf(scope, params.id),
  defaultFunctionality: async ({ scope, params }) => ({ value: await defaultFunctionalityOf(scope, params.id) }),
}));
