import { describe, expect, it } from 'vitest';
import { SignUpPayloadSchema } from '../protocol';
import {
  CLOCK_IN_SOURCE,
  DAILY_REPORT_STATUS,
  DAY_STATUS,
  DEFAULT_EMPLOYEE_COUNT,
  EMPLOYEE_COUNT_RANGES,
  GENDER,
  HOLIDAY_PORTION,
  LEAVE_TYPE,
  MARITAL_STATUS,
  OVERTIME_PAY_TYPE,
  RECURRENCE,
  REQUEST_TYPE,
  SHIFT_HOURS_CALCULATION,
  SURVEY_QUESTION_TYPE,
  TIMESHEET_REQUEST_STATUS,
  TIMESHEET_TYPE,
  WEEKDAY,
  WEEKEND_TYPE,
} from '.';

const labels = (enumeration: { options: { label: string }[] }) => enumeration.options.map((option) => option.label);

describe('the enumerations of spec section 3, with their exact numbers and labels', () => {
  it('people', () => {
    expect(labels(GENDER)).toEqual(['Male', 'Female', 'Other', 'Transgender']);
    expect(labels(MARITAL_STATUS)).toEqual(['Married', 'Unmarried', 'Divorced', 'Widowed', 'Other']);
    expect(EMPLOYEE_COUNT_RANGES).toEqual(['1-5', '5-25', '25-50', '50-100', '100-500', '500-1000', '1000+']);
    expect(DEFAULT_EMPLOYEE_COUNT).toBe('1-5');
    // The contract's sign-up field accepts exactly these.
    expect(SignUpPayloadSchema.shape.numemployees.options).toEqual([...EMPLOYEE_COUNT_RANGES]);
  });

  it('timesheets and requests', () => {
    expect(TIMESHEET_REQUEST_STATUS.values).toEqual({ pending: 1, approved: 2, rejected: 3, cancelled: 4 });
    expect(TIMESHEET_TYPE.values).toEqual({ work: 1, break: 2 });
    expect(REQUEST_TYPE.values).toEqual({ add: 1, update: 2 });
    expect(DAILY_REPORT_STATUS.values).toEqual({ pending: 1, complete: 2, requested: 3, leaveRequested: 4, leaveEarlyOut: 5, earlyOut: 6 });
  });

  it('day status: 12 values, from holiday through second-half non-working', () => {
    expect(DAY_STATUS.options.map((option) => option.value)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(DAY_STATUS.labelOf(1)).toBe('Holiday');
    expect(DAY_STATUS.labelOf(12)).toBe('Second-half non-working');
  });

  it('leave type, clock-in source, recurrence', () => {
    expect(labels(LEAVE_TYPE)).toEqual(['Full day', 'First half', 'Second half', 'Hourly', 'Short']);
    expect(labels(CLOCK_IN_SOURCE)).toEqual(['Web', 'Mobile', 'Desktop', 'Face', 'Biometric', 'Geo-tagging', 'Selfie']);
    expect(labels(RECURRENCE)).toEqual(['Daily', 'Weekly', 'Monthly', 'Yearly', 'Periodically', 'Custom']);
  });

  it('the 18 survey question types, numbered as the spec numbers them', () => {
    expect(SURVEY_QUESTION_TYPE.options).toEqual(
      [
        'Single line', 'Multi line', 'Yes/No', 'Single choice', 'Multiple choice', 'Dropdown', 'Gender', 'Email', 'Number',
        'Date', 'Address', 'Slider', 'Star rating', 'NPS', 'Info box', 'Heading', 'File upload', 'Scorecard',
      ].map((label, index) => ({ value: index + 1, label })),
    );
  });

  it('weekdays, holiday portions, weekend types, overtime pay and shift hours', () => {
    expect(WEEKDAY.values.sunday).toBe(new Date('2026-03-01T12:00:00Z').getUTCDay());
    expect(WEEKDAY.labelOf(6)).toBe('Saturday');
    expect(labels(HOLIDAY_PORTION)).toEqual(['Full day', 'First half', 'Second half']);
    expect(WEEKEND_TYPE.options).toHaveLength(5);
    expect(OVERTIME_PAY_TYPE.values).toEqual({ hours: 1, fixed: 2 });
    expect(labels(SHIFT_HOURS_CALCULATION)).toEqual(['First in, last out', 'Every valid in and out']);
  });

  it("each enumeration's schema accepts its values only", () => {
    expect(TIMESHEET_REQUEST_STATUS.schema.safeParse(2).success).toBe(true);
    expect(TIMESHEET_REQUEST_STATUS.schema.safeParse(5).success).toBe(false);
    expect(TIMESHEET_REQUEST_STATUS.schema.safeParse('2').success).toBe(false);
    expect(SURVEY_QUESTION_TYPE.schema.safeParse(18).success).toBe(true);
    expect(SURVEY_QUESTION_TYPE.schema.safeParse(19).success).toBe(false);
  });
});
