import { APP_ROUTES, MESSAGES, type CompanyOption } from '@tagih/contract';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isSessionError } from '../../api/client.ts';
import { useStatus } from '../../api/get-status.ts';
import { clearSession } from '../../api/session.ts';
import { notify } from '../../components/notify.tsx';

/**
 * The companies the user may pick and the one in use, if any (spec §8: 3 retries at 300 ms,
 * then back to /login).
 */
export function useCompanyList(): {
  companies: CompanyOption[];
  activeId: number | null;
  isPending: boolean;
} {
  const { data, isPending, isError, error } = useStatus({ count: 3, delayMs: 300 });
  const navigate = useNavigate();

  useEffect(() => {
    if (!isError || isSessionError(error)) return;
    notify.error(MESSAGES.companyListFailed, undefined, { toastId: 'company-list-failed' });
    clearSession();
    void navigate(APP_ROUTES.login);
  }, [isError, error, navigate]);

  return {
    companies: data?.company.available ?? [],
    activeId: data?.company.active?.compId ?? null,
    isPending,
  };
}
