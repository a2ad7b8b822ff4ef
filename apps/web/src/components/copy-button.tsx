import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { notify } from './notify.tsx';

/** Copies a value to the clipboard (an id, a secret shown once); its name says which ("Salin Order ID"). */
export function CopyButton({
  label,
  value,
  secret = false,
}: {
  label: string;
  value: string;
  /** Not repeated in the toast. */ secret?: boolean;
}) {
  const copy = () => {
    const done = navigator.clipboard?.writeText(value) ?? Promise.reject(new Error('no clipboard'));
    done.then(
      () => notify.success(`${label} disalin`, secret ? undefined : value),
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
