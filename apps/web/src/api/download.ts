/**
 * File downloads (CSV export): the same token header and session rules as apiRequest, but
 * the answer is a streamed file, read as a blob, never parsed as JSON.
 */
import { API_BASE, SESSION_ERROR_CODE, type Envelope } from '@tagih/contract';
import { ApiError } from './client.ts';
import { expireSession, getToken } from './session.ts';

export async function apiDownload(
  path: string,
  query: string,
  signal?: AbortSignal,
): Promise<Blob> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authentication = token;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}${query ? `?${query}` : ''}`, {
      headers,
      credentials: 'omit',
      signal,
    });
  } catch (error) {
    throw new ApiError(error instanceof Error ? error.message : 'Network error', 0);
  }
  if (response.ok) return response.blob();

  // Errors come back as the JSON envelope.
  const envelope = (await response.json().catch(() => undefined)) as Envelope<unknown> | undefined;
  if (response.status === 401 || envelope?.status?.errorCode === SESSION_ERROR_CODE)
    expireSession();
  const message = envelope?.status?.message || response.statusText || `HTTP ${response.status}`;
  throw new ApiError(message, response.status, envelope?.status ? envelope : undefined);
}

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
