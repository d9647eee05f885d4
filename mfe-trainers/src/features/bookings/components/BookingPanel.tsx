import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  BOOKING_MESSAGES,
  BOOKING_NOTE_MAX_LENGTH,
  CreateBookingBody,
  DEFAULT_SLOT_RANGE_DAYS,
  type SessionMode,
  type Slot,
} from '@fitconnect/contracts/bookings';
import { Button, Card, CardBody, Spinner, Stack, apiErrorMessage, focusRing, isApiError, signInPath, useCurrentUser } from '@fitconnect/shared-ui';
import { TextArea } from '@fitconnect/shared-ui/forms';
import { TabPanel, Tabs } from '@fitconnect/shared-ui/widgets';
import { showsError } from '@fitconnect/shared-ui/patterns';
import { useCreateBooking } from '../api/create-booking';
import { useSlots } from '../api/get-slots';
import { addDays, dateKey, formatDateKey, formatLongDay, formatTime, useViewerTimeZone, zoneCity, zonesDiffer } from '../lib/time';

const H2 = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

const DayLabel = styled.span`
  display: flex;
  flex-direction: column;
  align-items: center;
  line-height: 1.2;
  small {
    font-weight: 500;
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;

const SlotGrid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(84px, 1fr));
  gap: ${({ theme }) => theme.space.sm};
`;

const SlotButton = styled.button<{ $selected: boolean }>`
  width: 100%;
  min-height: 44px;
  padding: 6px 8px;
  font: inherit;
  font-weight: 600;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ $selected, theme }) => ($selected ? theme.colors.primary : theme.colors.border)};
  background: ${({ $selected, theme }) => ($selected ? theme.colors.primary : theme.colors.surface)};
  color: ${({ $selected, theme }) => ($selected ? theme.colors.primaryText : theme.colors.text)};
  cursor: pointer;
  &:hover {
    border-color: ${({ theme }) => theme.colors.primary};
  }
  ${focusRing}
`;

const Paging = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

// Classes, not style attributes: the server-rendered profile's style="" would be refused by the CSP.
const RetryButton = styled(Button)`
  margin-top: 8px;
`;

const ChosenTitle = styled.p`
  margin: 0;
  font-weight: 700;
`;

const Chosen = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const ModeSet = styled.fieldset`
  margin: 0;
  padding: 0;
  border: none;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  legend {
    font-weight: 600;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    margin-bottom: 6px;
    padding: 0;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    cursor: pointer;
  }
  input {
    width: 18px;
    height: 18px;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

const Result = styled.div<{ $tone: 'success' | 'danger' }>`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border-left: 4px solid ${({ $tone, theme }) => theme.colors[$tone]};
  background: ${({ $tone, theme }) => theme.colors[`${$tone}Bg` as const]};
  color: ${({ theme }) => theme.colors.text};
  &:empty {
    display: none;
  }
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

export interface BookingPanelProps {
  trainerId: number;
  /** The trainer's first name, for the texts. */
  trainerName: string;
}

type Outcome = { tone: 'success' | 'danger'; text: string; link?: boolean } | null;

/**
 * "Book a session" on a trainer's public profile: the free slots of the coming two weeks by day (in the
 * viewer's time zone, and the trainer's when it differs), online or in person where the slot allows, a
 * note, Book. Signed out, the slots show and Book leads to sign-in and back here with the time still chosen.
 */
export function BookingPanel({ trainerId, trainerName }: BookingPanelProps) {
  const { isSignedIn } = useCurrentUser();
  const location = useLocation();
  const [params] = useSearchParams();
  // The visitor's zone; unknown on the server and while the server's page hydrates: the trainer's zone then.
  const viewerTz = useViewerTimeZone();
  // Page 0 is the API's own "today" in the trainer's zone; later pages count from the first answer's date.
  const [page, setPage] = useState(0);
  const [base, setBase] = useState<string | null>(null);
  const from = page === 0 || !base ? '' : addDays(base, page * DEFAULT_SLOT_RANGE_DAYS);
  const to = from ? addDays(from, DEFAULT_SLOT_RANGE_DAYS - 1) : '';
  const q = useSlots(trainerId, from, to);
  const trainerTz = q.data?.timeZone ?? viewerTz ?? 'UTC';
  const tz = viewerTz ?? trainerTz;
  const create = useCreateBooking();
  const [day, setDay] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(() => params.get('slot'));
  const [mode, setMode] = useState<SessionMode>(params.get('mode') === 'in-person' ? 'in-person' : 'online');
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (page === 0 && q.data && !base) setBase(q.data.from);
  }, [page, q.data, base]);

  const byDay = useMemo(() => {
    const m = new Map<string, Slot[]>();
    for (const s of q.data?.slots ?? []) {
      const k = dateKey(s.start, tz);
      m.set(k, [...(m.get(k) ?? []), s]);
    }
    return m;
  }, [q.data, tz]);
  const days = [...byDay.keys()];
  const slot = q.data?.slots.find((s) => s.start === chosen) ?? null;
  // The chosen slot's day, else the day picked, else the first day with free times.
  const currentDay = (slot && dateKey(slot.start, tz)) || (day && byDay.has(day) ? day : days[0]);
  const otherZone = zonesDiffer(tz, trainerTz);

  const choose = (s: Slot) => {
    setChosen(s.start);
    setOutcome(null);
    if (!(mode === 'online' ? s.online : s.inPerson)) setMode(s.online ? 'online' : 'in-person');
  };

  const announce = (o: Outcome) => {
    setOutcome(o);
    requestAnimationFrame(() => resultRef.current?.focus());
  };

  const book = () => {
    if (!slot) return;
    const parsed = CreateBookingBody.safeParse({ trainerId, start: slot.start, mode, note });
    if (!parsed.success) {
      setNoteError(parsed.error.issues.find((i) => i.path[0] === 'note')?.message ?? parsed.error.issues[0]?.message);
      return;
    }
    setNoteError(undefined);
    create.mutate(parsed.data, {
      onSuccess: (b) => {
        setChosen(null);
        setNote('');
        const when = `${formatLongDay(b.start, tz)} at ${formatTime(b.start, tz)}`;
        announce({
          tone: 'success',
          text:
            b.status === 'confirmed'
              ? `Booked: ${when}. Your session with ${trainerName} is confirmed.`
              : `Requested: ${when}. ${trainerName} will confirm or decline it.`,
          link: true,
        });
      },
      onError: (err) => {
        if (isApiError(err, 409) && apiErrorMessage(err, '') === BOOKING_MESSAGES.slotTaken) {
          setChosen(null);
          announce({ tone: 'danger', text: `${BOOKING_MESSAGES.slotTaken}. The free times have been refreshed: please choose another.` });
          return;
        }
        announce({ tone: 'danger', text: apiErrorMessage(err, 'Your session could not be booked. Please try again.') });
      },
    });
  };

  const returnTo = signInPath(location.pathname, slot ? `?slot=${encodeURIComponent(slot.start)}&mode=${mode}` : '');

  let body;
  if (q.isPending) body = <Spinner label="Loading free times" />;
  else if (showsError(q) || !q.data)
    body = (
      <div role="alert">
        <Muted>Free times could not be loaded right now.</Muted>
        <RetryButton size="sm" variant="outline" onClick={() => q.refetch()}>
          Try again
        </RetryButton>
      </div>
    );
  else if (!q.data.configured) body = <Muted>{trainerName} is not taking bookings here yet. Send a message to arrange a session.</Muted>;
  else
    body = (
      <Stack $gap="md">
        {otherZone && (
          <Muted data-testid="zone-note">
            Times are in your time zone ({zoneCity(tz)}). {trainerName} works in {zoneCity(trainerTz)} time.
          </Muted>
        )}
        {days.length === 0 ? (
          <Muted>
            No free times between {formatDateKey(q.data.from)} and {formatDateKey(q.data.to)}.
          </Muted>
        ) : (
          <>
            <Tabs
              aria-label="Days with free times"
              idPrefix="booking-days"
              value={currentDay}
              onChange={(d) => {
                setDay(d);
                setChosen(null);
              }}
              tabs={days.map((d) => ({
                id: d,
                label: (
                  <DayLabel>
                    <span>{formatDateKey(d).split(' ')[0]}</span> <small>{formatDateKey(d).split(' ').slice(1).join(' ')}</small>
                  </DayLabel>
                ),
              }))}
            />
            <TabPanel id={currentDay} value={currentDay} idPrefix="booking-days">
              <SlotGrid aria-label={`Free times on ${formatDateKey(currentDay, 'long')}`}>
                {(byDay.get(currentDay) ?? []).map((s) => {
                  const own = formatTime(s.start, tz);
                  const kinds = [s.online && 'online', s.inPerson && 'in person'].filter(Boolean).join(' or ');
                  return (
                    <li key={s.start}>
                      <SlotButton
                        type="button"
                        $selected={s.start === chosen}
                        aria-pressed={s.start === chosen}
                        data-start={s.start}
                        aria-label={`${own}${otherZone ? ` (${s.localTime} ${zoneCity(trainerTz)} time)` : ''}, ${kinds}`}
                        onClick={() => choose(s)}
                      >
                        {own}
                      </SlotButton>
                    </li>
                  );
                })}
              </SlotGrid>
            </TabPanel>
          </>
        )}
        <Paging>
          <Button size="sm" variant="ghost" onClick={() => setPage((p) => p - 1)} disabled={page === 0}>
            ← Earlier dates
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setPage((p) => p + 1)} disabled={!base}>
            Later dates →
          </Button>
        </Paging>
        {slot && (
          <Chosen aria-labelledby="chosen-slot">
            <ChosenTitle id="chosen-slot">
              {formatLongDay(slot.start, tz)}, {formatTime(slot.start, tz)}–{formatTime(slot.end, tz)}
              {otherZone && ` (${slot.localTime} ${zoneCity(trainerTz)} time)`}
            </ChosenTitle>
            {slot.online && slot.inPerson ? (
              <ModeSet>
                <legend>Session type</legend>
                <label>
                  <input type="radio" name="booking-mode" value="online" checked={mode === 'online'} onChange={() => setMode('online')} /> Online
                </label>
                <label>
                  <input type="radio" name="booking-mode" value="in-person" checked={mode === 'in-person'} onChange={() => setMode('in-person')} /> In person
                </label>
              </ModeSet>
            ) : (
              <Muted>{slot.online ? 'Online session' : 'In-person session'}</Muted>
            )}
            <TextArea
              label="Note for the trainer (optional)"
              value={note}
              onChange={(e) => setNote(e.target.value)}
              maxLength={BOOKING_NOTE_MAX_LENGTH + 50}
              placeholder="What would you like to work on?"
              error={noteError}
            />
            {isSignedIn ? (
              <Button onClick={book} loading={create.isPending}>
                {q.data.requiresConfirmation ? 'Request session' : 'Book session'}
              </Button>
            ) : (
              <Button as={Link} to={returnTo}>
                Sign in to book
              </Button>
            )}
            {q.data.requiresConfirmation && <Muted>{trainerName} confirms each request; you hear back in Messages.</Muted>}
          </Chosen>
        )}
      </Stack>
    );

  return (
    <Card as="section" aria-labelledby="book-title" data-testid="booking-panel">
      <CardBody>
        <Stack $gap="md">
          <H2 id="book-title">Book a session</H2>
          <Result ref={resultRef} tabIndex={-1} role="status" aria-live="polite" $tone={outcome?.tone ?? 'success'} data-testid="booking-outcome">
            {outcome && (
              <>
                {outcome.text}
                {outcome.link && (
                  <>
                    {' '}
                    <Link to="/trainers/me/sessions">See My Sessions</Link>
                  </>
                )}
              </>
            )}
          </Result>
          {body}
        </Stack>
      </CardBody>
    </Card>
  );
}
