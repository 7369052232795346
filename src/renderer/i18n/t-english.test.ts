import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/validation/messages';
import { showLanguage, tEnglish } from '.';

afterEach(() => showLanguage('en'));

describe('tEnglish', () => {
  it('leaves English as it is', () => {
    expect(tEnglish(MESSAGES.tooManyAttempts(900))).toBe('Too many attempts. Try again in 15 minutes.');
    expect(tEnglish('A text no catalog has.')).toBe('A text no catalog has.');
  });

  it('translates a text with a number or a name by its English template, and a plain text by its id', async () => {
    await showLanguage('hi');
    expect(tEnglish(MESSAGES.tooManyAttempts(900))).toBe('बहुत ज़्यादा कोशिशें हुईं। 15 मिनट बाद फिर से कोशिश करें।');
    expect(tEnglish(MESSAGES.tooManyAttempts(1))).toBe('बहुत ज़्यादा कोशिशें हुईं। 1 सेकंड बाद फिर से कोशिश करें।');
    expect(tEnglish('This person is not a member of Acme Corp.')).toBe('यह व्यक्ति Acme Corp का सदस्य नहीं है।');
    expect(tEnglish('Your company asks for the authenticator app.')).toBe('आपकी कंपनी ऑथेंटिकेटर ऐप माँगती है।');
    expect(tEnglish(MESSAGES.invalidOtp)).not.toBe(MESSAGES.invalidOtp);
    // A field issue the server builds with an address, a company and a role (invitations, product access).
    expect(tEnglish('asha@acme.example is already a member of Acme Corp.')).toBe('asha@acme.example पहले से Acme Corp के सदस्य हैं।');
    expect(tEnglish('Payroll cannot be opened by a client: choose another product or role.')).toBe('Payroll को क्लाइंट नहीं खोल सकता: कोई दूसरा प्रोडक्ट या भूमिका चुनें।');
    expect(tEnglish("Survey is not in Acme's plan.")).toBe('Survey Acme के प्लान में नहीं है।');
    expect(tEnglish('A text no catalog has.')).toBe('A text no catalog has.');
    await showLanguage('ta');
    expect(tEnglish(MESSAGES.tooManyAttempts(120))).toBe('பல முறை முயன்றுவிட்டீர்கள். 2 நிமிடங்கள் கழித்து மீண்டும் முயலவும்.');
  });
});
