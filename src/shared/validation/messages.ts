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
  invalidOnboardingCredentials: 'Invalid email, employee code or password.',
  notFound: 'OOPS! PAGE NOT FOUND',
  verifiedSignInForSecondFactor: 'Your email is verified. Sign in to continue with your second factor.',
  somethingWrong: 'Something went wrong',
  noOrganization:
    "Either you are not a member of any organization or your system IP address doesn't fall under defined IP range criteria. Please contact the system administrator to get access.",
  noProductAccess: 'Please contact the system administrator to get product access.',
  invalidOtp: 'Invalid OTP',
  otpExpired: 'This OTP has expired. Use Resend OTP to get a new one.',
  otpSent: 'OTP sent successfully.',
  otpVerified: 'OTP verified successfully',
  mfaSetupDone: 'Multi-Factor Authentication Setup Successfully',
  invalidRecoveryCode: 'Invalid Recovery Code',
  passwordUpdated: 'Password updated successfully.',
  passwordResetTitle: 'Password Reset',
  passwordResetDone: 'Your password has been successfully reset.',
  resetLinkInvalid: 'This password reset link is not valid: it has been used already or has expired. Request a new one.',
  currentPasswordWrong: 'Current password is incorrect.',
  samePassword: 'New password must be different from the current password.',
  termsRequired: 'Please agree with Terms & Conditions and Privacy Policy',
  invitationWrong: 'Something went wrong!. Please try again after some time',
  invitationEmailMismatch: 'This invitation was sent to a different email address.',
  alreadyVerified: 'This account is already verified. Please sign in.',
  organizationAlreadyVerified: 'This organization is already verified.',
  onboardingNotInvited: 'This email is not on the onboarding list of this organization. Please contact your HR team.',
  onboardingAlreadySignedUp: 'You have already signed up. Please sign in.',
  /** The one message of every limit (429): the wait in seconds under a minute, else in whole minutes. */
  tooManyAttempts: (seconds: number) => {
    if (seconds < 60) return `Too many attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
    const minutes = Math.ceil(seconds / 60);
    return `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  },
  accountUnlocked: 'Your account is unlocked. You can sign in now.',
  unlockLinkInvalid: 'This unlock link is not valid: it has been used already or has expired. Sign in, or reset your password.',
  recoveryCodeMailed: 'A new recovery code has been sent to your email address.',
} as const;
