/** RFC 7644 §3.12's scimType values the portal answers with. */
export type ScimType = 'invalidFilter' | 'invalidValue' | 'invalidSyntax' | 'invalidPath' | 'noTarget' | 'uniqueness' | 'mutability' | 'tooMany';

export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** A refusal of a SCIM request, answered in RFC 7644's error schema: the status, a scimType where the RFC has one, our sentence. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
  }
}

/** The body of a refusal: `status` is a string, as the RFC's examples have it. */
export function scimErrorBody(error: ScimError) {
  return { schemas: [SCIM_ERROR_SCHEMA], status: String(error.status), ...(error.scimType ? { scimType: error.scimType } : {}), detail: error.detail };
}

export const notFound = (what: 'User' | 'Group', id: string) => new ScimError(404, `No ${what.toLowerCase()} ${id} is provisioned in this organization.`);
export const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue');
