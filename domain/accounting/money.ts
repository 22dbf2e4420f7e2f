/** Money is integer cents; a rate is cents per hour. Time priced exactly is cent-milliseconds per hour, kept as a bigint. */
export const MS_PER_HOUR = 3_600_000n;

/** A rate as typed (dollars, maybe with cents) in cents per hour. */
export const rateCents = (dollarsPerHour: number) => Math.round(dollarsPerHour * 100);

/** The exact price of `ms` at `rateCents` an hour, in cents × MS_PER_HOUR (no rounding yet). */
export const exactPrice = (ms: number, rateCents: number) => BigInt(Math.max(0, Math.round(ms))) * BigInt(Math.max(0, rateCents));

/** An exact price rounded to the cent, half up: done once per person-day and rate. */
export const roundedCents = (price: bigint) => (price + MS_PER_HOUR / 2n) / MS_PER_HOUR;
