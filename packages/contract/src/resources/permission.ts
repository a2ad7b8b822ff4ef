/** Permission (spec §3): /master/Permission. Operations travel as a JSON-encoded string. Its bodies are in permission-body.ts. */
import { MESSAGES } from '../messages.ts';
import type { ScreenResourceDef } from '../resource.ts';
import { auditFields, idField } from './fields.ts';

export const permissionResource: ScreenResourceDef = {
  path: '/master/Permission',
  entity: 'Permission',
  idField: 'prmsId',
  access: { read: 'master_permission', write: 'master_permission' },
  unique: [{ columns: ['prmsName'], field: 'prmsName', label: 'Permission Name' }],
  toasts: MESSAGES.master.permission,
  fields: [
    idField('prmsId'),
    { name: 'prmsName', label: 'Permission Name', type: 'string', input: 'text', searchable: true },
    { name: 'prmsOperations', label: 'Operations', type: 'string', input: 'operations' },
    ...auditFields('prms'),
  ],
  defaultOrder: { field: 'prmsCreatedTime', direction: 'asc' },
};

/** Default operations for a new permission (spec §9). */
export const DEFAULT_PERMISSION_OPERATIONS = '["read","create","update","delete"]';
