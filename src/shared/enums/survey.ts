import { defineEnum } from './define-enum';

/** Survey question types 1 to 18, exactly as spec section 3 numbers them. */
export const SURVEY_QUESTION_TYPE = /* @__PURE__ */ defineEnum([
  { key: 'singleLine', value: 1, label: 'Single line' },
  { key: 'multiLine', value: 2, label: 'Multi line' },
  { key: 'yesNo', value: 3, label: 'Yes/No' },
  { key: 'singleChoice', value: 4, label: 'Single choice' },
  { key: 'multipleChoice', value: 5, label: 'Multiple choice' },
  { key: 'dropdown', value: 6, label: 'Dropdown' },
  { key: 'gender', value: 7, label: 'Gender' },
  { key: 'email', value: 8, label: 'Email' },
  { key: 'number', value: 9, label: 'Number' },
  { key: 'date', value: 10, label: 'Date' },
  { key: 'address', value: 11, label: 'Address' },
  { key: 'slider', value: 12, label: 'Slider' },
  { key: 'starRating', value: 13, label: 'Star rating' },
  { key: 'nps', value: 14, label: 'NPS' },
  { key: 'infoBox', value: 15, label: 'Info box' },
  { key: 'heading', value: 16, label: 'Heading' },
  { key: 'fileUpload', value: 17, label: 'File upload' },
  { key: 'scorecard', value: 18, label: 'Scorecard' },
]);
