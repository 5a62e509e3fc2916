import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import { useDocumentTitle } from '../lib/useDocumentTitle';

/**
 * The page's one h1; also names the browser tab. With a `ref` it can take focus from a script (tabIndex -1), for
 * when what had the focus is gone (a deleted row).
 */
export function PageHeading({ title, ref }: { title: string; ref?: Ref<HTMLHeadingElement> }) {
  useDocumentTitle(title);
  return (
    <Typography
      ref={ref}
      variant="h4"
      component="h1"
      {...(ref ? { tabIndex: -1 } : {})}
      sx={{ fontWeight: 600, fontSize: { xs: '1.6rem', md: '2rem' }, '&:focus': { outline: 'none' } }}
    >
      {title}
    </Typography>
  );
}
