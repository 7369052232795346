/** Every enumeration of spec section 3, with its exact numbers and labels. */
export * from './attendance';
export * from './calendar';
export * from './pay';
export * from './people';
export * from './survey';
export { defineEnum, type EnumEntry } from './define-enum';
