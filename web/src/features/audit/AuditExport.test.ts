import { describe, expect, it } from 'vitest';
import { auditExportPath } from './AuditExport';

describe('the audit export’s query', () => {
  it('names the days given, and leaves a blank end open', () => {
    expect(auditExportPath('2026-11-01', '2026-11-28')).toBe('/audit/export.csv?from=2026-11-01&to=2026-11-28');
    expect(auditExportPath('', '2026-11-28')).toBe('/audit/export.csv?to=2026-11-28');
    expect(auditExportPath('', '')).toBe('/audit/export.csv');
  });
});
