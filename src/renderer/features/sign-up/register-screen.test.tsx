import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../shared/validation/messages';

// The sign-up steps with the server's side played by a recorded `call`: what they send, and what the user sees.
const calls: { event: string; payload: unknown }[] = [];
const replies = new Map<string, (payload: unknown) => unknown>();
// The address for /verify-email goes into the ubs_email cookie, which needs the portal's settings; not what is tested here.
vi.mock('../../session/saved-session', () => ({ saveEmail: vi.fn() }));
vi.mock('../../api', () => ({
  call: (event: string, payload: unknown) => {
    calls.push({ event, payload });
    const reply = replies.get(event);
    return reply ? Promise.resolve(reply(payload)) : Promise.reject(new Error(`no reply for ${event}`));
  },
  errorMessage: (error: unknown) => (error instanceof Error ? error.message : String(error)),
}));

const { AboutYouStep } = await import('./about-you-step');
const { RegisterScreen } = await import('./register-screen');

const COUNTRIES = [
  { name: 'India', label: 'India', dial_code: '+91', code: 'IN' },
  { name: 'United States', label: 'United States', dial_code: '+1', code: 'US' },
];
const PASSWORD = 'Better@12345';

beforeEach(() => {
  calls.length = 0;
  replies.clear();
  sessionStorage.clear();
  replies.set('addressParams', () => ({ results: COUNTRIES }));
  replies.set('checkEmailExistense', () => ({ exists: false }));
  replies.set('signUp', (payload) => ({ success: true, email: (payload as { email: string }).email }));
});

/** The checklist item of a rule, as a screen reader reads it ('… (done)' or '… (missing)'). */
const rule = (label: string) => within(screen.getByRole('list', { name: 'Password must have' })).getByText(label, { exact: false }).closest('li')!;

async function fillAboutYou(user: UserEvent, password = PASSWORD, confirm = PASSWORD) {
  await user.type(screen.getByLabelText('First Name'), 'Sam');
  await user.type(screen.getByLabelText('Last Name'), 'Founder');
  await user.type(screen.getByLabelText('Work Email'), 'sam@rocket.test');
  await user.type(screen.getByLabelText('Phone Number'), '9876543210');
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
}

describe('sign-up step 1 (aboutYou)', () => {
  const renderStep = () => {
    const onNext = vi.fn();
    render(
      <AboutYouStep
        countries={COUNTRIES}
        initial={{ firstName: '', lastName: '', email: '', countryCode: 'IN', phone: '', password: '', cpassword: '' }}
        onChange={() => undefined}
        onNext={onNext}
      />,
    );
    return onNext;
  };

  it("asks for the password and its confirmation with 'Required*', and ticks the live checklist as the password is typed", async () => {
    const user = userEvent.setup();
    const onNext = renderStep();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.required)));
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription(MESSAGES.required);
    for (const label of ['Minimum 8 Characters', 'Uppercase', 'Lowercase', '1 Numeric Number', '1 Special Character']) expect(rule(label)).toHaveTextContent(`${label} (missing)`);

    await user.type(screen.getByLabelText('Password'), 'better');
    expect(rule('Lowercase')).toHaveTextContent('Lowercase (done)');
    expect(rule('Uppercase')).toHaveTextContent('Uppercase (missing)');
    await user.type(screen.getByLabelText('Password'), '@12345');
    expect(rule('Minimum 8 Characters')).toHaveTextContent('(done)');
    expect(rule('1 Numeric Number')).toHaveTextContent('(done)');
    expect(rule('1 Special Character')).toHaveTextContent('(done)');
    expect(rule('Uppercase')).toHaveTextContent('(missing)');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.passwordUppercase));
    expect(onNext).not.toHaveBeenCalled();
  });

  it("says 'Password and confirm password does not match' and goes on only once they match", async () => {
    const user = userEvent.setup();
    const onNext = renderStep();
    await fillAboutYou(user, PASSWORD, 'Better@12344');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription(MESSAGES.passwordMismatch));
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.map((c) => c.event)).not.toContain('checkEmailExistense');

    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), `${PASSWORD}{Enter}`);
    await waitFor(() => expect(onNext).toHaveBeenCalledTimes(1));
    expect(onNext.mock.calls[0]![0]).toMatchObject({ email: 'sam@rocket.test', phone: '9876543210', password: PASSWORD, cpassword: PASSWORD });
    // The email was checked first, as before.
    expect(calls).toContainEqual({ event: 'checkEmailExistense', payload: { email: 'sam@rocket.test' } });
  });
});

describe('the sign-up keeps what was typed', () => {
  const renderScreen = () =>
    render(
      <MemoryRouter initialEntries={['/register']}>
        <Routes>
          <Route path="/register" element={<RegisterScreen />} />
          <Route path="/stay-tuned" element={<h1>Stay Tuned!</h1>} />
        </Routes>
      </MemoryRouter>,
    );
  const draft = () => sessionStorage.getItem('sign_up_draft') ?? '';

  it('Back from step 2 shows step 1 filled in, passwords too, and step 2 keeps its own fields for the next Next', async () => {
    const user = userEvent.setup();
    renderScreen();
    await screen.findByLabelText('First Name');
    await fillAboutYou(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // Step 2 replaced step 1 in place: focus is on the heading, not left on the page.
    await screen.findByLabelText('Company Name');
    expect(screen.getByRole('heading', { level: 1, name: 'Create New Account' })).toHaveFocus();
    await user.type(screen.getByLabelText('Company Name'), 'Rocket Shoes');
    await user.selectOptions(screen.getByLabelText('Industry'), 'Retail');
    await user.click(screen.getByRole('button', { name: 'Back' }));

    expect(await screen.findByLabelText('First Name')).toHaveValue('Sam');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Founder');
    expect(screen.getByLabelText('Work Email')).toHaveValue('sam@rocket.test');
    expect(screen.getByLabelText('Phone Number')).toHaveValue('9876543210');
    expect(screen.getByLabelText('Password')).toHaveValue(PASSWORD);
    expect(screen.getByLabelText('Confirm Password')).toHaveValue(PASSWORD);
    // The tab's draft has both steps and never the password.
    expect(JSON.parse(draft())).toMatchObject({ aboutYou: { firstName: 'Sam', email: 'sam@rocket.test', phone: '9876543210' }, aboutCompany: { company: 'Rocket Shoes', industryType: 'Retail' } });
    expect(draft()).not.toContain(PASSWORD);
    expect(draft()).not.toContain('password');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByLabelText('Company Name')).toHaveValue('Rocket Shoes');
    expect(screen.getByLabelText('Industry')).toHaveValue('Retail');
  });

  it('a reload shows both steps filled in but the passwords, and a sign-up that went through forgets the draft', async () => {
    const user = userEvent.setup();
    const first = renderScreen();
    await screen.findByLabelText('First Name');
    await fillAboutYou(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByLabelText('Company Name'), 'Rocket Shoes');
    await user.selectOptions(screen.getByLabelText('Number of Employees'), '25-50');
    first.unmount();

    // The reload: a new screen from what this tab kept. It starts at step 1, whose passwords must be typed again.
    renderScreen();
    expect(await screen.findByLabelText('First Name')).toHaveValue('Sam');
    expect(screen.getByLabelText('Work Email')).toHaveValue('sam@rocket.test');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm Password')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.required)));
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.type(screen.getByLabelText('Confirm Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByLabelText('Company Name')).toHaveValue('Rocket Shoes');
    expect(screen.getByLabelText('Number of Employees')).toHaveValue('25-50');

    await user.selectOptions(screen.getByLabelText('Industry'), 'Retail');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('heading', { name: 'Stay Tuned!' })).toBeInTheDocument();
    expect(calls.find((c) => c.event === 'signUp')?.payload).toMatchObject({
      firstName: 'Sam',
      email: 'sam@rocket.test',
      password: PASSWORD,
      cpassword: PASSWORD,
      phone: '+91-9876543210',
      company: 'Rocket Shoes',
      numemployees: '25-50',
    });
    expect(sessionStorage.getItem('sign_up_draft')).toBeNull();
  });
});
