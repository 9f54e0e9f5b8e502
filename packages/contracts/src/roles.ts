import { z } from 'zod';
import { ROLES } from './role-list.ts';

export { ROLES, type Role } from './role-list.ts';
export const roleSchema = z.enum(ROLES);
