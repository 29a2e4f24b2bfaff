import type { AppPermission, AppPermissions } from './types.js';

/** Each permission's Permissions Policy feature. */
const FEATURES: Readonly<Record<AppPermission, string>> = {
  camera: 'camera',
  microphone: 'microphone',
  geolocation: 'geolocation',
  clipboardWrite: 'clipboard-write',
};

const PERMISSIONS = Object.keys(FEATURES) as AppPermission[];

/**
 * The permissions an app gets: those it asks for that the host allows, nothing else (deny by default: a host that
 * allows nothing grants nothing, and an app that asks for nothing gets nothing).
 * @example
 * ```ts
 * import { grantedPermissions } from 'rxmcp/apps';
 *
 * const granted = grantedPermissions({ microphone: {}, clipboardWrite: {} }, ['clipboardWrite']);
 * console.log(Object.keys(granted)); // ['clipboardWrite']
 * ```
 */
export function grantedPermissions(requested: AppPermissions | undefined, allowed: readonly AppPermission[]): AppPermissions {
  const granted: Partial<Record<AppPermission, object>> = {};
  for (const permission of PERMISSIONS) {
    const asked = requested?.[permission];
    if (asked !== undefined && asked !== null && allowed.includes(permission)) granted[permission] = {};
  }
  return granted;
}

/** The iframe `allow` attribute (Permissions Policy) for granted permissions; empty when none. */
export function permissionsPolicy(permissions: AppPermissions | undefined): string {
  return PERMISSIONS.filter((permission) => permissions?.[permission] !== undefined && permissions[permission] !== null)
    .map((permission) => FEATURES[permission])
    .join('; ');
}
