/** A failed API call: `status` is the HTTP status (0 when the server could not be reached), `message` is the server's text for the user. */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}
