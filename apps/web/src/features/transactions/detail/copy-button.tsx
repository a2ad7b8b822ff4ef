import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { notify } from '../../../components/notify.tsx';

/** Copies an id to the clipboard; its name says which ("Salin Order ID"). */
export function CopyButton({ label, value }: { label: string; value: string }) {
  const copy = () => {
    const done = navigator.clipboard?.writeText(value) ?? Promise.reject(new Error('no clipboard'));
    done.then(
      () => notify.success(`${label} disalin`, value),
      () => notify.error(`${label} tidak dapat disalin`, 'Pilih teksnya lalu salin secara manual.'),
    );
  };
  const name = `Salin ${label}`;
  return (
    <Tooltip title={name}>
      <IconButton size="small" aria-label={name} onClick={copy} sx={{ ml: 0.5, p: 0.5 }}>
        <ContentCopyIcon fontSize="inherit" />
      </IconButton>
    </Tooltip>
  );
}
