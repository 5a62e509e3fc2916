import { ROUTES } from '@portal/contract';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { RequireAccess, RequireSignIn } from './RouteGuards';
import { loadShell, SCREENS } from './screens';
import { ShellFrame } from './shell/ShellFrame';

const AppShell = lazy(() => loadShell().then((m) => ({ default: m.AppShell })));

/** The route table of the contract (spec 2.2) as React Router routes, each with its screen and the guards of 2.1. */
export function AppRoutes() {
  return (
    <Routes>
      {ROUTES.filter((route) => route.access === 'public').map((route) => (
        <Route
          key={route.path}
          path={route.path}
          element={<Suspense fallback={<PageLoader />}>{SCREENS[route.path].element}</Suspense>}
        />
      ))}
      <Route
        element={
          <RequireSignIn>
            <Suspense fallback={<ShellFrame />}>
              <AppShell />
            </Suspense>
          </RequireSignIn>
        }
      >
        {ROUTES.filter((route) => route.access !== 'public').map((route) => (
          <Route
            key={route.path}
            {...(route.path === '' ? { index: true } : { path: route.path })}
            element={<RequireAccess route={route}>{SCREENS[route.path].element}</RequireAccess>}
          />
        ))}
      </Route>
      {/* Spec 2.1: any unknown path redirects to the home route. */}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
