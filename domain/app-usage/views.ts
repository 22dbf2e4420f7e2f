import { type Static, Type } from 'typebox';
import { TimeFigures } from '../accounting/views.ts';
import { Day, Id, Instant, Ms, Name, NamedPerson, Nullable, TimeZone } from '../shared/schema.ts';
import { APP_CATEGORIES } from './events.ts';

/**
 * What the application dashboard's API answers (api/routes/app-usage.ts).
 * Usage and breaks are whole milliseconds; the day is a local calendar day of
 * the person who worked.
 */
const Category = Type.Enum(APP_CATEGORIES);

/**
 * A day's figures (management §2): tracked time and its parts in the whole
 * minutes every page shows (domain/accounting), the break between punches
 * (milliseconds), the first punch in and last punch out.
 */
export const AppDayTotals = Type.Object({
  ...TimeFigures.properties,
  breakMs: Ms,
  punchIn: Nullable(Instant),
  punchOut: Nullable(Instant),
});
export type AppDayTotals = Static<typeof AppDayTotals>;

/** Time with one application in front: `activeMs` not idle, `idleMs` idle; its category as the company has it now. */
export const ApplicationTime = Type.Object({ application: Name, category: Category, activeMs: Ms, idleMs: Ms });
export type ApplicationTime = Static<typeof ApplicationTime>;

export const PersonApplicationDay = Type.Object({
  day: Day,
  /** `timeZone`: the zone of their punches that day, else the company's: punch times are shown in it. */
  person: Type.Object({ ...NamedPerson.properties, timeZone: TimeZone }),
  totals: AppDayTotals,
  /** Most time first. */
  applications: Type.Array(ApplicationTime),
});
export type PersonApplicationDay = Static<typeof PersonApplicationDay>;

/**
 * The day the application dashboard opens on: the latest local day with
 * anything to show (tracked time, application usage or a punch), in the zone
 * it was recorded in; without any, today in the company's zone.
 */
export const ApplicationOpeningDay = Type.Object({ day: Day, timeZone: TimeZone, hasData: Type.Boolean() });
export type ApplicationOpeningDay = Static<typeof ApplicationOpeningDay>;

export const TeamApplicationDay = Type.Object({
  day: Day,
  /** The team shown; null: every team the viewer may see (for an Admin, the whole company). */
  team: Nullable(Type.Object({ teamId: Id, name: Name })),
  /** The sums over the team's people; punch in the earliest, punch out the latest. */
  totals: AppDayTotals,
  applications: Type.Array(ApplicationTime),
  /** Each of the team's people, and anyone else with time for it that day, by name. */
  people: Type.Array(Type.Object({ ...NamedPerson.properties, timeZone: TimeZone, ...AppDayTotals.properties })),
});
export type TeamApplicationDay = Static<typeof TeamApplicationDay>;

/** The categories card: the default list, the company's choices and every application its people used, by name. */
export const AppCategoryList = Type.Object({
  applications: Type.Array(
    Type.Object({
      application: Name,
      category: Category,
      /** An Admin chose it (else the default list's, or neutral). */
      chosen: Type.Boolean(),
      /** The desktop agent has seen someone use it. */
      seen: Type.Boolean(),
      updatedAt: Nullable(Instant),
      updatedBy: Nullable(Name),
    }),
  ),
});
export type AppCategoryList = Static<typeof AppCategoryList>;
