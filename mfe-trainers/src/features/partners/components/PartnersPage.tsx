import { createElement, useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button, Card, CardBody, PageContainer, PageHeading } from '@fitconnect/shared-ui';
import { Checkbox, Select, TextField } from '@fitconnect/shared-ui/forms';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { DEFAULT_SNIPPET, iframeSnippet, scriptSnippet, type Release, type SnippetOptions } from '../lib/snippet';

/**
 * /partners (issue 33): the snippet builder. A partner picks the finder's options, sees the finder itself
 * live (the real element, loaded from /embed/v1/ on this origin), and copies the script or iframe snippet.
 */

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: 960px) {
    grid-template-columns: minmax(280px, 360px) minmax(0, 1fr);
    align-items: start;
  }
`;

const Fields = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const Code = styled.pre`
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  white-space: pre-wrap;
  word-break: break-all;
`;

const Column = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
  h2 {
    margin: 0;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
`;

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const LOADER = '/embed/v1/trainer-finder.js';

/** Adds the finder's loader to this page once (same origin: the page's CSP allows it; it takes the page's nonce). */
function useFinderScript() {
  useEffect(() => {
    if (customElements.get('fitconnect-trainer-finder') || document.querySelector(`script[src="${LOADER}"]`)) return;
    const s = document.createElement('script');
    s.src = LOADER;
    s.async = true;
    const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
    if (nonce) s.nonce = nonce;
    document.head.append(s);
  }, []);
}

function useLatestRelease(): Release | null {
  const [release, setRelease] = useState<Release | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    fetch('/embed/releases.json', { signal: ctrl.signal })
      .then((r) => (r.ok ? r.json() : null))
      .then((body: { releases?: Release[] } | null) => setRelease(body?.releases?.[0] ?? null))
      .catch(() => undefined);
    return () => ctrl.abort();
  }, []);
  return release;
}

export function PartnersPage() {
  useDocumentTitle('Trainer finder for partner sites');
  useFinderScript();
  const release = useLatestRelease();
  const [o, setO] = useState<SnippetOptions>(DEFAULT_SNIPPET);
  const [kind, setKind] = useState<'script' | 'iframe'>('script');
  const [pin, setPin] = useState(false);
  const [resize, setResize] = useState(true);
  const [copied, setCopied] = useState(false);
  const origin = window.location.origin;
  const set = <K extends keyof SnippetOptions>(k: K, v: SnippetOptions[K]) => {
    setCopied(false);
    setO((prev) => ({ ...prev, [k]: v }));
  };
  const snippet = kind === 'script' ? scriptSnippet(origin, o, pin ? release : null) : iframeSnippet(origin, o, resize);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  // The live preview: the real element with the chosen attributes (re-renders as they change).
  const previewAttrs: Record<string, string> = { id: 'finder-preview', 'max-results': String(o.maxResults), theme: o.theme };
  if (o.location.trim()) previewAttrs.location = o.location.trim();
  if (o.specialty.trim()) previewAttrs.specialty = o.specialty.trim();
  if (o.mode) previewAttrs[o.mode] = '';
  if (o.sort) previewAttrs.sort = o.sort;

  return (
    <PageContainer>
      <PageHeading subtitle="Put FitConnect's trainer finder on your own site: pick the options, check the preview, copy the snippet.">
        Trainer finder for partner sites
      </PageHeading>
      <Layout>
        <Card>
          <CardBody>
            <Fields onSubmit={(e) => e.preventDefault()} aria-label="Finder options">
              <TextField label="Partner id" hint="The id FitConnect gave you (counts your visitors' searches, clicks and sign-ups)." value={o.partner} onChange={(e) => set('partner', e.target.value)} pattern="[a-z0-9][a-z0-9-]{1,39}" />
              <TextField label="Location" hint="Postcode or town of the first search." value={o.location} onChange={(e) => set('location', e.target.value)} maxLength={100} />
              <TextField label="Specialty" hint="e.g. Yoga, Strength training." value={o.specialty} onChange={(e) => set('specialty', e.target.value)} maxLength={60} />
              <Select
                label="Sessions"
                value={o.mode}
                onChange={(e) => set('mode', e.target.value as SnippetOptions['mode'])}
                options={[
                  { value: '', label: 'Online and in person' },
                  { value: 'online-only', label: 'Online only' },
                  { value: 'in-person-only', label: 'In person only' },
                ]}
              />
              <TextField label="Results per page" type="number" min={1} max={48} value={o.maxResults} onChange={(e) => set('maxResults', Math.min(48, Math.max(1, Number(e.target.value) || 6)))} />
              <Select
                label="Order"
                value={o.sort}
                onChange={(e) => set('sort', e.target.value as SnippetOptions['sort'])}
                options={[
                  { value: '', label: 'Nearest first (else best rated)' },
                  { value: 'distance', label: 'Distance' },
                  { value: 'rating', label: 'Rating' },
                  { value: 'price', label: 'Price' },
                ]}
              />
              <Select
                label="Theme"
                value={o.theme}
                onChange={(e) => set('theme', e.target.value as SnippetOptions['theme'])}
                options={[
                  { value: 'light', label: 'Light' },
                  { value: 'dark', label: 'Dark' },
                  { value: 'auto', label: "Auto (follows the visitor's setting)" },
                ]}
              />
              <Select label="Language" value={o.lang} onChange={(e) => set('lang', e.target.value)} options={[{ value: 'en', label: 'English' }]} />
              <Select
                label="Snippet"
                value={kind}
                onChange={(e) => setKind(e.target.value as 'script' | 'iframe')}
                options={[
                  { value: 'script', label: 'Script tag (recommended)' },
                  { value: 'iframe', label: 'Iframe (site builders without scripts)' },
                ]}
              />
              {kind === 'script' ? (
                <Checkbox label={`Pin this release${release ? ` (v${release.version})` : ''} with its integrity hash`} checked={pin} disabled={!release} onChange={(e) => setPin(e.target.checked)} />
              ) : (
                <Checkbox label="Add the resize script (the iframe grows with its content)" checked={resize} onChange={(e) => setResize(e.target.checked)} />
              )}
            </Fields>
          </CardBody>
        </Card>
        <Column>
          <section aria-labelledby="snippet-title">
            <Column>
              <h2 id="snippet-title">Your snippet</h2>
              <Code data-testid="snippet">{snippet}</Code>
              <Row>
                <Button onClick={copy}>Copy snippet</Button>
                <span role="status">{copied ? 'Copied' : ''}</span>
              </Row>
              <Note>
                {kind === 'script'
                  ? 'The v1 address always serves the latest v1; a pinned release never changes. Restyle with --fc-accent, --fc-radius, --fc-font and ::part().'
                  : 'The iframe shows the same finder as a page of FitConnect. Without the resize script, set a fixed height.'}
              </Note>
            </Column>
          </section>
          <section aria-labelledby="preview-title">
            <Column>
              <h2 id="preview-title">Preview</h2>
              {createElement('fitconnect-trainer-finder', previewAttrs)}
            </Column>
          </section>
        </Column>
      </Layout>
    </PageContainer>
  );
}
