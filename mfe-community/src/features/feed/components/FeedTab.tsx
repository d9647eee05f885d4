import styled from 'styled-components';
import { Badge, Banner, Card, CardBody, media } from '@fitconnect/shared-ui';
import { Avatar } from '@fitconnect/shared-ui/patterns';
import { formatRelativeTime, useNow } from '../../../lib/relativeTime';
import { LOCAL_FITNESS_NEWS, PROMO_COUNTS, SAMPLE_POSTS, type SamplePost } from '../data/posts';
import { ActivityList } from '../../activity/components/ActivityList';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;
  ${media.lg} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
`;

const SectionTitle = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const PostHeader = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  flex-wrap: wrap;
`;


const AuthorName = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const PostText = styled.p`
  margin: ${({ theme }) => `${theme.space.sm} 0`};
  line-height: 1.55;
`;

const Counts = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  gap: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const PromoCard = styled(Card)`
  background: ${({ theme }) => theme.colors.infoBg};
  border-color: ${({ theme }) => theme.colors.info};
`;

/** The SPEC §9 counts, kept but quiet: small print under the pitch, not the headline (small numbers undercut it). */
const Stats = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `4px ${theme.space.md}`};
  margin: ${({ theme }) => `${theme.space.sm} 0 0`};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  div {
    display: flex;
    flex-direction: row-reverse;
    gap: 4px;
  }
  dt,
  dd {
    margin: 0;
  }
  dd {
    font-weight: 700;
  }
`;

const NewsList = styled.ul`
  list-style: none;
  margin: ${({ theme }) => `${theme.space.sm} 0 0`};
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  li {
    padding-bottom: ${({ theme }) => theme.space.sm};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  li:last-child {
    border-bottom: none;
    padding-bottom: 0;
  }
`;

const NewsTitle = styled.p`
  margin: 0 0 2px;
  font-weight: 600;
`;

// A class, not a style attribute: the page is rendered on the server too (the CSP refuses style attributes).
const CountIcon = styled.svg`
  vertical-align: -3px;
  margin-right: 4px;
`;

function HeartIcon() {
  return (
    <CountIcon width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 21s-7.5-4.6-9.5-9.1C1.1 8.6 3.3 5 6.8 5c2 0 3.4 1.1 4.2 2.3C11.8 6.1 13.2 5 15.2 5c3.5 0 5.7 3.6 4.3 6.9C19.5 16.4 12 21 12 21z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </CountIcon>
  );
}

function CommentIcon() {
  return (
    <CountIcon width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M4 5h16v11H9l-5 4V5z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </CountIcon>
  );
}

function SamplePostCard({ post, now }: { post: SamplePost; now: number }) {
  const at = new Date(now - post.minutesAgo * 60_000);
  const headingId = `${post.id}-author`;
  return (
    <Card as="article" aria-labelledby={headingId} data-testid="sample-post">
      <CardBody>
        <PostHeader>
          <Avatar firstName="" lastName="" label={post.initials} size={40} />
          <div>
            <PostHeader>
              <AuthorName id={headingId}>{post.author}</AuthorName>
              {post.isTrainer && <Badge tone="info">Trainer</Badge>}
            </PostHeader>
            <Muted>
              <time dateTime={at.toISOString()}>{formatRelativeTime(at, now)}</time>
            </Muted>
          </div>
        </PostHeader>
        <PostText>{post.content}</PostText>
        <Counts aria-label="Reactions">
          <li>
            <HeartIcon />
            {post.likes} likes
          </li>
          <li>
            <CommentIcon />
            {post.comments} comments
          </li>
        </Counts>
      </CardBody>
    </Card>
  );
}

/** The Community Feed tab (SPEC §2): static sample content, clearly labelled as such. */
export function FeedTab({ now: nowProp }: { now?: number }) {
  const current = useNow();
  const now = nowProp ?? current;
  return (
    <Layout>
      <Column>
        <SectionTitle>Latest Posts</SectionTitle>
        <Banner tone="info" title="Sample posts">
          These posts are examples of what members share. Posting, likes and comments are coming soon.
        </Banner>
        {SAMPLE_POSTS.map((p) => (
          <SamplePostCard key={p.id} post={p} now={now} />
        ))}
        {/* Issue 28.9: what really happens on the site, below SPEC's sample posts: the list arrives after the
            page (an API read), and here its arrival moves nothing already on screen (issue 35.2, no layout shift). */}
        <ActivityList now={now} />
      </Column>
      <Column>
        <Card>
          <CardBody>
            <SectionTitle>Welcome to the FitConnect Community!</SectionTitle>
            <PostText>
              Share your progress, swap tips with people who train like you, and get advice from certified trainers. Be kind, be
              supportive, and keep it about fitness.
            </PostText>
          </CardBody>
        </Card>
        <PromoCard data-testid="promo-box">
          <CardBody>
            <SectionTitle>Train with people who get it</SectionTitle>
            <PostText>
              Find a workout buddy, swap tips with members at your level and ask certified trainers for advice, all in one
              place.
            </PostText>
            <Stats>
              <div>
                <dt>Members</dt>
                <dd>{PROMO_COUNTS.members}</dd>
              </div>
              <div>
                <dt>Daily active users</dt>
                <dd>{PROMO_COUNTS.dailyActive}</dd>
              </div>
            </Stats>
          </CardBody>
        </PromoCard>
        <Card>
          <CardBody>
            <SectionTitle>Local Fitness News</SectionTitle>
            <NewsList>
              {LOCAL_FITNESS_NEWS.map((n) => (
                <li key={n.id}>
                  <NewsTitle>{n.title}</NewsTitle>
                  <Muted>
                    {n.when} · {n.where}
                  </Muted>
                </li>
              ))}
            </NewsList>
          </CardBody>
        </Card>
      </Column>
    </Layout>
  );
}
