import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { PageContainer, PageHeading } from '@fitconnect/shared-ui';
import { TabPanel, Tabs } from '@fitconnect/shared-ui/widgets';
import { FeedTab } from '../feed/components/FeedTab';
import { FeedbackCard } from '../feedback/components/FeedbackCard';
import { ReviewsTab } from '../reviews/components/ReviewsTab';

export const COMMUNITY_TABS = [
  { id: 'feed', label: 'Community Feed' },
  { id: 'reviews', label: 'Community Reviews' },
  { id: 'feedback', label: 'Feedback' },
] as const;
export type CommunityTab = (typeof COMMUNITY_TABS)[number]['id'];

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

export function parseTab(raw: string | null): CommunityTab {
  return COMMUNITY_TABS.some((t) => t.id === raw) ? (raw as CommunityTab) : 'feed';
}

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
      <CommunityTabs tabs={COMMUNITY_TABS.map((t) => ({ id: t.id, label: t.label }))} value={tab} onChange={select} idPrefix={ID_PREFIX} aria-label="Community sections" />
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
