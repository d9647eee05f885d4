import { useEffect, type ComponentType } from 'react';
import { PageContainer, PageHeading } from '@fitconnect/shared-ui';

/**
 * A page of this area whose feature has not been built yet: the area's heading and a plain
 * sentence saying so (replaced by the real feature in a later issue).
 */
export function placeholderPage(heading: string, sentence = 'This feature is not available yet.'): ComponentType {
  function PlaceholderPage() {
    useEffect(() => {
      document.title = `${heading} | FitConnect`;
    }, []);
    return (
      <PageContainer>
        <PageHeading>{heading}</PageHeading>
        <p>{sentence}</p>
      </PageContainer>
    );
  }
  PlaceholderPage.displayName = `Placeholder(${heading})`;
  return PlaceholderPage;
}
