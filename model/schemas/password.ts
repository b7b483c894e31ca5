import { z } from 'zod';
import { REQUIRED } from './fields';

/** Spec §5/§9: at least 8 characters with an uppercase and a lowercase letter, a digit and a special character. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
const STRENGTH = 'password:rules.strength';

export const newPassword = (label = 'password:fields.new') =>
  z
    .string({ error: REQUIRED })
    .min(1, REQUIRED)
    .min(PASSWORD_MIN_LENGTH, STRENGTH)
    .max(PASSWORD_MAX_LENGTH, 'validation:maxLength')
    .regex(/[A-Z]/, STRENGTH)
    .regex(/[a-z]/, STRENGTH)
    .regex(/[0-9]/, STRENGTH)
    .regex(/[^A-Za-z0-9]/, STRENGTH)
    .meta({ label });

/** A base64 AES ciphertext of spec §7 (cipherDigest and its siblings). */
export const cipherText = (label: string) => z.string({ error: REQUIRED }).min(1, REQUIRED).max(1024, 'validation:maxLength').meta({ label });

export const nonceId = z.string({ error: REQUIRED }).min(1, REQUIRED).max(128, 'validation:maxLength').meta({ label: 'login:fields.nonceId' });
