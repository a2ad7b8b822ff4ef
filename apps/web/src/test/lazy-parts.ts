/**
 * Parts the app loads on first use (React.lazy): a test file that opens the date picker or a
 * bulk action loads them up front (`beforeAll(loadLazyParts)`), so its tests wait for a render,
 * not for the first load of a large module on a loaded machine. Other files do not pay for them.
 */
export async function loadLazyParts(): Promise<void> {
  await Promise.all([
    import('../components/date-range-calendar.tsx'),
    import('../monitoring/bulk/bulk-action-dialog.tsx'),
  ]);
}
