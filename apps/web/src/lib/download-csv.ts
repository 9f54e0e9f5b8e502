import { apiHeaders } from './api-client.ts';
import { buildUrl, type Query } from './build-url.ts';

/**
 * GET an export (…/export.csv) with the Bearer header and save it: a plain link cannot carry the
 * token, so the file is fetched as a blob and handed to the browser. Returns false on failure.
 */
export async function downloadCsv(path: string, query: Query, filename: string): Promise<boolean> {
  // The export's dates are written in the user's zone (the server falls back to Poland's without it).
  const headers = apiHeaders('text/csv', { 'USER-TIMEZONE': Intl.DateTimeFormat().resolvedOptions().timeZone });
  try {
    const res = await fetch(buildUrl(path, query), { headers, signal: AbortSignal.timeout(60_000) });
    if (!res.ok) return false;
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    // The server names the file (with the date); `filename` is the fallback.
    a.download = /filename="?([^";]+)"?/i.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? filename;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return true;
  } catch {
    return false;
  }
}
