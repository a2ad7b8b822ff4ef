import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ApartmentIcon from '@mui/icons-material/Apartment';
import BadgeIcon from '@mui/icons-material/Badge';
import BusinessIcon from '@mui/icons-material/Business';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import HomeIcon from '@mui/icons-material/Home';
import KeyIcon from '@mui/icons-material/Key';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PeopleIcon from '@mui/icons-material/People';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import SecurityIcon from '@mui/icons-material/Security';
import StorefrontIcon from '@mui/icons-material/Storefront';
import type { SvgIconComponent } from '@mui/icons-material';
import WorkspacesIcon from '@mui/icons-material/Workspaces';
import type { DashboardPath } from '@tagih/contract';

export const MENU_ICONS: Record<DashboardPath, SvgIconComponent> = {
  home: HomeIcon,
  'manage-account': ManageAccountsIcon,
  notifications: NotificationsIcon,
  'transaction-va': AccountBalanceIcon,
  'transaction-qris': QrCode2Icon,
  reconciliation: CompareArrowsIcon,
  'user-management': PeopleIcon,
  'user-company-management': ApartmentIcon,
  'user-role-management': BadgeIcon,
  'company-management': BusinessIcon,
  'client-management': StorefrontIcon,
  'company-group-management': WorkspacesIcon,
  'permission-management': KeyIcon,
  'role-permission-management': SecurityIcon,
  'roles-management': AdminPanelSettingsIcon,
  'audit-log': FactCheckIcon,
};
