// @vitest-environment jsdom
import { findRoute, type Permission } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useCan } from './useCan';
import { useCanAccessRoute } from './useCanAccessRoute';
import { functionalityQuery } from './useSession';

function wrapperWith(permissions: readonly Permission[] | undefined) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (permissions) {
    queryClient.setQueryData(functionalityQuery.queryKey, {
      value: permissions.map((permission, index) => ({ id: index + 1, description: permission.code, ...permission })),
    });
  }
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
}

describe('useCan', () => {
  it('answers for the exact code and access type once the functionality is known', () => {
    const wrapper = wrapperWith([
      { code: 'ViewMyBills', accessType: 'Read' },
      { code: 'ManageUser', accessType: 'Write' },
    ]);
    expect(renderHook(() => useCan('ViewMyBills', 'Read'), { wrapper }).result.current).toBe(true);
    expect(renderHook(() => useCan('ManageUser', 'Read'), { wrapper }).result.current).toBe(false);
    expect(renderHook(() => useCan('DownloadBill', 'Read'), { wrapper }).result.current).toBe(false);
  });

  it('answers undefined while the functionality loads', () => {
    const wrapper = wrapperWith(undefined);
    expect(renderHook(() => useCan('ViewMyBills', 'Read'), { wrapper }).result.current).toBeUndefined();
  });
});

describe('useCanAccessRoute', () => {
  it('waits for the functionality only where the route names permissions', () => {
    const loading = wrapperWith(undefined);
    expect(renderHook(() => useCanAccessRoute(findRoute('faq')), { wrapper: loading }).result.current).toBe(true);
    expect(
      renderHook(() => useCanAccessRoute(findRoute('my-bills')), { wrapper: loading }).result.current,
    ).toBeUndefined();

    const finance = wrapperWith([{ code: 'ViewMyBills', accessType: 'Read' }]);
    expect(renderHook(() => useCanAccessRoute(findRoute('my-bills')), { wrapper: finance }).result.current).toBe(true);
    expect(renderHook(() => useCanAccessRoute(findRoute('mobile/orders')), { wrapper: finance }).result.current).toBe(
      false,
    );
  });
});
