import { defineEnum } from './define-enum';

/** Gender: Male, Female, Other, Transgender (spec section 3; numbered in that order). */
export const GENDER = /* @__PURE__ */ defineEnum([
  { key: 'male', value: 1, label: 'Male' },
  { key: 'female', value: 2, label: 'Female' },
  { key: 'other', value: 3, label: 'Other' },
  { key: 'transgender', value: 4, label: 'Transgender' },
]);

/** Marital status: Married, Unmarried, Divorced, Widowed, Other. */
export const MARITAL_STATUS = /* @__PURE__ */ defineEnum([
  { key: 'married', value: 1, label: 'Married' },
  { key: 'unmarried', value: 2, label: 'Unmarried' },
  { key: 'divorced', value: 3, label: 'Divorced' },
  { key: 'widowed', value: 4, label: 'Widowed' },
  { key: 'other', value: 5, label: 'Other' },
]);

export { DEFAULT_EMPLOYEE_COUNT, EMPLOYEE_COUNT_RANGES, type EmployeeCountRange } from './employee-counts';
