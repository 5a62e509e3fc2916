import { profileOperations, userOperations } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { operationQuery } from '../../api/operations';

/** The user with every assignment list, as spec 7 asks for it. */
export const userQuery = (id: number) =>
  operationQuery(userOperations.get, {
    params: { id },
    query: { $expand: 'Companies,Sites,Teams,MobileEndPoints,BroadbandEndPoints' },
  });

export const profilesQuery = queryOptions({
  ...operationQuery(profileOperations.list, {}),
  select: (list) => list.value,
});

/** Every functionality code with each of its access types: the rows of the Functionality tab. */
export const catalogueQuery = queryOptions({
  ...operationQuery(profileOperations.functionality, {}),
  select: (list) => list.value,
});

/** A profile's default functionality, which choosing the profile or RESET TO PROFILE gives the user. */
export const profileDefaultQuery = (id: number) =>
  operationQuery(profileOperations.defaultFunctionality, { params: { id } });
