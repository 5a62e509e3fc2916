import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useCan } from '../../session/useCan';
import { DataTable, type DataTableColumn, type ListOperation } from '../data-table';
import { PageHeading } from '../PageHeading';
import { PageLoader } from '../PageLoader';
import { ADMIN_AREAS, type AdminArea, rowActions } from './admin-rules';
import { DeleteDialog } from './DeleteDialog';

export interface AdminRow {
  id?: number | undefined;
}

export interface DeleteDialogProps<Row> {
  row: Row;
  remove: () => Promise<unknown>;
  onClose: () => void;
  onDeleted: () => void;
}

export interface AdminListProps<Row extends AdminRow> {
  area: AdminArea;
  operation: ListOperation;
  parseRow: (raw: unknown) => Row;
  /** `$select`, where the list's resource takes one. */
  select?: readonly string[];
  expand?: readonly string[];
  /** The name column's field and header ('name', 'Name'; 'userName', 'User Name'). */
  nameField: string;
  nameHeader: string;
  name: (row: Row) => string;
  /** The columns after the name. */
  columns: readonly DataTableColumn<Row>[];
  /** Deletes a row by id. */
  remove: (id: number) => Promise<unknown>;
  /** A delete dialog of the area's own (Manage Sites checks first what is in the way); the plain one otherwise. */
  deleteDialog?: (dialog: DeleteDialogProps<Row>) => ReactNode;
  /** The signed-in user's own row (Manage Users): viewed, never edited or deleted (spec 6). */
  isOwnRow?: (row: Row) => boolean;
  emptyText: string;
  /** An empty list offers the add button beside its text (to a caller with Write). */
  addWhenEmpty?: boolean;
  /** The failed load's words (default "We couldn't load your <area>"). */
  loadErrorText?: string;
}

/**
 * Manage Sites, Teams and Users (spec 2.10): a paged table whose name links to the form with Write (plain text
 * without), an add button with Write, and a row menu of Edit or View, and Delete with Delete (spec 6).
 */
export function AdminListPage<Row extends AdminRow>(props: AdminListProps<Row>) {
  const { area, name, isOwnRow, remove } = props;
  const { code, noun, listTitle } = ADMIN_AREAS[area];
  const canWrite = useCan(code, 'Write');
  const canDelete = useCan(code, 'Delete');
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState<Row | undefined>();
  // The deleted row's menu button, where the dialog would give focus back, is going: the heading takes it instead.
  const heading = useRef<HTMLHeadingElement>(null);
  const [deleted, setDeleted] = useState(0);
  useEffect(() => {
    if (deleted > 0) heading.current?.focus();
  }, [deleted]);

  const columns = useMemo<DataTableColumn<Row>[]>(() => {
    const actionsOf = (row: Row) =>
      rowActions({ canWrite: canWrite === true, canDelete: canDelete === true, ownRow: isOwnRow?.(row) ?? false });
    const formPath = (row: Row) => `/${area}/edit/${row.id}`;
    return [
      {
        field: props.nameField,
        header: props.nameHeader,
        type: 'link',
        href: (row) => (canWrite ? formPath(row) : undefined),
        sortable: true,
        filter: 'text',
        card: 'wideKey',
      },
      ...props.columns,
      {
        field: '__actions',
        header: 'Actions',
        headerHidden: true,
        type: 'options',
        width: 56,
        align: 'right',
        menuLabel: (row) => `Actions for ${name(row)}`,
        actions: [
          {
            label: 'Edit',
            isVisible: (row) => actionsOf(row).edit,
            onClick: (row) => navigate(formPath(row)),
            ariaLabel: (row) => `Edit ${name(row)}`,
          },
          {
            label: 'View',
            isVisible: (row) => actionsOf(row).view,
            onClick: (row) => navigate(formPath(row)),
            ariaLabel: (row) => `View ${name(row)}`,
          },
          {
            label: 'Delete',
            isVisible: (row) => actionsOf(row).delete,
            onClick: (row) => setDeleting(row),
            ariaLabel: (row) => `Delete ${name(row)}`,
          },
        ],
      },
    ];
  }, [area, canWrite, canDelete, isOwnRow, name, navigate, props.columns, props.nameField, props.nameHeader]);

  return (
    <Stack spacing={3}>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <PageHeading title={listTitle} ref={heading} />
        {canWrite ? (
          <Button component={RouterLink} to={`/${area}/add`} variant="contained" startIcon={<Add />}>
            Add {noun}
          </Button>
        ) : null}
      </Stack>
      {canWrite === undefined || canDelete === undefined ? (
        <PageLoader />
      ) : (
        <DataTable<Row>
          resource={`admin-${area}`}
          urlKey={area}
          operation={props.operation}
          parseRow={props.parseRow}
          columns={columns}
          getRowId={(row) => row.id ?? 0}
          ariaLabel={listTitle}
          defaultSort={{ field: props.nameField, direction: 'asc' }}
          {...(props.select ? { select: props.select } : {})}
          {...(props.expand ? { expand: props.expand } : {})}
          emptyText={props.emptyText}
          {...(props.addWhenEmpty && canWrite
            ? {
                emptyAction: (
                  <Button
                    component={RouterLink}
                    to={`/${area}/add`}
                    variant="outlined"
                    size="small"
                    startIcon={<Add />}
                  >
                    Add {noun}
                  </Button>
                ),
              }
            : {})}
          loadErrorText={props.loadErrorText ?? `We couldn't load your ${area}`}
        />
      )}
      {deleting
        ? (props.deleteDialog ?? plainDeleteDialog(name))({
            row: deleting,
            remove: () => remove(deleting.id ?? 0),
            onClose: () => setDeleting(undefined),
            onDeleted: () => {
              setDeleting(undefined);
              setDeleted((count) => count + 1);
            },
          })
        : null}
    </Stack>
  );
}

function plainDeleteDialog<Row>(name: (row: Row) => string) {
  return ({ row, remove, onClose, onDeleted }: DeleteDialogProps<Row>) => (
    <DeleteDialog name={name(row)} remove={remove} onClose={onClose} onDeleted={onDeleted} />
  );
}
