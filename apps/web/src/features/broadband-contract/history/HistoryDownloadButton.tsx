import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { HISTORY_DOWNLOAD_MAX_ROWS, NOTIFICATION_MESSAGES } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { downloadOperation, operationQuery } from '../../../api/operations';
import { useNotify } from '../../../components/notifications/NotificationProvider';
import { saveResponseAsFile } from '../../../lib/save-file';
import type { BroadbandServiceOperations } from '../carrier-service';

type HistoryName = 'sessionHistory' | 'lineHistory';

/**
 * DOWNLOAD CSV of a history table: the newest `count` rows, `count` being the table's total (spec 7's cheap
 * `$count=true&$top=0`), capped at what the route serves. A failure says the spec's download message (spec 8).
 */
export function HistoryDownloadButton({
  service,
  history,
  orderItemId,
  fileName,
}: {
  service: BroadbandServiceOperations;
  history: HistoryName;
  orderItemId: number;
  fileName: string;
}) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const params = { id: orderItemId };
  const total = useQuery({
    ...operationQuery(service[history], { params, query: { $count: 'true', $top: '0' } }),
    select: (list) => list['@odata.count'] ?? 0,
  });
  const count = Math.min(total.data ?? 0, HISTORY_DOWNLOAD_MAX_ROWS);
  const download = async () => {
    setBusy(true);
    try {
      const response = await downloadOperation(service[`${history}Download`], {
        params,
        query: { count: String(count) },
      });
      await saveResponseAsFile(response, fileName);
    } catch {
      notify({ message: NOTIFICATION_MESSAGES.downloadFailed, severity: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={busy ? <CircularProgress size={16} aria-hidden /> : <Download />}
      disabled={busy || count === 0}
      aria-busy={busy}
      onClick={() => void download()}
    >
      Download CSV
    </Button>
  );
}
