import Holidays from 'date-holidays';

/**
 * Public holidays of a country (and optionally one of its regions: a state,
 * province or land), from the maintained date-holidays library. Only its
 * 'public' holidays count, the days off by law; observances, bank and school
 * holidays do not. Names are in English where the library has them.
 *
 * Server-side only: the library and its data are large, so the web never
 * imports this module; it reads holidays from the API.
 */

export interface Holiday {
  /** YYYY-MM-DD. */
  day: string;
  name: string;
}

/** Where a company's (or a person's) public holidays come from; region null: the whole country's only. */
export interface HolidayPlace {
  country: string;
  region: string | null;
}

const calendars = new Map<string, Holidays>();
const years = new Map<string, readonly Holiday[]>();

function calendarOf({ country, region }: HolidayPlace): Holidays {
  const key = `${country}/${region ?? ''}`;
  let calendar = calendars.get(key);
  if (!calendar) {
    calendar = region ? new Holidays(country, region, { languages: ['en'], types: ['public'] }) : new Holidays(country, { languages: ['en'], types: ['public'] });
    calendars.set(key, calendar);
  }
  return calendar;
}

/** Whether the library knows the country, and the region in it when one is given. */
export function isKnownPlace({ country, region }: HolidayPlace): boolean {
  const countries = new Holidays().getCountries('en');
  if (!Object.hasOwn(countries, country)) return false;
  if (region === null) return true;
  return Object.hasOwn(new Holidays().getStates(country, 'en') ?? {}, region);
}

/** The regions of a country the library has holidays for, by code, with their English names; empty for a country without regions. */
export function regionsOf(country: string): { code: string; name: string }[] {
  const states = new Holidays().getStates(country, 'en') ?? {};
  return Object.entries(states)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The public holidays of a year at a place, in day order, one per day; none for a place the library does not know. Cached: a year takes the library tens of milliseconds. */
export function publicHolidays(place: HolidayPlace, year: number): readonly Holiday[] {
  const key = `${place.country}/${place.region ?? ''}/${year}`;
  let holidays = years.get(key);
  if (!holidays) {
    const byDay = new Map<string, string>();
    if (isKnownPlace(place)) {
      for (const holiday of calendarOf(place).getHolidays(year, 'en')) {
        if (holiday.type !== 'public') continue;
        const day = holiday.date.slice(0, 10);
        if (!byDay.has(day)) byDay.set(day, holiday.name);
      }
    }
    holidays = [...byDay].map(([day, name]) => ({ day, name })).sort((a, b) => (a.day < b.day ? -1 : 1));
    years.set(key, holidays);
  }
  return holidays;
}

/** The public holidays from one day to another, both included. */
export function publicHolidaysBetween(place: HolidayPlace, from: string, to: string): Holiday[] {
  const found: Holiday[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year += 1) {
    for (const holiday of publicHolidays(place, year)) if (holiday.day >= from && holiday.day <= to) found.push(holiday);
  }
  return found;
}
