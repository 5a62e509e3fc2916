import { FunctionalitySchema, IdParamSchema, odataList, ProfileSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { principalOf } from '../../auth/route-access.js';
import type { Database } from '../../db/schema.js';
import { errorResponses, notFound } from '../../http/errors.js';

const FunctionalityListSchema = odataList(FunctionalitySchema);
const ProfileListSchema = odataList(ProfileSchema);
const manageUsers = { anyOf: [{ code: 'ManageUser', accessType: 'Read' }] } as const;

function functionalityQuery(db: Kysely<Database>) {
  return db
    .selectFrom('functionality')
    .select([
      'functionality.id',
      'functionality.code',
      'functionality.description',
      'functionality.access_type as accessType',
    ])
    .orderBy('functionality.code')
    .orderBy('functionality.id');
}

/** Profiles (with their default functionality) and the functionality catalogue. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/api/profiles/myFunctionality',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['profiles'],
        summary: "The signed-in user's functionality (code and access type pairs)",
        response: { 200: FunctionalityListSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const rows = await functionalityQuery(db)
        .innerJoin('user_functionality', 'user_functionality.functionality_id', 'functionality.id')
        .where('user_functionality.user_id', '=', principalOf(request).userId)
        .execute();
      return { value: FunctionalitySchema.array().parse(rows) };
    },
  );

  app.get(
    '/api/functionality',
    {
      config: { access: manageUsers },
      schema: {
        tags: ['profiles'],
        summary: 'Every functionality code with each access type it has',
        response: { 200: FunctionalityListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ value: FunctionalitySchema.array().parse(await functionalityQuery(db).execute()) }),
  );

  app.get(
    '/api/profiles',
    {
      config: { access: manageUsers },
      schema: {
        tags: ['profiles'],
        summary: 'Profiles a user can be given',
        response: { 200: ProfileListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const rows = await db.selectFrom('profiles').select(['id', 'name', 'level']).orderBy('name').execute();
      return { value: ProfileSchema.array().parse(rows), '@odata.count': rows.length };
    },
  );

  app.get(
    '/api/profiles/:id',
    {
      config: { access: manageUsers },
      schema: {
        tags: ['profiles'],
        params: z.object({ id: IdParamSchema }),
        response: { 200: ProfileSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = await db
        .selectFrom('profiles')
        .select(['id', 'name', 'level'])
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!row) throw notFound('No such profile');
      return ProfileSchema.parse(row);
    },
  );

  app.get(
    '/api/profiles/:id/functionality',
    {
      config: { access: manageUsers },
      schema: {
        tags: ['profiles'],
        summary: "A profile's default functionality",
        params: z.object({ id: IdParamSchema }),
        response: { 200: FunctionalityListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const profile = await db
        .selectFrom('profiles')
        .select('id')
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!profile) throw notFound('No such profile');
      const rows = await functionalityQuery(db)
        .innerJoin('profile_functionality', 'profile_functionality.functionality_id', 'functionality.id')
        .where('profile_functionality.profile_id', '=', profile.id)
        .execute();
      return { value: FunctionalitySchema.array().parse(rows) };
    },
  );
};
