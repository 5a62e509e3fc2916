import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../lib/useDocumentTitle';

/** The page's one h1; also names the browser tab. */
export function PageHeading({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <Typography variant="h4" component="h1" sx={{ fontWeight: 600, fontSize: { xs: '1.6rem', md: '2rem' } }}>
      {title}
    </Typography>
  );
}
