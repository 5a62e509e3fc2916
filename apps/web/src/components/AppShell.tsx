import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { Outlet, Link as RouterLink } from 'react-router';

/** The page frame: toolbar with the portal title (a link home) above the routed page. */
export function AppShell() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
      <AppBar position="sticky" elevation={0}>
        {/* Same container as the page, so the title lines up with the content at every width. */}
        <Container maxWidth="lg">
          <Toolbar component="nav" aria-label="Portal" disableGutters>
            <Link
              component={RouterLink}
              to="/"
              color="inherit"
              underline="none"
              variant="h6"
              sx={{ fontWeight: 600, letterSpacing: 0.2 }}
            >
              Business Portal
            </Link>
          </Toolbar>
        </Container>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ flexGrow: 1, py: { xs: 3, md: 5 } }}>
        <Outlet />
      </Container>
    </Box>
  );
}
