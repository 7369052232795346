import { defineEnum } from './define-enum';

/** Timesheet request status: pending 1, approved 2, rejected 3, cancelled 4. */
export const TIMESHEET_REQUEST_STATUS = /* @__PURE__ */ defineEnum([
  { key: 'pending', value: 1, label: 'Pending' },
  { key: 'approved', value: 2, label: 'Approved' },
  { key: 'rejected', value: 3, label: 'Rejected' },
  { key: 'cancelled', value: 4, label: 'Cancelled' },
]);

/** Timesheet type: work 1, break 2. */
export const TIMESHEET_TYPE = /* @__PURE__ */ defineEnum([
  { key: 'work', value: 1, label: 'Work' },
  { key: 'break', value: 2, label: 'Break' },
]);

/** Request type: add 1, update 2. */
export const REQUEST_TYPE = /* @__PURE__ */ defineEnum([
  { key: 'add', value: 1, label: 'Add' },
  { key: 'update', value: 2, label: 'Update' },
]);

/** Daily report status: pending 1, complete 2, requested 3, leave requested 4, leave early out 5, early out 6. */
export const DAILY_REPORT_STATUS = /* @__PURE__ */ defineEnum([
  { key: 'pending', value: 1, label: 'Pending' },
  { key: 'complete', value: 2, label: 'Complete' },
  { key: 'requested', value: 3, label: 'Requested' },
  { key: 'leaveRequested', value: 4, label: 'Leave requested' },
  { key: 'leaveEarlyOut', value: 5, label: 'Leave early out' },
  { key: 'earlyOut', value: 6, label: 'Early out' },
]);

/**
 * Day status: 12 values, from holiday (1) through second-half non-working (12). The spec names the two ends;
 * the values between are the states an attendance day takes in the suite's HR product.
 */
export const DAY_STATUS = /* @__PURE__ */ defineEnum([
  { key: 'holiday', value: 1, label: 'Holiday' },
  { key: 'weekend', value: 2, label: 'Weekend' },
  { key: 'present', value: 3, label: 'Present' },
  { key: 'absent', value: 4, label: 'Absent' },
  { key: 'leave', value: 5, label: 'Leave' },
  { key: 'firstHalfLeave', value: 6, label: 'First-half leave' },
  { key: 'secondHalfLeave', value: 7, label: 'Second-half leave' },
  { key: 'late', value: 8, label: 'Late' },
  { key: 'earlyOut', value: 9, label: 'Early out' },
  { key: 'nonWorking', value: 10, label: 'Non-working' },
  { key: 'firstHalfNonWorking', value: 11, label: 'First-half non-working' },
  { key: 'secondHalfNonWorking', value: 12, label: 'Second-half non-working' },
]);

/** Leave type: full day, first half, second half, hourly, short. */
export const LEAVE_TYPE = /* @__PURE__ */ defineEnum([
  { key: 'fullDay', value: 1, label: 'Full day' },
  { key: 'firstHalf', value: 2, label: 'First half' },
  { key: 'secondHalf', value: 3, label: 'Second half' },
  { key: 'hourly', value: 4, label: 'Hourly' },
  { key: 'short', value: 5, label: 'Short' },
]);

/** Clock-in source: web, mobile, desktop, face, biometric, geo-tagging, selfie. */
export const CLOCK_IN_SOURCE = /* @__PURE__ */ defineEnum([
  { key: 'web', value: 1, label: 'Web' },
  { key: 'mobile', value: 2, label: 'Mobile' },
  { key: 'desktop', value: 3, label: 'Desktop' },
  { key: 'face', value: 4, label: 'Face' },
  { key: 'biometric', value: 5, label: 'Biometric' },
  { key: 'geoTagging', value: 6, label: 'Geo-tagging' },
  { key: 'selfie', value: 7, label: 'Selfie' },
]);
