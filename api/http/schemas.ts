import { Type } from 'typebox';
import { Day, Id, Nullable, TimeZone } from '../../domain/shared/schema.ts';
import { ROLES } from '../../domain/members/roles.ts';
import { TaskId } from '../../domain/tasks/events.ts';
import { type DayRange, rangeProblem } from '../../domain/dashboards/range.ts';
import { invalid } from '../../domain/shared/errors.ts';

export const ErrorResponse = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String(),
    message: Type.String(),
    requestId: Type.Optional(Type.String()),
  },
  { $id: 'ErrorResponse' },
);

/**
 * The request vocabulary, sharing ids, task ids, days and nullables with the
 * events' schemas. Every id, text and number a route accepts is one of these,
 * so it is checked by format and bounded before any query runs (see
 * validation.ts, which refuses to start a route with an unbounded field, and
 * refuses NUL and unpaired surrogates in every string).
 */
export { Day, Id, Nullable, TaskId, TimeZone };

/** An id picked in a form, or '' while nothing is picked: the decider then answers with the form's own message. */
export const PickedId = Type.Union([Type.Literal(''), Id]);
/**
 * Free text of at most `maxLength` characters. Unlike the events' `Text` it
 * carries no pattern: validation.ts refuses NUL and unpaired surrogates in
 * every string a request brings, with a message that says so.
 */
export const Text = (maxLength: number) => Type.String({ maxLength });
/** Ids in a list: at most `maxItems` of them. */
export const Ids = (maxItems: number) => Type.Array(Id, { maxItems });
/** A 1-based page number. */
export const PageNumber = Type.Integer({ minimum: 1, maximum: 100_000 });

/** A company role (core §6), as answers name it. */
export const RoleName = Type.Enum(ROLES);

/** Path parameters. */
export const CompanyParams = Type.Object({ companyId: Id });

/** Where a command's events sit in the log, for reading after writing; null when it wrote nothing. */
export const LogPosition = Nullable(Type.String());
/** A command's answer: what to tell the user and where its events sit in the log (null: it wrote nothing). */
export const CommandResponse = Type.Object({ message: Type.String(), position: LogPosition });

export const errorResponses = {
  400: Type.Ref('ErrorResponse'),
  401: Type.Ref('ErrorResponse'),
  403: Type.Ref('ErrorResponse'),
  404: Type.Ref('ErrorResponse'),
  409: Type.Ref('ErrorResponse'),
  429: Type.Ref('ErrorResponse'),
};

/** A day of a range a report asks for; checked by rangeProblem, whose messages say what is wrong (a format check would not). */
export const DayText = Text(10);

/** A report's range of days, or a 400 that says what is wrong with it. */
export function checkedRange(range: DayRange): DayRange {
  const problem = rangeProblem(range);
  if (problem) throw invalid(problem);
  return range;
}
