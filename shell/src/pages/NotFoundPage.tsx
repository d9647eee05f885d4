import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '@fitconnect/shared-ui';
import { Icon } from './icons';

const Wrap = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => `${theme.space.xxl} ${theme.space.md}`};
`;

const Box = styled.div`
  width: 100%;
  max-width: 520px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  padding: ${({ theme }) => theme.space.xl};
  h1 {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
    margin: 0 0 ${({ theme }) => theme.space.md};
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space.md};
    color: ${({ theme }) => theme.colors.textMuted};
    line-height: 1.5;
  }
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    background: ${({ theme }) => theme.colors.surfaceAlt};
    color: ${({ theme }) => theme.colors.text};
    padding: 1px 6px;
    border-radius: ${({ theme }) => theme.radii.sm};
    word-break: break-all;
  }
`;

const Warn = styled.span`
  display: inline-flex;
  color: ${({ theme }) => theme.colors.danger};
`;

/** Any unknown path (SPEC §2): '404 Page Not Found' with a developer-style hint. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = '404 Page Not Found | FitConnect';
  }, []);
  return (
    <Wrap>
      <Box>
        <h1>
          <Warn>
            <Icon name="alert" />
          </Warn> 404 Page Not Found
        </h1>
        <p>
          Nothing lives at <code>{pathname}</code>.
        </p>
        <p>Did you forget to add the page to the router?</p>
        <Button as={Link} to="/">
          Go to Home
        </Button>
      </Box>
    </Wrap>
  );
}
