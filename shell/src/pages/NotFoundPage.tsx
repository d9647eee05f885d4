import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { PageContainer } from '@fitconnect/shared-ui';
import { NotFoundView } from '@fitconnect/shared-ui/patterns';

const Code = styled.code`
  font-family: ${({ theme }) => theme.fonts.mono};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.text};
  padding: 1px 6px;
  border-radius: ${({ theme }) => theme.radii.sm};
  word-break: break-all;
`;

/**
 * Any unknown path (SPEC §2): '404 Page Not Found' with a developer-style hint, in the site's one
 * not-found design (shared-ui's NotFoundView: icon, heading, a way back).
 */
export function NotFoundPage() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = '404 Page Not Found | FitConnect';
  }, []);
  return (
    <PageContainer>
      <NotFoundView title="404 Page Not Found" action={{ to: '/', label: 'Go to Home' }}>
        <p>
          Nothing lives at <Code>{pathname}</Code>.
        </p>
        <p>Did you forget to add the page to the router?</p>
      </NotFoundView>
    </PageContainer>
  );
}
