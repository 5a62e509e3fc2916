import { AppProviders } from './AppProviders';
import { AppRoutes } from './AppRoutes';

/** The portal; `prerenderedAt` renders it at that path at build time (app/prerender.tsx). */
export function App({ prerenderedAt }: { prerenderedAt?: string }) {
  return (
    <AppProviders {...(prerenderedAt === undefined ? {} : { prerenderedAt })}>
      <AppRoutes />
    </AppProviders>
  );
}
