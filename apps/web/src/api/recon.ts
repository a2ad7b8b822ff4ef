/**
 * /api/recon/*: the imported statements, an import (multipart), the break queue's counts, one
 * break, a resolution (one or many) and the queue's CSV. A change reloads every reconciliation
 * query and Home (its "Selisih rekonsiliasi" card).
 */
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  API_PATHS,
  RECON_BREAKS_CSV_FILE,
  bankAccountResource,
  fillPath,
  listQueryString,
  type BreakCounts,
  type BreakDetail,
  type BulkResolveBody,
  type BulkResolveResult,
  type ImportProgress,
  type ListPayload,
  type ResolveBody,
  type StatementFormat,
  type StatementImportResult,
  type StatementRow,
} from '@tagih/contract';
import { apiRequest } from './client.ts';
import { apiDownload, saveBlob } from './download.ts';
import { listQueryKey, type ExportParams } from './get-list.ts';

const paths = API_PATHS.recon;
export const reconKey = ['recon'] as const;

/** Every reconciliation query (the queue's list too) and Home. */
export function reloadRecon(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: reconKey }),
    queryClient.invalidateQueries({ queryKey: listQueryKey(paths.breaks) }),
    queryClient.invalidateQueries({ queryKey: ['home'] }),
  ]);
}

export interface StatementPage {
  data: StatementRow[];
  pagination: { page: number; max: number; totalData: number; totalPage: number };
}

export function useStatements(page: number, max: number) {
  return useQuery({
    queryKey: [...reconKey, 'statements', page, max],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<StatementPage>(paths.statements, {
          query: `page=${page}&max=${max}`,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** The open breaks by category; `query`: the queue's filters (none: every open break). */
export function useBreakCounts(query: string, enabled = true) {
  return useQuery({
    queryKey: [...reconKey, 'counts', query],
    queryFn: async ({ signal }) =>
      (await apiRequest<BreakCounts>(paths.breakCounts, { query, signal })).data,
    enabled,
  });
}

export function useBreak(rbrkId: number | null) {
  return useQuery({
    queryKey: [...reconKey, 'break', rbrkId],
    queryFn: async ({ signal }) =>
      (await apiRequest<BreakDetail>(fillPath(paths.break, { rbrkId: rbrkId ?? 0 }), { signal }))
        .data,
    enabled: rbrkId !== null,
  });
}

export interface ImportRequest {
  file: File;
  baccId?: number;
  format?: StatementFormat;
  /** The name the import reports its progress under (useImportProgress). */
  progressId?: string;
}

export interface ImportAnswer {
  result: StatementImportResult;
  message: string;
}

export function useImportStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      file,
      baccId,
      format,
      progressId,
    }: ImportRequest): Promise<ImportAnswer> => {
      // The fields before the file: the server reads them first.
      const form = new FormData();
      if (progressId) form.append('progressId', progressId);
      if (format) form.append('format', format);
      if (baccId !== undefined) form.append('baccId', String(baccId));
      form.append('file', file, file.name);
      const envelope = await apiRequest<StatementImportResult>(paths.statements, {
        method: 'POST',
        body: form,
      });
      return { result: envelope.data, message: envelope.status.message };
    },
    onSuccess: () => reloadRecon(queryClient),
  });
}

/** How often a running import is asked how far it is. */
export const IMPORT_PROGRESS_POLL_MS = 500;

/**
 * How far the import named `progressId` is, asked every IMPORT_PROGRESS_POLL_MS while `running`.
 * null when the server does not know it (yet, or another server runs it): the bar stays unmeasured.
 */
export function useImportProgress(progressId: string | null, running: boolean) {
  return useQuery({
    queryKey: [...reconKey, 'import-progress', progressId],
    queryFn: async ({ signal }): Promise<ImportProgress | null> => {
      try {
        return (
          await apiRequest<ImportProgress>(
            fillPath(paths.importProgress, { progressId: progressId! }),
            { signal },
          )
        ).data;
      } catch {
        return null;
      }
    },
    enabled: running && progressId !== null,
    refetchInterval: running ? IMPORT_PROGRESS_POLL_MS : false,
    retry: false,
    gcTime: 0,
  });
}

export interface PullRequest {
  baccId: number;
  /** A business day YYYY-MM-DD (default on the server: yesterday). */
  day?: string;
}

/** POST /recon/pull: the bank's statement of one account and day, asked over SNAP and imported as a file. */
export function usePullStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ baccId, day }: PullRequest): Promise<ImportAnswer> => {
      const envelope = await apiRequest<StatementImportResult>(paths.pull, {
        method: 'POST',
        body: day ? { baccId, from: day, to: day } : { baccId },
      });
      return { result: envelope.data, message: envelope.status.message };
    },
    onSuccess: () => reloadRecon(queryClient),
  });
}

export function useResolveBreak(rbrkId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ResolveBody) =>
      (
        await apiRequest<{ message: string }>(fillPath(paths.resolve, { rbrkId }), {
          method: 'POST',
          body,
        })
      ).data,
    onSettled: () => reloadRecon(queryClient),
  });
}

export function useBulkResolve() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BulkResolveBody) =>
      (await apiRequest<BulkResolveResult>(paths.bulkResolve, { method: 'POST', body })).data,
    onSuccess: (result) => (result.dryRun ? undefined : reloadRecon(queryClient)),
  });
}

export function useExportBreaks() {
  return useMutation({
    mutationFn: async (params: ExportParams) =>
      saveBlob(
        await apiDownload(paths.breaksExport, listQueryString(params)),
        RECON_BREAKS_CSV_FILE,
      ),
  });
}

export interface BankAccountOption {
  baccId: number;
  baccBank: string;
  baccAccountNo: string;
  baccName: string;
}

/** The bank accounts to import for (master_bank_account.read; without it the file names its account). */
export function useBankAccounts(enabled: boolean) {
  return useQuery({
    queryKey: [...reconKey, 'accounts'],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<ListPayload<BankAccountOption>>(bankAccountResource.path, {
          query: 'max=999&orderField=baccName&orderValue=asc',
          signal,
        })
      ).data.data,
    enabled,
    retry: false,
  });
}
