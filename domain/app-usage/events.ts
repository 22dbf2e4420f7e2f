import { type Static, Type } from 'typebox';
import type { DomainEvent } from '../shared/decider.ts';
import { Closed, Id, Instant, Name, Nullable, Text, TimeZone } from '../shared/schema.ts';
import { APP_CATEGORIES, type AppCategory, MAX_APPLICATION_LENGTH } from './choices.ts';

export { APP_CATEGORIES, type AppCategory, MAX_APPLICATION_LENGTH };
export const MAX_WINDOW_TITLE_LENGTH = 500;
export const ApplicationName = Text(MAX_APPLICATION_LENGTH);

/** What the agent saw in one stretch of at most a minute: the application in front, and whether the person was idle. */
export const AppUsageSample = Closed({
  application: ApplicationName,
  windowTitle: Nullable(Text(MAX_WINDOW_TITLE_LENGTH)),
  start: Instant,
  seconds: Type.Integer({ minimum: 1, maximum: 60 }),
  idle: Type.Boolean(),
});
export type AppUsageSample = Static<typeof AppUsageSample>;

/** A batch of samples taken while a session ran: its team and project, and the zone whose local days the samples count on. */
export const AppUsageRecorded = Closed({
  companyId: Id,
  userId: Id,
  batchId: Id,
  sessionId: Id,
  teamId: Id,
  projectId: Id,
  timeZone: TimeZone,
  samples: Type.Array(AppUsageSample, { minItems: 1, maxItems: 60 }),
});

/** An Admin's choice of how an application's time counts, for the whole company. */
export const AppCategorySet = Closed({
  companyId: Id,
  application: ApplicationName,
  category: Type.Enum(APP_CATEGORIES),
  by: Closed({ userId: Id, name: Name }),
  at: Instant,
});

export type AppUsageEvent = DomainEvent<'AppUsageRecorded', Static<typeof AppUsageRecorded>>;
export type AppCategoryEvent = DomainEvent<'AppCategorySet', Static<typeof AppCategorySet>>;

export const appUsageEventSchemas = { AppUsageRecorded, AppCategorySet };

/** One batch of one person's samples: a replay of its batch id finds it written. */
export const appUsageStream = (batchId: string) => `app-usage-${batchId}`;
/** A company's application categories. */
export const appCategoriesStream = (companyId: string) => `app-categories-${companyId}`;
