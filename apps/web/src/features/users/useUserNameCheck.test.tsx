// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useUserNameCheck } from './useUserNameCheck';

const API = 'http://localhost/api';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const TAKEN = new Set(['acme.admin']);

/**
 * The uniqueness check, ignoring case; a name starting 'slow' answers after `slowMs`. `answered` lists the names
 * whose answer has been sent, so a test can wait for a late answer rather than for a time.
 */
function answer(asked: Array<{ userName: string; id?: number }>, slowMs = 600, answered: string[] = []) {
  server.use(
    http.post(`${API}/users/isUserNameUnique`, async ({ request }) => {
      const body = (await request.json()) as { userName: string; id?: number };
      asked.push(body);
      if (body.userName.startsWith('slow')) await delay(slowMs);
      answered.push(body.userName);
      return HttpResponse.json(!TAKEN.has(body.userName.toLowerCase()) && !body.userName.endsWith('.taken'));
    }),
  );
}

describe('useUserNameCheck', () => {
  it('says taken or free for the name in the field, once typing pauses, with the edited user’s id', async () => {
    const asked: Array<{ userName: string; id?: number }> = [];
    answer(asked);
    const { result, rerender } = renderHook(({ name }) => useUserNameCheck(name, 7, true), {
      initialProps: { name: 'ACME.Admin' },
    });
    expect(result.current).toBe('checking');
    await waitFor(() => expect(result.current).toBe('taken'));
    rerender({ name: 'someone.new' });
    expect(result.current).toBe('checking');
    await waitFor(() => expect(result.current).toBe('free'));
    expect(asked).toEqual([
      { userName: 'ACME.Admin', id: 7 },
      { userName: 'someone.new', id: 7 },
    ]);
  });

  it('never shows the answer for an older name', async () => {
    const asked: Array<{ userName: string; id?: number }> = [];
    const answered: string[] = [];
    answer(asked, 600, answered);
    const { result, rerender } = renderHook(({ name }) => useUserNameCheck(name, undefined, true), {
      initialProps: { name: 'slow.taken' },
    });
    // The slow check is on its way when the name changes.
    await waitFor(() => expect(asked).toHaveLength(1));
    rerender({ name: 'quick.free' });
    await waitFor(() => expect(result.current).toBe('free'));
    // The older name's answer has been sent, and the hook still says the newer name's.
    await waitFor(() => expect(answered).toContain('slow.taken'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(result.current).toBe('free');
  });

  it('says the name is unchecked, not taken, when the server has had too many checks (429)', async () => {
    server.use(
      http.post(`${API}/users/isUserNameUnique`, () =>
        HttpResponse.json(
          {
            statusCode: 429,
            error: 'Too Many Requests',
            message: 'Too many username checks',
            code: 'too_many_requests',
          },
          { status: 429, headers: { 'retry-after': '40' } },
        ),
      ),
    );
    const { result } = renderHook(() => useUserNameCheck('acme.admin', undefined, true));
    await waitFor(() => expect(result.current).toBe('throttled'));
  });

  it('asks nothing for a name the contract’s rule refuses (spaces, another script’s letters)', async () => {
    const asked: Array<{ userName: string; id?: number }> = [];
    answer(asked);
    const spaced = renderHook(() => useUserNameCheck('acme admin', undefined, true));
    const cyrillic = renderHook(() => useUserNameCheck('acme.adm\u0456n', undefined, true));
    // A valid name rendered after them: once its check is answered, theirs would have been asked by now.
    const control = renderHook(() => useUserNameCheck('control.name', undefined, true));
    await waitFor(() => expect(control.result.current).toBe('free'));
    expect(spaced.result.current).toBe('idle');
    expect(cyrillic.result.current).toBe('idle');
    expect(asked).toEqual([{ userName: 'control.name' }]);
  });

  it('asks nothing when disabled (the View form) or for an empty name', async () => {
    const asked: Array<{ userName: string; id?: number }> = [];
    answer(asked);
    const view = renderHook(() => useUserNameCheck('acme.admin', 3, false));
    const empty = renderHook(() => useUserNameCheck('  ', undefined, true));
    // A valid name rendered after them: once its check is answered, theirs would have been asked by now.
    const control = renderHook(() => useUserNameCheck('control.name', undefined, true));
    await waitFor(() => expect(control.result.current).toBe('free'));
    expect(view.result.current).toBe('idle');
    expect(empty.result.current).toBe('idle');
    expect(asked).toEqual([{ userName: 'control.name' }]);
  });
});
