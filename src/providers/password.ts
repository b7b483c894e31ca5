import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import ECB from 'crypto-js/mode-ecb';
import Pkcs7 from 'crypto-js/pad-pkcs7';
import SHA256 from 'crypto-js/sha256';

/** Spec §7: the nonce's randomKey right-padded with '0' to 32 characters is the AES key. */
const keyOf = (randomKey: string) => Utf8.parse(randomKey.padEnd(32, '0'));
const options = { mode: ECB, padding: Pkcs7 };

/** Base64 AES-ECB/PKCS7 of `text`. */
export const encrypt = (text: string, randomKey: string) => AES.encrypt(Utf8.parse(text), keyOf(randomKey), options).toString();

/** The helper of spec §7 that reverses `encrypt`. */
export const decrypt = (cipherBase64: string, randomKey: string) => AES.decrypt(cipherBase64, keyOf(randomKey), options).toString(Utf8);

/** Spec §7 cipherDigest: the SHA-256 hex of the password, encrypted. The password itself never leaves. */
export const cipherDigest = (password: string, randomKey: string) => encrypt(SHA256(password).toString(), randomKey);
