import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ConsoleFaq, faqAdminOperations, NOTIFICATION_MESSAGES } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { callOperation, operationQuery } from '../../api/operations';
import { DeleteDialog } from '../../components/admin/DeleteDialog';
import { LoadFailed } from '../../components/LoadFailed';
import { useNotify } from '../../components/notifications/NotificationProvider';
import { PageHeading } from '../../components/PageHeading';
import { FaqEditor } from './FaqEditor';

const faqsQuery = operationQuery(faqAdminOperations.list, {});
/** The customer's FAQ page reads another API area: a change here makes its answers stale too. */
const CUSTOMER_FAQ_AREA = ['faqs'];
const LOAD_ERROR = "We couldn't load your questions";

type Direction = 'up' | 'down';
type Editing = { mode: 'add' } | { mode: 'edit'; faq: ConsoleFaq };

const questionName = (faq: Pick<ConsoleFaq, 'title'>) => `the question “${faq.title}”`;

/**
 * The reseller console's FAQs (docs/decisions/0217): the partner's questions in the order its customers' FAQ page
 * shows them, each moved up or down with buttons (so by keyboard too), added, changed with a preview of the rendered
 * Markdown answer, or deleted.
 */
export function ConsoleFaqsPage() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const faqs = useQuery({ ...faqsQuery, select: (list) => list.value });
  const [editing, setEditing] = useState<Editing | undefined>();
  const [deleting, setDeleting] = useState<ConsoleFaq | undefined>();
  const heading = useRef<HTMLHeadingElement>(null);
  const [returnFocus, setReturnFocus] = useState(0);
  useEffect(() => {
    if (returnFocus > 0) heading.current?.focus();
  }, [returnFocus]);
  const changed = () => void queryClient.invalidateQueries({ queryKey: CUSTOMER_FAQ_AREA });
  const closeEditor = () => {
    setEditing(undefined);
    setReturnFocus((count) => count + 1);
  };

  // After a move the focus stays with the question it moved: on the same button, or the other one at an end.
  const listRef = useRef<HTMLOListElement>(null);
  const [moved, setMoved] = useState<{ id: number; direction: Direction } | undefined>();
  const move = useMutation({
    mutationFn: ({ faq, direction }: { faq: ConsoleFaq; direction: Direction }) =>
      callOperation(faqAdminOperations.move, { params: { id: faq.id }, body: { direction } }),
    onSuccess: (list, { faq, direction }) => {
      queryClient.setQueryData(faqsQuery.queryKey, list);
      changed();
      setMoved({ id: faq.id, direction });
    },
    onError: (error) => {
      console.error(error);
      notify({ message: NOTIFICATION_MESSAGES.unexpectedError, severity: 'error' });
    },
  });
  useEffect(() => {
    if (!moved) return;
    const buttonOf = (direction: Direction) =>
      listRef.current?.querySelector<HTMLButtonElement>(`[data-move="${moved.id}-${direction}"]:not(:disabled)`);
    (buttonOf(moved.direction) ?? buttonOf(moved.direction === 'up' ? 'down' : 'up'))?.focus();
  }, [moved]);

  const list = () => {
    if (faqs.data === undefined && faqs.isError && !faqs.isFetching) {
      return <LoadFailed text={LOAD_ERROR} onRetry={() => void faqs.refetch()} />;
    }
    if (faqs.data === undefined) {
      return (
        <Stack spacing={1.5} role="status" aria-busy="true" aria-label="Loading questions">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} variant="rounded" height={72} />
          ))}
        </Stack>
      );
    }
    if (faqs.data.length === 0) {
      return (
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography role="status" variant="body2">
            No questions yet: your customers' FAQ page says so and points them to the Contact page.
          </Typography>
          {editing ? null : (
            <Button variant="outlined" size="small" startIcon={<Add />} onClick={() => setEditing({ mode: 'add' })}>
              Add question
            </Button>
          )}
        </Stack>
      );
    }
    const last = faqs.data.length - 1;
    return (
      <>
        {faqs.isError && !faqs.isFetching ? <LoadFailed text={LOAD_ERROR} onRetry={() => void faqs.refetch()} /> : null}
        <Stack
          ref={listRef}
          spacing={1.5}
          component="ol"
          aria-label="Questions, in the FAQ page's order"
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {faqs.data.map((faq, index) => (
            <FaqCard
              key={faq.id}
              faq={faq}
              position={index + 1}
              first={index === 0}
              last={index === last}
              editing={editing !== undefined}
              // One move at a time; the buttons stay enabled meanwhile, so the focus stays on them.
              onMove={(direction) => {
                if (!move.isPending) move.mutate({ faq, direction });
              }}
              onEdit={() => setEditing({ mode: 'edit', faq })}
              onDelete={() => setDeleting(faq)}
            />
          ))}
        </Stack>
      </>
    );
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <PageHeading title="FAQs" ref={heading} />
        {editing ? null : (
          <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ mode: 'add' })}>
            Add question
          </Button>
        )}
      </Stack>
      <Typography>
        The questions of your customers' FAQ page, in the order it shows them. Answers are written in Markdown.
      </Typography>
      {editing ? (
        <FaqEditor
          key={editing.mode === 'edit' ? editing.faq.id : 'new'}
          faq={editing.mode === 'edit' ? editing.faq : undefined}
          onClose={closeEditor}
          onSaved={() => {
            changed();
            closeEditor();
          }}
        />
      ) : null}
      {list()}
      {deleting ? (
        <DeleteDialog
          name={questionName(deleting)}
          remove={() => callOperation(faqAdminOperations.remove, { params: { id: deleting.id } })}
          onClose={() => setDeleting(undefined)}
          onDeleted={() => {
            changed();
            setDeleting(undefined);
            if (editing?.mode === 'edit' && editing.faq.id === deleting.id) setEditing(undefined);
            setReturnFocus((count) => count + 1);
          }}
        />
      ) : null}
    </Stack>
  );
}

function FaqCard({
  faq,
  position,
  first,
  last,
  editing,
  onMove,
  onEdit,
  onDelete,
}: {
  faq: ConsoleFaq;
  position: number;
  first: boolean;
  last: boolean;
  editing: boolean;
  onMove: (direction: Direction) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const titleId = `faq-${faq.id}-title`;
  return (
    <Card component="li" variant="outlined" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          useFlexGap
          sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
        >
          <Typography id={titleId} sx={{ flex: 1, minWidth: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
            <Typography component="span" color="text.secondary" sx={{ mr: 1, fontWeight: 400 }}>
              {position}.
            </Typography>
            {faq.title}
          </Typography>
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {/* A disabled button at an end, not a missing one: the buttons keep their places under the pointer. */}
            <IconButton
              data-move={`${faq.id}-up`}
              aria-label={`Move “${faq.title}” up`}
              title="Move up"
              disabled={first}
              onClick={() => onMove('up')}
            >
              <ArrowUpward fontSize="small" />
            </IconButton>
            <IconButton
              data-move={`${faq.id}-down`}
              aria-label={`Move “${faq.title}” down`}
              title="Move down"
              disabled={last}
              onClick={() => onMove('down')}
            >
              <ArrowDownward fontSize="small" />
            </IconButton>
            <Button size="small" variant="outlined" onClick={onEdit} disabled={editing} aria-describedby={titleId}>
              Edit
            </Button>
            <Button size="small" color="error" onClick={onDelete} aria-describedby={titleId}>
              Delete
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
