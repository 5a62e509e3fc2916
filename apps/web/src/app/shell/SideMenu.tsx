import AccountCircle from '@mui/icons-material/AccountCircle';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import HelpOutline from '@mui/icons-material/HelpOutlined';
import Home from '@mui/icons-material/Home';
import Logout from '@mui/icons-material/Logout';
import PhoneIphone from '@mui/icons-material/PhoneIphone';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import Router from '@mui/icons-material/Router';
import ScheduleSend from '@mui/icons-material/ScheduleSend';
import SupportAgent from '@mui/icons-material/SupportAgent';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { type SideMenuEntry, visibleSideMenu } from '@portal/contract';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { usePermissions, useSessionSnapshot } from '../../session/useSession';

const ICONS: Record<string, ReactNode> = {
  Home: <Home />,
  Mobile: <PhoneIphone />,
  Broadband: <Router />,
  'My Bills': <ReceiptLong />,
  'Scheduled reports': <ScheduleSend />,
  Admin: <AdminPanelSettings />,
  FAQ: <HelpOutline />,
  Contact: <SupportAgent />,
  Account: <AccountCircle />,
  Logout: <Logout />,
};

function isCurrent(pathname: string, path: string): boolean {
  const here = pathname.replace(/^\/+|\/+$/g, '');
  return path === '' ? here === '' : here === path || here.startsWith(`${path}/`);
}

/** The side menu of spec 2.3: each entry and submenu item only when its route is permitted. */
export function SideMenu({ onNavigate, onLogout }: { onNavigate?: () => void; onLogout: () => void }) {
  const permissions = usePermissions();
  const held = permissions ?? [];
  const { roles } = useSessionSnapshot();
  const { pathname } = useLocation();

  function renderEntry(entry: SideMenuEntry, nested = false): ReactNode {
    if (entry.kind === 'group') {
      return (
        <li key={entry.label}>
          <List
            component="ul"
            disablePadding
            aria-labelledby={`menu-group-${entry.label}`}
            subheader={
              <ListSubheader
                id={`menu-group-${entry.label}`}
                disableSticky
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  lineHeight: '44px',
                  color: 'text.primary',
                  typography: 'body1',
                  bgcolor: 'transparent',
                }}
              >
                <ListItemIcon sx={{ color: 'action.active' }}>{ICONS[entry.label]}</ListItemIcon>
                {entry.label}
              </ListSubheader>
            }
          >
            {entry.children.map((child) => renderEntry(child, true))}
          </List>
        </li>
      );
    }
    if (entry.kind === 'action') {
      return (
        <li key={entry.label}>
          <ListItemButton onClick={onLogout}>
            <ListItemIcon>{ICONS[entry.label]}</ListItemIcon>
            <ListItemText primary={entry.label} />
          </ListItemButton>
        </li>
      );
    }
    const current = isCurrent(pathname, entry.path);
    return (
      <li key={entry.path}>
        <ListItemButton
          component={RouterLink}
          to={`/${entry.path}`}
          selected={current}
          aria-current={current ? 'page' : undefined}
          onClick={onNavigate}
          sx={nested ? { pl: 9, py: 0.5 } : undefined}
        >
          {nested ? null : <ListItemIcon>{ICONS[entry.label]}</ListItemIcon>}
          <ListItemText primary={entry.label} />
        </ListItemButton>
      </li>
    );
  }

  return (
    // Until the caller's permissions arrive only the entries everyone has show; busy says more are coming.
    <List component="ul" aria-label="Main menu" aria-busy={permissions === undefined} sx={{ py: 1 }}>
      {visibleSideMenu(held, roles).map((entry) => renderEntry(entry))}
    </List>
  );
}
