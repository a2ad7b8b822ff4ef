import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { MESSAGES, TOAST } from '@tagih/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { useLogout } from '../../api/logout.ts';
import { notify } from '../../components/notify.tsx';
import { useEndSession } from '../../hooks/use-end-session.ts';
import { MANAGE_ACCOUNT_ROUTE, SELECT_COMPANY_ROUTE } from '../route-access.ts';

/** react-toastify's container z-index (--toastify-z-index). */
const TOAST_Z_INDEX = 9999;

export interface AccountMenuProps {
  username: string;
  companyName: string;
  compact: boolean;
}

/** Username and active company, with Switch Company, Manage Accounts and Logout (spec §2). */
export function AccountMenu({ username, companyName, compact }: AccountMenuProps) {
  const navigate = useNavigate();
  const logout = useLogout();
  const endSession = useEndSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const go = (path: string) => {
    close();
    void navigate(path);
  };
  const signOut = () => {
    close();
    logout.mutate(undefined, {
      onSuccess: () => void endSession(),
      onError: (error) =>
        notify.error(MESSAGES.logoutFailedTitle, errorMessage(error, MESSAGES.unknownError), {
          autoClose: TOAST.logoutErrorMs,
          closeButton: true,
          hideProgressBar: false,
        }),
    });
  };

  const label = `${username} – ${companyName}`;
  return (
    <>
      {compact ? (
        <IconButton
          color="inherit"
          aria-haspopup="menu"
          aria-label={`Account menu: ${label}`}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <AccountCircleIcon />
        </IconButton>
      ) : (
        // Named by its own text (WCAG 2.5.3: the name contains what is shown), then 'Account menu';
        // the title shows a name cut by the width in full.
        <Button
          color="inherit"
          aria-haspopup="menu"
          title={label}
          onClick={(e) => setAnchor(e.currentTarget)}
          startIcon={<AccountCircleIcon />}
          sx={{ textAlign: 'left', py: 0.5 }}
        >
          <Box sx={{ display: 'flex', flexDirection: 'column', lineHeight: 1.2, maxWidth: 220 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
              {username}
            </Typography>
            <Typography variant="caption" noWrap color="text.secondary">
              {companyName}
            </Typography>
          </Box>
          <Box component="span" sx={visuallyHidden}>
            Account menu
          </Box>
        </Button>
      )}
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        // The menu drops below the app bar, where toasts sit: keep it above them (toastify
        // uses z-index 9999), or a toast hides its items and takes the click.
        sx={{ zIndex: TOAST_Z_INDEX + 1 }}
      >
        {compact && (
          <Box sx={{ px: 2, py: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {username}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {companyName}
            </Typography>
          </Box>
        )}
        <MenuItem onClick={() => go(SELECT_COMPANY_ROUTE)}>
          <ListItemIcon>
            <SwapHorizIcon fontSize="small" />
          </ListItemIcon>
          Switch Company
        </MenuItem>
        <MenuItem onClick={() => go(MANAGE_ACCOUNT_ROUTE)}>
          <ListItemIcon>
            <ManageAccountsIcon fontSize="small" />
          </ListItemIcon>
          Manage Accounts
        </MenuItem>
        <MenuItem onClick={signOut} disabled={logout.isPending}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
