import { type TProperties, type TSchema, Type } from 'typebox';

/**
 * The vocabulary of event schemas. Every string an event stores is one of
 * these: an id, instant or day checked by its format, or text bounded in
 * length and free of NUL (PostgreSQL's jsonb refuses it) and of unpaired
 * surrogates (not Unicode). Telling a lone surrogate from half of a pair needs
 * the pattern's unicode flag, which TypeBox always sets.
 */
const WELL_FORMED = '^[^\\u0000\\uD800-\\uDFFF]*$';

/** Free text of at most `maxLength` characters. */
export const Text = (maxLength: number) => Type.String({ maxLength, pattern: WELL_FORMED });
/** A person's, company's, team's or project's name, a task's title. */
export const Name = Text(1_000);
export const Email = Text(320);
/** Sanitised rich text and its plain text: escaping can make it five times the 200,000 characters a form takes. */
export const RichText = Text(1_000_000);
/** An IANA time zone name, checked against the server's list where it matters. */
export const TimeZone = Text(100);
export const Id = Type.String({ format: 'uuid' });
/** An instant as `Date.toISOString()` or a Temporal instant prints it. */
export const Instant = Type.String({ format: 'date-time', maxLength: 40 });
/** A number of things: never negative. */
export const Count = Type.Integer({ minimum: 0 });
/** A duration in milliseconds. */
export const Ms = Type.Integer({ minimum: 0 });
/** A local calendar day, YYYY-MM-DD. */
export const Day = Type.String({ format: 'date' });
/** The SHA-256 of a link or API token secret, in hex. */
export const TokenHash = Type.String({ pattern: '^[0-9a-f]{64}$', maxLength: 64 });
/** Someone an answer names: their id and name. */
export const NamedPerson = Type.Object({ userId: Id, name: Name });
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** An object with exactly these properties: any other is refused. */
export const Closed = <P extends TProperties>(properties: P) => Type.Object(properties, { additionalProperties: false });

/** True when the two types are identical (optional properties included): for compile-time checks that a type and its schema agree. */
export type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
