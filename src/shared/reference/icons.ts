/**
 * The named icon sets of spec section 3. Each entry has the key the products store, a label, and a glyph the
 * portal can show without shipping image files (an emoji: every platform draws it, and it scales with the text).
 */
export interface NamedIcon<K extends string = string> {
  key: K;
  label: string;
  glyph: string;
}

/** Holiday icons: kite, holi, diwali, christmas, sportsDay, rakshaBandhan, janmashtami, ganesh, dussehra, navratri, independence, republic. */
export const HOLIDAY_ICONS = [
  { key: 'kite', label: 'Kite festival', glyph: '🪁' },
  { key: 'holi', label: 'Holi', glyph: '🎨' },
  { key: 'diwali', label: 'Diwali', glyph: '🪔' },
  { key: 'christmas', label: 'Christmas', glyph: '🎄' },
  { key: 'sportsDay', label: 'Sports day', glyph: '🏅' },
  { key: 'rakshaBandhan', label: 'Raksha Bandhan', glyph: '🎗️' },
  { key: 'janmashtami', label: 'Janmashtami', glyph: '🦚' },
  { key: 'ganesh', label: 'Ganesh Chaturthi', glyph: '🐘' },
  { key: 'dussehra', label: 'Dussehra', glyph: '🏹' },
  { key: 'navratri', label: 'Navratri', glyph: '💃' },
  { key: 'independence', label: 'Independence Day', glyph: '🇮🇳' },
  { key: 'republic', label: 'Republic Day', glyph: '🎖️' },
] as const satisfies readonly NamedIcon[];
export type HolidayIconKey = (typeof HOLIDAY_ICONS)[number]['key'];

/** Leave icons: annual, paid, casual, sick, leave without pay, maternity, marriage, bereavement, compensatory, paternity. */
export const LEAVE_ICONS = [
  { key: 'annual', label: 'Annual leave', glyph: '🏖️' },
  { key: 'paid', label: 'Paid leave', glyph: '💰' },
  { key: 'casual', label: 'Casual leave', glyph: '☕' },
  { key: 'sick', label: 'Sick leave', glyph: '🤒' },
  { key: 'leaveWithoutPay', label: 'Leave without pay', glyph: '🚫' },
  { key: 'maternity', label: 'Maternity leave', glyph: '🤰' },
  { key: 'marriage', label: 'Marriage leave', glyph: '💍' },
  { key: 'bereavement', label: 'Bereavement leave', glyph: '🕊️' },
  { key: 'compensatory', label: 'Compensatory leave', glyph: '🔁' },
  { key: 'paternity', label: 'Paternity leave', glyph: '👶' },
] as const satisfies readonly NamedIcon[];
export type LeaveIconKey = (typeof LEAVE_ICONS)[number]['key'];
