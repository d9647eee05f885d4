import { createHash } from 'node:crypto';

/** Buckets per area: a percentage is compared in steps of 0.01 %. */
export const BUCKETS = 10_000;

/**
 * The visitor's bucket for one candidate of one area, in [0, 10000): the first 4 bytes of
 * sha256(`${visitorId}\0${area}\0${candidateVersion}`) reduced mod 10000 (the bias of 2^32 mod 10000 is
 * below 0.0003 %). Stable for the same inputs (sticky across loads, sign-in changes nothing); a new
 * candidate version gives every visitor a fresh, independent bucket.
 */
export function bucketOf(visitorId: string, area: string, candidateVersion: string): number {
  const digest = createHash('sha256').update(`${visitorId}\0${area}\0${candidateVersion}`).digest();
  return digest.readUInt32BE(0) % BUCKETS;
}

/**
 * Does this visitor get the candidate at `percent` (0-100)? bucket < percent * 100, so raising the
 * percentage only adds visitors (everyone in at 10 % is in at 30 %).
 */
export function inCandidate(visitorId: string, area: string, candidateVersion: string, percent: number): boolean {
  return bucketOf(visitorId, area, candidateVersion) < Math.round(percent * 100);
}
