import { profileEndpoints, userEndpoints } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { endpointQuery } from '../../api/endpoints';

/** The user with every assignment list, as spec 7 asks for it. */
export const userQuery = (id: number) =>
  endpointQuery(userEndpoints.get, {
    params: { id },
    query: { $expand: 'Companies,Sites,Teams,MobileEndPoints,BroadbandEndPoints' },
  });

export const profilesQuery = queryOptions({
  ...endpointQuery(profileEndpoints.list, {}),
  select: (list) => list.value,
});

/** Every functionality code with each of its access types: the rows of the Functionality tab. */
export const catalogueQuery = queryOptions({
  ...endpointQuery(profileEndpoints.functionality, {}),
  select: (list) => list.value,
});

/** A profile's default functionality, which choosing the profile or RESET TO PROFILE gives the user. */
export const profileDefaultQuery = (id: number) =>
  endpointQuery(profileEndpoints.defaultFunctionality, { params: { id } });
