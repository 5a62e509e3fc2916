import { z } from 'zod';
import { anyOf } from '../access';
import { odataList } from '../api';
import { FunctionalitySchema, ProfileSchema } from '../entities/users';
import { operation } from '../operation';
import { idParam } from '../params';

const manageUsers = anyOf('Read', 'ManageUser');
const ProfileIdParams = z.object({ id: idParam('profile') });

// Profiles (with their default functionality) and the functionality catalogue.

export const myFunctionality = operation({
  method: 'GET',
  path: '/api/profiles/myFunctionality',
  summary: "The signed-in user's functionality (code and access type pairs)",
  access: 'signed-in',
  response: odataList(FunctionalitySchema),
});

export const functionality = operation({
  method: 'GET',
  path: '/api/functionality',
  summary: 'Every functionality code with each access type it has',
  access: manageUsers,
  response: odataList(FunctionalitySchema),
});

export const list = operation({
  method: 'GET',
  path: '/api/profiles',
  summary: 'Profiles a user can be given',
  access: manageUsers,
  response: odataList(ProfileSchema),
});

export const get = operation({
  method: 'GET',
  path: '/api/profiles/:id',
  summary: 'A profile by id',
  access: manageUsers,
  params: ProfileIdParams,
  response: ProfileSchema,
});

export const defaultFunctionality = operation({
  method: 'GET',
  path: '/api/profiles/:id/functionality',
  summary: "A profile's default functionality",
  access: manageUsers,
  params: ProfileIdParams,
  response: odataList(FunctionalitySchema),
});
