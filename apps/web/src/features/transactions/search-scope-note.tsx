import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

export interface SearchScopeNoteProps {
  /** The search asked for ('' when none). */
  searchText: string;
  /** The answer: its rows were of every date because the text was exactly an id. */
  searchedAllDates: boolean;
  /** The answer came and held no row. */
  empty: boolean;
  /** The range asked for is already the whole history. */
  onAllDates: boolean;
  /** Re-runs the search on every date. */
  onSearchAllDates: () => void;
}

/**
 * What a search found, where the operator needs telling (issue 35): an exact id found outside the
 * chosen range is shown with "semua tanggal"; a search that found nothing in the range says so and
 * offers the whole history.
 */
export function SearchScopeNote({
  searchText,
  searchedAllDates,
  empty,
  onAllDates,
  onSearchAllDates,
}: SearchScopeNoteProps) {
  if (searchText === '') return null;
  if (searchedAllDates) {
    return (
      <Alert severity="info" sx={{ mb: 1 }} data-testid="search-scope-note">
        “{searchText}” dicari di semua tanggal: ID yang persis sama ditemukan, apa pun rentang
        tanggalnya.
      </Alert>
    );
  }
  if (!empty || onAllDates) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 1 }}
      data-testid="search-scope-note"
      action={
        <Button color="inherit" size="small" onClick={onSearchAllDates}>
          Cari di semua tanggal
        </Button>
      }
    >
      Tidak ada hasil untuk “{searchText}” pada rentang tanggal ini.
    </Alert>
  );
}
