import { useState, type FormEvent } from 'react';
import { OtpSchema } from '../../../shared/validation/fields';
import { call, errorMessage } from '../../api';
import { tEnglish } from '../../i18n/screens';
import { showToast } from '../../ui/toast';
import { useTimedMessage } from '../../ui/use-timed-message';
import { MESSAGES } from '../../../shared/validation/messages';

/**
 * The six-box code form of the verification screens: the OTP rule of the contract, a submit that runs `verify`,
 * and 'Resend OTP' (toast 'OTP sent successfully.'). `verify` answers 'stay' when the screen asks for more before
 * the code can go (a password to choose): the form is ready again, with no error shown.
 */
export function useOtpForm(verify: (otp: string) => Promise<void | 'stay'>) {
  const [otp, setOtp] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);
  const [resending, setResending] = useState(false);
  const [serverError, showServerError] = useTimedMessage();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = OtpSchema.safeParse(otp);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    setLoading(true);
    try {
      if ((await verify(parsed.data)) === 'stay') setLoading(false);
    } catch (error) {
      showServerError(errorMessage(error));
      setLoading(false);
    }
  };

  const resend = async (email: string) => {
    setResending(true);
    try {
      await call('resendOTP', { email });
      setOtp('');
      showToast(tEnglish(MESSAGES.otpSent));
    } catch (error) {
      showServerError(errorMessage(error));
    }
    setResending(false);
  };

  return { otp, setOtp, fieldError, loading, resending, serverError, submit, resend };
}
