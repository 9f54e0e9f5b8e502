import { i18n } from './i18n.ts';
import { getToken } from './session.ts';

type Query = Record<string, string | number | undefined>;

/**
 * GET an export (…/export.csv) with the Bearer header and save it: a plain link cannot carry the
 * token, so the file is fetched as a blob and handed to the browser. Returns false on failure.
 */
export async function downloadCsv(path: string, query: Query, filename: string): Promise<boolean> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  const auth = getToken();
  // The export's dates are written in the user's zone (the server falls back to Poland's without it).
  const headers: Record<string, string> = {
    accept: 'text/csv',
    'accept-language': i18n.language || 'pl',
    'USER-TIMEZONE': Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
  if (auth) headers.authorization = `${auth.type} ${auth.token}`;
  try {
    const res = await fetch(`${path}?${params.toString()}`, { headers, signal: AbortSignal.timeout(60_000) });
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
