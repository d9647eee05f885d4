import { useEffect, type ReactNode } from 'react';
import styled from 'styled-components';
import { TextLink } from './styles';

/** One numbered section of a static legal page: paragraphs, and lists given as arrays of items. */
export interface LegalSection {
  id: string;
  title: string;
  body: ReadonlyArray<string | ReadonlyArray<string>>;
}

const Wrap = styled.div`
  max-width: 820px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.text};
  line-height: 1.65;
`;

const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  margin: ${({ theme }) => theme.space.md} 0 ${({ theme }) => theme.space.xs};
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  margin: 0 0 ${({ theme }) => theme.space.lg};
`;

const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space.lg};
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    margin: 0 0 ${({ theme }) => theme.space.sm};
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space.sm};
  }
  ul {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    padding-left: 1.4em;
  }
  li {
    margin-bottom: ${({ theme }) => theme.space.xs};
  }
`;

const BackLink = styled(TextLink)`
  display: inline-flex;
  align-items: center;
  gap: 6px;
`;

const Toc = styled.nav`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  margin-bottom: ${({ theme }) => theme.space.xl};
  ol {
    margin: 0;
    padding-left: 1.2em;
    columns: 2;
    column-gap: ${({ theme }) => theme.space.xl};
    @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
      columns: 1;
    }
  }
  a {
    color: ${({ theme }) => theme.colors.primary};
    border-radius: ${({ theme }) => theme.radii.sm};
  }
  a:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const TocTitle = styled.p`
  font-weight: 700;
  margin: 0 0 ${({ theme }) => theme.space.sm};
`;

/**
 * The layout shared by the static legal pages (privacy policy, terms of service): title, last-updated date,
 * an introduction, a contents list linking to each section, the sections, and a way home at both ends.
 */
export function LegalDocument({
  title,
  lastUpdated,
  intro,
  sections,
}: {
  title: string;
  lastUpdated: string;
  intro: ReactNode;
  sections: ReadonlyArray<LegalSection>;
}) {
  useEffect(() => {
    document.title = `${title} | FitConnect`;
  }, [title]);
  return (
    <Wrap>
      <BackLink to="/">
        <span aria-hidden="true">←</span> Back to Home
      </BackLink>
      <Title>{title}</Title>
      <Muted>Last updated: {lastUpdated}</Muted>
      <p>{intro}</p>
      <Toc aria-label="Contents">
        <TocTitle aria-hidden="true">Contents</TocTitle>
        <ol>
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title.replace(/^\d+\.\s*/, '')}</a>
            </li>
          ))}
        </ol>
      </Toc>
      {sections.map((s) => (
        <Section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`}>
          <h2 id={`${s.id}-title`}>{s.title}</h2>
          {s.body.map((part, i) =>
            typeof part === 'string' ? (
              <p key={i}>{part}</p>
            ) : (
              <ul key={i}>
                {part.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ),
          )}
        </Section>
      ))}
      <BackLink to="/">
        <span aria-hidden="true">←</span> Back to Home
      </BackLink>
    </Wrap>
  );
}
