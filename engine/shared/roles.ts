/**
 * Staff roles: each a named set of permissions, checked by the server on every staff route and API
 * (deny by default). Pure, so the kinds table can name the permission a staff tool's page needs.
 */

/** What a staff route may need. */
export const PERMISSIONS = [
  // What every signed-in person may do to their own account (sign out everywhere).
  'self',
  'requests',
  'translations',
  'manifest',
  'images',
  'folders',
  'people',
  'owners',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const EDITOR: readonly Permission[] = ['self', 'manifest', 'images', 'folders', 'translations'];
const ADMIN: readonly Permission[] = [...EDITOR, 'requests', 'people'];

/** The roles, least to most: what each may do. */
export const ROLES = {
  office: ['self', 'requests'],
  translator: ['self', 'translations'],
  editor: EDITOR,
  admin: ADMIN,
  owner: [...ADMIN, 'owners'],
} as const satisfies Record<string, readonly Permission[]>;
export type Role = keyof typeof ROLES;
export const ROLE_NAMES = Object.keys(ROLES) as Role[];

export const isRole = (value: unknown): value is Role => ROLE_NAMES.some((r) => r === value);

/** Whether `role` has `permission`. */
export const may = (role: Role, permission: Permission): boolean =>
  (ROLES[role] as readonly Permission[]).includes(permission);
