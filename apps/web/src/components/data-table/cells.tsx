import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircle from '@mui/icons-material/CheckCircle';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Download from '@mui/icons-material/Download';
import ErrorIcon from '@mui/icons-material/Error';
import HourglassTop from '@mui/icons-material/HourglassTop';
import MoreVert from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import MuiLink from '@mui/material/Link';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type ReactNode, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { cellText, cellValue, productText, type StatusStyle, shownDetails, statusStyle, toText } from './cell-text';
import { ChangeSiteCell, ChangeTeamCell, StringEditCell } from './editors';
import type {
  DataTableColumn,
  DataTableSelection,
  DetailsColumn,
  DownloadColumn,
  Id,
  NotesColumn,
  OptionsColumn,
  ProductsColumn,
} from './types';

/** What a cell needs from its table besides its column and row. */
export interface CellContext<Row> {
  getRowId: (row: Row) => Id;
  selection?: DataTableSelection<Row> | undefined;
  /** The table's fallback error handler (downloads, edits). */
  onError?: ((error: unknown) => void) | undefined;
}

export function reportError(error: unknown, handler: ((error: unknown) => void) | undefined): void {
  if (handler) handler(error);
  else console.error(error);
}

export function BoolCell({ value }: { value: unknown }) {
  if (value === null || value === undefined) return null;
  const label = value ? 'true' : 'false';
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      title={label}
      sx={{ display: 'inline-flex', color: value ? 'success.dark' : 'text.secondary' }}
    >
      {value ? <CheckCircleOutlined fontSize="small" /> : <CancelOutlined fontSize="small" />}
    </Box>
  );
}

/**
 * A link in a cell is a target of 24 px height (WCAG 2.2, decision 0141) without making its row taller: 2 px of
 * padding above and below its 20 px line, taken back by margins.
 */
const TABLE_LINK_TARGET = { display: 'inline-block', py: '2px', my: '-2px' } as const;

// Icons as tall as the text's line (1.43em of body2 is 20 px), so a row with a status is as tall as one without.
const STATUS_ICON_SIZE = { fontSize: '1.25em' } as const;

const STATUS_ICONS: Record<StatusStyle, ReactNode> = {
  pending: <HourglassTop sx={{ ...STATUS_ICON_SIZE, color: 'warning.main' }} />,
  succeeded: <CheckCircle sx={STATUS_ICON_SIZE} />,
  failed: <ErrorIcon sx={STATUS_ICON_SIZE} />,
  default: null,
};

// Text colours keep a 4.5:1 contrast on white; the pending icon carries the amber.
const STATUS_COLORS: Record<StatusStyle, string> = {
  pending: 'text.secondary',
  succeeded: 'success.dark',
  failed: 'error.dark',
  default: 'text.primary',
};

/** In Progress and Awaiting Action: pending (hourglass); Succeeded: green with a check; Failed: red with an error. */
export function StatusCell({ status }: { status: string }) {
  if (status === '') return null;
  const style = statusStyle(status);
  return (
    <Box
      component="span"
      data-status={style}
      sx={{
        // The text keeps the cell's size and line; aligned to the top of the line, the icon adds no height to it.
        display: 'inline-flex',
        alignItems: 'center',
        verticalAlign: 'top',
        gap: 0.5,
        font: 'inherit',
        color: STATUS_COLORS[style],
        fontWeight: style === 'default' ? undefined : 500,
      }}
    >
      {STATUS_ICONS[style]}
      {status}
    </Box>
  );
}

const NOTES_PREVIEW_CHARS = 120;

export function NotesCell<Row>({ column, text }: { column: NotesColumn<Row>; text: string }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const lines = column.previewLines ?? 3;
  const long = text.length > NOTES_PREVIEW_CHARS || text.split('\n').length > lines;
  if (text === '') return null;
  return (
    <Box>
      <Box
        id={id}
        title={long && !expanded ? text : undefined}
        sx={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          ...(long && !expanded
            ? { display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: lines, overflow: 'hidden' }
            : {}),
        }}
      >
        {text}
      </Box>
      {long && (
        <Button
          size="small"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((value) => !value)}
          sx={{ px: 0, minWidth: 0 }}
        >
          {expanded ? 'Show less' : 'Show more'}
        </Button>
      )}
    </Box>
  );
}

/** One visible action: a button; several: a three-dot menu; none: nothing. */
export function OptionsCell<Row>({ column, row }: { column: OptionsColumn<Row>; row: Row }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const actions = column.actions.filter((action) => action.isVisible?.(row) ?? true);
  if (actions.length === 0) return null;
  if (actions.length === 1) {
    const action = actions[0]!;
    return (
      <Button
        size="small"
        variant="outlined"
        startIcon={action.icon}
        aria-label={action.ariaLabel?.(row)}
        onClick={() => action.onClick(row)}
      >
        {action.label}
      </Button>
    );
  }
  const open = anchor !== null;
  return (
    <>
      <IconButton
        aria-label={column.menuLabel?.(row) ?? 'Actions'}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        size="small"
      >
        <MoreVert />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={open} onClose={() => setAnchor(null)}>
        {actions.map((action) => (
          <MenuItem
            key={action.label}
            onClick={() => {
              setAnchor(null);
              action.onClick(row);
            }}
          >
            {action.icon && <ListItemIcon>{action.icon}</ListItemIcon>}
            <ListItemText>{action.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** An icon button that stays busy (spinner, disabled) until the download settles. */
export function DownloadCell<Row>({
  column,
  row,
  onError,
}: {
  column: DownloadColumn<Row>;
  row: Row;
  onError?: ((error: unknown) => void) | undefined;
}) {
  const [busy, setBusy] = useState(false);
  if (!(column.isVisible?.(row) ?? true)) return null;
  const label = column.label?.(row) ?? `Download ${column.header}`;

  async function download(): Promise<void> {
    setBusy(true);
    try {
      await column.download(row);
    } catch (error) {
      if (column.onError) column.onError(error, row);
      else reportError(error, onError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <IconButton aria-label={label} aria-busy={busy} title={label} disabled={busy} onClick={() => void download()}>
      {busy ? <CircularProgress size={20} aria-label={`${label} in progress`} /> : <Download />}
    </IconButton>
  );
}

export function ProductsCell<Row>({ column, row }: { column: ProductsColumn<Row>; row: Row }) {
  const products = column.products(row);
  if (products.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {products.map((product, index) => (
        // Products have no id of their own and may repeat; their order is stable.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={index}>{productText(product)}</li>
      ))}
    </Box>
  );
}

export function DetailsCell<Row>({ column, row }: { column: DetailsColumn<Row>; row: Row }) {
  const details = shownDetails(column.details(row));
  if (details.length === 0) return null;
  return (
    <Box
      component="dl"
      data-details={column.type}
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 1,
        rowGap: 0.25,
        '& dt': { color: 'text.secondary', fontWeight: 500 },
        '& dd': { m: 0, overflowWrap: 'anywhere' },
      }}
    >
      {details.map((detail, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat; the list is rebuilt with its row
        <Box key={index} sx={{ display: 'contents' }}>
          <dt>{detail.label}</dt>
          <dd>{toText(detail.value)}</dd>
        </Box>
      ))}
    </Box>
  );
}

export function SelectionCell<Row>({
  row,
  getRowId,
  selection,
}: {
  row: Row;
  getRowId: (row: Row) => Id;
  selection: DataTableSelection<Row> | undefined;
}) {
  if (!selection) return null;
  const id = getRowId(row);
  const checked = selection.selectedIds.some((selected) => String(selected) === String(id));
  const selectable = selection.isSelectable?.(row) ?? true;
  return (
    <Checkbox
      size="small"
      checked={checked}
      disabled={!selectable}
      slotProps={{ input: { 'aria-label': `Select ${selection.rowLabel?.(row) ?? 'row'}` } }}
      onChange={(event) => {
        const others = selection.selectedIds.filter((selected) => String(selected) !== String(id));
        selection.onChange(event.target.checked ? [...others, id] : others);
      }}
    />
  );
}

/** One cell of `column` for `row`, rendered as its type says (or by the column's own `render`). */
export function DataTableCellContent<Row>({
  column,
  row,
  context,
}: {
  column: DataTableColumn<Row>;
  row: Row;
  context: CellContext<Row>;
}) {
  if (column.render) return <>{column.render(row)}</>;
  switch (column.type) {
    case 'bool':
      return <BoolCell value={cellValue(column, row)} />;
    case 'status':
      return <StatusCell status={toText(cellValue(column, row))} />;
    case 'notes':
      return <NotesCell column={column} text={toText(cellValue(column, row))} />;
    case 'link': {
      const text = cellText(column, row);
      const href = column.href(row);
      if (href === undefined) return <>{text}</>;
      return (
        <MuiLink component={RouterLink} to={href} sx={TABLE_LINK_TARGET}>
          {text}
        </MuiLink>
      );
    }
    case 'options':
      return <OptionsCell column={column} row={row} />;
    case 'download':
      return <DownloadCell column={column} row={row} onError={context.onError} />;
    case 'products':
      return <ProductsCell column={column} row={row} />;
    case 'broadbandPrimaryDetails':
    case 'broadbandAdditionalDetails':
      return <DetailsCell column={column} row={row} />;
    case 'stringEdit':
      return <StringEditCell column={column} row={row} onError={context.onError} />;
    case 'changeSite':
      return <ChangeSiteCell column={column} row={row} onError={context.onError} />;
    case 'changeTeam':
      return <ChangeTeamCell column={column} row={row} onError={context.onError} />;
    case 'selection':
      return <SelectionCell row={row} getRowId={context.getRowId} selection={context.selection} />;
    default:
      return <>{cellText(column, row)}</>;
  }
}
