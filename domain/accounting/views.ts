import { type Static, Type } from 'typebox';

/**
 * The figures every page and sheet shows, as the API answers them: whole
 * minutes and cents worked out by the accounting rule (domain/accounting),
 * never rounded again by a page.
 */
export const Minutes = Type.Integer({ minimum: 0 });
export const Cents = Type.Integer({ minimum: 0 });

/** Tracked time and its parts, which add up to it. */
export const TimeFigures = Type.Object({ trackedMinutes: Minutes, idleMinutes: Minutes, unproductiveMinutes: Minutes, productiveMinutes: Minutes });
export type TimeFigures = Static<typeof TimeFigures>;

const Percent = Type.Number({ minimum: 0, maximum: 100 });

/** The parts' shares of tracked time in percent (one decimal), adding up to 100; all 0 without tracked time. */
export const TimeShares = Type.Object({ idle: Percent, unproductive: Percent, productive: Percent });
export type TimeShares = Static<typeof TimeShares>;
