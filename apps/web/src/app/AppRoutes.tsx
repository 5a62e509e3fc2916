import { ROUTES, type RoutePath } from '@portal/contract';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { PAGE_TITLES } from './page-titles';
import { RequireAccess, RequireSignIn } from './RouteGuards';
import {
  loadAccountPage,
  loadContactPage,
  loadDashboardPage,
  loadFaqPage,
  loadForgotPasswordPages,
  loadLoginPage,
  loadMyBillsPage,
  loadOrderDetailPage,
  loadOrdersListPage,
  loadSearchPage,
  loadShell,
  loadUpcomingPage,
} from './route-modules';

const AppShell = lazy(() => loadShell().then((m) => ({ default: m.AppShell })));
const LoginPage = lazy(() => loadLoginPage().then((m) => ({ default: m.LoginPage })));
const ForgotPasswordPage = lazy(() => loadForgotPasswordPages().then((m) => ({ default: m.ForgotPasswordPage })));
const ForgotPasswordConfirmationPage = lazy(() =>
  loadForgotPasswordPages().then((m) => ({ default: m.ForgotPasswordConfirmationPage })),
);
const DashboardPage = lazy(() => loadDashboardPage().then((m) => ({ default: m.DashboardPage })));
const MyBillsPage = lazy(() => loadMyBillsPage().then((m) => ({ default: m.MyBillsPage })));
const AccountPage = lazy(() => loadAccountPage().then((m) => ({ default: m.AccountPage })));
const FaqPage = lazy(() => loadFaqPage().then((m) => ({ default: m.FaqPage })));
const ContactPage = lazy(() => loadContactPage().then((m) => ({ default: m.ContactPage })));
const SearchPage = lazy(() => loadSearchPage().then((m) => ({ default: m.SearchPage })));
const OrdersListPage = lazy(() => loadOrdersListPage().then((m) => ({ default: m.OrdersListPage })));
const OrderDetailPage = lazy(() => loadOrderDetailPage().then((m) => ({ default: m.OrderDetailPage })));
const UpcomingPage = lazy(() => loadUpcomingPage().then((m) => ({ default: m.UpcomingPage })));

/** The page of each route; routes a later release builds show a placeholder behind the same guards. */
function pageFor(path: RoutePath): ReactNode {
  switch (path) {
    case '':
      return <DashboardPage />;
    case 'my-bills':
      return <MyBillsPage />;
    case 'account':
      return <AccountPage />;
    case 'faq':
      return <FaqPage />;
    case 'contact':
      return <ContactPage />;
    case 'search':
      return <SearchPage />;
    case 'mobile/orders':
      return <OrdersListPage kind="mobile" />;
    case 'broadband/orders':
      return <OrdersListPage kind="broadband" />;
    case 'mobile/orders/:orderId':
      return <OrderDetailPage kind="mobile" />;
    case 'broadband/orders/:orderId':
      return <OrderDetailPage kind="broadband" />;
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
