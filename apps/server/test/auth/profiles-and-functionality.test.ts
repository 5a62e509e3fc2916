import { FunctionalitySchema, odataList, ProfileSchema } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { bearer, signIn, useDemoApp } from '../support/test-app.js';

const context = useDemoApp();
const FunctionalityList = odataList(FunctionalitySchema);

async function getAs(userName: string, url: string) {
  const session = await signIn(context.app, userName);
  return context.app.inject({ method: 'GET', url, headers: bearer(session.accessToken) });
}

describe('functionality and profiles', () => {
  it("myFunctionality: the caller's own code and access type pairs", async () => {
    const { value } = FunctionalityList.parse((await getAs('acme.finance', '/api/profiles/myFunctionality')).json());
    expect(value.map((f) => `${f.code}:${f.accessType}`)).toEqual([
      'DownloadBill:Read',
      'DownloadCDRs:Read',
      'ViewMyBills:Read',
    ]);
  });

  it('the catalogue and the profiles need ManageUser', async () => {
    for (const url of ['/api/functionality', '/api/profiles', '/api/profiles/1', '/api/profiles/1/functionality']) {
      const refused = await getAs('acme.finance', url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'missing_functionality' });
    }
    const catalogue = FunctionalityList.parse((await getAs('acme.admin', '/api/functionality')).json());
    expect(catalogue.value).toHaveLength(35);
  });

  it('profiles with their levels, one by id, and its default functionality', async () => {
    const { value } = odataList(ProfileSchema).parse((await getAs('acme.admin', '/api/profiles')).json());
    const finance = value.find((p) => p.name === 'Finance');
    expect(finance).toMatchObject({ level: 'Company' });
    expect(ProfileSchema.parse((await getAs('acme.admin', `/api/profiles/${finance?.id}`)).json()).name).toBe(
      'Finance',
    );
    const defaults = FunctionalityList.parse(
      (await getAs('acme.admin', `/api/profiles/${finance?.id}/functionality`)).json(),
    );
    expect(defaults.value.map((f) => f.code).sort()).toEqual(['DownloadBill', 'DownloadCDRs', 'ViewMyBills']);
    expect((await getAs('acme.admin', '/api/profiles/9999')).statusCode).toBe(404);
    expect((await getAs('acme.admin', '/api/profiles/abc')).statusCode).toBe(400);
  });
});
