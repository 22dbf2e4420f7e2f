import { Type } from 'typebox';

export const ErrorResponse = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String(),
    message: Type.String(),
    requestId: Type.Optional(Type.String()),
  },
  { $id: 'ErrorResponse' },
);

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
