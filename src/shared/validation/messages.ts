/** User-facing validation and error texts of spec sections 5 and 8, word for word. One place, used by forms and server. */
export const MESSAGES = {
  required: 'Required*',
  invalid: (label: string) => `${label} must be valid.`,
  passwordMin: 'Password must be at least 8 characters.',
  passwordUppercase: 'Please use uppercase.',
  passwordLowercase: 'Please use lowercase.',
  passwordNumber: 'Please use one number.',
  passwordSpecial: 'Please use one special character.',
  passwordMismatch: 'Password and confirm password does not match',
  otpLength: 'OTP must be 6 digits.',
  emailExists: 'An account with this email address already exists. Login or Register with different email',
  invalidCredentials: 'Invalid email, user name or password.',
  notFound: 'OOPS! PAGE NOT FOUND',
  somethingWrong: 'Something went wrong',
  noOrganization:
    "Either you are not a member of any organization or your system IP address doesn't fall under defined IP range criteria. Please contact the system administrator to get access.",
  noProductAccess: 'Please contact the system administrator to get product access.',
} as const;
