/** Every time the server reasons about (nonce and session expiry, rate windows) comes from here, so tests can move it. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
