import { Spinner } from '../lib/plain-ui/Spinner';

/** Shown while a page's code or the data its guard needs is loading; plain, so the first screen needs no MUI. */
export function PageLoader() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: '64px 0' }}>
      <Spinner label="Loading" />
    </div>
  );
}
