import FilterListOff from '@mui/icons-material/FilterListOff';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LoadFailed } from '../LoadFailed';
import type { ListController } from './useListController';

/** The list's own words for its states without rows: "No bills yet.", "No bills match this filter", a failure. */
export interface ListTexts {
  empty: string;
  /** What the user can do about an empty list (add the first one), beside its text. */
  emptyAction?: ReactNode;
  noMatch: string;
  loadError: string;
}

/**
 * What a list without rows shows, decided the same way for the table and the cards (decision 0055). A load under
 * way (the first, a retry, a new filter) is loading, whatever came before; otherwise a failure is said as one, never
 * as an empty list, and an empty answer to a filter says so and offers to clear it.
 */
export type EmptyListState = 'loading' | 'failed' | 'noMatch' | 'empty';

export function emptyListState<Row>(controller: ListController<Row>): EmptyListState {
  if (controller.fetching) return 'loading';
  if (controller.failed) return 'failed';
  return controller.filtered ? 'noMatch' : 'empty';
}

/** The message (and its action) of a list with no rows to show; nothing while loading, the view draws that. */
export function EmptyListMessage<Row>({
  state,
  controller,
  texts,
}: {
  state: Exclude<EmptyListState, 'loading'>;
  controller: ListController<Row>;
  texts: ListTexts;
}) {
  if (state === 'failed') {
    return <LoadFailed text={texts.loadError} onRetry={controller.retry} />;
  }
  if (state === 'noMatch') {
    return (
      <Stack role="status" direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <FilterListOff color="action" fontSize="small" aria-hidden="true" />
        <Typography variant="body2">{texts.noMatch}</Typography>
        <Button size="small" variant="outlined" onClick={controller.clearFilters}>
          Clear filters
        </Button>
      </Stack>
    );
  }
  const text = (
    <Typography role="status" variant="body2">
      {texts.empty}
    </Typography>
  );
  if (!texts.emptyAction) return text;
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {text}
      {texts.emptyAction}
    </Stack>
  );
}

/**
 * A failure while rows are on screen (the next cards, a reload after a change elsewhere): the rows stay, and this
 * says they may be out of date or incomplete, with a retry.
 */
export function LoadFailedNotice<Row>({ controller, texts }: { controller: ListController<Row>; texts: ListTexts }) {
  if (!controller.failed || controller.fetching) return null;
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={controller.retry}>
          Retry
        </Button>
      }
    >
      {texts.loadError}
    </Alert>
  );
}
