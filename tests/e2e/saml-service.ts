import { startStandInIdp } from '../saml/stand-in-idp';

/**
 * Started in the runner's main process (like the mail service): the stand-in SAML identity provider (samlify's IdP
 * side, tests/saml) on `port`, playing Harbor's directory for company-sign-in-saml.spec.ts. It signs in whoever the
 * AuthnRequest's login hint would be: here always Hana, Harbor's newcomer.
 */
export function startSamlService(port: number): void {
  startStandInIdp({ port, user: { nameId: 'hana.new@harbor.test', attributes: { givenName: 'Hana', surname: 'New' } } })
    .then((idp) => idp.unref())
    .catch((error: unknown) => console.error('The e2e SAML identity provider did not start:', error));
}
