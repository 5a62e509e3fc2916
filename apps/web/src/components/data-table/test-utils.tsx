import { createTheme, ThemeProvider } from '@mui/material/styles';
import { ODataQuerySchema, odataList } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type RenderResult, render } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { type ReactElement, useEffect } from 'react';
import {
  type Location,
  MemoryRouter,
  type NavigateFunction,
  type NavigationType,
  type To,
  useLocation,
  useNavigate,
  useNavigationType,
} from 'react-router';
import { z } from 'zod';
import { createPortalTheme } from '../../partner/theme';
import type { ListOperation } from './types';

/**
 * Helpers for the data table's component tests (jsdom): providers, a fake OData list operation for msw, a
 * controllable IntersectionObserver and a matchMedia that puts MUI below the md breakpoint.
 */

// No transition delays, so dialogs and menus open and close at once.
export const testTheme = createTheme(createPortalTheme(), {
  transitions: {
    duration: {
      shortest: 0,
      shorter: 0,
      short: 0,
      standard: 0,
      complex: 0,
      enteringScreen: 0,
      leavingScreen: 0,
    },
  },
});

/** The router as a test sees it: where it is, how it got to each location, and navigate (`navigate(-1)` is Back). */
export interface RouterProbe {
  location(): Location;
  /** Every location the router showed, with how it got there (PUSH, REPLACE or POP), the first one included. */
  visits: Array<{ action: NavigationType; search: string }>;
  navigate(to: To | number): Promise<void>;
}

interface RouterHandle {
  location?: Location;
  navigate?: NavigateFunction;
  onVisit: (location: Location, action: NavigationType) => void;
}

function RouterSpy({ handle }: { handle: RouterHandle }) {
  const location = useLocation();
  const action = useNavigationType();
  handle.location = location;
  handle.navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: one record per location, which its key names
  useEffect(() => {
    handle.onVisit(location, action);
  }, [location.key]);
  return null;
}

export function renderWithProviders(
  ui: ReactElement,
  options: { url?: string } = {},
): RenderResult & { queryClient: QueryClient; router: RouterProbe } {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const visits: RouterProbe['visits'] = [];
  const handle: RouterHandle = {
    onVisit: (location, action) => {
      visits.push({ action, search: location.search });
    },
  };
  const router: RouterProbe = {
    location() {
      if (!handle.location) throw new Error('The router has not rendered');
      return handle.location;
    },
    visits,
    async navigate(to) {
      const navigate = handle.navigate;
      if (!navigate) throw new Error('The router has not rendered');
      await act(async () => {
        if (typeof to === 'number') await navigate(to);
        else await navigate(to);
      });
    },
  };
  const result = render(
    <ThemeProvider theme={testTheme}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[options.url ?? '/']}>
          <RouterSpy handle={handle} />
          {ui}
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...result, queryClient, router };
}

type Data = Record<string, unknown>;

/** Applies the `contains(field,'text')` parts of a `$filter` (case-insensitive, like the server); ignores the rest. */
function applyContains<T extends Data>(rows: readonly T[], filter: string | null): T[] {
  if (!filter) return [...rows];
  const tests = [...filter.matchAll(/contains\((\w+),'((?:[^']|'')*)'\)/g)].map(([, field = '', text = '']) => ({
    field,
    text: text.replaceAll("''", "'").toLowerCase(),
  }));
  return rows.filter((row) =>
    tests.every((test) =>
      String(row[test.field] ?? '')
        .toLowerCase()
        .includes(test.text),
    ),
  );
}

function applyOrder<T extends Data>(rows: T[], orderby: string | null): T[] {
  if (!orderby) return rows;
  const [field = '', direction = 'asc'] = orderby.split(' ');
  const sign = direction === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = a[field] as string | number;
    const y = b[field] as string | number;
    return x < y ? -sign : x > y ? sign : 0;
  });
}

export interface FakeList {
  handler: ReturnType<typeof http.get>;
  /** Answers one request (and records it), for handlers that wrap this list. */
  respond(request: Request): Response;
  /** The query parameters of every request, in order. */
  requests: URLSearchParams[];
  last(): URLSearchParams;
}

/**
 * An OData list at `http://localhost{path}` over `rows`: `$top` (400 above 100), `$skip`, `$orderby` on one field,
 * `contains` filters, `$count`. `status` makes every request fail with that status.
 */
export function fakeList(path: string, rows: readonly object[], options: { status?: number } = {}): FakeList {
  const requests: URLSearchParams[] = [];
  function respond(request: Request): Response {
    const params = new URL(request.url).searchParams;
    requests.push(params);
    if (options.status !== undefined) return HttpResponse.json({ code: 'failed' }, { status: options.status });
    const top = Number(params.get('$top') ?? '100');
    if (top > 100) return HttpResponse.json({ code: 'invalid_odata' }, { status: 400 });
    const skip = Number(params.get('$skip') ?? '0');
    const selected = applyOrder(applyContains(rows as readonly Data[], params.get('$filter')), params.get('$orderby'));
    return HttpResponse.json({
      value: selected.slice(skip, skip + top),
      ...(params.get('$count') === 'true' ? { '@odata.count': selected.length } : {}),
    });
  }
  return {
    handler: http.get(`http://localhost${path}`, ({ request }) => respond(request)),
    respond,
    requests,
    last() {
      const last = requests.at(-1);
      if (!last) throw new Error('No request was made');
      return last;
    },
  };
}

/** An OData list operation at `path` for the table's tests, as the contract declares real ones. */
export function listOperation(path: string): ListOperation {
  return {
    method: 'GET',
    path,
    summary: 'A list for the tests',
    access: 'signed-in',
    query: ODataQuerySchema,
    response: odataList(z.unknown()),
  };
}

/** A promise the test settles. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Makes every media query match (MUI's `down('md')` included); returns the function that undoes it. */
export function matchAllMediaQueries(): () => void {
  const original = Object.getOwnPropertyDescriptor(window, 'matchMedia');
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (media: string) => ({
      matches: true,
      media,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
  return () => {
    if (original) Object.defineProperty(window, 'matchMedia', original);
    else Reflect.deleteProperty(window, 'matchMedia');
  };
}

/** An IntersectionObserver whose observed elements the test reports as visible with `intersectAll()`. */
export function installIntersectionObserver(): {
  intersectAll: () => void;
  observing: () => number;
  restore: () => void;
} {
  const observers = new Set<FakeIntersectionObserver>();
  class FakeIntersectionObserver {
    readonly elements = new Set<Element>();
    constructor(readonly callback: IntersectionObserverCallback) {
      observers.add(this);
    }
    observe(element: Element): void {
      this.elements.add(element);
    }
    unobserve(element: Element): void {
      this.elements.delete(element);
    }
    disconnect(): void {
      this.elements.clear();
      observers.delete(this);
    }
    takeRecords(): IntersectionObserverEntry[] {
      return [];
    }
  }
  const original = Object.getOwnPropertyDescriptor(globalThis, 'IntersectionObserver');
  Object.defineProperty(globalThis, 'IntersectionObserver', {
    configurable: true,
    writable: true,
    value: FakeIntersectionObserver,
  });
  return {
    intersectAll() {
      for (const observer of [...observers]) {
        const entries = [...observer.elements].map(
          (target) => ({ target, isIntersecting: true, intersectionRatio: 1 }) as unknown as IntersectionObserverEntry,
        );
        if (entries.length > 0) observer.callback(entries, observer as unknown as IntersectionObserver);
      }
    },
    observing: () => [...observers].reduce((sum, observer) => sum + observer.elements.size, 0),
    restore() {
      if (original) Object.defineProperty(globalThis, 'IntersectionObserver', original);
      else Reflect.deleteProperty(globalThis, 'IntersectionObserver');
    },
  };
}
