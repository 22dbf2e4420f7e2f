import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './attendanceCalendar.css';
import FullCalendar, { type DayCellInfo, type EventInput } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import { Box, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Fragment } from 'react';
import { Temporal } from 'temporal-polyfill';
import { formatDuration } from '../../shared/format/formatDuration';
import { localDay } from '../../shared/dashboards/localDay';
import { LockIcon } from '../../shared/timesheets/LockIcon';
import { DAY_STATUS_LOOKS } from './dayStatusLooks';
import type { AttendanceDay, MonthAttendance } from './MonthAttendance';

/** Core §2: the month grid, and a week's list on screens under 769 px. */
const NARROW = '(max-width: 768px)';

const plugins = [dayGridPlugin, listPlugin, interactionPlugin, classicThemePlugin];

interface AttendanceCalendarProps {
  attendance: MonthAttendance;
  onOpenDay: (day: string) => void;
}

/**
 * One person's month as a calendar: each day in its status's colour and
 * named by it (colour is never the only sign), with the time punched in and
 * the time tracked; a day opens its punches and time log.
 */
export function AttendanceCalendar({ attendance, onOpenDay }: AttendanceCalendarProps) {
  const narrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });
  const days = new Map(attendance.days.map((day) => [day.day, day]));
  const locked = (date: string) => attendance.lockedPeriods.some((period) => period.start <= date && date <= period.end);
  const first = Temporal.PlainYearMonth.from(attendance.month).toPlainDate({ day: 1 });
  const inMonth = attendance.today.startsWith(attendance.month);
  // A blank future day has nothing to show.
  const open = (date: string) => {
    const status = days.get(date)?.status;
    if (status && status !== 'future') onOpenDay(date);
  };

  return (
    <Box className="attendance-calendar">
      <FullCalendar
        // The month and the view are chosen outside: a new one starts the calendar afresh.
        key={`${attendance.month}-${narrow ? 'list' : 'grid'}`}
        plugins={plugins}
        initialView={narrow ? 'listWeek' : 'dayGridMonth'}
        initialDate={inMonth ? attendance.today : first.toString()}
        validRange={{ start: first.toString(), end: first.add({ months: 1 }).toString() }}
        headerToolbar={narrow ? { start: 'title', end: 'prev,next' } : false}
        prevHint="Previous week"
        nextHint="Next week"
        height="auto"
        fixedWeekCount={false}
        showNonCurrentDates={false}
        firstDay={1}
        headingLevel={2}
        events={attendance.days.flatMap(statusEvent)}
        eventInteractive
        eventClick={({ event }) => open(event.startStr)}
        dateClick={({ dateStr }) => open(dateStr)}
        eventContent={({ event }) => <DayLabel day={days.get(event.startStr)} locked={locked(event.startStr)} />}
        eventClass={({ event }) => `attendance-event attendance-event-${days.get(event.startStr)?.status}`}
        dayCellClass={(cell) => dayClass(days.get(dayOf(cell)), cell.isToday)}
      />
    </Box>
  );
}

/** A day's status as an all-day event: its name in the grid and in the week's list. The blank future day has none. */
function statusEvent(day: AttendanceDay): EventInput[] {
  if (day.status === 'future') return [];
  return [
    {
      id: day.day,
      start: day.day,
      allDay: true,
      title: day.holiday && day.status === 'holiday' ? `Holiday: ${day.holiday}` : DAY_STATUS_LOOKS[day.status].label,
      color: `var(--attendance-${day.status}-background)`,
      contrastColor: `var(--attendance-${day.status}-text)`,
    },
  ];
}

function DayLabel({ day, locked }: { day: AttendanceDay | undefined; locked: boolean }) {
  if (!day) return null;
  return (
    <Box className="attendance-label" px={4}>
      {locked && (
        <Text span size="xs" display="block">
          <LockIcon size={11} /> Locked: timesheet approved
        </Text>
      )}
      <Text span fw={700} size="sm">
        {DAY_STATUS_LOOKS[day.status].label}
      </Text>{' '}
      {day.status === 'holiday' && day.holiday && (
        <Text span size="xs" display="block">
          {day.holiday}
        </Text>
      )}
      <DayTimes day={day} />
      {day.missingPunchOut && (
        <Text span size="xs" display="block">
          Missing punch out
        </Text>
      )}
    </Box>
  );
}

/** What the day counts, by name and only what it has: "Punched 10h 25m · Tracked 8h 41m"; on a narrow cell the second part goes under the first. */
function DayTimes({ day }: { day: AttendanceDay }) {
  const parts = [
    { label: 'Punched', minutes: day.punchedMinutes },
    { label: 'Tracked', minutes: day.trackedMinutes },
  ].filter((part) => part.minutes > 0);
  if (parts.length === 0) return null;
  return (
    <Text span size="xs" display="block">
      {parts.map((part, index) => (
        <Fragment key={part.label}>
          {index > 0 && ' · '}
          <span style={{ whiteSpace: 'nowrap' }}>
            {part.label} {formatDuration(part.minutes)}
          </span>
        </Fragment>
      ))}
    </Text>
  );
}

/** The calendar's day: its midnight on the browser's clock. */
const dayOf = (cell: DayCellInfo) => localDay(cell.date);

function dayClass(day: AttendanceDay | undefined, isToday: boolean): string | undefined {
  return day && `attendance-day attendance-day-${day.status}${isToday ? ' attendance-today' : ''}`;
}
