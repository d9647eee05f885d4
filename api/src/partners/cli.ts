/**
 * `npm run partners` — partner sites that embed the trainer finder, and what their finders counted.
 *
 *   npm run partners                       impressions and clicks per partner, last 7 UTC days, per day
 *   npm run partners -- 30                 the same over the last 30 days (1..366)
 *   npm run partners -- --json [days]      the same as JSON
 *   npm run partners -- add <id> <name>    register a partner id (2-40 of a-z, 0-9, '-'); only registered ids are counted
 *   npm run partners -- remove <id>        stop counting an id (its past counts stay)
 *   npm run partners -- report <id> [days] [--json]
 *                                          one partner per UTC day (default 30 days): impressions, searches,
 *                                          clicks, sign-ups, contacts (counts only; GET /api/ops/partners/<id>/report)
 *
 * Talks to the database the API uses (MONGODB_URI, else the embedded one in DATA_DIR/mongo; the embedded
 * one can be opened by one process at a time, so stop `npm start` first when not using MONGODB_URI).
 */
import { startEmbeddedMongo } from '@fitconnect/embedded-mongo';
import path from 'node:path';
import { PartnerId } from '@fitconnect/contracts/src/server';
import { loadConfig } from '../config';
import { connectDb, disconnectDb } from '../db/connect';
import '../app';
import { addPartner, partnerDailyReport, partnerReport, removePartner, type PartnerDailyReport, type PartnerReportRow } from './service';

const USAGE = 'Usage: npm run partners [-- [--json] [days] | add <id> <name> | remove <id> | report <id> [days] [--json]]';

type Command =
  | { kind: 'list'; days: number; json: boolean }
  | { kind: 'add'; id: string; name: string }
  | { kind: 'remove'; id: string }
  | { kind: 'report'; id: string; days: number; json: boolean };

function parseDays(text: string | undefined, fallback: number): number | string {
  const days = text === undefined ? fallback : Number(text);
  return Number.isInteger(days) && days >= 1 && days <= 366 ? days : `${USAGE}\nDays is a whole number from 1 to 366.`;
}

export function parseArgs(argv: string[]): Command | string {
  const [first, ...rest] = argv;
  if (first === 'report') {
    const json = rest.includes('--json');
    const [id, daysText, ...extra] = rest.filter((a) => a !== '--json');
    const ok = PartnerId.safeParse(id ?? '');
    if (!ok.success) return `${USAGE}\n${ok.error.issues[0]?.message ?? 'Invalid partner id'}`;
    if (extra.length) return USAGE;
    const days = parseDays(daysText, 30);
    if (typeof days === 'string') return days;
    return { kind: 'report', id: id!, days, json };
  }
  if (first === 'add' || first === 'remove') {
    const id = rest[0] ?? '';
    const ok = PartnerId.safeParse(id);
    if (!ok.success) return `${USAGE}\n${ok.error.issues[0]?.message ?? 'Invalid partner id'}`;
    if (first === 'remove') return { kind: 'remove', id };
    const name = rest.slice(1).join(' ').trim();
    if (!name || name.length > 120) return `${USAGE}\nA partner name (1 to 120 characters) is required.`;
    return { kind: 'add', id, name };
  }
  const json = argv.includes('--json');
  const others = argv.filter((a) => a !== '--json' && a !== 'list');
  if (others.length > 1) return USAGE;
  const days = others.length ? Number(others[0]) : 7;
  if (!Number.isInteger(days) || days < 1 || days > 366) return `${USAGE}\nDays is a whole number from 1 to 366.`;
  return { kind: 'list', days, json };
}

const pct = (clicks: number, impressions: number) => (impressions ? `${((100 * clicks) / impressions).toFixed(1)}%` : '-');

/** One partner's days as a table (what `report <id>` prints). */
export function formatDailyReport(r: PartnerDailyReport): string {
  const head = ['day', 'impressions', 'searches', 'clicks', 'sign-ups', 'contacts'];
  const cells = (x: PartnerDailyReport['days'][number] | PartnerDailyReport, day: string) =>
    [day, x.impressions, x.searches, x.clicks, x.signups, x.contacts].map(String);
  const table = [...r.days.map((d) => cells(d, d.day)), cells(r, 'total')];
  const widths = head.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
  const fmt = (row: string[]) => row.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  const title = `${r.partnerId} (${r.name ?? 'no longer registered'}), ${r.from} to ${r.to} (UTC):`;
  return [title, '', fmt(head), ...table.map(fmt)].join('\n');
}

export function formatReport(rows: PartnerReportRow[], days: number): string {
  if (rows.length === 0) return 'No partners yet. Register one with `npm run partners -- add <id> <name>`.';
  const lines = [`Trainer finder on partner sites, last ${days} day(s) (UTC):`, ''];
  const head = ['partner', 'name', 'impressions', 'clicks', 'click rate'];
  const table = rows.map((r) => [r.partnerId, r.name ?? '(no longer registered)', String(r.impressions), String(r.clicks), pct(r.clicks, r.impressions)]);
  const widths = head.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
  const fmt = (row: string[]) => row.map((c, i) => (i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
  lines.push(fmt(head), ...table.map(fmt));
  for (const r of rows) {
    if (r.days.length === 0) continue;
    lines.push('', `${r.partnerId} per day:`);
    for (const d of r.days) lines.push(`  ${d.day}  ${String(d.impressions).padStart(7)} impressions  ${String(d.clicks).padStart(6)} clicks`);
  }
  return lines.join('\n');
}

async function main(argv: string[]): Promise<number> {
  const cmd = parseArgs(argv);
  if (typeof cmd === 'string') {
    console.error(cmd);
    return 2;
  }
  const config = loadConfig();
  const embedded = config.mongodbUri ? null : await startEmbeddedMongo({ dir: path.join(config.dataDir, 'mongo') });
  try {
    await connectDb(config.mongodbUri ?? embedded!.uri);
    if (cmd.kind === 'add') {
      const r = await addPartner(cmd.id, cmd.name, new Date());
      console.log(r === 'added' ? `Partner ${cmd.id} (${cmd.name}) registered: its finders are counted from now on.` : `Partner ${cmd.id} is already registered.`);
      return 0;
    }
    if (cmd.kind === 'remove') {
      const done = await removePartner(cmd.id);
      console.log(done ? `Partner ${cmd.id} removed: its events are no longer counted (past counts stay).` : `Partner ${cmd.id} is not registered.`);
      return done ? 0 : 1;
    }
    if (cmd.kind === 'report') {
      const report = await partnerDailyReport(cmd.id, cmd.days, new Date());
      if (!report) {
        console.error(`No partner ${cmd.id}.`);
        return 1;
      }
      console.log(cmd.json ? JSON.stringify(report, null, 2) : formatDailyReport(report));
      return 0;
    }
    const rows = await partnerReport(cmd.days, new Date());
    console.log(cmd.json ? JSON.stringify({ days: cmd.days, partners: rows }, null, 2) : formatReport(rows, cmd.days));
    return 0;
  } finally {
    await disconnectDb();
    await embedded?.stop();
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      const message = err instanceof Error ? err.message : String(err);
      console.error(message);
      if (/is in use by process/.test(message)) {
        console.error('The running API holds the embedded database: stop `npm start` first, or point MONGODB_URI at a MongoDB server.');
      }
      process.exit(1);
    },
  );
}
