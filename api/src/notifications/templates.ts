/**
 * Notification emails: one layout (the site's colours and type, inline styles as mail clients need), an HTML
 * and a plain-text part from the same content. Every link is absolute, built from PUBLIC_URL. Text from
 * users (names, message excerpts) is escaped in the HTML part.
 */
export interface EmailContent {
  subject: string;
  /** The first line, e.g. "Hi Jo,". */
  greeting: string;
  /** Paragraphs of plain text. */
  paragraphs: string[];
  /** Quoted lines (message excerpts), shown as a list. */
  quotes?: { who: string; text: string }[];
  action?: { label: string; url: string };
  /** Why this mail came and how to stop it (absent for security notices: they always go out). */
  unsubscribe?: { url: string; what: string; settingsUrl: string };
  /** A footer line for notices that cannot be switched off. */
  footnote?: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// shared-ui/src/theme.ts (light): primary #1d4ed8, text #111827, muted #4b5563, border #e5e7eb, surface #f9fafb.
const C = { primary: '#1d4ed8', primaryText: '#ffffff', text: '#111827', muted: '#4b5563', border: '#e5e7eb', bg: '#f3f4f6', card: '#ffffff' };
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export function renderEmail(c: EmailContent): { subject: string; html: string; text: string } {
  const text = [
    c.greeting,
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.quotes?.length ? [...c.quotes.map((q) => `> ${q.who}: ${q.text}`), ''] : []),
    ...(c.action ? [`${c.action.label}: ${c.action.url}`, ''] : []),
    'The FitConnect team',
    ...(c.unsubscribe ? ['', '--', `You get this because ${c.unsubscribe.what} is on in your notification settings (${c.unsubscribe.settingsUrl}).`, `Unsubscribe with one click: ${c.unsubscribe.url}`] : []),
    ...(c.footnote ? ['', '--', c.footnote] : []),
  ].join('\n');

  const p = (s: string) => `<p style="margin:0 0 16px;line-height:1.5">${esc(s)}</p>`;
  const quotes = c.quotes?.length
    ? `<ul style="margin:0 0 16px;padding:0;list-style:none">${c.quotes
        .map((q) => `<li style="margin:0 0 8px;padding:8px 12px;border-left:4px solid ${C.primary};background:${C.bg};border-radius:4px"><strong>${esc(q.who)}</strong><br>${esc(q.text)}</li>`)
        .join('')}</ul>`
    : '';
  const action = c.action
    ? `<p style="margin:24px 0"><a href="${esc(c.action.url)}" style="display:inline-block;padding:10px 18px;background:${C.primary};color:${C.primaryText};text-decoration:none;border-radius:6px;font-weight:600">${esc(c.action.label)}</a></p>`
    : '';
  const footer = c.unsubscribe
    ? `You get this because ${esc(c.unsubscribe.what)} is on in your <a href="${esc(c.unsubscribe.settingsUrl)}" style="color:${C.muted}">notification settings</a>. <a href="${esc(c.unsubscribe.url)}" style="color:${C.muted}">Unsubscribe</a>.`
    : c.footnote
      ? esc(c.footnote)
      : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(c.subject)}</title></head>
<body style="margin:0;padding:0;background:${C.bg};font-family:${FONT};color:${C.text}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${C.bg};padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:${C.card};border:1px solid ${C.border};border-radius:8px">
<tr><td style="padding:16px 24px;border-bottom:1px solid ${C.border};font-size:20px;font-weight:700;color:${C.primary}">FitConnect</td></tr>
<tr><td style="padding:24px;font-size:16px">
${p(c.greeting)}
${c.paragraphs.map(p).join('\n')}
${quotes}
${action}
<p style="margin:0;line-height:1.5">The FitConnect team</p>
</td></tr>
${footer ? `<tr><td style="padding:16px 24px;border-top:1px solid ${C.border};font-size:13px;color:${C.muted};line-height:1.5">${footer}</td></tr>` : ''}
</table></td></tr></table>
</body></html>
`;
  return { subject: c.subject, html, text };
}
