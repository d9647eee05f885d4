import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { focusRing } from '@fitconnect/shared-ui';

export { focusRing };

/** An inline text link in the primary colour. */
export const TextLink = styled(Link)`
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radii.sm};
  &:hover {
    text-decoration: underline;
  }
  ${focusRing}
`;

/** Centres one narrow card (sign-in, sign-up, password screens). */
export const AuthWrap = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.md} ${theme.space.xxl}`};
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => `${theme.space.md} ${theme.space.sm} ${theme.space.xxl}`};
  }
`;

export const AuthCard = styled.div<{ $wide?: boolean }>`
  width: 100%;
  max-width: ${({ $wide }) => ($wide ? '560px' : '440px')};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.md};
  padding: ${({ theme }) => theme.space.xl};
  box-sizing: border-box;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md};
  }
`;

export const AuthTitle = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  line-height: 1.25;
  text-align: center;
  &:focus {
    outline: none;
  }
`;

export const AuthLead = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
  line-height: 1.5;
`;

export const FormStack = styled.form.attrs({ noValidate: true })`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

export const TwoCols = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space.md};
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: 1fr;
  }
`;

export const LinkList = styled.div`
  margin-top: ${({ theme }) => theme.space.lg};
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

export const CenterIcon = styled.div<{ $tone?: 'success' | 'danger' | 'info' }>`
  width: 56px;
  height: 56px;
  margin: 0 auto ${({ theme }) => theme.space.md};
  border-radius: 50%;
  display: flex;
  align-items: center;
  justify-content: center;
  font-size: 1.6rem;
  color: ${({ theme, $tone = 'info' }) => theme.colors[$tone]};
  background: ${({ theme, $tone = 'info' }) => theme.colors[`${$tone}Bg` as const]};
`;
