import { beforeEach, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { images } from '../../src/server/db/schema';
import { deleteUnattachedImages } from '../../src/server/organizations/images';
import { adminSeed, auditOf, CONSOLE_PASSWORD, person, signedIn } from './fixtures/admin-seed';
import { describeEngines, useTestServer, resetLimits, type TestServer } from './harness';

// The admin console's security policy and branding: the company's second factor (at the next sign-in, or for the
// whole company now), its IP ranges (a confirmation when the admin's own address would fall outside), its name and
// logo (an image uploaded over HTTP, checked by its bytes, served at /images/{id}).

const PAM = 'pam.policy@acme.test';
const seed = adminSeed({
  organizations: [{ orgId: 'fenced', company: 'Fenced Co', plan: { hrms: true } }],
  users: [
    person(PAM, [{ orgId: 'acme', role: 'admin' }]),
    person('mo.member@acme.test', [{ orgId: 'acme', role: 'member', productAccess: ['hrms'] }]),
    person('ira.ranges@fenced.test', [{ orgId: 'fenced', role: 'admin' }]),
    person('bea.brand@acme.test', [{ orgId: 'acme', role: 'admin' }]),
    person('nia.nonadmin@acme.test', [{ orgId: 'acme', role: 'member', productAccess: ['hrms'] }]),
  ],
});

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** The start of a GIF89a. */
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0x21, 0xf9, 4, 1, 0, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3b])]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
/** A Windows executable's first bytes, named logo.png by whoever sends it. */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(200)]);

async function upload(app: TestServer, token: string | null, bytes: Buffer, contentType = 'image/png') {
  const response = await fetch(`${app.url}/uploads/images`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: new Uint8Array(bytes),
  });
  return { status: response.status, body: (await response.json()) as { data: { imageId?: string; fields?: string[] } | null; error: string | null; code: number } };
}

describeEngines('admin console: security policy and branding', (engine) => {
  const app = useTestServer(engine, seed);
  beforeEach(async () => {
    await resetLimits(app());
  });

  it('sets the second factor at the next sign-in, or for the whole company now (every other session ends)', async () => {
    const pam = await signedIn(app(), PAM);
    const pamElsewhere = await signedIn(app(), PAM);
    const mo = await signedIn(app(), 'mo.member@acme.test');
    expect(await pam.call('getOrganizationSettings', { orgId: 'acme' })).toEqual({
      orgId: 'acme',
      company: 'Acme Console',
      logoUrl: null,
      secondFactor: 'none',
      allowTrustedDevices: true,
      allowedIpRanges: [],
      yourAddress: '127.0.0.1',
      plan: ['hrms', 'chat', 'pms', 'survey'],
      language: null,
    });

    const later = await pam.call('updateSecondFactorPolicy', { orgId: 'acme', secondFactor: 'authenticator' });
    expect(later).toMatchObject({ settings: { secondFactor: 'authenticator' }, endedSessions: 0 });
    await expect(mo.call('getWorkspaceList', {})).resolves.toBeTruthy();

    const now = await pam.call('updateSecondFactorPolicy', { orgId: 'acme', secondFactor: 'both', applyToCompany: true });
    expect(now.settings.secondFactor).toBe('both');
    expect(now.endedSessions).toBeGreaterThanOrEqual(2);
    expect((await (await app().connect({ token: mo.token })).emit('getWorkspaceList', {})).code).toBe(401);
    expect((await (await app().connect({ token: pamElsewhere.token })).emit('getWorkspaceList', {})).code).toBe(401);
    await expect(pam.call('getOrganizationSettings', { orgId: 'acme' })).resolves.toMatchObject({ secondFactor: 'both' });
    // At their next sign-in the member is sent to set a factor up.
    const again = await app().connect();
    expect(await again.emit('login', { identifier: 'mo.member@acme.test', password: CONSOLE_PASSWORD, platform: 'web' })).toMatchObject({
      code: 200,
      data: { isCompanyMFA: true, isUserMFASetup: false, isEmailMFA: true, isAuthenticatorAppMFA: true },
    });

    // "Allow 'Don't ask again on this device for 30 days'": off, then the sign-in offers no box.
    const strict = await pam.call('updateSecondFactorPolicy', { orgId: 'acme', secondFactor: 'both', allowTrustedDevices: false });
    expect(strict.settings).toMatchObject({ secondFactor: 'both', allowTrustedDevices: false });
    expect(await again.emit('login', { identifier: 'mo.member@acme.test', password: CONSOLE_PASSWORD, platform: 'web' })).toMatchObject({ data: { mayTrustDevice: false } });

    await pam.call('updateSecondFactorPolicy', { orgId: 'acme', secondFactor: 'none', allowTrustedDevices: true });
    const audit = await auditOf(pam, 'acme');
    expect(audit).toContainEqual({ kind: 'second-factor-policy-changed', actor: 'Pam Policy (pam.policy@acme.test)', member: '', detail: "none → authenticator app; at each member's next sign-in" });
    expect(audit).toContainEqual(expect.objectContaining({ kind: 'second-factor-policy-changed', detail: "work email or authenticator app → work email or authenticator app; trusted devices not allowed; at each member's next sign-in" }));
    expect(audit).toContainEqual(expect.objectContaining({ kind: 'second-factor-policy-changed', detail: expect.stringMatching(/^authenticator app → work email or authenticator app; applied to the company now \(\d+ sessions ended\)$/) }));
  });

  it('asks for a confirmation before IP ranges that leave the admin\'s own address outside', async () => {
    const ira = await signedIn(app(), 'ira.ranges@fenced.test');
    const inside = await ira.call('updateIpRanges', { orgId: 'fenced', allowedIpRanges: ['127.0.0.0/8', '10.1.2.3/8'] });
    expect(inside.settings.allowedIpRanges).toEqual(['127.0.0.0/8', '10.0.0.0/8']);
    const bad = await ira.emit('updateIpRanges', { orgId: 'fenced', allowedIpRanges: ['10.0.0.0/8', '300.1.1.1/8'] });
    expect(bad).toMatchObject({ code: 400, data: { issues: [{ path: 'allowedIpRanges.1', message: 'IP range must be valid.' }] } });

    const outside = await ira.emit('updateIpRanges', { orgId: 'fenced', allowedIpRanges: ['192.0.2.0/24'] });
    expect(outside).toMatchObject({ code: 409, error: 'Your address 127.0.0.1 would fall outside these ranges: you would lose access to Fenced Co from here. Confirm to save them anyway.' });
    expect((await ira.call('getOrganizationSettings', { orgId: 'fenced' })).allowedIpRanges).toEqual(['127.0.0.0/8', '10.0.0.0/8']);
    const audit = await auditOf(ira, 'fenced');
    expect(audit).toContainEqual({ kind: 'ip-ranges-changed', actor: 'Ira Ranges (ira.ranges@fenced.test)', member: '', detail: 'any address → 127.0.0.0/8, 10.0.0.0/8' });

    await expect(ira.call('updateIpRanges', { orgId: 'fenced', allowedIpRanges: ['192.0.2.0/24'], confirmOwnAddressOutside: true })).resolves.toMatchObject({ settings: { allowedIpRanges: ['192.0.2.0/24'] } });
    // From here the organization, its console included, is out of reach.
    expect(await ira.emit('getOrganizationSettings', { orgId: 'fenced' })).toMatchObject({ code: 403 });
    expect((await ira.call('getWorkspaceList', {})).list).toEqual([]);
  });

  it('brands the company with a name and an uploaded logo, served with its type and cached for good', async () => {
    const bea = await signedIn(app(), 'bea.brand@acme.test');
    const uploaded = await upload(app(), bea.token, PNG, 'application/octet-stream');
    expect(uploaded).toMatchObject({ status: 200, body: { error: null, code: 200, data: { imageId: expect.any(String) } } });
    const imageId = uploaded.body.data!.imageId!;
    // Not served until it is put to use.
    expect((await fetch(`${app().url}/images/${imageId}`)).status).toBe(404);

    const { settings } = await bea.call('updateBranding', { orgId: 'acme', company: 'Acme Rebranded', logo: { imageId } });
    expect(settings).toMatchObject({ company: 'Acme Rebranded', logoUrl: `/images/${imageId}` });
    const visitor = await app().connect();
    expect(await visitor.call('getCompanyDetails', { orgId: 'acme' })).toEqual({ company: 'Acme Rebranded', companyLogo: `/images/${imageId}`, language: null });
    const served = await fetch(`${app().url}/images/${imageId}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    // Attached once only; a new logo replaces the old one, which is no longer served.
    expect(await bea.emit('updateBranding', { orgId: 'acme', company: 'Acme Rebranded', logo: { imageId } })).toMatchObject({ code: 400, error: 'This image cannot be used: upload it again.' });
    const gif = (await upload(app(), bea.token, GIF)).body.data!.imageId!;
    await bea.call('updateBranding', { orgId: 'acme', company: 'Acme Console', logo: { imageId: gif } });
    expect((await fetch(`${app().url}/images/${imageId}`)).status).toBe(404);
    expect((await fetch(`${app().url}/images/${gif}`)).headers.get('content-type')).toBe('image/gif');
    await bea.call('updateBranding', { orgId: 'acme', company: 'Acme Console', logo: null });
    expect(await visitor.call('getCompanyDetails', { orgId: 'acme' })).toEqual({ company: 'Acme Console', companyLogo: null, language: null });

    expect(await auditOf(bea, 'acme')).toContainEqual({ kind: 'branding-changed', actor: 'Bea Brand (bea.brand@acme.test)', member: '', detail: 'name: Acme Console → Acme Rebranded; new logo' });
  });

  it('refuses an SVG, an executable named .png, an empty or too large body, a stranger and a member; and another admin\'s image', async () => {
    const bea = await signedIn(app(), 'bea.brand@acme.test');
    const unsupported = { status: 400, body: { code: 400, error: 'Unsupported File.', data: { fields: ['body'] } } };
    expect(await upload(app(), bea.token, SVG, 'image/svg+xml')).toMatchObject(unsupported);
    expect(await upload(app(), bea.token, EXE, 'image/png')).toMatchObject(unsupported);
    expect(await upload(app(), bea.token, Buffer.alloc(0))).toMatchObject({ status: 400, body: { error: 'Unsupported File.' } });
    const huge = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]);
    expect(await upload(app(), bea.token, huge)).toMatchObject({ status: 400, body: { error: 'Files must smaller than 3MB!' } });
    expect(await upload(app(), null, PNG)).toMatchObject({ status: 401 });
    expect(await upload(app(), 'not-a-token', PNG)).toMatchObject({ status: 401 });
    const nia = await signedIn(app(), 'nia.nonadmin@acme.test');
    expect(await upload(app(), nia.token, PNG)).toMatchObject({ status: 403, body: { error: 'Only an administrator of an organization can upload images.' } });

    const pam = await signedIn(app(), PAM);
    const pams = (await upload(app(), pam.token, PNG)).body.data!.imageId!;
    expect(await bea.emit('updateBranding', { orgId: 'acme', company: 'Acme Console', logo: { imageId: pams } })).toMatchObject({ code: 400, data: { issues: [{ path: 'logo.imageId' }] } });
    expect((await fetch(`${app().url}/images/not-an-id`)).status).toBe(404);
  });

  it('deletes uploaded images left unattached for an hour, and keeps those in use', async () => {
    const bea = await signedIn(app(), 'bea.brand@acme.test');
    const left = (await upload(app(), bea.token, PNG)).body.data!.imageId!;
    const fresh = (await upload(app(), bea.token, PNG)).body.data!.imageId!;
    const used = (await upload(app(), bea.token, GIF)).body.data!.imageId!;
    await bea.call('updateBranding', { orgId: 'acme', company: 'Acme Console', logo: { imageId: used } });
    const { db } = app().server.database;
    await db.update(images).set({ createdAt: sql`now() - interval '61 minutes'` }).where(inArray(images.id, [left, used]));
    await deleteUnattachedImages(db);
    const kept = await db.select({ id: images.id }).from(images).where(inArray(images.id, [left, fresh, used]));
    expect(kept.map((row) => row.id).sort()).toEqual([fresh, used].sort());
    expect(await bea.emit('updateBranding', { orgId: 'acme', company: 'Acme Console', logo: { imageId: left } })).toMatchObject({ code: 400 });
  });
});
