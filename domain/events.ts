import type { Static } from 'typebox';
import { type AppCategoryEvent, type AppUsageEvent, appUsageEventSchemas } from './app-usage/events.ts';
import { type BillingEvent, billingEventSchemas } from './billing/events.ts';
import { type CompanyEvent, companyEventSchemas, type CompanyNamesEvent } from './companies/events.ts';
import { type AccountEvent, type EmailReservationEvent, identityEventSchemas } from './identity/events.ts';
import { type InviteEvent, inviteEventSchemas, type SeatsEvent } from './invites/events.ts';
import { type LeaveEvent, leaveEventSchemas } from './leave/events.ts';
import { type MemberEvent, memberEventSchemas } from './members/events.ts';
import { type MonitoringEvent, monitoringEventSchemas } from './monitoring/events.ts';
import { type ProjectEvent, projectEventSchemas } from './projects/events.ts';
import { type RegularizationEvent, regularizationEventSchemas } from './regularization/events.ts';
import { type TaskEvent, taskEventSchemas, type TaskNumberEvent } from './tasks/events.ts';
import { type TeamEvent, teamEventSchemas } from './teams/events.ts';
import { type SettingsEvent, settingsEventSchemas } from './settings/events.ts';
import { type ScreenshotEvent, screenshotEventSchemas } from './screenshots/events.ts';
import type { Same } from './shared/schema.ts';
import { type HeartbeatEvent, timeTrackingEventSchemas, type TrackerEvent } from './time-tracking/events.ts';
import { type TimesheetEvent, timesheetEventSchemas } from './timesheets/events.ts';
import { type WorkingTimeEvent, workingTimeEventSchemas } from './working-time/events.ts';

/** Every event the product stores. */
export type StoredEvent =
  | AccountEvent
  | EmailReservationEvent
  | CompanyEvent
  | CompanyNamesEvent
  | MemberEvent
  | TeamEvent
  | InviteEvent
  | SeatsEvent
  | ProjectEvent
  | TaskEvent
  | TaskNumberEvent
  | TrackerEvent
  | HeartbeatEvent
  | LeaveEvent
  | RegularizationEvent
  | SettingsEvent
  | ScreenshotEvent
  | BillingEvent
  | MonitoringEvent
  | AppUsageEvent
  | AppCategoryEvent
  | TimesheetEvent
  | WorkingTimeEvent;

/** Each event type's data schema: the event store refuses data that does not match it. */
export const eventSchemas = {
  ...identityEventSchemas,
  ...companyEventSchemas,
  ...memberEventSchemas,
  ...teamEventSchemas,
  ...inviteEventSchemas,
  ...projectEventSchemas,
  ...taskEventSchemas,
  ...timeTrackingEventSchemas,
  ...leaveEventSchemas,
  ...regularizationEventSchemas,
  ...settingsEventSchemas,
  ...screenshotEventSchemas,
  ...billingEventSchemas,
  ...monitoringEventSchemas,
  ...appUsageEventSchemas,
  ...timesheetEventSchemas,
  ...workingTimeEventSchemas,
};

type Schemas = typeof eventSchemas;
/** Event types without a schema, or whose data type is not exactly what their schema accepts. */
type Unchecked = {
  [E in StoredEvent as E['type']]: E['type'] extends keyof Schemas ? (Same<E['data'], Static<Schemas[E['type']]>> extends true ? never : E['type']) : E['type'];
}[StoredEvent['type']];
/** Schemas for no event type. */
type Unused = Exclude<keyof Schemas, StoredEvent['type']>;

// Does not compile while an event type and its schema disagree, and then names the event type.
true satisfies [Unchecked | Unused] extends [never] ? true : Unchecked | Unused;
