import type { AreaName } from '@fitconnect/shared-ui';

/**
 * The deployment's remotes manifest, GET /remotes.json (area -> container name -> mf-manifest.json URL).
 * Its own module: the page's entry (../index.ts) reads it before the app's code has loaded, see ./earlyStart.ts.
 */

/** One area's entry in /remotes.json; `version` and `fallback` come from the rollout API (issue 17). */
export interface RolloutRemote {
  area: AreaName;
  name: string;
  entry: string;
  /** Version of `entry` (absent in the static default manifest). */
  version?: string;
  /** Present only when `entry` is a candidate: the stable entry to load when the candidate fails. */
  fallback?: { entry: string; version: string };
}

export interface RolloutManifest {
  remotes: RolloutRemote[];
}

export async function fetchRemotesManifest(url = '/remotes.json'): Promise<RolloutManifest> {
  const res = await fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  const body = (await res.json()) as Partial<RolloutManifest>;
  if (!body || !Array.isArray(body.remotes)) throw new Error(`${url} is not a remotes manifest`);
  return {
    remotes: body.remotes
      .filter((r) => r && typeof r.name === 'string' && typeof r.entry === 'string')
      .map((r) => {
        const fb = r.fallback;
        const fallback = fb && typeof fb.entry === 'string' && fb.entry !== r.entry ? { entry: fb.entry, version: String(fb.version ?? '') } : undefined;
        return {
          area: r.area,
          name: r.name,
          entry: r.entry,
          ...(typeof r.version === 'string' ? { version: r.version } : {}),
          ...(fallback ? { fallback } : {}),
        };
      }),
  };
}

