import Papa from 'papaparse';
import { PRODUCT_KEYS, PRODUCT_LABELS, ROLES, TILE_ROLES, type ProductKey, type Role } from '../../../shared/products';
import { INVITATIONS_PER_REQUEST, InvitationInputSchema, type InvitationInput } from '../../../shared/protocol/admin-schemas';
import { MESSAGES } from '../../../shared/validation/messages';
import { ltr, t, tEnglish } from '../../i18n/screens';
import { adminIssueMessages, grantableProducts, issueText } from './admin-format';

/**
 * A list of people to invite, as an admin pastes it or uploads it as a CSV file:
 * - a CSV with a header row naming its columns: `email` (required), `role` and `products` (any order, any case);
 * - or no header: one person per line, the address first, then optionally the role and the products.
 * Products are names or keys separated by `;` (HR;Chat;Project, or hrms;chat;pms). A row without a role or products
 * takes the defaults chosen above the list. Rows are counted from the first person: a header row and empty lines
 * are not counted, so "row 3" is the third person, as the server's messages count them too.
 */

/** What the list means for the rows that leave something out. */
export interface InviteDefaults {
  role: Role;
  productAccess: readonly ProductKey[];
}

/** A fault of one row (its number from 1, and the address when there is one), or of the whole list (row null). */
export interface RowProblem {
  row: number | null;
  email?: string;
  message: string;
}

export interface InviteList {
  /** Every row, checked, in order: sent only when there is no problem. */
  invitations: InvitationInput[];
  problems: RowProblem[];
}

/** The sample shown on screen: a header row and three people. */
export const INVITE_CSV_SAMPLE = ['email,role,products', 'ada@example.com,member,HR;Chat;Project', 'grace@example.com,client,Project', 'linus@example.com,admin,'].join('\n');

const ISSUE_MESSAGES = adminIssueMessages({ email: 'Email', role: 'Role', productAccess: 'Product access' });
const HEADER_NAMES: Record<string, 'email' | 'role' | 'products'> = {
  email: 'email',
  'e-mail': 'email',
  'email address': 'email',
  role: 'role',
  products: 'products',
  product: 'products',
  'product access': 'products',
  productaccess: 'products',
};

const byName = new Map<string, ProductKey>(PRODUCT_KEYS.flatMap((key) => [[key, key] as const, [PRODUCT_LABELS[key].toLowerCase(), key] as const]));

const roleOf = (text: string): Role | string => {
  const lower = text.trim().toLowerCase();
  return (ROLES as readonly string[]).includes(lower) ? lower : text.trim();
};

/** The products named in a cell, or the first name that is not a product. */
function productsOf(cell: string): { products: ProductKey[] } | { unknown: string } {
  const products: ProductKey[] = [];
  for (const name of cell.split(/[;|,]/).map((part) => part.trim()).filter(Boolean)) {
    const product = byName.get(name.toLowerCase());
    if (!product) return { unknown: name };
    if (!products.includes(product)) products.push(product);
  }
  return { products };
}

/** Why a role may not be given a product of this plan, or null when it may. */
function productRefusal(role: Role, product: ProductKey, plan: readonly ProductKey[]): string | null {
  if (!plan.includes(product)) return t('admin.invite.notInPlan', { product: PRODUCT_LABELS[product] });
  if (!TILE_ROLES[product].includes(role)) return t('admin.invite.roleCannot', { role, product: PRODUCT_LABELS[product] });
  return null;
}

/** Reads and checks a pasted list or a CSV file's text, row by row, with the contract's rules for one invitation. */
export function parseInviteList(text: string, defaults: InviteDefaults, plan: readonly ProductKey[]): InviteList {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy', delimitersToGuess: [',', ';', '\t'] });
  const problems: RowProblem[] = [];
  // Papa Parse's own messages are not shown: a quotation mark left open is the one fault a person can fix.
  if (parsed.errors.some((error) => error.type === 'Quotes')) {
    problems.push({ row: null, message: t('admin.invite.openQuote') });
    return { invitations: [], problems };
  }
  const records = parsed.data.map((cells) => cells.map((cell) => cell.trim())).filter((cells) => cells.some(Boolean));
  const header = records[0]?.map((cell) => HEADER_NAMES[cell.toLowerCase()]);
  const hasHeader = header !== undefined && header.includes('email');
  const column = (name: 'email' | 'role' | 'products', fallback: number) => (hasHeader ? header.indexOf(name) : fallback);
  const at = { email: column('email', 0), role: column('role', 1), products: column('products', 2) };
  const people = hasHeader ? records.slice(1) : records;

  if (people.length === 0) return { invitations: [], problems: [{ row: null, message: t('admin.invite.listEmpty') }] };
  if (people.length > INVITATIONS_PER_REQUEST) {
    problems.push({ row: null, message: t('admin.invite.tooMany', { max: INVITATIONS_PER_REQUEST, count: people.length }) });
  }

  const invitations: InvitationInput[] = [];
  const firstRowOf = new Map<string, number>();
  people.forEach((cells, index) => {
    const row = index + 1;
    const cell = (position: number) => (position >= 0 ? (cells[position] ?? '') : '');
    const email = cell(at.email);
    const fault = (message: string) => problems.push({ row, ...(email ? { email } : {}), message });
    const role = cell(at.role) ? roleOf(cell(at.role)) : defaults.role;
    const named = productsOf(cell(at.products));
    if ('unknown' in named) {
      fault(t('admin.invite.unknownProduct', { name: named.unknown, products: PRODUCT_KEYS.map((key) => PRODUCT_LABELS[key]).join(', ') }));
      return;
    }
    const validRole = (ROLES as readonly string[]).includes(role) ? (role as Role) : null;
    // The defaults apply to the row's own role: a default product its role cannot open is left out, not refused.
    const products = cell(at.products) ? named.products : validRole ? defaults.productAccess.filter((product) => grantableProducts(validRole, plan).includes(product)) : [];
    const checked = InvitationInputSchema.safeParse({ email, role, ...(validRole === 'admin' || products.length === 0 ? {} : { productAccess: products }) }, { error: ISSUE_MESSAGES });
    if (!checked.success) {
      const first = checked.error.issues[0]!;
      const message = issueText(first);
      fault(first.path[0] === 'email' && message === MESSAGES.required ? t('admin.invite.emailMissing', { required: tEnglish(MESSAGES.required) }) : tEnglish(message));
      return;
    }
    const refused = validRole && validRole !== 'admin' ? products.map((product) => productRefusal(validRole, product, plan)).find(Boolean) : null;
    if (refused) {
      fault(refused);
      return;
    }
    const earlier = firstRowOf.get(checked.data.email);
    if (earlier !== undefined) {
      fault(t('admin.invite.listedTwice', { email: ltr(checked.data.email), row: earlier }));
      return;
    }
    firstRowOf.set(checked.data.email, row);
    invitations.push(checked.data);
  });
  return { invitations, problems };
}

/** The server's per-row messages (`invitations.3.email`) as rows of the list sent (index 3 is row 4). */
export function serverRowProblems(issues: readonly { path: string; message: string }[], sent: readonly InvitationInput[]): RowProblem[] {
  return issues.map((issue) => {
    const match = /^invitations\.(\d+)(?:\.|$)/.exec(issue.path);
    if (!match) return { row: null, message: tEnglish(issue.message) };
    const index = Number(match[1]);
    const email = sent[index]?.email;
    return { row: index + 1, ...(email ? { email } : {}), message: tEnglish(issue.message) };
  });
}

/** "Row 3 (ada@example.com): …", or the message alone for the whole list. */
export function describeProblem(problem: RowProblem): string {
  if (problem.row === null) return problem.message;
  return problem.email
    ? t('admin.invite.rowWithEmail', { row: problem.row, email: ltr(problem.email), message: problem.message })
    : t('admin.invite.row', { row: problem.row, message: problem.message });
}
