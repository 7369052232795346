import { defineEnum } from './define-enum';

/** Overtime pay types: by the hours worked, or a fixed amount. */
export const OVERTIME_PAY_TYPE = /* @__PURE__ */ defineEnum([
  { key: 'hours', value: 1, label: 'Hours' },
  { key: 'fixed', value: 2, label: 'Fixed' },
]);

/** Shift-hours calculation types: first clock-in to last clock-out, or the sum of every clock-in/out pair. */
export const SHIFT_HOURS_CALCULATION = /* @__PURE__ */ defineEnum([
  { key: 'firstInLastOut', value: 1, label: 'First in, last out' },
  { key: 'everyInOut', value: 2, label: 'Every valid in and out' },
]);
