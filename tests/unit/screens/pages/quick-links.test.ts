import { describe, expect, it } from 'vitest';
import { permissionsOf } from '../../../../model/access/permissions';
import { DEFAULT_LINK_COUNT, linkChoices, quickLinks, quickLinksKey } from '../../../../src/screens/pages/console/quick-links';

const rd = permissionsOf({ role: 'rd', internal: false });
const operator = permissionsOf({ role: 'tele_operator', internal: false });
const platformAdmin = permissionsOf({ role: 'system_admin', internal: true });

describe('quick links of the space home', () => {
  it('are kept per space and account', () => {
    expect(quickLinksKey('demo', 'rd')).toBe('edpQuickLinks:demo:rd');
  });

  it("offer only the menu pages the user's roles open (spec §6), never the home itself", () => {
    const paths = (permissions: typeof rd) => linkChoices(permissions).map((entry) => entry.fullPath);
    expect(paths(rd)).toContain('/data/lake/raw-data');
    expect(paths(rd)).toContain('/console/space/quota');
    expect(paths(rd)).not.toContain('/console/system/usage');
    expect(paths(rd)).not.toContain('/console/space/home');
    expect(paths(platformAdmin)).toContain('/console/system/usage');
    expect(paths(operator).every((path) => path.startsWith('/data/ticket/'))).toBe(true);
    expect(paths(rd).some((path) => path.includes(':'))).toBe(false); // no detail pages
  });

  it('default to the first pages with content the user may open', () => {
    const defaults = quickLinks(null, rd);
    expect(defaults).toHaveLength(DEFAULT_LINK_COUNT);
    expect(defaults[0]).toBe('/data/dashboard/rawData');
    expect(quickLinks(null, operator).length).toBeGreaterThan(0);
  });

  it('keep what the user saved, in order, dropping pages no longer open to them and anything malformed', () => {
    expect(quickLinks(['/console/space/quota', '/data/lake/raw-data'], rd)).toEqual(['/console/space/quota', '/data/lake/raw-data']);
    expect(quickLinks(['/console/system/usage', 42, '/nowhere', '/data/lake/raw-data'], rd)).toEqual(['/data/lake/raw-data']);
    expect(quickLinks([], rd)).toEqual([]);
  });
});
