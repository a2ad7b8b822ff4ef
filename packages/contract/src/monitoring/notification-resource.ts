/**
 * The Notifications screen's description (spec §2 "Notifications", §3): plain data, no zod, so
 * the first page's routes and API paths read it without loading the wire schemas (notifications.ts).
 */
import { NOTIFICATION_STATUS, NOTI_STATUS } from './status.ts';
import type { Area } from '../permissions.ts';
import type { ResourceDef } from '../resource.ts';

/** The area whose `read` shows the Notifications screen. */
export const NOTIFICATIONS_AREA: Area = 'dashboard_notification';

export const notificationResource: ResourceDef = {
  path: '/dashboard/notification',
  entity: 'Notification',
  idField: 'notiId',
  defaultOrder: { field: 'notiId', direction: 'desc' },
  fields: [
    {
      name: 'notiId',
      label: 'Notif Id',
      type: 'number',
      numberKind: 'bigint',
      input: 'none',
      key: true,
    },
    { name: 'notiOrderId', label: 'Order Id', type: 'string', input: 'text', searchable: true },
    { name: 'trctVirtualAccountNo', label: 'No. VA', type: 'string', input: 'text' },
    {
      name: 'notiStatus',
      label: 'Notif Status',
      type: 'number',
      input: 'dropdown',
      options: [
        { value: NOTI_STATUS.PENDING, label: NOTIFICATION_STATUS[NOTI_STATUS.PENDING] },
        { value: NOTI_STATUS.DELIVERED, label: 'Success' },
      ],
    },
    { name: 'notiCreatedTime', label: 'Created Time', type: 'date', input: 'date' },
    {
      name: 'notiTrctId',
      label: 'Transaction Id',
      type: 'number',
      numberKind: 'bigint',
      input: 'none',
      hidden: true,
    },
    { name: 'trctType', label: 'Channel', type: 'string', input: 'text', hidden: true },
    // Delivery (issue 35; not in the spec's columns): the last attempt's outcome (its HTTP status,
    // or notiLastError when it failed) and the next retry are table columns the user may hide;
    // the attempt count and the error are read with them.
    { name: 'notiAttempts', label: 'Percobaan', type: 'number', input: 'none', hidden: true },
    { name: 'notiNextAttemptAt', label: 'Coba lagi', type: 'date', input: 'none' },
    {
      name: 'notiLastHttpStatus',
      label: 'Hasil terakhir',
      type: 'number',
      input: 'none',
      sortable: false,
      filterable: false,
    },
    {
      name: 'notiLastError',
      label: 'Error terakhir',
      type: 'string',
      input: 'none',
      hidden: true,
      sortable: false,
      filterable: false,
    },
  ],
};
