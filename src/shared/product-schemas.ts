import * as z from 'zod';
import { PRODUCT_KEYS, ROLES, type PlanAccess, type ProductKey } from './products';

/** One product of the suite. */
export const ProductKeySchema = z.enum(PRODUCT_KEYS);

/** A member's role in one organization. */
export const RoleSchema = z.enum(ROLES);

/** planAccess as the wire carries it: per product, `default.access`. */
export const PlanAccessSchema = z.object(
  Object.fromEntries(PRODUCT_KEYS.map((key) => [key, z.object({ default: z.object({ access: z.boolean() }) })])) as Record<
    ProductKey,
    z.ZodObject<{ default: z.ZodObject<{ access: z.ZodBoolean }> }>
  >,
) satisfies z.ZodType<PlanAccess>;
