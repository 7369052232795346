/** Employee-count ranges of sign-up (spec section 3): 1-5 (the default), 5-25, 25-50, 50-100, 100-500, 500-1000, 1000+. */
export const EMPLOYEE_COUNT_RANGES = ['1-5', '5-25', '25-50', '50-100', '100-500', '500-1000', '1000+'] as const;
export type EmployeeCountRange = (typeof EMPLOYEE_COUNT_RANGES)[number];
export const DEFAULT_EMPLOYEE_COUNT: EmployeeCountRange = '1-5';
