import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ApiResponseError } from '../../api/client';
import { fetchReadiness } from './readiness';

const fetchMock = vi.fn<typeof fetch>();

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

beforeEach(() => {
  vi.stubGlobal('document', { baseURI: 'https://portal.example.com/business/' });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('fetchReadiness', () => {
  it('asks for /ready below the page base URL', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'ready', database: 'up' }));

    await expect(fetchReadiness()).resolves.toEqual({ status: 'ready', database: 'up' });
    expect(fetchMock).toHaveBeenCalledWith(
      'https://portal.example.com/business/ready',
      expect.objectContaining({ method: 'GET', headers: { Accept: 'application/json' } }),
    );
  });

  it('reads the body of a 503 as the answer', async () => {
    fetchMock.mockResolvedValue(jsonResponse(503, { status: 'unavailable', database: 'down' }));

    await expect(fetchReadiness()).resolves.toEqual({ status: 'unavailable', database: 'down' });
  });

  it('fails on other errors and on bodies that are not readiness reports', async () => {
    fetchMock.mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }));
    await expect(fetchReadiness()).rejects.toBeInstanceOf(ApiError);

    fetchMock.mockResolvedValueOnce(jsonResponse(200, { status: 'fine' }));
    await expect(fetchReadiness()).rejects.toBeInstanceOf(ApiResponseError);

    fetchMock.mockResolvedValueOnce(jsonResponse(503, { message: 'down' }));
    await expect(fetchReadiness()).rejects.toMatchObject({ name: 'ApiError', status: 503 });
  });
});
