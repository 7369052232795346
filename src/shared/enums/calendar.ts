import { defineEnum } from './define-enum';

/** Weekday numbers, as JavaScript's Date.getDay() counts them: Sunday 0 … Saturday 6. */
export const WEEKDAY = /* @__PURE__ */ defineEnum([
  { key: 'sunday', value: 0, label: 'Sunday' },
  { key: 'monday', value: 1, label: 'Monday' },
  { key: 'tuesday', value: 2, label: 'Tuesday' },
  { key: 'wednesday', value: 3, label: 'Wednesday' },
  { key: 'thursday', value: 4, label: 'Thursday' },
  { key: 'friday', value: 5, label: 'Friday' },
  { key: 'saturday', value: 6, label: 'Saturday' },
]);

/** Holiday portions: the whole day or one half of it. */
export const HOLIDAY_PORTION = /* @__PURE__ */ defineEnum([
  { key: 'fullDay', value: 1, label: 'Full day' },
  { key: 'firstHalf', value: 2, label: 'First half' },
  { key: 'secondHalf', value: 3, label: 'Second half' },
]);

/** Weekend types: which weeks of the month a weekend day is off. */
export const WEEKEND_TYPE = /* @__PURE__ */ defineEnum([
  { key: 'everyWeek', value: 1, label: 'Every week' },
  { key: 'oddWeeks', value: 2, label: '1st, 3rd and 5th week' },
  { key: 'evenWeeks', value: 3, label: '2nd and 4th week' },
  { key: 'firstWeek', value: 4, label: '1st week' },
  { key: 'lastWeek', value: 5, label: 'Last week' },
]);

/** Recurrence: daily, weekly, monthly, yearly, periodically, custom. */
export const RECURRENCE = /* @__PURE__ */ defineEnum([
  { key: 'daily', value: 1, label: 'Daily' },
  { key: 'weekly', value: 2, label: 'Weekly' },
  { key: 'monthly', value: 3, label: 'Monthly' },
  { key: 'yearly', value: 4, label: 'Yearly' },
  { key: 'periodically', value: 5, label: 'Periodically' },
  { key: 'custom', value: 6, label: 'Custom' },
]);
