import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { TIMINGS, VALIDATION_MESSAGES } from '@portal/contract';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { formatFileSize } from '../../lib/format';
import { useNotify } from '../notifications/NotificationProvider';
import { addFiles, type FileLimits, type FileProblem } from './file-selection';

const PROBLEM_MESSAGES: Record<FileProblem, string> = {
  size: VALIDATION_MESSAGES.exceededMaxUploadSize,
  count: VALIDATION_MESSAGES.exceededMaxFileCount,
};

/** A stable key per chosen file: two files may share a name, and the same file can be chosen twice. */
const fileKeys = new WeakMap<File, number>();
let lastFileKey = 0;
function keyOf(file: File): number {
  let key = fileKeys.get(file);
  if (key === undefined) {
    lastFileKey += 1;
    key = lastFileKey;
    fileKeys.set(file, key);
  }
  return key;
}

export interface FileUploadProps {
  label: string;
  files: readonly File[];
  onChange: (files: File[]) => void;
  limits: FileLimits;
  /** What the drop zone says it takes, e.g. 'PNG, JPEG, GIF, WebP or BMP images'. */
  hint?: string;
  /** The accepted types in words, e.g. 'PNG, JPEG, GIF, WebP or BMP images': what a refused file is told. */
  acceptedTypes?: string;
  disabled?: boolean;
  error?: string | undefined;
}

/** Why files were not added: 'notes.txt was not added: only PNG, … images can be uploaded, up to 5 files and 100 MB'. */
export function refusedFilesMessage(refused: readonly File[], limits: FileLimits, acceptedTypes: string): string {
  const names = refused.map((file) => file.name || 'A file without a name');
  const listed = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const bounds = [
    limits.maxFiles === undefined ? undefined : `${limits.maxFiles} ${limits.maxFiles === 1 ? 'file' : 'files'}`,
    limits.maxTotalBytes === undefined ? undefined : `${formatFileSize(limits.maxTotalBytes)} in all`,
  ].filter((bound) => bound !== undefined);
  const upTo = bounds.length > 0 ? `, up to ${bounds.join(' and ')}` : '';
  return `${listed} ${names.length === 1 ? 'was' : 'were'} not added: only ${acceptedTypes} can be uploaded${upTo}.`;
}

/**
 * Files dropped on a zone or chosen with the picker (spec 2.16, 5), listed with their sizes and a remove button.
 * Files of other types are left out and the upload says so beside it, naming what it takes, until the next choice
 * (decision 0136); going over the size or count limit is said in a snackbar for 2 seconds (spec 9)
 * and the files over it are left out (decision 0107). The parent holds the files, so a form can check and reset them.
 */
export function FileUpload({
  label,
  files,
  onChange,
  limits,
  hint,
  acceptedTypes,
  disabled = false,
  error,
}: FileUploadProps) {
  const notify = useNotify();
  const [refusal, setRefusal] = useState<string | undefined>();
  const refusalAlert = useRef<HTMLDivElement>(null);
  // In a scrolling dialog the message can land below the fold, where the user would never see it.
  useEffect(() => {
    if (refusal) refusalAlert.current?.scrollIntoView?.({ block: 'nearest' });
  }, [refusal]);
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const labelId = useId();
  const helperId = useId();

  const offer = (offered: FileList | null) => {
    if (!offered || disabled) return;
    const chosen = addFiles(files, Array.from(offered), limits);
    if (chosen.files.length !== files.length) onChange(chosen.files);
    setRefusal(
      chosen.refused.length > 0
        ? refusedFilesMessage(chosen.refused, limits, acceptedTypes ?? limits.accept.join(', '))
        : undefined,
    );
    if (chosen.problem) {
      notify({ message: PROBLEM_MESSAGES[chosen.problem], severity: 'warning', durationMs: TIMINGS.uploadSnackbarMs });
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    offer(event.dataTransfer.files);
  };
  const total = files.reduce((sum, file) => sum + file.size, 0);

  return (
    <Box role="group" aria-labelledby={labelId} aria-describedby={error ? helperId : undefined}>
      <Typography id={labelId} variant="subtitle2" component="p" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Box
        data-testid="file-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: error ? 'error.main' : dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : 'transparent',
          borderRadius: 1,
          p: 3,
          textAlign: 'center',
        }}
      >
        <UploadFileOutlined color="action" aria-hidden />
        <Typography variant="body2">Drag and drop files here, or</Typography>
        <Button variant="outlined" sx={{ mt: 1 }} onClick={() => input.current?.click()} disabled={disabled}>
          Choose files
        </Button>
        {hint ? (
          <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1 }}>
            {hint}
          </Typography>
        ) : null}
        <input
          ref={input}
          type="file"
          multiple
          hidden
          aria-label={label}
          accept={limits.accept.join(',')}
          disabled={disabled}
          onChange={(event) => {
            offer(event.target.files);
            // The same file can be chosen again after it was removed.
            event.target.value = '';
          }}
        />
      </Box>
      {refusal ? (
        <Alert ref={refusalAlert} severity="warning" onClose={() => setRefusal(undefined)} sx={{ mt: 1 }}>
          {refusal}
        </Alert>
      ) : null}
      {error ? (
        <FormHelperText id={helperId} error>
          {error}
        </FormHelperText>
      ) : null}
      {files.length > 0 ? (
        <>
          <List dense aria-label="Chosen files">
            {files.map((file, index) => (
              <ListItem
                key={keyOf(file)}
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={`Remove ${file.name}`}
                    disabled={disabled}
                    onClick={() => onChange(files.filter((_, at) => at !== index))}
                  >
                    <DeleteOutlined />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={file.name}
                  secondary={formatFileSize(file.size)}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
          <Typography variant="caption" color="text.secondary">
            {files.length} {files.length === 1 ? 'file' : 'files'}, {formatFileSize(total)}
            {limits.maxTotalBytes ? ` of ${formatFileSize(limits.maxTotalBytes)}` : ''}
          </Typography>
        </>
      ) : null}
    </Box>
  );
}
