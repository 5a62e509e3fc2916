import { ROUTES, type RoutePath } from '@portal/contract';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { PAGE_TITLES } from './page-titles';
import { RequireAccess, RequireSignIn } from './RouteGuards';
import {
  loadAccountPage,
  loadForgotPasswordPages,
  loadHomePage,
  loadLoginPage,
  loadShell,
  loadUpcomingPage,
} from './route-modules';

const AppShell = lazy(() => loadShell().then((m) => ({ default: m.AppShell })));
const LoginPage = lazy(() => loadLoginPage().then((m) => ({ default: m.LoginPage })));
const ForgotPasswordPage = lazy(() => loadForgotPasswordPages().then((m) => ({ default: m.ForgotPasswordPage })));
const ForgotPasswordConfirmationPage = lazy(() =>
  loadForgotPasswordPages().then((m) => ({ default: m.ForgotPasswordConfirmationPage })),
);
const HomePage = lazy(() => loadHomePage().then((m) => ({ default: m.HomePage })));
const AccountPage = lazy(() => loadAccountPage().then((m) => ({ default: m.AccountPage })));
const UpcomingPage = lazy(() => loadUpcomingPage().then((m) => ({ default: m.UpcomingPage })));

/** The page of each route; routes a later release builds show a placeholder behind the same guards. */
function pageFor(path: RoutePath): ReactNode {
  switch (path) {
    case '':
      return <HomePage />;
    case 'account':
      return <AccountPage />;
    case 'login':
      return <LoginPage />;
    case 'forgot-password':
      return <ForgotPasswordPage />;
    case 'forgot-password-confirmation':
      return <ForgotPasswordConfirmationPage />;
    default:
      return <UpcomingPage title={PAGE_TITLES[path]} />;
  }
}

/** The route table of the contract (spec 2.2) as React Router routes, with the guards of spec 2.1. */
export function AppRoutes() {
  return (
    <Routes>
      {ROUTES.filter((route) => route.access === 'public').map((route) => (
        <Route
          key={route.path}
          path={route.path}
          element={<Suspense fallback={<PageLoader />}>{pageFor(route.path)}</Suspense>}
        />
      ))}
      <Route
        element={
          <RequireSignIn>
            <Suspense fallback={<PageLoader />}>
              <AppShell />
            </Suspense>
          </RequireSignIn>
        }
      >
        {ROUTES.filter((route) => route.access !== 'public').map((route) => (
          <Route
            key={route.path}
            {...(route.path === '' ? { index: true } : { path: route.path })}
            element={<RequireAccess route={route}>{pageFor(route.path)}</RequireAccess>}
          />
        ))}
      </Route>
      {/* Spec 2.1: any unknown path redirects to the home route. */}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
