import { ConsoleFaqSchema, FAQ_LIMITS, FaqSchema, odataList } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { bearer, signIn, useDemoApp } from '../support/test-app.js';

// The partner's FAQs in the reseller console (docs/decisions/0217): order, partner isolation, validation, audit.

const context = useDemoApp();
const ConsoleList = odataList(ConsoleFaqSchema);
const CustomerList = odataList(FaqSchema);

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; token: string; payload?: object };
const call = ({ method, url, token, payload }: Call) =>
  context.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const userOf = (userName: string) =>
  context.database.db
    .selectFrom('users')
    .select(['id', 'partner_id'])
    .where('user_name', '=', userName)
    .executeTakeFirstOrThrow();

const consoleFaqs = async (token: string) =>
  ConsoleList.parse((await call({ method: 'GET', url: '/api/console/faqs', token })).json()).value;
const customerTitles = async (token: string) =>
  CustomerList.parse((await call({ method: 'GET', url: '/api/faqs', token })).json()).value.map((faq) => faq.title);

describe('/api/console/faqs', () => {
  it('lists the partner’s questions in the FAQ page’s order, to its staff only', async () => {
    const staff = await signIn(context.app, 'northwind.staff');
    const customer = await signIn(context.app, 'acme.admin');
    const faqs = await consoleFaqs(staff.accessToken);
    expect(faqs.length).toBeGreaterThan(3);
    expect(faqs.map((faq) => faq.title)).toEqual(await customerTitles(customer.accessToken));
    expect((await call({ method: 'GET', url: '/api/console/faqs', token: customer.accessToken })).statusCode).toBe(403);
    expect((await context.app.inject({ method: 'GET', url: '/api/console/faqs' })).statusCode).toBe(401);
  });

  it('adds at the end, changes in place, moves up and down, and deletes; each write audited', async () => {
    const staff = await signIn(context.app, 'northwind.staff');
    const customer = await signIn(context.app, 'acme.admin');
    const before = await consoleFaqs(staff.accessToken);

    const created = await call({
      method: 'POST',
      url: '/api/console/faqs',
      token: staff.accessToken,
      payload: { title: '  Can I port my number?  ', text: 'Yes: **ask us** for a PAC.' },
    });
    expect(created.statusCode).toBe(201);
    const faq = ConsoleFaqSchema.parse(created.json());
    expect(faq).toMatchObject({ title: 'Can I port my number?', text: 'Yes: **ask us** for a PAC.' });
    expect((await customerTitles(customer.accessToken)).at(-1)).toBe('Can I port my number?');

    const up = await call({
      method: 'POST',
      url: `/api/console/faqs/${faq.id}/move`,
      token: staff.accessToken,
      payload: { direction: 'up' },
    });
    expect(up.statusCode).toBe(200);
    const afterUp = ConsoleList.parse(up.json()).value.map((row) => row.id);
    const expected = [...before.map((row) => row.id)];
    expected.splice(expected.length - 1, 0, faq.id);
    expect(afterUp).toEqual(expected);
    // The customer's page shows the new order too.
    expect(await customerTitles(customer.accessToken)).toEqual(
      afterUp.map((id) => (id === faq.id ? faq.title : before.find((row) => row.id === id)?.title)),
    );

    // Down from the last place is no move at all; up from the top neither.
    await call({
      method: 'POST',
      url: `/api/console/faqs/${faq.id}/move`,
      token: staff.accessToken,
      payload: { direction: 'down' },
    });
    const last = await call({
      method: 'POST',
      url: `/api/console/faqs/${faq.id}/move`,
      token: staff.accessToken,
      payload: { direction: 'down' },
    });
    expect(ConsoleList.parse(last.json()).value.map((row) => row.id)).toEqual([...before.map((row) => row.id), faq.id]);
    const first = before[0];
    if (!first) throw new Error('the demo partner has no FAQs');
    const top = await call({
      method: 'POST',
      url: `/api/console/faqs/${first.id}/move`,
      token: staff.accessToken,
      payload: { direction: 'up' },
    });
    expect(ConsoleList.parse(top.json()).value[0]?.id).toBe(first.id);

    const updated = await call({
      method: 'PUT',
      url: `/api/console/faqs/${faq.id}`,
      token: staff.accessToken,
      payload: { title: 'Can I keep my number?', text: 'Yes.' },
    });
    expect(ConsoleFaqSchema.parse(updated.json())).toEqual({
      id: faq.id,
      title: 'Can I keep my number?',
      text: 'Yes.',
    });
    expect((await consoleFaqs(staff.accessToken)).at(-1)?.id).toBe(faq.id);

    const removed = await call({ method: 'DELETE', url: `/api/console/faqs/${faq.id}`, token: staff.accessToken });
    expect(removed.statusCode).toBe(204);
    expect((await consoleFaqs(staff.accessToken)).map((row) => row.id)).toEqual(before.map((row) => row.id));

    const audit = await context.database.db
      .selectFrom('audit_log')
      .select(['operation', 'actor_user_id'])
      .where('table_name', '=', 'faqs')
      .where('row_key', '=', JSON.stringify({ id: faq.id }))
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.operation)).toEqual(['INSERT', 'UPDATE', 'UPDATE', 'UPDATE', 'DELETE']);
    expect(new Set(audit.map((row) => row.actor_user_id))).toEqual(new Set([(await userOf('northwind.staff')).id]));
  });

  it("answers another partner's question 404 to every write, and changes nothing", async () => {
    const northwind = await signIn(context.app, 'northwind.staff');
    const brightwave = await signIn(context.app, 'brightwave.staff');
    const theirs = (await consoleFaqs(northwind.accessToken))[0];
    if (!theirs) throw new Error('the demo partner has no FAQs');
    const body = { title: 'Hijacked', text: 'Hijacked' };
    const attempts: Call[] = [
      { method: 'PUT', url: `/api/console/faqs/${theirs.id}`, token: brightwave.accessToken, payload: body },
      {
        method: 'POST',
        url: `/api/console/faqs/${theirs.id}/move`,
        token: brightwave.accessToken,
        payload: { direction: 'down' },
      },
      { method: 'DELETE', url: `/api/console/faqs/${theirs.id}`, token: brightwave.accessToken },
    ];
    for (const attempt of attempts) {
      const response = await call(attempt);
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
    }
    expect((await consoleFaqs(brightwave.accessToken)).map((faq) => faq.id)).not.toContain(theirs.id);
    expect((await consoleFaqs(northwind.accessToken))[0]).toEqual(theirs);
  });

  it('refuses a missing or overlong question or answer with a 400 naming the field, and a wrong direction', async () => {
    const staff = await signIn(context.app, 'northwind.staff');
    const before = await consoleFaqs(staff.accessToken);
    const cases: Array<[payload: object, field: string, message: string]> = [
      [{ title: '   ', text: 'An answer' }, 'title', 'Question is required'],
      [{ title: 'A question' }, 'text', 'expected string'],
      [
        { title: 'x'.repeat(FAQ_LIMITS.title + 1), text: 'An answer' },
        'title',
        `Question must be ${FAQ_LIMITS.title} characters or fewer`,
      ],
      [
        { title: 'A question', text: 'y'.repeat(FAQ_LIMITS.text + 1) },
        'text',
        `Answer must be ${FAQ_LIMITS.text} characters or fewer`,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call({ method: 'POST', url: '/api/console/faqs', token: staff.accessToken, payload });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().details).toEqual([
        expect.objectContaining({ field, message: expect.stringContaining(message) }),
      ]);
    }
    const sideways = await call({
      method: 'POST',
      url: `/api/console/faqs/${before[0]?.id}/move`,
      token: staff.accessToken,
      payload: { direction: 'sideways' },
    });
    expect(sideways.statusCode).toBe(400);
    expect(sideways.json().details).toEqual([expect.objectContaining({ field: 'direction' })]);
    expect(await consoleFaqs(staff.accessToken)).toEqual(before);
  });

  it(`holds at most ${FAQ_LIMITS.perPartner} questions per partner`, async () => {
    const staff = await signIn(context.app, 'brightwave.staff');
    const have = (await consoleFaqs(staff.accessToken)).length;
    const { partner_id } = await userOf('brightwave.staff');
    await context.database.db
      .insertInto('faqs')
      .values(
        Array.from({ length: FAQ_LIMITS.perPartner - have }, (_, index) => ({
          partner_id,
          title: `Filler ${index}`,
          text: 'Filler',
          sort_order: have + index,
        })),
      )
      .execute();
    const full = await call({
      method: 'POST',
      url: '/api/console/faqs',
      token: staff.accessToken,
      payload: { title: 'One too many', text: 'No room' },
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toContain(`at most ${FAQ_LIMITS.perPartner}`);
    expect(await consoleFaqs(staff.accessToken)).toHaveLength(FAQ_LIMITS.perPartner);
  });
});
