import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { PageContainer, PageHeading } from '@fitconnect/shared-ui';
import { TabPanel, Tabs } from '@fitconnect/shared-ui/widgets';
import { FeedTab } from '../feed/components/FeedTab';
// The reviews and feedback tabs load on intent (./lazyTabs.ts); the feed comes with the routes module.
import { FeedbackCard, preloadTabsOnIntent, ReviewsTab } from './lazyTabs';
import { COMMUNITY_TABS, parseTab } from './parseTab';

export { COMMUNITY_TABS, parseTab, type CommunityTab } from './parseTab';

const ID_PREFIX = 'community';

const Panel = styled.div`
  margin-top: ${({ theme }) => theme.space.lg};
`;

// Three tabs do not fit one row at phone widths: let them wrap instead of scrolling sideways.
const CommunityTabs = styled(Tabs)`
  flex-wrap: wrap;
  overflow-x: visible;
`;

const FeedbackWrap = styled.div`
  max-width: 720px;
`;

/**
 * /community (SPEC §2): Community Feed and Community Reviews tabs, plus the feedback and community card
 * on a third tab. The tab lives in the URL (?tab=reviews), so a link opens the right one.
 */
export function CommunityPage() {
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const select = (id: string) => {
    // Each tab keeps only its own parameters (the reviews filter belongs to the reviews tab).
    const next = new URLSearchParams();
    if (id !== 'feed') next.set('tab', id);
    if (id === 'reviews') {
      for (const k of ['category', 'sort']) {
        const v = params.get(k);
        if (v) next.set(k, v);
      }
    }
    setParams(next);
  };
  return (
    <PageContainer>
      <PageHeading subtitle="Connect with other members, read and share reviews, and help us improve FitConnect.">Community</PageHeading>
      {/* A pointer over the tabs, or the focus on one, loads the other tabs' code (the events bubble from the tabs). */}
      <div onPointerOver={preloadTabsOnIntent} onFocus={preloadTabsOnIntent}>
        <CommunityTabs tabs={COMMUNITY_TABS.map((t) => ({ id: t.id, label: t.label }))} value={tab} onChange={select} idPrefix={ID_PREFIX} aria-label="Community sections" />
      </div>
      <Panel>
        <TabPanel id="feed" value={tab} idPrefix={ID_PREFIX}>
          <FeedTab />
        </TabPanel>
        <TabPanel id="reviews" value={tab} idPrefix={ID_PREFIX}>
          <ReviewsTab />
        </TabPanel>
        <TabPanel id="feedback" value={tab} idPrefix={ID_PREFIX}>
          <FeedbackWrap>
            <FeedbackCard />
          </FeedbackWrap>
        </TabPanel>
      </Panel>
    </PageContainer>
  );
}
