/**
 * Bulk inquiry / resend (the Notif action): preview, start (idempotent by key), one job
 * polled while it runs, and the user's running jobs (so a reload finds its job again).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  API_PATHS,
  fillPath,
  notificationResource,
  type BulkJob,
  type BulkJobDetail,
  type BulkJobListQuery,
  type BulkPreview,
  type BulkPreviewRequest,
  type BulkSource,
  type BulkStartRequest,
} from '@tagih/contract';
import { apiRequest } from './client.ts';
import { listQueryKey } from './get-list.ts';
import { notificationQueryKey } from './get-notification.ts';

/** How often a running job is asked for its progress. */
export const BULK_POLL_MS = 1_000;

const bulkKey = ['bulk-actions'] as const;
const jobKey = (jobId: number) => [...bulkKey, 'job', jobId] as const;
const runningKey = (source: BulkSource) => [...bulkKey, 'running', source] as const;

export async function previewBulk(request: BulkPreviewRequest): Promise<BulkPreview> {
  return (
    await apiRequest<BulkPreview>(API_PATHS.bulkActions.preview, { method: 'POST', body: request })
  ).data;
}

export async function startBulk(request: BulkStartRequest): Promise<BulkJob> {
  return (await apiRequest<BulkJob>(API_PATHS.bulkActions.list, { method: 'POST', body: request }))
    .data;
}

export async function getBulkJob(jobId: number, signal?: AbortSignal): Promise<BulkJobDetail> {
  return (
    await apiRequest<BulkJobDetail>(fillPath(API_PATHS.bulkActions.one, { jobId }), { signal })
  ).data;
}

export async function cancelBulkJob(jobId: number): Promise<BulkJob> {
  return (
    await apiRequest<BulkJob>(fillPath(API_PATHS.bulkActions.cancel, { jobId }), { method: 'POST' })
  ).data;
}

/** The user's running jobs started from a screen (newest first). */
export async function getRunningBulkJobs(
  source: BulkSource,
  signal?: AbortSignal,
): Promise<BulkJob[]> {
  const query = new URLSearchParams({
    status: 'running',
    source,
  } satisfies BulkJobListQuery).toString();
  return (await apiRequest<BulkJob[]>(API_PATHS.bulkActions.list, { query, signal })).data;
}

export const usePreviewBulk = () => useMutation({ mutationFn: previewBulk });

export function useStartBulk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startBulk,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bulkKey }),
  });
}

export function useCancelBulkJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBulkJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bulkKey }),
  });
}

/**
 * One job, asked again every BULK_POLL_MS while it runs. Once it is seen ended, the lists it
 * changed (transactions of both kinds, notifications) and the running jobs are reloaded, once.
 */
export function useBulkJob(jobId: number | null, reloadPaths: readonly string[]) {
  const queryClient = useQueryClient();
  const job = useQuery({
    queryKey: jobKey(jobId ?? 0),
    enabled: jobId !== null,
    queryFn: ({ signal }) => getBulkJob(jobId ?? 0, signal),
    refetchInterval: (query) =>
      query.state.data?.status === 'running' || !query.state.data ? BULK_POLL_MS : false,
  });
  const endedSource = job.data && job.data.status !== 'running' ? job.data.source : null;
  const reloadKey = reloadPaths.join('\n');
  useEffect(() => {
    if (!endedSource) return;
    const lists = [...new Set([...reloadKey.split('\n'), notificationResource.path])].map((path) =>
      listQueryKey(path),
    );
    for (const queryKey of [...lists, notificationQueryKey(), runningKey(endedSource)])
      void queryClient.invalidateQueries({ queryKey });
  }, [endedSource, jobId, reloadKey, queryClient]);
  return job;
}

export function useRunningBulkJobs(source: BulkSource, enabled: boolean) {
  return useQuery({
    queryKey: runningKey(source),
    queryFn: ({ signal }) => getRunningBulkJobs(source, signal),
    enabled,
    staleTime: 5_000,
  });
}
