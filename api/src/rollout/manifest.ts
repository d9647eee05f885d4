/**
 * Reading a remote's mf-manifest.json when an operator sets a candidate: it must answer 200 with JSON
 * naming a remoteEntry; its version is recorded; its shared singletons must match the stable's.
 */
import { createHash } from 'node:crypto';
import { badRequest } from '../http/errors';

export interface ManifestInfo {
  name: string;
  buildVersion: string | null;
  buildName: string | null;
  /** Shared singletons: package -> version. */
  singletons: Map<string, string>;
}

/** Fetch and check one manifest; every failure is a 400 whose message names the URL and the cause. */
export async function fetchManifest(url: string, timeoutMs: number, what = 'candidate'): Promise<ManifestInfo> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' }, redirect: 'follow' });
  } catch (err) {
    const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
    if (e.name === 'TimeoutError' || e.name === 'AbortError') {
      throw badRequest(`The ${what} manifest ${url} did not answer within ${Math.round(timeoutMs / 100) / 10} s`);
    }
    throw badRequest(`Could not reach the ${what} manifest ${url} (${e.cause?.code ?? e.cause?.message ?? e.message ?? 'network error'})`);
  }
  let text: string;
  try {
    text = await res.text();
  } catch {
    throw badRequest(`The ${what} manifest ${url} could not be read`);
  }
  if (res.status !== 200) throw badRequest(`The ${what} manifest ${url} answered ${res.status}, not 200`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest(`The ${what} manifest ${url} is not JSON (is it an mf-manifest.json?)`);
  }
  return parseManifest(body, url, what);
}

export function parseManifest(body: unknown, url: string, what = 'candidate'): ManifestInfo {
  const m = body as {
    name?: unknown;
    metaData?: { name?: unknown; remoteEntry?: { name?: unknown }; buildInfo?: { buildVersion?: unknown; buildName?: unknown } };
    shared?: unknown;
  } | null;
  const entryName = m?.metaData?.remoteEntry?.name;
  if (!m || typeof m !== 'object' || typeof entryName !== 'string' || entryName === '') {
    throw badRequest(`The ${what} manifest ${url} is not an mf-manifest.json (it names no metaData.remoteEntry)`);
  }
  const name = typeof m.name === 'string' ? m.name : typeof m.metaData?.name === 'string' ? m.metaData.name : '';
  const singletons = new Map<string, string>();
  if (Array.isArray(m.shared)) {
    for (const s of m.shared as { name?: unknown; version?: unknown; singleton?: unknown }[]) {
      if (s && typeof s.name === 'string' && typeof s.version === 'string' && s.singleton !== false) singletons.set(s.name, s.version);
    }
  }
  const bi = m.metaData?.buildInfo;
  return {
    name,
    buildVersion: typeof bi?.buildVersion === 'string' && bi.buildVersion ? bi.buildVersion : null,
    buildName: typeof bi?.buildName === 'string' && bi.buildName ? bi.buildName : null,
    singletons,
  };
}

/**
 * The version of a manifest URL: its `/versions/<version>/` path segment, else the manifest's
 * buildName@buildVersion, else the URL itself (hashed when longer than 100 characters).
 */
export function versionOf(url: string, info: Pick<ManifestInfo, 'buildName' | 'buildVersion'>): string {
  let pathname = '';
  try {
    pathname = new URL(url).pathname;
  } catch {
    /* not a URL: falls through */
  }
  const seg = /\/versions\/([^/]+)\//.exec(pathname)?.[1];
  if (seg) {
    let v: string | null = null;
    try {
      v = decodeURIComponent(seg);
    } catch {
      /* a malformed escape (%E0%A4%A): not a version name, fall through */
    }
    if (v !== null && v.length <= 100) return v;
  }
  if (info.buildVersion) {
    const v = info.buildName ? `${info.buildName}@${info.buildVersion}` : info.buildVersion;
    if (v.length <= 100) return v;
  }
  return url.length <= 100 ? url : `url-${createHash('sha256').update(url).digest('hex').slice(0, 16)}`;
}

/** Singleton packages whose versions differ between two manifests (packages both share). */
export function singletonMismatches(candidate: ManifestInfo, stable: ManifestInfo): { pkg: string; candidate: string; stable: string }[] {
  const out: { pkg: string; candidate: string; stable: string }[] = [];
  for (const [pkg, version] of candidate.singletons) {
    const other = stable.singletons.get(pkg);
    if (other !== undefined && other !== version) out.push({ pkg, candidate: version, stable: other });
  }
  return out.sort((a, b) => a.pkg.localeCompare(b.pkg));
}
