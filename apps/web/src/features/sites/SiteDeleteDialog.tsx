import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  canAccess,
  ENDPOINT_TYPE,
  LINE_WRITE_CODES,
  type SiteDeletionCheck,
  type SiteDetail,
  siteHasLinesMessage,
  siteIsOnlySiteOfMessage,
  siteOperations,
} from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { callOperation, operationQuery } from '../../api/operations';
import { UNCACHED_QUERY_OPTIONS } from '../../api/query-cache';
import { deleteFailureMessage } from '../../components/admin/admin-rules';
import { type DeleteCheck, DeleteDialog } from '../../components/admin/DeleteDialog';
import { useCan } from '../../session/useCan';
import { usePermissions } from '../../session/useSession';
import { useEditOptions } from '../estate/estate-queries';

/**
 * Manage Sites' delete dialog (decision 0128): it first loads what stands in the way of the delete (the site's lines,
 * the users it is the only site of, decision 0127) and says that instead of asking; the lines can be moved to
 * another site of the company from here, after which it checks again.
 */
export function SiteDeleteDialog({
  site,
  remove,
  onClose,
  onDeleted,
}: {
  site: SiteDetail;
  remove: () => Promise<unknown>;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const id = site.id ?? 0;
  const name = site.name ?? '';
  // Once the delete is sent the check rests: the delete's own refresh of the sites would otherwise ask again about
  // a site that is gone (a 404). A refused delete wakes it, to say what is in the way now.
  const [deleteSent, setDeleteSent] = useState(false);
  const check = useQuery({
    ...operationQuery(siteOperations.deletionCheck, { params: { id } }),
    ...UNCACHED_QUERY_OPTIONS,
    retry: false,
    enabled: !deleteSent,
  });
  const removeSite = async () => {
    setDeleteSent(true);
    try {
      return await remove();
    } catch (error) {
      setDeleteSent(false);
      throw error;
    }
  };
  const [moved, setMoved] = useState<string | undefined>();

  let state: DeleteCheck;
  if (check.isPending) state = { status: 'checking' };
  else if (check.isError) state = { status: 'failed', retry: () => void check.refetch() };
  else if (check.isFetching) state = { status: 'checking' };
  else if (isBlocked(check.data)) {
    state = { status: 'blocked', body: <SiteBlockers site={site} blockers={check.data} onMoved={setMoved} /> };
  } else {
    state = moved ? { status: 'clear', note: <MovedNote text={moved} /> } : { status: 'clear' };
  }
  return <DeleteDialog name={name} remove={removeSite} onClose={onClose} onDeleted={onDeleted} check={state} />;
}

const lineCount = (blockers: SiteDeletionCheck) => blockers.mobileDevices + blockers.broadbandContracts;
const isBlocked = (blockers: SiteDeletionCheck) => lineCount(blockers) > 0 || blockers.onlySiteOf.length > 0;

function MovedNote({ text }: { text: string }) {
  return (
    <Alert severity="success" sx={{ mb: 2 }}>
      {text}
    </Alert>
  );
}

/** What keeps the site: its lines (with the move, for a caller who may make it) and the users left with no site. */
function SiteBlockers({
  site,
  blockers,
  onMoved,
}: {
  site: SiteDetail;
  blockers: SiteDeletionCheck;
  onMoved: (note: string) => void;
}) {
  const canEditUsers = useCan('ManageUser', 'Write');
  const lines = lineCount(blockers);
  return (
    <Stack spacing={2}>
      {lines > 0 ? (
        <Stack spacing={2}>
          <Alert severity="warning">{siteHasLinesMessage(lines)}</Alert>
          <MoveLines site={site} blockers={blockers} onMoved={onMoved} />
        </Stack>
      ) : null}
      {blockers.onlySiteOf.length > 0 ? (
        <Alert severity="warning">
          <Typography variant="body2">
            {siteIsOnlySiteOfMessage(blockers.onlySiteOf.map((user) => user.userName))}
          </Typography>
          {canEditUsers ? (
            <Stack component="ul" spacing={0.5} sx={{ m: 0, mt: 1, pl: 2.5 }}>
              {blockers.onlySiteOf.map((user) => (
                <li key={user.id}>
                  <Link component={RouterLink} to={`/users/edit/${user.id}`} sx={{ overflowWrap: 'anywhere' }}>
                    Edit {user.userName}
                  </Link>
                </li>
              ))}
            </Stack>
          ) : null}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** Whether the caller may move every kind of line the site has (a 403 would end their session, spec 4). */
function useMayMove(blockers: SiteDeletionCheck): boolean {
  const held = usePermissions() ?? [];
  if (!canAccess(siteOperations.moveLines.access, held)) return false;
  const writes = (type: keyof typeof LINE_WRITE_CODES) =>
    LINE_WRITE_CODES[type].some((code) => held.some((p) => p.code === code && p.accessType === 'Write'));
  return (
    (blockers.mobileDevices === 0 || writes(ENDPOINT_TYPE.mobile)) &&
    (blockers.broadbandContracts === 0 || writes(ENDPOINT_TYPE.broadband))
  );
}

/** 'Move them to' another site of the same company, and MOVE: one request moves every line (decision 0128). */
function MoveLines({
  site,
  blockers,
  onMoved,
}: {
  site: SiteDetail;
  blockers: SiteDeletionCheck;
  onMoved: (note: string) => void;
}) {
  const mayMove = useMayMove(blockers);
  const { sites } = useEditOptions(mayMove, false);
  const queryClient = useQueryClient();
  const labelId = useId();
  const [target, setTarget] = useState<number | ''>('');
  const [moving, setMoving] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  if (!mayMove) return null;
  const others = sites.filter((other) => other.companyId === site.companyId && other.id !== site.id);
  if (others.length === 0) {
    return <Typography variant="body2">There is no other site of this company to move them to.</Typography>;
  }

  const move = async () => {
    if (target === '') return;
    setMoving(true);
    setFailure(undefined);
    try {
      await callOperation(siteOperations.moveLines, { params: { id: site.id ?? 0 }, body: { targetSiteId: target } });
    } catch (error) {
      setFailure(deleteFailureMessage(error));
      setMoving(false);
      return;
    }
    // The lines' own pages show their site: they are answers of another API area than the sites'.
    void queryClient.invalidateQueries({ queryKey: ['endpoints'] });
    const targetName = others.find((other) => other.id === target)?.name ?? 'the other site';
    onMoved(`Moved ${lineCount(blockers) === 1 ? 'it' : 'them'} to ${targetName}.`);
  };

  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label="Move them to"
          id={labelId}
          value={target}
          onChange={(event) => setTarget(Number(event.target.value))}
          disabled={moving}
          sx={{ flexGrow: 1, minWidth: 0 }}
        >
          {others.map((other) => (
            <MenuItem key={other.id} value={other.id}>
              {other.name}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          disabled={target === '' || moving}
          onClick={() => void move()}
          startIcon={moving ? <CircularProgress size={18} color="inherit" aria-label="Moving" /> : null}
        >
          Move
        </Button>
      </Stack>
      {failure ? <Alert severity="error">{failure}</Alert> : null}
    </Stack>
  );
}
