import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import { LandingPage, NotFoundPage, PrivacyPolicyPage, TermsOfServicePage } from '../../src/pages';
import { makeUser, mockFetch, signedIn, signedOut } from './fetchMock';

describe('LandingPage', () => {
  it("invites a signed-out visitor to 'Create Free Account' (to /signup) and shows three testimonials", async () => {
    mockFetch(signedOut);
    renderWithProviders(<LandingPage />);
    // The sections below the hero render just after the first paint.
    const list = await screen.findByTestId('testimonials');
    const ctas = await screen.findAllByRole('link', { name: 'Create Free Account' });
    expect(ctas).toHaveLength(2); // the hero's and the closing section's
    for (const a of ctas) expect(a).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('link', { name: 'Create Your Workout' })).not.toBeInTheDocument();

    const cards = within(list).getAllByRole('figure');
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect(within(card).getByRole('img', { name: /out of 5/i })).toBeInTheDocument();
      expect(card.querySelector('blockquote')?.textContent?.length).toBeGreaterThan(20);
      expect(card.querySelector('figcaption')?.textContent).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: /join as a trainer/i })).toHaveAttribute('href', '/trainer-signup');
    expect(screen.getByText(/no subscription fees/i)).toBeInTheDocument();
    expect(screen.getByText(/set your own schedule and rates/i)).toBeInTheDocument();
  });

  it("offers 'Create Your Workout' (to /ai-workout) when signed in", async () => {
    mockFetch(signedIn(makeUser({ firstName: 'Ola' })));
    renderWithProviders(<LandingPage />);
    const ctas = await screen.findAllByRole('link', { name: 'Create Your Workout' });
    for (const a of ctas) expect(a).toHaveAttribute('href', '/ai-workout');
    expect(screen.queryByRole('link', { name: 'Create Free Account' })).not.toBeInTheDocument();
    expect(screen.getByText(/Welcome back, Ola/)).toBeInTheDocument();
  });

  it('has one h1 and feature cards that lead to the areas', async () => {
    mockFetch(signedOut);
    renderWithProviders(<LandingPage />);
    await screen.findByRole('heading', { level: 2, name: 'Everything you need to get fit' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const href of ['/ai-workout', '/trainers', '/messages', '/challenges', '/exercise-tutorials', '/community']) {
      expect(screen.getAllByRole('link').some((a) => a.getAttribute('href') === href)).toBe(true);
    }
  });

  it('paints the hero first and the sections below it right after', async () => {
    mockFetch(signedOut);
    const { container } = renderWithProviders(<LandingPage />);
    // First render: the hero only, and a placeholder a screen tall where the sections go.
    expect(screen.getByRole('heading', { level: 1, name: /train at home/i })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Everything you need to get fit' })).not.toBeInTheDocument();
    expect(container.querySelectorAll('section')).toHaveLength(1);
    // Then every section.
    await screen.findByRole('heading', { level: 2, name: 'Everything you need to get fit' });
    for (const name of ['What our members say', 'Are you a personal trainer?', 'Start your fitness journey today']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(container.querySelectorAll('section')).toHaveLength(5);
  });
});

describe('PrivacyPolicyPage', () => {
  it('has the 12 SPEC sections in order, with the stated constants, and a way home', () => {
    mockFetch(signedOut);
    renderWithProviders(<PrivacyPolicyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent ?? '');
    expect(headings).toHaveLength(12);
    const expected = [
      /information we collect/i,
      /how we use/i,
      /sharing/i,
      /ai workout generation/i,
      /cookies/i,
      /data security/i,
      /your rights/i,
      /retention/i,
      /children/i,
      /international users/i,
      /changes/i,
      /contact/i,
    ];
    expected.forEach((re, i) => expect(headings[i]).toMatch(re));

    const section = (name: RegExp) => screen.getByRole('region', { name });
    expect(within(section(/children/i)).getByText(/13 years of age and older/)).toBeInTheDocument();
    expect(within(section(/international users/i)).getAllByText(/United States/).length).toBeGreaterThan(0);
    expect(within(section(/changes/i)).getByText(/30 days notice/)).toBeInTheDocument();
    expect(within(section(/contact/i)).getByText(/within 30 days/)).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: /back to home/i })) expect(link).toHaveAttribute('href', '/');
  });
});

describe('TermsOfServicePage', () => {
  it('is a real page: titled, its sections listed and linked from the contents, the same age and notice as the privacy policy, a way home', () => {
    mockFetch(signedOut);
    renderWithProviders(<TermsOfServicePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(document.title).toBe('Terms of Service | FitConnect');
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(headings.length).toBeGreaterThan(5);
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    expect(within(contents).getAllByRole('link')).toHaveLength(headings.length);
    for (const h of headings) {
      const id = h.closest('section')!.id;
      expect(within(contents).getByRole('link', { name: h.textContent!.replace(/^\d+\.\s*/, '') })).toHaveAttribute('href', `#${id}`);
    }
    const section = (name: RegExp) => screen.getByRole('region', { name });
    expect(within(section(/your account/i)).getByText(/13 years of age or older/)).toBeInTheDocument();
    expect(within(section(/changes/i)).getByText(/30 days notice/)).toBeInTheDocument();
    expect(within(section(/if you are a trainer/i)).getByText(/no subscription fees/)).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: /back to home/i })) expect(link).toHaveAttribute('href', '/');
  });
});

describe('NotFoundPage', () => {
  it("is titled '404 Page Not Found' with a developer hint and a link home", () => {
    mockFetch(signedOut);
    renderWithProviders(<NotFoundPage />, { initialEntries: ['/no/such/page'] });
    expect(screen.getByRole('heading', { level: 1, name: /404 Page Not Found/ })).toBeInTheDocument();
    expect(screen.getByText(/did you forget to add the page to the router/i)).toBeInTheDocument();
    expect(screen.getByText('/no/such/page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /home/i })).toHaveAttribute('href', '/');
  });
});
