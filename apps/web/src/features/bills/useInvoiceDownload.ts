import { type InvoiceChartPoint, NOTIFICATION_MESSAGES } from '@portal/contract';
import { useCallback } from 'react';
import { useNotify } from '../../components/notifications/NotificationProvider';
import { useCan } from '../../session/useCan';
import { downloadInvoiceFile, type InvoiceFile } from './invoice-files';

/**
 * Downloads an invoice file; a failure shows the spec's download message (section 8) instead of rejecting, so
 * callers only need to await it to end their busy state.
 */
export function useInvoiceDownload(): (file: InvoiceFile) => Promise<void> {
  const notify = useNotify();
  return useCallback(
    async (file: InvoiceFile) => {
      try {
        await downloadInvoiceFile(file);
      } catch {
        notify({ message: NOTIFICATION_MESSAGES.downloadFailed, severity: 'error' });
      }
    },
    [notify],
  );
}

/** The cost chart's bar click (spec 6): downloads that bar's bill, only for holders of DownloadBill Read. */
export function useBillBarClick(): ((point: InvoiceChartPoint) => Promise<void>) | undefined {
  const canDownload = useCan('DownloadBill', 'Read');
  const download = useInvoiceDownload();
  const click = useCallback(
    (point: InvoiceChartPoint) =>
      download({ webDataPhysicalLocation: point.webDataPhysicalLocation, fileName: point.pdfFileName }),
    [download],
  );
  return canDownload ? click : undefined;
}
