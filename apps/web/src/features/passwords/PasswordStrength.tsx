import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { PASSWORD_STRENGTH_RULES } from '@portal/contract';

const STRENGTH_LABELS = ['Very weak', 'Very weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;
const STRENGTH_COLOURS = ['error', 'error', 'error', 'warning', 'warning', 'success'] as const;

/** The strength meter and the criteria of spec section 5, each ticked once the new password meets it. */
export function PasswordStrength({ password, id }: { password: string; id?: string }) {
  const met = PASSWORD_STRENGTH_RULES.map(({ pattern }) => pattern.test(password));
  const score = met.filter(Boolean).length;
  return (
    <Box id={id}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <LinearProgress
          variant="determinate"
          value={(score / PASSWORD_STRENGTH_RULES.length) * 100}
          color={STRENGTH_COLOURS[score]}
          aria-label="Password strength"
          sx={{ flexGrow: 1, height: 6, borderRadius: 3 }}
        />
        <Typography variant="caption" color="text.secondary" sx={{ minWidth: 64 }} aria-live="polite">
          {password === '' ? '' : STRENGTH_LABELS[score]}
        </Typography>
      </Box>
      <List dense disablePadding>
        {PASSWORD_STRENGTH_RULES.map(({ rule, message }, index) => (
          <ListItem key={rule} disableGutters sx={{ py: 0 }}>
            <ListItemIcon sx={{ minWidth: 28 }}>
              {met[index] ? (
                <CheckCircle fontSize="small" color="success" titleAccess="Met" />
              ) : (
                <RadioButtonUnchecked fontSize="small" color="disabled" titleAccess="Not met" />
              )}
            </ListItemIcon>
            <ListItemText
              primary={message}
              slotProps={{ primary: { variant: 'body2', color: met[index] ? 'text.primary' : 'text.secondary' } }}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
