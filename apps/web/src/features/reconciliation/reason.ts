import { RECON_REASON_MIN } from '@tagih/contract';

/** Why a resolution's reason is not enough yet, or null (the server's rule: RECON_REASON_MIN–MAX characters). */
export function reasonProblem(reason: string): string | null {
  const trimmed = reason.trim();
  if (!trimmed) return 'Alasan wajib diisi.';
  if (trimmed.length < RECON_REASON_MIN) return `Alasan minimal ${RECON_REASON_MIN} karakter.`;
  return null;
}
