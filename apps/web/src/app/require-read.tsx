import { can, type Area } from '@tagih/contract';
import type { ReactNode } from 'react';
import { useAccess } from '../api/get-status.ts';
import { LoadingSpinner } from '../components/loading-spinner.tsx';
import { NoAccess } from '../components/no-access.tsx';

/** Spinner while the status loads, the no-access view without `area.read`, else the children. */
export function RequireRead({ area, children }: { area: Area | null; children: ReactNode }) {
  const { access, isPending } = useAccess();
  if (area === null) return <>{children}</>;
  if (isPending) return <LoadingSpinner />;
  if (!can(access, area, 'read')) return <NoAccess />;
  return <>{children}</>;
}
