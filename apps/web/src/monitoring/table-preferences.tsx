import BookmarkAddIcon from '@mui/icons-material/BookmarkAdd';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { MESSAGES, type PreferenceScreen, type SavedView } from '@tagih/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../api/client.ts';
import { notify } from '../components/notify.tsx';
import { ToolbarButton } from '../components/toolbar-button.tsx';
import { ColumnChooserDialog, type ChoosableColumn } from './column-chooser-dialog.tsx';
import { SaveViewDialog } from './save-view-dialog.tsx';
import {
  useChosenColumns,
  useDeleteView,
  useSaveColumns,
  useSavedViews,
  useSaveView,
} from './use-preferences.ts';

const failed = (error: unknown) =>
  notify.error(MESSAGES.preferencesSaveFailed, errorMessage(error, MESSAGES.unknownError));

export interface PreferenceButtonsProps {
  screen: PreferenceScreen;
  columns: readonly ChoosableColumn[];
  /** The list's URL query now (saved with a view). */
  query: string;
}

/** 'Kolom' (the column chooser) and 'Simpan Tampilan' (save a view) for a monitoring toolbar. */
export function PreferenceButtons({ screen, columns, query }: PreferenceButtonsProps) {
  const chosen = useChosenColumns(screen);
  const saveColumns = useSaveColumns(screen);
  const saveView = useSaveView(screen);
  const [chooserOpenings, setChooserOpenings] = useState(0);
  const [chooserOpen, setChooserOpen] = useState(false);
  const [saveOpenings, setSaveOpenings] = useState(0);
  const [saveOpen, setSaveOpen] = useState(false);
  return (
    <>
      <ToolbarButton
        label="Kolom"
        icon={<ViewColumnIcon />}
        onClick={() => {
          setChooserOpenings((n) => n + 1);
          setChooserOpen(true);
        }}
      />
      <ToolbarButton
        label="Simpan Tampilan"
        icon={<BookmarkAddIcon />}
        onClick={() => {
          setSaveOpenings((n) => n + 1);
          setSaveOpen(true);
        }}
      />
      <ColumnChooserDialog
        key={`c${chooserOpenings}`}
        open={chooserOpen}
        columns={columns}
        chosen={chosen}
        saving={saveColumns.isPending}
        onClose={() => setChooserOpen(false)}
        onSave={(list) =>
          saveColumns.mutateAsync(list).then(() => {
            setChooserOpen(false);
            notify.success(MESSAGES.columnsSaved);
          }, failed)
        }
      />
      <SaveViewDialog
        key={`v${saveOpenings}`}
        open={saveOpen}
        saving={saveView.isPending}
        onClose={() => setSaveOpen(false)}
        onSave={(name) =>
          saveView.mutateAsync({ name, query, columns: chosen ? [...chosen] : null }).then(() => {
            setSaveOpen(false);
            notify.success(MESSAGES.viewSaved, name);
          }, failed)
        }
      />
    </>
  );
}

/**
 * The user's saved views of a screen, as chips: a click opens the view (its list state in the
 * URL, its columns as the user's columns), the cross deletes it.
 */
export function SavedViewsBar({ screen }: { screen: PreferenceScreen }) {
  const views = useSavedViews(screen);
  const saveColumns = useSaveColumns(screen);
  const deleteView = useDeleteView(screen);
  const [search, setSearch] = useSearchParams();
  const list = views.data ?? [];
  if (list.length === 0) return null;
  const open = (view: SavedView) => {
    setSearch(new URLSearchParams(view.query));
    saveColumns.mutate(view.columns, { onError: failed });
  };
  const current = search.toString();
  return (
    <Box
      component="nav"
      aria-label="Tampilan tersimpan"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}
    >
      <Typography variant="body2" color="text.secondary" component="span">
        Tampilan:
      </Typography>
      {list.map((view) => (
        <Chip
          key={view.id}
          label={view.name}
          variant={view.query === current ? 'filled' : 'outlined'}
          color="primary"
          onClick={() => open(view)}
          onDelete={() => deleteView.mutate(view.id, { onError: failed })}
        />
      ))}
    </Box>
  );
}
