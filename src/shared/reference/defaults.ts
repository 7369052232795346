/** Defaults of the reference data (spec sections 3 and 9), apart from the lists so a screen can use them cheaply. */

/** Sign-up's default country: India, dial code +91. */
export const DEFAULT_COUNTRY_CODE = 'IN';
export const DEFAULT_DIAL_CODE = '+91';

/** Spec section 9: the default time zone. */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';
