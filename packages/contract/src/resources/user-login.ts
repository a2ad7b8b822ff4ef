/**
 * User Login (spec §3, "other resources named: user-login"): /master/User_Login. One login per
 * user, addressed by its user id (GET/PUT/DELETE /master/User_Login/{userId}). Hashes never leave
 * the server. Its create and edit bodies are in user-login-body.ts.
 */
import type { MasterResourceDef } from '../resource.ts';
import { auditFields } from './fields.ts';

export const userLoginResource: MasterResourceDef = {
  path: '/master/User_Login',
  entity: 'User Login',
  idField: 'usloUserId',
  access: { read: 'master_user', write: 'master_user' },
  unique: [
    { columns: ['usloUserName'], field: 'usloUserName', label: 'Username' },
    { columns: ['usloUserId'], field: 'usloUserId', label: 'User ID' },
  ],
  fields: [
    { name: 'usloId', label: 'Login ID', type: 'number', input: 'none', hidden: true },
    {
      name: 'usloUserId',
      label: 'User ID',
      type: 'string',
      input: 'dropdown-api',
      optionsApiPath: '/master/user',
      key: true,
      searchable: true,
    },
    { name: 'usloUserName', label: 'Username', type: 'string', input: 'text', searchable: true },
    {
      name: 'usloPassword',
      label: 'Password',
      type: 'string',
      input: 'password',
      hidden: true,
      derived: true,
    },
    ...auditFields('uslo'),
  ],
  defaultOrder: { field: 'usloCreatedTime', direction: 'asc' },
};
