/** An error a caller caused or may see: its message is the `{error}` the API answers with. */
export class ShopError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Fields answered beside `error`, for a caller that acts on them (e.g. `second_factor_required`). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ShopError';
  }
}

/** A 429, with when the caller may try again (`Retry-After`, in seconds). */
export class TooManyRequests extends ShopError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

export const badRequest = (message: string) => new ShopError(400, message);
export const unauthorized = (message: string) => new ShopError(401, message);
export const forbidden = (message: string) => new ShopError(403, message);
export const notFound = (message: string) => new ShopError(404, message);
export const conflict = (message: string) => new ShopError(409, message);
export const unprocessable = (message: string) => new ShopError(422, message);
