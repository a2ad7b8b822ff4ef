import { ScreenPlaceholder } from '../../components/screen-placeholder.tsx';

export function NotificationsScreen() {
  return <ScreenPlaceholder title="Notifications" />;
}
