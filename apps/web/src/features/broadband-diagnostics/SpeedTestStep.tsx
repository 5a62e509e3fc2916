import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { operationQuery } from '../../api/operations';
import { LoadFailed } from '../../components/LoadFailed';
import { formatDateTime, formatSpeed } from '../../lib/format';
import { muiRegister } from '../../lib/mui-register';
import type { LineOperations } from './diagnostic-tests';
import type { FaultFormValues } from './fault-report-form';

/**
 * Step 2 of a slow-speeds fault (spec 2.16): three speed-test result ids, typed or taken from the line's recent
 * speed tests; Next waits for all three (decision 0106).
 */
export function SpeedTestStep({
  operations,
  orderItemId,
  disabled,
}: {
  operations: LineOperations;
  orderItemId: number;
  disabled: boolean;
}) {
  const { control, register, setValue, formState } = useFormContext<FaultFormValues>();
  const slots = useWatch({ control, name: 'speedTestResults' });
  const runs = useQuery(operationQuery(operations.speedTestResults, { params: { id: orderItemId } }));
  const used = new Set(slots.map((slot) => slot.resultId.trim()));
  const freeSlot = slots.findIndex((slot) => slot.resultId.trim() === '');
  const slotErrors = formState.errors.speedTestResults;

  return (
    <Stack spacing={2}>
      <Typography variant="body2">
        Quote three speed tests run on this line: choose them from the line's recent tests or type their result ids.
      </Typography>
      {slots.map((_slot, index) => (
        <TextField
          // The slots are fixed: three for slow speeds (spec 4).
          // biome-ignore lint/suspicious/noArrayIndexKey: a slot is its position
          key={index}
          {...muiRegister(register(`speedTestResults.${index}.resultId`))}
          label={`Speed test result ${index + 1}`}
          disabled={disabled}
          error={slotErrors?.[index]?.resultId !== undefined}
          helperText={slotErrors?.[index]?.resultId?.message}
        />
      ))}
      {slotErrors?.message ? <FormHelperText error>{slotErrors.message}</FormHelperText> : null}
      <Typography variant="subtitle2" component="h4">
        Recent speed tests
      </Typography>
      {runs.isPending ? (
        <Skeleton height={96} aria-label="Loading the recent speed tests" />
      ) : runs.isError ? (
        <LoadFailed text="We couldn't load the recent speed tests" onRetry={() => void runs.refetch()} />
      ) : runs.data.value.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No speed tests have been run on this line yet: type the result ids above.
        </Typography>
      ) : (
        <Table size="small" aria-label="Recent speed tests" sx={{ '& td, & th': { px: 1 } }}>
          <TableHead>
            <TableRow>
              <TableCell>Result id</TableCell>
              <TableCell>Tested</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Download</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Upload</TableCell>
              <TableCell align="right">Choose</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {runs.data.value.map((run) => (
              <TableRow key={run.resultId}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{run.resultId}</TableCell>
                <TableCell>{formatDateTime(run.testedAt)}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {formatSpeed(run.downloadSpeed / 1000)}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {formatSpeed(run.uploadSpeed / 1000)}
                </TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    aria-label={`Use result ${run.resultId}`}
                    disabled={disabled || freeSlot < 0 || used.has(run.resultId)}
                    onClick={() =>
                      setValue(`speedTestResults.${freeSlot}.resultId`, run.resultId, { shouldValidate: true })
                    }
                  >
                    Use
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
