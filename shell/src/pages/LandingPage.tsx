import { useEffect, useState, type ReactNode } from 'react';
import { isServerRenderedPage } from '../ssrPage';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, LineIcon, StarRating, useCurrentUser } from '@fitconnect/shared-ui';
import { Check as CheckIcon } from 'lucide';
import { Icon, type IconName } from './icons';
import { focusRing } from './styles';

/** The marketing claims of SPEC §1, as feature cards that lead to each area. */
export const FEATURES = [
  {
    icon: 'dumbbell',
    title: 'Free Home Workouts',
    text: 'Customize free home workouts to your level, your goals and the equipment you already have.',
    to: '/exercise-tutorials',
    cta: 'Browse exercise tutorials',
  },
  {
    icon: 'sparkles',
    title: 'AI-Built Workout Plans',
    text: 'Get a complete plan with warm-up, main workout and cool-down, built for you in seconds.',
    to: '/ai-workout',
    cta: 'Try the AI generator',
  },
  {
    icon: 'pin',
    title: 'Certified Trainers Near You',
    text: 'Find certified personal trainers in your area by postcode or city and compare their profiles and reviews.',
    to: '/trainers',
    cta: 'Find a trainer',
  },
  {
    icon: 'chat',
    title: 'Message Trainers Directly',
    text: 'Message trainers and arrange virtual or in-person sessions that fit around your week.',
    to: '/messages',
    cta: 'Open messages',
  },
  {
    icon: 'trophy',
    title: 'Fitness Challenges',
    text: 'Join step, distance and workout-time challenges, log your progress and climb the leaderboard.',
    to: '/challenges',
    cta: 'See challenges',
  },
  {
    icon: 'users',
    title: 'A Supportive Community',
    text: 'Share your experience, read honest reviews and pick up tips from people training just like you.',
    to: '/community',
    cta: 'Visit the community',
  },
] as const satisfies ReadonlyArray<{ icon: IconName; title: string; text: string; to: string; cta: string }>;

/** Three sample testimonials (SPEC §1). */
export const TESTIMONIALS = [
  {
    rating: 5,
    quote:
      'The AI workout plans fit around my kids and my tiny living room. Three months in and I can finally do ten proper push-ups.',
    name: 'Sarah M.',
    detail: 'Client, Manchester',
  },
  {
    rating: 5,
    quote:
      'I joined as a trainer without paying a penny. I set my own rates and hours, and new clients message me every week.',
    name: 'James T.',
    detail: 'Personal Trainer, London',
  },
  {
    rating: 4.5,
    quote:
      'Found a certified trainer ten minutes from home and we mix in-person sessions with virtual check-ins. Brilliant.',
    name: 'Priya K.',
    detail: 'Client, Birmingham',
  },
] as const;

const Hero = styled.section`
  background: linear-gradient(
    135deg,
    ${({ theme }) => theme.colors.infoBg} 0%,
    ${({ theme }) => theme.colors.bg} 60%,
    ${({ theme }) => theme.colors.successBg} 100%
  );
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
`;

// Classes, not style attributes: a server-rendered page's style="" is refused by the CSP.
const Quote = styled.p`
  margin: 0;
`;

const Inner = styled.div`
  max-width: 1200px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space.xxl} ${theme.space.md}`};
  box-sizing: border-box;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => `${theme.space.xl} ${theme.space.md}`};
  }
`;

const CenteredInner = styled(Inner)`
  text-align: center;
`;

const HeroGrid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  gap: ${({ theme }) => theme.space.xl};
  align-items: center;
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: 1fr;
  }
`;

const Eyebrow = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const HeroTitle = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space.md};
  font-size: clamp(2rem, 5vw, 3.25rem);
  line-height: 1.1;
  font-family: ${({ theme }) => theme.fonts.heading};
`;

const Lead = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.lg};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.textMuted};
  max-width: 60ch;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

const ClaimList = styled.ul`
  list-style: none;
  margin: 0;
  padding: ${({ theme }) => theme.space.lg};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.md};
  li {
    display: flex;
    gap: ${({ theme }) => theme.space.sm};
    line-height: 1.45;
  }
`;

const Check = styled.span`
  display: inline-flex;
  flex: none;
  color: ${({ theme }) => theme.colors.success};
`;

const Section = styled.section<{ $alt?: boolean }>`
  background: ${({ theme, $alt }) => ($alt ? theme.colors.surfaceAlt : 'transparent')};
  color: ${({ theme }) => theme.colors.text};
`;

const SectionTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  text-align: center;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const SectionLead = styled.p`
  margin: 0 auto ${({ theme }) => theme.space.xl};
  max-width: 60ch;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  line-height: 1.5;
`;

const CardGrid = styled.ul<{ $min?: string }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, ${({ $min }) => $min ?? '300px'}), 1fr));
`;

const FeatureLink = styled(Link)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  height: 100%;
  box-sizing: border-box;
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  text-decoration: none;
  transition: box-shadow 0.15s ease, transform 0.15s ease, border-color 0.15s ease;
  &:hover {
    box-shadow: ${({ theme }) => theme.shadows.md};
    border-color: ${({ theme }) => theme.colors.primary};
    transform: translateY(-2px);
  }
  @media (prefers-reduced-motion: reduce) {
    transition: none;
    &:hover {
      transform: none;
    }
  }
  ${focusRing}
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    margin: 0;
    flex: 1;
    color: ${({ theme }) => theme.colors.textMuted};
    line-height: 1.5;
  }
`;

const FeatureIcon = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 48px;
  height: 48px;
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.infoBg};
`;

const More = styled.span`
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
`;

const Testimonial = styled.figure`
  margin: 0;
  height: 100%;
  box-sizing: border-box;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  blockquote {
    margin: 0;
    flex: 1;
    font-style: italic;
    line-height: 1.55;
  }
  figcaption {
    font-weight: 700;
  }
  figcaption span {
    display: block;
    font-weight: 400;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const TrainerBand = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  ul {
    margin: 0;
    padding-left: 1.2em;
    line-height: 1.6;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** Holds the place of the sections below the hero until they render: the footer stays below the fold. */
const BelowTheFoldPlaceholder = styled.div`
  min-height: 100vh;
`;

/**
 * The sections below the hero, rendered just after the page's first paint instead of with it: the hero
 * (the landing's largest paint) then waits only for its own components' styles and elements, not for the
 * rest of the page's, which at 4x CPU took about a third of the work before the first paint. A frame later
 * everything is there; screen readers and keyboard users get the same page.
 */
function AfterFirstPaint({ children }: { children: ReactNode }) {
  // A page the server rendered (issue 32) has painted already, and hydrates only what the server rendered: all of it.
  const [painted, setPainted] = useState(isServerRenderedPage);
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The next frame's callback runs before that frame paints; the task it queues runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [painted]);
  return painted ? <>{children}</> : <BelowTheFoldPlaceholder />;
}

/** The call to action that depends on the signed-in state (SPEC §1). */
function PrimaryCta({ signedIn }: { signedIn: boolean }) {
  return signedIn ? (
    <Button as={Link} to="/ai-workout" size="lg">
      Create Your Workout
    </Button>
  ) : (
    <Button as={Link} to="/signup" size="lg">
      Create Free Account
    </Button>
  );
}

export function LandingPage() {
  const { isSignedIn, user } = useCurrentUser();
  useEffect(() => {
    document.title = 'FitConnect | Home workouts and personal trainers';
  }, []);

  return (
    <>
      <Hero aria-labelledby="landing-title">
        <Inner>
          <HeroGrid>
            <div>
              <Eyebrow>{isSignedIn && user ? `Welcome back, ${user.firstName}` : 'Fitness that fits your life'}</Eyebrow>
              <HeroTitle id="landing-title">Train at home. Get expert help when you want it.</HeroTitle>
              <Lead>
                Customize free home workouts, find certified trainers in your area, and message trainers to arrange
                virtual or in-person sessions, all in one place.
              </Lead>
              <Actions>
                <PrimaryCta signedIn={isSignedIn} />
                <Button as={Link} to="/trainers" size="lg" variant="outline">
                  Find a Trainer
                </Button>
              </Actions>
            </div>
            <ClaimList aria-label="What you get">
              <li>
                <Check aria-hidden="true"><LineIcon icon={CheckIcon} size={18} strokeWidth={2.5} /></Check> Customize free home workouts
              </li>
              <li>
                <Check aria-hidden="true"><LineIcon icon={CheckIcon} size={18} strokeWidth={2.5} /></Check> Find certified trainers in your area
              </li>
              <li>
                <Check aria-hidden="true"><LineIcon icon={CheckIcon} size={18} strokeWidth={2.5} /></Check> Message trainers and arrange virtual or in-person sessions
              </li>
              <li>
                <Check aria-hidden="true"><LineIcon icon={CheckIcon} size={18} strokeWidth={2.5} /></Check> Get AI-built workout plans made for you
              </li>
            </ClaimList>
          </HeroGrid>
        </Inner>
      </Hero>

      <AfterFirstPaint>
        <Section aria-labelledby="features-title">
          <Inner>
            <SectionTitle id="features-title">Everything you need to get fit</SectionTitle>
            <SectionLead>From your first home workout to training with a professional.</SectionLead>
            <CardGrid>
              {FEATURES.map((f) => (
                <li key={f.to}>
                  <FeatureLink to={f.to}>
                    <FeatureIcon>
                      <Icon name={f.icon} />
                    </FeatureIcon>
                    <h3>{f.title}</h3>
                    <p>{f.text}</p>
                    <More>
                      {f.cta} <span aria-hidden="true">→</span>
                    </More>
                  </FeatureLink>
                </li>
              ))}
            </CardGrid>
          </Inner>
        </Section>

        <Section $alt aria-labelledby="testimonials-title">
          <Inner>
            <SectionTitle id="testimonials-title">What our members say</SectionTitle>
            <SectionLead>Clients and trainers across the UK use FitConnect every day.</SectionLead>
            <CardGrid $min="260px" data-testid="testimonials">
              {TESTIMONIALS.map((t) => (
                <li key={t.name}>
                  <Testimonial>
                    <StarRating value={t.rating} />
                    <blockquote>
                      <Quote>“{t.quote}”</Quote>
                    </blockquote>
                    <figcaption>
                      {t.name}
                      <span>{t.detail}</span>
                    </figcaption>
                  </Testimonial>
                </li>
              ))}
            </CardGrid>
          </Inner>
        </Section>

        <Section aria-labelledby="trainers-title">
          <Inner>
            <TrainerBand>
              <div>
                <h2 id="trainers-title">Are you a personal trainer?</h2>
                <ul>
                  <li>Join free, with no subscription fees</li>
                  <li>Set your own schedule and rates</li>
                  <li>Get a public profile that clients near you can find</li>
                </ul>
              </div>
              <Button as={Link} to="/trainer-signup" size="lg" variant="secondary">
                Join as a Trainer
              </Button>
            </TrainerBand>
          </Inner>
        </Section>

        <Section $alt aria-labelledby="cta-title">
          <CenteredInner>
            <SectionTitle id="cta-title">{isSignedIn ? 'Ready for today’s workout?' : 'Start your fitness journey today'}</SectionTitle>
            <SectionLead>
              {isSignedIn
                ? 'Tell us your level, goals and equipment and get a plan built for you.'
                : 'Creating an account is free and takes less than a minute.'}
            </SectionLead>
            <PrimaryCta signedIn={isSignedIn} />
          </CenteredInner>
        </Section>
      </AfterFirstPaint>
    </>
  );
}
