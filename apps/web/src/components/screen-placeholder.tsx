import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { PageHeader } from './page-header.tsx';

/** Stands in for a data screen that is not built yet; keeps the route, title and crumb. */
export function ScreenPlaceholder({ title, crumb }: { title: string; crumb?: string }) {
  return (
    <>
      <PageHeader title={title} crumb={crumb} />
      <Card variant="outlined">
        <CardContent>
          <Typography color="text.secondary">This screen is being built.</Typography>
        </CardContent>
      </Card>
    </>
  );
}
