/** Seconds as the operator reads them: "45 detik", "3 menit 20 detik", "2 jam 5 menit". */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  if (seconds < 60) return `${seconds} detik`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60)
    return seconds % 60 ? `${minutes} menit ${seconds % 60} detik` : `${minutes} menit`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} jam ${minutes % 60} menit` : `${hours} jam`;
}
