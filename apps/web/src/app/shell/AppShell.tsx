import MenuIcon from '@mui/icons-material/Menu';
import SearchIcon from '@mui/icons-material/Search';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useState } from 'react';
import { Outlet, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { logout } from '../../api/auth-api';
import { sessionStore } from '../../api/session-store';
import { PageLoader } from '../../components/PageLoader';
import { MessageBanner } from '../../features/messages/MessageBanner';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { HeaderSearch } from '../../features/search/HeaderSearch';
import { viewingStaffName } from '../../features/view-as/view-claim';
import { PORTAL_TITLE } from '../../lib/portal-title';
import { PartnerLogo } from '../../partner/PartnerLogo';
import { PartnerThemeProvider } from '../../partner/PartnerThemeProvider';
import { useCompanyFilter, useCompanyFilterUpkeep } from '../../session/useCompanyFilter';
import { useAllCompanyNames, useSessionSnapshot } from '../../session/useSession';
import { CompanyChooser } from './CompanyChooser';
import { SideMenu } from './SideMenu';

const DRAWER_WIDTH = 248;

// Loaded only in a view as customer (decision 0220): every other session's shell is spared its code.
const ViewAsBanner = lazy(() =>
  import('../../features/view-as/ViewAsBanner').then((module) => ({ default: module.ViewAsBanner })),
);

/** The shell in the partner's MUI theme: the screens after sign-in are the ones that bring MUI (decision 0191). */
export function AppShell() {
  return (
    <PartnerThemeProvider>
      <ShellLayout />
    </PartnerThemeProvider>
  );
}

/**
 * The signed-in frame (spec 2.3): toolbar with logo, title, first company name, search and the notices' bell; the side menu, a
 * permanent column on large screens and a drawer on small ones (xs and sm); the message banner above the page.
 */
function ShellLayout() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data: companies } = useAllCompanyNames();
  const severalCompanies = (companies?.length ?? 0) > 1;
  const { companyId } = useCompanyFilter();
  useCompanyFilterUpkeep();
  // Whose figures the pages show: the one company, the chosen one, or all of several (decision 0075).
  const companyName = severalCompanies
    ? (companies?.find((company) => company.id === companyId)?.name ?? `All companies (${companies?.length})`)
    : companies?.[0]?.name;
  const onSearchPage = pathname.replace(/\/+$/, '') === '/search';
  // Re-read with every new token: a view's tokens name the staff member viewing.
  useSessionSnapshot();
  const viewingStaff = viewingStaffName(sessionStore.getTokens()?.accessToken);

  async function signOut() {
    setDrawerOpen(false);
    // Leave the guarded pages first, so a deliberate sign-out is not remembered as a page to come back to.
    navigate('/login', { replace: true });
    await logout();
  }

  const menu = <SideMenu onNavigate={() => setDrawerOpen(false)} onLogout={() => void signOut()} />;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
      {viewingStaff ? (
        <Suspense fallback={null}>
          <ViewAsBanner staffName={viewingStaff} />
        </Suspense>
      ) : null}
      <AppBar position="sticky" elevation={0}>
        <Toolbar component="nav" aria-label="Portal" sx={{ gap: { xs: 0.5, sm: 2 } }}>
          {small ? (
            <IconButton
              color="inherit"
              edge="start"
              aria-label="Open menu"
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpen(true)}
            >
              <MenuIcon />
            </IconButton>
          ) : null}
          <Box
            sx={{
              bgcolor: 'common.white',
              borderRadius: 1,
              px: 0.75,
              py: 0.5,
              display: 'flex',
              flexShrink: 0,
              '&:empty': { display: 'none' },
            }}
          >
            <PartnerLogo height={small ? 24 : 30} />
          </Box>
          {/* On a phone the company name goes under the title; either gives way with an ellipsis, never the
              search button or the menu (decision 0071). */}
          <Box
            sx={{
              display: 'flex',
              flexDirection: { xs: 'column', sm: 'row' },
              alignItems: { xs: 'flex-start', sm: 'center' },
              columnGap: 2,
              minWidth: 0,
            }}
          >
            <Link
              component={RouterLink}
              to="/"
              color="inherit"
              underline="none"
              variant="h6"
              noWrap
              sx={{
                fontWeight: 600,
                letterSpacing: 0.2,
                maxWidth: '100%',
                flexShrink: { xs: 1, sm: 0 },
                fontSize: { xs: '1.05rem', sm: '1.25rem' },
                lineHeight: { xs: 1.3, sm: 1.6 },
              }}
            >
              {PORTAL_TITLE}
            </Link>
            {severalCompanies && !small ? (
              <CompanyChooser onToolbar />
            ) : companyName ? (
              <Typography
                variant="body2"
                noWrap
                title={companyName}
                // Full white: faded, it fell below 7:1 on the partner's colour (decision 0140).
                sx={{ maxWidth: '100%', minWidth: 0, fontSize: { xs: '0.8rem', sm: '0.875rem' } }}
                data-testid="company-name"
                // Named for the suite's accessibility check: its text is white on the partner's colour (0140).
                className="portal-company-name"
              >
                {companyName}
              </Typography>
            ) : null}
          </Box>
          <Box sx={{ ml: 'auto', display: 'flex', flexShrink: 0, alignItems: 'center', gap: { xs: 0, sm: 1 } }}>
            {onSearchPage ? null : small ? (
              <IconButton color="inherit" aria-label="Search" component={RouterLink} to="/search">
                <SearchIcon />
              </IconButton>
            ) : (
              <HeaderSearch />
            )}
            <NotificationBell />
          </Box>
        </Toolbar>
      </AppBar>
      <Box sx={{ display: 'flex', flexGrow: 1 }}>
        {small ? (
          <Drawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            // The drawer is a dialog (modal on small screens), and a dialog needs a name (axe's aria-dialog-name).
            slotProps={{ paper: { sx: { width: DRAWER_WIDTH }, 'aria-label': 'Menu' } }}
          >
            {severalCompanies ? (
              <Box sx={{ px: 2, pt: 2, display: 'grid' }}>
                <CompanyChooser />
              </Box>
            ) : companyName ? (
              <Typography variant="subtitle2" sx={{ px: 2, pt: 2 }} noWrap>
                {companyName}
              </Typography>
            ) : null}
            {menu}
          </Drawer>
        ) : (
          <Box
            component="aside"
            sx={{
              width: DRAWER_WIDTH,
              flexShrink: 0,
              borderRight: 1,
              borderColor: 'divider',
              bgcolor: 'background.paper',
            }}
          >
            <Box sx={{ position: 'sticky', top: 64 }}>{menu}</Box>
          </Box>
        )}
        <Box component="main" sx={{ flexGrow: 1, minWidth: 0, px: { xs: 2, md: 4 }, py: { xs: 2, md: 4 } }}>
          <MessageBanner />
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}
