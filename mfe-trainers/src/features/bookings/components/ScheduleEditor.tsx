import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import {
  MAX_ADVANCE_DAYS,
  MAX_BUFFER_MINUTES,
  MAX_MIN_NOTICE_HOURS,
  SESSION_LENGTHS,
  WEEKDAYS,
  WEEKDAY_LABELS,
  wallTimeMinutes,
  type AvailabilityBody,
  type Weekday,
} from '@fitconnect/contracts/bookings';
import { Button, Stack, visuallyHidden } from '@fitconnect/shared-ui';
import { Checkbox, FieldError, Select, TextField } from '@fitconnect/shared-ui/forms';
import { timeZoneOptions } from '../lib/time';
import {
  checkSchedule,
  endForInput,
  newKey,
  type DaysOffValues,
  type ScheduleErrors,
  type ScheduleValues,
  type WindowValues,
} from '../lib/schedule-form';

const Section = styled.fieldset`
  margin: 0;
  padding: 0;
  border: none;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.text};
`;

const Fields = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 200px), 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

const Day = styled.fieldset`
  margin: 0;
  min-width: 0;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  legend {
    padding: 0 4px;
    font-weight: 700;
  }
`;

const WindowRow = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) auto auto;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  align-items: end;
  padding-bottom: ${({ theme }) => theme.space.sm};
  border-bottom: 1px dashed ${({ theme }) => theme.colors.border};
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
`;

const Modes = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  padding-bottom: 4px;
`;

const RowError = styled(FieldError)`
  grid-column: 1 / -1;
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const DayOffRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  align-items: flex-end;
  padding-bottom: ${({ theme }) => theme.space.sm};
  border-bottom: 1px dashed ${({ theme }) => theme.colors.border};
  /* Dates need room for the browser's date picker; the note takes the rest. */
  & > :nth-child(1),
  & > :nth-child(2) {
    flex: 1 1 150px;
  }
  & > :nth-child(3) {
    flex: 2 1 200px;
  }
`;

const Hidden = styled.span`
  ${visuallyHidden}
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
`;

const Status = styled.p`
  margin: 0;
  font-weight: 600;
  &:empty {
    display: none;
  }
`;

/** Weekdays whose windows overlap (the API's message names no day: show it under the day). */
function overlappingDays(windows: WindowValues[]): Set<Weekday> {
  const days = new Set<Weekday>();
  for (const day of WEEKDAYS) {
    const ws = windows
      .filter((w) => w.weekday === day && /^\d\d:\d\d$/.test(w.start) && /^\d\d:\d\d$/.test(w.end))
      .sort((a, b) => wallTimeMinutes(a.start) - wallTimeMinutes(b.start));
    for (let i = 1; i < ws.length; i++) if (wallTimeMinutes(ws[i].start) < wallTimeMinutes(ws[i - 1].end === '00:00' ? '24:00' : ws[i - 1].end)) days.add(day);
  }
  return days;
}

export interface ScheduleEditorProps {
  initial: ScheduleValues;
  pending: boolean;
  /** Errors the server found (400 issues), keyed as the editor's own. */
  serverErrors?: ScheduleErrors | null;
  onSubmit: (body: AvailabilityBody, values: ScheduleValues) => void;
  /** What the last save did, shown (and announced) beside the Save button, where the trainer is. */
  status?: ReactNode;
}

/**
 * The trainer's weekly schedule: windows per weekday (online and/or in person), session length, buffer,
 * minimum notice, how far ahead, days off, and whether requests need confirmation. Checked with the API's
 * own schema (AvailabilityBody) before it is sent; errors appear under their fields.
 */
export function ScheduleEditor({ initial, pending, serverErrors, onSubmit, status }: ScheduleEditorProps) {
  const [values, setValues] = useState<ScheduleValues>(initial);
  const [errors, setErrors] = useState<ScheduleErrors>({});
  const shown = { ...errors, ...(serverErrors ?? {}) };
  const zones = useMemo(() => timeZoneOptions(initial.timeZone), [initial.timeZone]);
  const overlaps = shown.windows ? overlappingDays(values.windows) : new Set<Weekday>();

  const set = <K extends keyof ScheduleValues>(k: K, v: ScheduleValues[K]) => setValues((s) => ({ ...s, [k]: v }));
  const setWindow = (key: string, patch: Partial<WindowValues>) =>
    setValues((s) => ({ ...s, windows: s.windows.map((w) => (w.key === key ? { ...w, ...patch } : w)) }));
  const setDayOff = (key: string, patch: Partial<DaysOffValues>) =>
    setValues((s) => ({ ...s, daysOff: s.daysOff.map((d) => (d.key === key ? { ...d, ...patch } : d)) }));

  const addWindow = (weekday: Weekday) => {
    const key = newKey();
    setValues((s) => {
      // A new window starts where the day's last one ends (or at 09:00), one hour long.
      const last = s.windows.filter((w) => w.weekday === weekday).at(-1);
      const startMin = last ? Math.min(wallTimeMinutes(last.end === '00:00' ? '24:00' : last.end), 23 * 60) : 9 * 60;
      const hhmm = (m: number) => `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      return { ...s, windows: [...s.windows, { key, weekday, start: hhmm(startMin), end: hhmm(Math.min(startMin + 60, 24 * 60)), online: true, inPerson: false }] };
    });
    // Focus the new window's start time once it is in the page.
    requestAnimationFrame(() => document.getElementById(`window-${key}-start`)?.focus());
  };
  const removeWindow = (w: WindowValues) => {
    setValues((s) => ({ ...s, windows: s.windows.filter((x) => x.key !== w.key) }));
    requestAnimationFrame(() => document.getElementById(`add-window-${w.weekday}`)?.focus());
  };
  const addDayOff = () => {
    const key = newKey();
    setValues((s) => ({ ...s, daysOff: [...s.daysOff, { key, from: '', to: '', note: '' }] }));
    requestAnimationFrame(() => document.getElementById(`dayoff-${key}-from`)?.focus());
  };
  const removeDayOff = (key: string) => {
    setValues((s) => ({ ...s, daysOff: s.daysOff.filter((d) => d.key !== key) }));
    requestAnimationFrame(() => document.getElementById('add-day-off')?.focus());
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = checkSchedule(values);
    if (!r.ok) {
      setErrors(r.errors);
      // Move to the first field with a message, so keyboard and screen-reader users land on it.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-schedule-editor] [aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    onSubmit(r.body, values);
  };

  return (
    <form onSubmit={submit} noValidate data-schedule-editor aria-label="Your schedule">
      <Stack $gap="xl">
        <Section>
          <Legend>Sessions</Legend>
          <Fields>
            <Select
              label="Session length"
              value={values.sessionMinutes}
              onChange={(e) => set('sessionMinutes', e.target.value)}
              options={SESSION_LENGTHS.map((m) => ({ value: String(m), label: `${m} minutes` }))}
              error={shown.sessionMinutes}
            />
            <TextField
              label="Break between sessions (minutes)"
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_BUFFER_MINUTES}
              step={5}
              value={values.bufferMinutes}
              onChange={(e) => set('bufferMinutes', e.target.value)}
              error={shown.bufferMinutes}
            />
            <TextField
              label="Minimum notice (hours)"
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_MIN_NOTICE_HOURS}
              value={values.minNoticeHours}
              onChange={(e) => set('minNoticeHours', e.target.value)}
              hint="How long before a session clients must book it."
              error={shown.minNoticeHours}
            />
            <TextField
              label="Book up to (days ahead)"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_ADVANCE_DAYS}
              value={values.maxAdvanceDays}
              onChange={(e) => set('maxAdvanceDays', e.target.value)}
              error={shown.maxAdvanceDays}
            />
            <Select
              label="Your time zone"
              value={values.timeZone}
              onChange={(e) => set('timeZone', e.target.value)}
              options={zones.map((z) => ({ value: z, label: z.replace(/_/g, ' ') }))}
              hint="Your hours and days off are in this zone."
              error={shown.timeZone}
            />
          </Fields>
          <Checkbox
            label="Requests need my confirmation"
            hint="Off: a booking is confirmed at once."
            checked={values.requiresConfirmation}
            onChange={(e) => set('requiresConfirmation', e.target.checked)}
          />
        </Section>

        <Section>
          <Legend>Weekly hours</Legend>
          {shown.windows && !overlaps.size && <FieldError role="alert">{shown.windows}</FieldError>}
          {WEEKDAYS.map((day) => {
            const label = WEEKDAY_LABELS[day];
            const ws = values.windows.filter((w) => w.weekday === day);
            return (
              <Day key={day} data-testid={`weekday-${day}`}>
                <legend>{label}</legend>
                {ws.length === 0 && <Muted>Not working</Muted>}
                {ws.map((w, i) => {
                  const n = `${label} hours ${i + 1}`;
                  const err = (f: string) => shown[`window:${w.key}:${f}`];
                  return (
                    <WindowRow key={w.key} role="group" aria-label={n}>
                      <TextField
                        id={`window-${w.key}-start`}
                        label={
                          <>
                            From<Hidden> ({n})</Hidden>
                          </>
                        }
                        type="time"
                        step={300}
                        value={w.start}
                        onChange={(e) => setWindow(w.key, { start: e.target.value })}
                        error={err('start')}
                      />
                      <TextField
                        id={`window-${w.key}-end`}
                        label={
                          <>
                            To<Hidden> ({n})</Hidden>
                          </>
                        }
                        type="time"
                        step={300}
                        value={endForInput(w.end)}
                        onChange={(e) => setWindow(w.key, { end: e.target.value })}
                        error={err('end')}
                      />
                      <Modes>
                        <Checkbox
                          label={
                            <>
                              Online<Hidden> ({n})</Hidden>
                            </>
                          }
                          checked={w.online}
                          onChange={(e) => setWindow(w.key, { online: e.target.checked })}
                          aria-invalid={err('online') ? true : undefined}
                        />
                        <Checkbox
                          label={
                            <>
                              In person<Hidden> ({n})</Hidden>
                            </>
                          }
                          checked={w.inPerson}
                          onChange={(e) => setWindow(w.key, { inPerson: e.target.checked })}
                        />
                      </Modes>
                      <Button type="button" variant="ghost" size="sm" onClick={() => removeWindow(w)} aria-label={`Remove ${n}`}>
                        Remove
                      </Button>
                      {err('online') && <RowError role="alert">{err('online')}</RowError>}
                    </WindowRow>
                  );
                })}
                {overlaps.has(day) && <FieldError role="alert">{shown.windows}</FieldError>}
                <div>
                  <Button type="button" variant="outline" size="sm" id={`add-window-${day}`} onClick={() => addWindow(day)} aria-label={`Add hours on ${label}`}>
                    + Add hours
                  </Button>
                </div>
              </Day>
            );
          })}
        </Section>

        <Section>
          <Legend>Days off</Legend>
          {values.daysOff.length === 0 && <Muted>No days off planned.</Muted>}
          {values.daysOff.map((d, i) => {
            const n = `Days off ${i + 1}`;
            const err = (f: string) => shown[`dayOff:${d.key}:${f}`];
            return (
              <DayOffRow key={d.key} role="group" aria-label={n}>
                <TextField
                  id={`dayoff-${d.key}-from`}
                  label={
                    <>
                      First day<Hidden> ({n})</Hidden>
                    </>
                  }
                  type="date"
                  value={d.from}
                  onChange={(e) => setDayOff(d.key, { from: e.target.value, to: d.to || e.target.value })}
                  error={err('from')}
                />
                <TextField
                  label={
                    <>
                      Last day<Hidden> ({n})</Hidden>
                    </>
                  }
                  type="date"
                  value={d.to}
                  min={d.from || undefined}
                  onChange={(e) => setDayOff(d.key, { to: e.target.value })}
                  error={err('to')}
                />
                <TextField
                  label={
                    <>
                      Note<Hidden> ({n})</Hidden>
                    </>
                  }
                  maxLength={100}
                  placeholder="e.g. Holiday"
                  value={d.note}
                  onChange={(e) => setDayOff(d.key, { note: e.target.value })}
                  error={err('note')}
                />
                <Button type="button" variant="ghost" size="sm" onClick={() => removeDayOff(d.key)} aria-label={`Remove ${n}`}>
                  Remove
                </Button>
              </DayOffRow>
            );
          })}
          {shown.daysOff && <FieldError role="alert">{shown.daysOff}</FieldError>}
          <div>
            <Button type="button" variant="outline" size="sm" id="add-day-off" onClick={addDayOff}>
              + Add days off
            </Button>
          </div>
        </Section>

        <Footer>
          <Button type="submit" loading={pending}>
            Save schedule
          </Button>
          <Status role="status" aria-live="polite" data-testid="schedule-status">
            {status}
          </Status>
        </Footer>
      </Stack>
    </form>
  );
}
