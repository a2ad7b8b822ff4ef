/**
 * Every test process signs the audit chain under one fixed test data key, as a server does under
 * its own (main.ts installs it at start). A test that changes it puts this one back
 * (`restoreTestAuditKeys`).
 */
import { installAuditKeys } from '../../src/modules/audit/chain-key.ts';
import { SecretBox } from '../../src/security/secret-box.ts';

export const TEST_DATA_KEY = Buffer.alloc(32, 7);

export const restoreTestAuditKeys = () => installAuditKeys(new SecretBox(TEST_DATA_KEY));

restoreTestAuditKeys();
