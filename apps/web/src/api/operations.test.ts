import {
  FAULT_REPORT_UPLOAD,
  type FaultReportFields,
  faultReportOperations,
  loginOperations,
  messageOperations,
  operationPath,
  orderOperations,
  passwordOperations,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, ApiResponseError } from './client';
import { callOperation, operationRequest } from './operations';
import { json, setup, signIn } from './test-helpers';

const MESSAGE = { id: 3, text: 'Maintenance tonight' };

describe('operationPath', () => {
  it('fills and encodes path parameters and leaves out absent query values', () => {
    expect(operationPath(orderOperations.pending, { params: { cli: '07700 900/123', orderItemId: 12 } })).toBe(
      '/api/orders/pending/07700%20900%2F123/12',
    );
    expect(
      operationPath(orderOperations.items, {
        params: { orderId: 42 },
        query: { $top: '5', $filter: "reference eq 'A&B'", $skip: undefined },
      }),
    ).toBe('/api/orders/42/items?$top=5&$filter=reference+eq+%27A%26B%27');
  });

  it('keys a GET by its API area and full path', () => {
    expect(operationRequest(orderOperations.items, { params: { orderId: 7 } }).queryKey).toEqual([
      'orders',
      '/api/orders/7/items',
    ]);
  });
});

describe('callOperation', () => {
  it('sends a JSON body and reads the answer through the response schema', async () => {
    const { client, session, calls } = setup(() => json(201, MESSAGE));
    signIn(session);
    const created = await callOperation(messageOperations.create, { body: { text: MESSAGE.text } }, { client });
    expect(created).toEqual(MESSAGE);
    expect(calls[0]).toMatchObject({
      path: '/api/messages',
      method: 'POST',
      body: JSON.stringify({ text: MESSAGE.text }),
    });
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
  });

  it('posts the sign-in calls as forms, as the spec has them', async () => {
    const { client, calls } = setup(() => json(200, {}));
    await callOperation(
      passwordOperations.forgotPassword,
      { body: { username: 'a.b', emailAddress: 'a@b.co' } },
      { client },
    );
    expect(calls[0]?.body).toBe('username=a.b&emailAddress=a%40b.co');
    expect(calls[0]?.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
  });

  it('posts a multipart body: the fields as JSON in the first part, `report`, then the files', async () => {
    const { client, session, calls, fetch } = setup(() =>
      json(202, { id: 4, reference: 'FR-000004', status: 'queued' }),
    );
    signIn(session);
    const report: FaultReportFields = {
      faultType: 'NoConnection',
      faultDescription: 'No sync since the storm',
      faultStartedDate: '2026-11-20',
      speedTestResults: [],
      contactName: 'Ann Lee',
      contactNumber: '01632 960123',
      frequency: 'Constantly',
      routerType: 'Netgear',
      routerRebooted: true,
      microfiltersSwapTest: false,
      masterSocketTest: true,
      nonAdslEquipmentRemoved: true,
      intrusionConsent: true,
      acceptEngineeringCharges: true,
    };
    const image = new File([new Uint8Array([137, 80, 78, 71])], 'trace.png', { type: 'image/png' });
    const accepted = await callOperation(
      faultReportOperations.keystone.reportFault,
      { params: { id: 9 }, query: { groupId: '0b6c3c38-6f1d-4c55-9a3e-4f8f1f3f0a11' }, body: report },
      { client, files: [{ field: FAULT_REPORT_UPLOAD.fieldName, file: image }] },
    );
    expect(accepted.reference).toBe('FR-000004');
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/broadbandKeystone/9/reportFault' });
    // The browser writes the multipart Content-Type itself, with its boundary.
    expect(calls[0]?.headers['Content-Type']).toBeUndefined();
    const sent = fetch.mock.calls[0]?.[1]?.body as FormData;
    expect([...sent.keys()]).toEqual(['report', 'traceRouteImages']);
    expect(JSON.parse(sent.get('report') as string)).toEqual(report);
    expect((sent.get('traceRouteImages') as File).name).toBe('trace.png');
  });

  it('sends no body and no content type when the operation takes none', async () => {
    const { client, session, calls } = setup(() =>
      json(200, { data: { token: { access_token: 'd', refresh_token: 'r', expires_in: 300 } } }),
    );
    signIn(session);
    await callOperation(loginOperations.dashLogin, {}, { client });
    expect(calls[0]?.body).toBeUndefined();
    expect(calls[0]?.headers['Content-Type']).toBeUndefined();
  });

  it('answers undefined for a 204', async () => {
    const { client, session } = setup(() => new Response(null, { status: 204 }));
    signIn(session);
    await expect(callOperation(messageOperations.remove, { params: { id: 3 } }, { client })).resolves.toBeUndefined();
  });

  it('rejects a body the response schema refuses, and an error status with its body', async () => {
    const { client, session } = setup((call) =>
      call.path === '/api/messages/1' ? json(200, { id: 'one' }) : json(404, { code: 'not_found' }),
    );
    signIn(session);
    await expect(callOperation(messageOperations.get, { params: { id: 1 } }, { client })).rejects.toBeInstanceOf(
      ApiResponseError,
    );
    const error = await callOperation(messageOperations.get, { params: { id: 2 } }, { client }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found' });
  });
});
