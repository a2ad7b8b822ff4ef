import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { dashboardRoute } from '@tagih/contract';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { useIsMobile } from '../../hooks/use-is-mobile.ts';
import { BreakQueue } from './break-queue.tsx';
import { StatementsPanel } from './statements-panel.tsx';

const ROUTE = dashboardRoute('reconciliation');
const TITLE = ROUTE?.title ?? 'Rekonsiliasi';
/** ?tab=statements: the imports; no tab: the break queue (whose filters own the rest of the URL). */
export const STATEMENTS_TAB = 'statements';

/**
 * Rekonsiliasi (reconciliation.read): the break queue (the bank's statement against our ledger,
 * every difference in one list) and the imported statements with the Import button.
 */
export function ReconciliationScreen() {
  const mobile = useIsMobile();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === STATEMENTS_TAB ? STATEMENTS_TAB : 'breaks';
  return (
    <>
      <PageHeader title={mobile ? (ROUTE?.shortTitle ?? TITLE) : TITLE} crumb={TITLE} />
      <Tabs
        value={tab}
        onChange={(_event, value: string) =>
          setSearch(value === STATEMENTS_TAB ? { tab: STATEMENTS_TAB } : {})
        }
        aria-label="Bagian rekonsiliasi"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="breaks" label="Antrean selisih" />
        <Tab value={STATEMENTS_TAB} label="Mutasi bank" />
      </Tabs>
      {tab === STATEMENTS_TAB ? <StatementsPanel /> : <BreakQueue />}
    </>
  );
}
