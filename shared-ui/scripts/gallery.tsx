// Dev aid: renders every component in both themes to static HTML (server-side, styled-components
// ServerStyleSheet) so they can be looked at or screenshotted without a bundler.
//   npx tsx shared-ui/scripts/gallery.tsx /tmp/gallery   -> /tmp/gallery/{light,dark}.html
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import {
  Badge, Banner, Button, Card, CardBody, CardDescription, CardFooter, CardHeader, CardTitle, EmptyState, GlobalStyle,
  Grid, PageContainer, PageHeading, Spinner, StarRating, StarRatingInput, Stack, Toaster,
  darkTheme, lightTheme, toast, type AppTheme,
} from '../src';
import { Checkbox, Select, TextArea, TextField } from '../src/forms';
import { Tabs } from '../src/widgets';

function Gallery({ theme }: { theme: AppTheme }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <PageContainer>
        <PageHeading subtitle={`The ${theme.mode} theme`} actions={<Button variant="outline">Action</Button>}>
          Component gallery
        </PageHeading>
        <Stack $gap="lg">
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            <Button>Primary</Button>
            <Button variant="secondary">Secondary</Button>
            <Button variant="outline">Outline</Button>
            <Button variant="danger">Delete</Button>
            <Button variant="ghost">Ghost</Button>
            <Button loading>Saving</Button>
            <Button size="sm">Small</Button>
            <Button size="lg">Large</Button>
            <Button disabled>Disabled</Button>
          </div>
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            {(['neutral', 'primary', 'success', 'warning', 'danger', 'info'] as const).map((t) => (
              <Badge key={t} tone={t}>{t}</Badge>
            ))}
          </div>
          <Banner tone="info" title="Create your workout">You can generate one AI workout per day.</Banner>
          <Banner tone="warning" title="Daily Limit Reached">Full Body Blast, created at 09:12.</Banner>
          <Banner tone="danger" title="Error">Failed to fetch trainers</Banner>
          <Banner tone="success">Progress Logged!</Banner>
          <Tabs tabs={[{ id: 'a', label: 'Community Feed' }, { id: 'b', label: 'Community Reviews' }]} value="a" onChange={() => {}} />
          <Grid>
            {[4.5, 3.2, 5].map((r) => (
              <Card key={r}>
                <CardHeader>
                  <CardTitle>Sarah Johnson</CardTitle>
                  <CardDescription>Strength coach · Manchester</CardDescription>
                </CardHeader>
                <CardBody>
                  <StarRating value={r} /> <span>{r}</span>
                </CardBody>
                <CardFooter>
                  <Button size="sm">View Profile</Button>
                  <Button size="sm" variant="outline">Contact</Button>
                </CardFooter>
              </Card>
            ))}
          </Grid>
          <Card>
            <CardBody>
              <Stack>
                <TextField label="Email" placeholder="you@example.com" hint="We never share it" />
                <TextField label="Username" required error="Username must be at least 3 characters" defaultValue="ab" />
                <Select label="Fitness level" placeholder="Select…" options={[{ value: 'b', label: 'Beginner' }]} />
                <TextArea label="Comment" error="Comment must be at least 10 characters" />
                <Checkbox label="I accept the terms and conditions" />
                <StarRatingInput value={3} onChange={() => {}} />
              </Stack>
            </CardBody>
          </Card>
          <Spinner center label="Loading trainers" />
          <EmptyState icon="🏋️" title="No Challenges Available" description="Be the first to create one." action={<Button>Create Challenge</Button>} />
        </Stack>
      </PageContainer>
      <Toaster />
    </ThemeProvider>
  );
}

const out = process.argv[2] ?? '/tmp/gallery';
mkdirSync(out, { recursive: true });
toast({ title: 'Saved', description: 'Your profile was updated.', variant: 'success', duration: 0 });
toast({ title: 'Logout failed', description: 'There was a problem logging out.', variant: 'destructive', duration: 0 });
for (const theme of [lightTheme, darkTheme]) {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(sheet.collectStyles(<Gallery theme={theme} />));
    const doc = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${sheet.getStyleTags()}</head><body>${html}</body></html>`;
    writeFileSync(join(out, `${theme.mode}.html`), doc);
  } finally {
    sheet.seal();
  }
}
console.log(`wrote ${out}/light.html and ${out}/dark.html`);
