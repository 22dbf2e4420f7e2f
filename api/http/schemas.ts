import { Type } from 'typebox';
import { Day, Id, Nullable } from '../../domain/shared/schema.ts';
import { ROLES } from '../../domain/members/roles.ts';
import { TaskId } from '../../domain/tasks/events.ts';

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
export { Day, Id, Nullable, TaskId };

/** An id picked in a form, or '' while nothing is picked: the decider then answers with the form's own message. */
export const PickedId = Type.Union([Type.Literal(''), Id]);
/** Free text of at most `maxLength` characters. */
export const Text = (maxLength: number) => Type.String({ maxLength });
/** An IANA time zone name, checked against the server's list where it matters. */
export const TimeZone = Text(64);
/** Ids in a list: at most `maxItems` of them. */
export const Ids = (maxItems: number) => Type.Array(Id, { maxItems });
/** A 1-based page number. */
export const PageNumber = Type.Integer({ minimum: 1, maximum: 100_000 });

/** A company role (core §6), as answers name it. */
export const RoleName = Type.Enum(ROLES);

/** Path parameters. */
export const CompanyParams = Type.Object({ companyId: Id });

/** A command's answer: what to tell the user and where its events sit in the log. */
export const CommandResponse = Type.Object({
  message: Type.String(),
  position: Type.Union([Type.String(), Type.Null()]),
});

export const errorResponses = {
  400: Type.Ref('ErrorResponse'),
  401: Type.Ref('ErrorResponse'),
  403: Type.Ref('ErrorResponse'),
  404: Type.Ref('ErrorResponse'),
  409: Type.Ref('ErrorResponse'),
  429: Type.Ref('ErrorResponse'),
};
