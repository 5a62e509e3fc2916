import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { viewAsOperations } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callOperation, operationQuery } from '../../api/operations';
import { LOCALE, TIME_ZONE } from '../../lib/format';
import { goToApp, VIEW_AS_SESSION_HEADERS } from './view-as-navigation';

/**
 * Keyed outside the viewAs area on purpose: ending the view (a DELETE of that area) must not ask again with the ended
 * view's token while the page goes back to the staff member's session.
 */
const currentViewQuery = { ...operationQuery(viewAsOperations.current, {}), queryKey: ['view-as-banner'] };

/** `HH:mm`, as the portal's clock reads it. */
const endTime = (iso: string) =>
  new Date(iso).toLocaleTimeString(LOCALE, { hour: '2-digit', minute: '2-digit', timeZone: TIME_ZONE });

/**
 * The strip above every page of a view as customer (decision 0220): whose portal this is, that it is read-only, when
 * the view ends and why it was started, and the button that ends it. The shell loads it only for a view's token.
 */
export function ViewAsBanner({ staffName }: { staffName: string }) {
  const { data } = useQuery(currentViewQuery);
  const [ending, setEnding] = useState(false);
  const [failed, setFailed] = useState(false);
  const view = data?.view ?? undefined;

  async function end() {
    setEnding(true);
    setFailed(false);
    try {
      const ended = await callOperation(viewAsOperations.end, {}, { headers: VIEW_AS_SESSION_HEADERS });
      // Back to where the view was started, in the staff member's own session; or to sign in when that ended.
      goToApp(ended.returnedTo === 'staff' && view ? `console/view-as/${view.userId}` : 'login');
    } catch {
      setEnding(false);
      setFailed(true);
    }
  }

  const who = view
    ? `${view.userName} of ${view.companies.map((company) => company.name).join(', ') || 'no company'}`
    : 'a customer';
  return (
    <Alert
      severity="warning"
      icon={false}
      role="region"
      aria-label="View as customer"
      data-testid="view-as-banner"
      sx={{
        borderRadius: 0,
        alignItems: 'center',
        flexWrap: 'wrap',
        rowGap: 1,
        '& .MuiAlert-message': { minWidth: 0 },
      }}
      action={
        <Button color="inherit" variant="outlined" size="small" disabled={ending} onClick={() => void end()}>
          {ending ? 'Ending…' : 'End view'}
        </Button>
      }
    >
      <strong>
        Viewing as {who} (read-only)
        {view ? ` — ends at ${endTime(view.endsAt)}` : ''}
      </strong>
      <span style={{ display: 'block', overflowWrap: 'anywhere' }}>
        {view ? `${view.staffUserName} of ${view.partnerName} — reason: ${view.reason}` : `Started by ${staffName}`}
      </span>
      {failed ? <span style={{ display: 'block' }}>{"We couldn't end the view. Please try again."}</span> : null}
    </Alert>
  );
}
