import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/** A form's submit button: disabled while it saves, with a spinner that says so. */
export function SaveButton({ saving, disabled = false }: { saving: boolean; disabled?: boolean }) {
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={saving || disabled}
      startIcon={saving ? <CircularProgress size={18} color="inherit" aria-label="Saving" /> : null}
    >
      Save
    </Button>
  );
}
