import { Secret, TOTP } from 'otpauth';

/**
 * The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. A test
 * needing two fresh codes takes steps 0 and 1: the server accepts one step either side of its clock,
 * so both stay valid even if a step ends between making a code and checking it.
 */
export const codeFor = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });
