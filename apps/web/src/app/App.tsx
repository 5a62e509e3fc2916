import { Navigate, Route, Routes } from 'react-router';
import { AppShell } from '../components/AppShell';
import { HomePage } from '../features/home/HomePage';
import { AppProviders } from './AppProviders';

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route index element={<HomePage />} />
        {/* Spec 2.1: any unknown path redirects to the home route. */}
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}

export function App() {
  return (
    <AppProviders>
      <AppRoutes />
    </AppProviders>
  );
}
